import BrainAtlas
import BrainFormats
import Foundation

/// The `--out` file of a command that writes one, checked before any work is done, and the
/// line printed once it is written.
enum OutputFile {
    /// Throws a `FieldError` for `out` unless `path` names a file with one of `extensions`
    /// (lowercase, without the dot) in a folder that exists.
    static func check(_ path: String, extensions: [String]) throws(FieldError) {
        let supported = extensions.map { ".\($0)" }.joined(separator: " or ")
        guard !path.isEmpty else { throw FieldError("out", "is empty; name a \(supported) file") }
        var isDirectory: ObjCBool = false
        let name = (path as NSString).lastPathComponent
        if path.hasSuffix("/") || name == "." || name == ".."
            || (FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue) {
            throw FieldError("out", value: path, "is a directory; name a \(supported) file in it")
        }
        let ext = (name as NSString).pathExtension.lowercased()
        guard !ext.isEmpty else { throw FieldError("out", value: path, "has no extension; supported: \(supported)") }
        guard extensions.contains(ext) else {
            throw FieldError("out", value: path, "has the extension .\(ext); supported: \(supported)")
        }
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty, !(FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) && isDirectory.boolValue) {
            throw FieldError("out", value: path, "is in a folder that does not exist (\(folder))")
        }
        try writable(URL(fileURLWithPath: path), shownAs: path)
    }

    /// The `--out` folder of a command that writes several files (created later if missing):
    /// checked before any work like a single output file.
    static func checkFolder(_ path: String) throws(FieldError) {
        guard !path.isEmpty else { throw FieldError("out", "is empty; name a folder") }
        var isDirectory: ObjCBool = false
        let url = URL(fileURLWithPath: path)
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw FieldError("out", value: path, "is a file, not a folder") }
            try writable(url.appendingPathComponent("worksheet"), shownAs: path)
        } else {
            try writable(url, shownAs: path)
        }
    }

    /// The library's rule (a regular file in a folder that takes new files), worded for `--out`.
    private static func writable(_ url: URL, shownAs path: String) throws(FieldError) {
        do { try AtomicFile.checkWritable(url) } catch let error as FormatError {
            throw FieldError("out", value: path, error.message)
        } catch {
            throw FieldError("out", value: path, "\(error)")
        }
    }

    /// "wrote braintutor.png (1024×768, 123 kB): atlas gyri, view lateral".
    static func summary(_ path: String, size: String, atlas: String, view: String) -> String {
        let bytes = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        let shown = bytes >= 10_000 ? "\(bytes / 1000) kB" : "\(bytes) bytes"
        return "wrote \(path) (\(size), \(shown)): atlas \(atlas), view \(view)"
    }
}
