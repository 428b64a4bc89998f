import BrainFormats
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The fixed 32-byte header of a `.lbl` file.
struct LabelHeader: Equatable {
    var dims: (x: Int, y: Int, z: Int)
    var origin: (x: Int, y: Int, z: Int)
    var bytesPerLabel: Int

    static func == (a: LabelHeader, b: LabelHeader) -> Bool {
        a.dims == b.dims && a.origin == b.origin && a.bytesPerLabel == b.bytesPerLabel
    }

    var payloadSize: Int { dims.x * dims.y * dims.z * bytesPerLabel }

    /// Parses and checks the header; `size` is the whole file's byte count.
    static func parse(_ bytes: UnsafeRawBufferPointer, size: Int, file: String) throws -> LabelHeader {
        guard size >= LabelVolume.headerSize else {
            throw AtlasError.badLabels(file, field: "header", problem: "file has \(size) bytes, shorter than the 36-byte header")
        }
        func u32(_ at: Int) -> UInt32 { bytes.loadUnaligned(fromByteOffset: at, as: UInt32.self).littleEndian }
        func i32(_ at: Int) -> Int32 { bytes.loadUnaligned(fromByteOffset: at, as: Int32.self).littleEndian }
        guard bytes[0] == 0x42, bytes[1] == 0x54, bytes[2] == 0x4C, bytes[3] == 0x42 else {
            throw AtlasError.badLabels(file, field: "magic", problem: "not a BTLB label volume")
        }
        guard u32(4) == 1 else {
            throw AtlasError.badLabels(file, field: "version", problem: "version \(u32(4)) is not supported (expected 1)")
        }
        let n = LabelVolume.frameSize
        let dims = (Int(u32(8)), Int(u32(12)), Int(u32(16)))
        let origin = (Int(i32(20)), Int(i32(24)), Int(i32(28)))
        for (axis, d, o) in [("x", dims.0, origin.0), ("y", dims.1, origin.1), ("z", dims.2, origin.2)] {
            guard d >= 1, d <= n else {
                throw AtlasError.badLabels(file, field: "dims.\(axis)", problem: "\(d) is not within 1…\(n)")
            }
            guard o >= 0, o + d <= n else {
                throw AtlasError.badLabels(file, field: "origin.\(axis)", problem: "box \(o)…\(o + d - 1) leaves the 0…\(n - 1) frame")
            }
        }
        let bytesPerLabel = Int(u32(32))
        guard bytesPerLabel == 1 || bytesPerLabel == 2 else {
            throw AtlasError.badLabels(file, field: "bytesPerLabel", problem: "\(bytesPerLabel) (expected 1 or 2)")
        }
        let header = LabelHeader(dims: dims, origin: origin, bytesPerLabel: bytesPerLabel)
        guard size == LabelVolume.headerSize + header.payloadSize else {
            throw AtlasError.badLabels(file, field: "labels", problem: "\(size - LabelVolume.headerSize) label bytes "
                + "for a \(dims.0)×\(dims.1)×\(dims.2) box of \(bytesPerLabel)-byte labels "
                + "(expected \(header.payloadSize))")
        }
        return header
    }

    func encoded() -> Data {
        var d = Data()
        d.append(contentsOf: [0x42, 0x54, 0x4C, 0x42])
        func put(_ v: UInt32) { withUnsafeBytes(of: v.littleEndian) { d.append(contentsOf: $0) } }
        put(1)
        put(UInt32(dims.x)); put(UInt32(dims.y)); put(UInt32(dims.z))
        put(UInt32(bitPattern: Int32(origin.x))); put(UInt32(bitPattern: Int32(origin.y))); put(UInt32(bitPattern: Int32(origin.z)))
        put(UInt32(bytesPerLabel))
        return d
    }
}

/// Owns the bytes of a label volume: a read-only memory map or an in-memory buffer.
final class LabelStorage: @unchecked Sendable {
    // @unchecked: raw pointers are never Sendable; the bytes are read-only after init and freed only in deinit.
    let base: UnsafeRawPointer
    private let mappedLength: Int
    private let buffer: UnsafeMutableRawPointer?

    init(data: Data) {
        let copy = UnsafeMutableRawPointer.allocate(byteCount: max(data.count, 1), alignment: 16)
        data.withUnsafeBytes { if let b = $0.baseAddress { copy.copyMemory(from: b, byteCount: data.count) } }
        buffer = copy
        base = UnsafeRawPointer(copy)
        mappedLength = 0
    }

    /// Maps `path` read-only; nil when it cannot be mapped.
    init?(mapping path: String, length: Int) {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        guard let p = mmap(nil, length, PROT_READ, MAP_PRIVATE, fd, 0), p != MAP_FAILED else { return nil }
        base = UnsafeRawPointer(p)
        mappedLength = length
        buffer = nil
    }

    deinit {
        if let buffer { buffer.deallocate() } else { munmap(UnsafeMutableRawPointer(mutating: base), mappedLength) }
    }
}

