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

    /// Writes exactly `data` (no compression), atomically.
    public static func writeRaw(_ data: Data, to url: URL) throws {
        let name = url.lastPathComponent
        let dir = url.deletingLastPathComponent()
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
