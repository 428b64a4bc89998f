import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Writes files atomically: a temporary file in the same folder, then `rename`, so readers never see half a file.
public enum AtomicFile {
    /// Writes `data` to `url`, gzip-compressed when the name ends in `.gz`.
    public static func write(_ data: Data, to url: URL, compressionLevel: Int32 = 6) throws {
        let payload = url.pathExtension.lowercased() == "gz" ? try Gzip.compress(data, level: compressionLevel) : data
        try writeRaw(payload, to: url)
    }

    /// Refuses, before any work, an output that would not end as a new or replaced regular file:
    /// an existing named pipe, device or socket (renaming over it would silently replace it), or a
    /// folder that does not take new files (tried by creating and removing an empty one, which
    /// catches read-only and virtual file systems such as /proc that permission bits do not).
    public static func checkWritable(_ url: URL) throws {
        let name = url.lastPathComponent
        try checkTarget(url)
        let dir = url.deletingLastPathComponent()
        let probe = dir.appendingPathComponent(".\(name).check-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        let fd = open(probe.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw FormatError(file: url.path, field: "", message: "is in a folder that takes no new files (\(dir.path): \(String(cString: strerror(errno))))")
        }
        close(fd)
        unlink(probe.path)
    }

    /// An existing `url` must be a regular file (or a link to one).
    static func checkTarget(_ url: URL) throws {
        var info = stat()
        guard stat(url.path, &info) == 0 else { return }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw FormatError(file: url.path, field: "", message: "is a \(kind(of: info.st_mode)), not a regular file; refusing to replace it")
        }
    }

    /// What a file that is not regular is, for messages.
    static func kind(of mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFIFO: "named pipe"
        case S_IFDIR: "directory"
        case S_IFCHR, S_IFBLK: "device"
        case S_IFSOCK: "socket"
        case S_IFREG: "regular file"
        default: "special file"
        }
    }

    /// Writes exactly `data` (no compression), atomically.
    public static func writeRaw(_ data: Data, to url: URL) throws {
        let name = url.lastPathComponent
        let dir = url.deletingLastPathComponent()
        try checkTarget(url)
        let temp = dir.appendingPathComponent(".\(name).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        func fail(_ message: String) -> FormatError { FormatError(file: name, field: "", message: message) }

        let fd = open(temp.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw fail("cannot create a temporary file in \(dir.path): \(String(cString: strerror(errno)))") }
        var ok = false
        defer {
            if !ok { unlink(temp.path) }
        }
        let written: Bool = data.withUnsafeBytes { raw in
            var done = 0
            while done < raw.count {
                let n = Glibc.write(fd, raw.baseAddress! + done, raw.count - done)
                if n < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                done += n
            }
            return true
        }
        let writeErrno = errno
        guard written else {
            close(fd)
            throw fail("write failed: \(String(cString: strerror(writeErrno)))")
        }
        guard close(fd) == 0 else { throw fail("close failed: \(String(cString: strerror(errno)))") }
        guard rename(temp.path, url.path) == 0 else {
            throw fail("cannot rename the temporary file into place: \(String(cString: strerror(errno)))")
        }
        ok = true
    }
}
