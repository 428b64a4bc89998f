import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Reads a file's bytes: gzip is undone by its magic bytes, and uncompressed files are memory-mapped
/// so slicing one plane of a large volume does not copy the volume.
public enum FileSource {
    /// Files at least this large are mapped instead of read.
    public static let mapThreshold = 64 * 1024

    /// Bytes decompressed for a header read: enough for every format's fixed header.
    public static let headerBytes = 4096

    /// The file's bytes; `sizeLimit` checks the leading (decompressed) bytes and gives the largest size the
    /// file's header justifies, so a gzip bomb is refused after inflating no more than that.
    public static func read(_ url: URL, sizeLimit: SizeLimit) throws -> Data {
        try readHeader(url).contents(sizeLimit: sizeLimit)
    }

    /// Reads a file's stored bytes and only its header's worth of decompressed bytes (a header read).
    public static func readHeader(_ url: URL) throws -> OpenedFile {
        let raw = try readRaw(url)
        let name = url.lastPathComponent
        if raw.isEmpty && url.pathExtension.lowercased() == "gz" {
            throw FormatError(file: name, field: "gzip", message: "empty gzip file (0 bytes)")
        }
        guard Gzip.isGzip(raw) else { return OpenedFile(name: name, stored: raw, head: raw, compressed: false) }
        return OpenedFile(name: name, stored: raw, head: try Gzip.decompress(raw, file: name, prefix: headerBytes), compressed: true)
    }

    /// The bytes as stored (no gzip handling): mapped when large.
    public static func readRaw(_ url: URL) throws -> Data {
        let name = url.lastPathComponent
        func fail(_ message: String) -> FormatError { FormatError(file: name, field: "", message: message) }
        // O_NONBLOCK: opening a named pipe must not wait for a writer; the type is checked first.
        let fd = open(url.path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw fail("cannot open \(url.path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw fail("cannot stat: \(String(cString: strerror(errno)))") }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw fail("not a regular file (\(AtomicFile.kind(of: info.st_mode)))") }
        let size = Int(info.st_size)
        if size == 0 { return Data() }
        if size >= mapThreshold,
           let base = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), base != MAP_FAILED {
            return Data(bytesNoCopy: base, count: size, deallocator: .custom { pointer, count in
                munmap(pointer, count)
            })
        }
        var data = Data(count: size)
        let got: Int = data.withUnsafeMutableBytes { buf in
            var done = 0
            while done < size {
                let n = Glibc.read(fd, buf.baseAddress! + done, size - done)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { break }
                done += n
            }
            return done
        }
        guard got == size else { throw fail("short read: \(got) of \(size) bytes") }
        return data
    }

    /// A zero-based view of `data[range]` that shares the storage when it is large (mapped files)
    /// and copies when small.
    static func subdata(_ data: Data, _ range: Range<Int>) -> Data {
        if range.count < mapThreshold { return Data(data[(data.startIndex + range.lowerBound)..<(data.startIndex + range.upperBound)]) }
        let owner = data
        guard let base = owner.withUnsafeBytes({ $0.baseAddress }) else { return Data() }
        return Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: base + range.lowerBound), count: range.count,
                    deallocator: .custom { _, _ in withExtendedLifetime(owner) {} })
    }
}

/// A file after a header read: its stored bytes and its first (decompressed) bytes.
public struct OpenedFile: Sendable {
    public let name: String
    public let stored: Data
    /// The first `FileSource.headerBytes` decompressed bytes (all of them when the file is shorter).
    public let head: Data
    public let compressed: Bool

    /// All decompressed bytes. `sizeLimit` checks the header first, and inflating stops at the size it
    /// justifies. The gzip trailer is not trusted to refuse a file early: in a file cut short its last four
    /// bytes are compressed data, and the honest answer is "truncated", found by inflating, not "too large".
    public func contents(sizeLimit: SizeLimit) throws -> Data {
        guard compressed else { return stored }
        let limit = try sizeLimit(head, name)
        let cap = Gzip.expansionCap(stored.count)
        return try Gzip.decompress(stored, file: name, maxOutput: min(limit, cap),
                                   limitReason: limit <= cap ? "its header justifies" : nil)
    }
}