extension LabelVolume {
    /// Opens `<atlas>.lbl.gz` (or a plain `.lbl`): the unpacked copy in `cacheDirectory` is
    /// memory-mapped, created on first use; when the cache cannot be written the volume is
    /// kept in memory. `maxLabel` rejects ids the catalog does not know (checked on unpack).
    public static func open(_ url: URL, maxLabel: Int, cacheDirectory: URL? = LabelVolume.defaultCacheDirectory()) throws -> LabelVolume {
        let path = url.path
        // stat(2) rather than FileManager's attribute dictionary: `where` opens every atlas's volume.
        guard let (size, mtime) = fileSizeAndTime(path) else {
            throw AtlasError.unreadable(path, reason: "no such file")
        }
        if !path.hasSuffix(".gz"), let mapped = try mapChecked(path: path, size: size, file: path) {
            try mapped.checkLabels(maxLabel: maxLabel)
            return mapped
        }
        let cacheName = "\(url.deletingPathExtension().deletingPathExtension().lastPathComponent)-"
            + "\(String(fnv1a(path), radix: 16))-\(size)-\(mtime).lbl"
        let cached = cacheDirectory?.appendingPathComponent(cacheName)
        if let cached, let (cachedSize, _) = fileSizeAndTime(cached.path),
           let volume = try? mapChecked(path: cached.path, size: cachedSize, file: path) {
            return volume
        }
        let maxBytes = headerSize + frameSize * frameSize * frameSize * 2
        // First use only; later runs map the cached copy. Terminals get a note, pipes stay clean.
        if isatty(2) == 1 {
            let note = "braintutor: unpacking \(url.lastPathComponent) into \(cacheDirectory?.path ?? "memory")…\n"
            _ = note.withCString { write(2, $0, strlen($0)) }
        }
        let bytes: Data
        do { bytes = try FileSource.read(url, sizeLimit: { _, _ in maxBytes }) } catch let error as FormatError {
            throw AtlasError.unreadable(url.path, reason: error.field.isEmpty ? error.message : "\(error.field): \(error.message)")
        }
        let header = try bytes.withUnsafeBytes { try LabelHeader.parse($0, size: bytes.count, file: path) }
        try checkLabels(bytes, header: header, maxLabel: maxLabel, file: path)
        if cached != nil, let dir = cacheDirectory {
            // Copies unpacked from earlier versions of this file are dead weight now.
            let stalePrefix = cacheName.split(separator: "-").dropLast(2).joined(separator: "-") + "-"
            for name in (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
            where name.hasPrefix(stalePrefix) && name != cacheName && name.hasSuffix(".lbl") {
                try? FileManager.default.removeItem(at: dir.appendingPathComponent(name))
            }
        }
        if let cached, let dir = cacheDirectory, (try? writeAtomically(bytes, to: cached, in: dir)) != nil,
           let volume = try? mapChecked(path: cached.path, size: bytes.count, file: path) {
            return volume
        }
        return LabelVolume(header: header, storage: LabelStorage(data: bytes), source: path)
    }

    /// A file's size in bytes and modification time in whole seconds; nil when it cannot be stat'ed.
    private static func fileSizeAndTime(_ path: String) -> (size: Int, mtime: Int)? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        #if canImport(Glibc)
        return (Int(info.st_size), Int(info.st_mtim.tv_sec))
        #else
        return (Int(info.st_size), Int(info.st_mtimespec.tv_sec))
        #endif
    }

    /// `$XDG_CACHE_HOME/braintutor`, or `~/.cache/braintutor`.
    public static func defaultCacheDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL? {
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            return URL(fileURLWithPath: xdg).appendingPathComponent("braintutor")
        }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return URL(fileURLWithPath: home).appendingPathComponent(".cache/braintutor")
    }

    private static func mapChecked(path: String, size: Int, file: String) throws -> LabelVolume? {
        guard size >= headerSize, let storage = LabelStorage(mapping: path, length: size) else { return nil }
        let header = try LabelHeader.parse(UnsafeRawBufferPointer(start: storage.base, count: size), size: size, file: file)
        return LabelVolume(header: header, storage: storage, source: file)
    }

    private static func checkLabels(_ bytes: Data, header: LabelHeader, maxLabel: Int, file: String) throws {
        let largest: Int = bytes.withUnsafeBytes { raw in
            largestLabel(raw.baseAddress! + headerSize, count: header.payloadSize / header.bytesPerLabel,
                         bytesPerLabel: header.bytesPerLabel)
        }
        guard largest <= maxLabel else {
            throw AtlasError.badLabels(file, field: "labels", problem: "label \(largest) exceeds the atlas's \(maxLabel) regions")
        }
    }

    /// Rejects ids beyond the atlas's region count (one pass over the labels).
    func checkLabels(maxLabel: Int) throws {
        let largest = LabelVolume.largestLabel(labelBase, count: dims.x * dims.y * dims.z, bytesPerLabel: bytesPerLabel)
        guard largest <= maxLabel else {
            throw AtlasError.badLabels(source, field: "labels", problem: "label \(largest) exceeds the atlas's \(maxLabel) regions")
        }
    }

    static func largestLabel(_ p: UnsafeRawPointer, count: Int, bytesPerLabel: Int) -> Int {
        if bytesPerLabel == 1 { return Int(UnsafeRawBufferPointer(start: p, count: count).max() ?? 0) }
        var m: UInt16 = 0
        for i in 0..<count { m = max(m, p.loadUnaligned(fromByteOffset: i * 2, as: UInt16.self).littleEndian) }
        return Int(m)
    }

    /// Through `AtomicFile`: each call writes its own exclusive temporary file, so two threads (or
    /// processes) unpacking the same atlas never truncate a copy that another has already mapped.
    private static func writeAtomically(_ data: Data, to url: URL, in dir: URL) throws {
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try AtomicFile.writeRaw(data, to: url)
    }

    static func fnv1a(_ s: String) -> UInt64 {
        var h: UInt64 = 0xcbf29ce484222325
        for b in s.utf8 { h = (h ^ UInt64(b)) &* 0x100000001b3 }
        return h
    }
}
