import CZlib
import Foundation

/// Bounded gzip inflation for atlas files; the bound keeps a lying or corrupt file from
/// making us allocate without limit.
enum Gunzip {
    static func isGzip(_ data: Data) -> Bool {
        data.count >= 2 && data[data.startIndex] == 0x1f && data[data.startIndex + 1] == 0x8b
    }

    /// Inflates `data` (one or more gzip members); fails past `limit` output bytes.
    static func inflate(_ data: Data, file: String, limit: Int) throws -> Data {
        var out = Data()
        var stream = z_stream()
        guard inflateInit2_(&stream, 15 + 32, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw AtlasError.unreadable(file, reason: "zlib could not start")
        }
        defer { inflateEnd(&stream) }
        let chunk = 1 << 18
        var buffer = [UInt8](repeating: 0, count: chunk)
        try data.withUnsafeBytes { (input: UnsafeRawBufferPointer) in
            guard let base = input.bindMemory(to: Bytef.self).baseAddress else { return }
            stream.next_in = UnsafeMutablePointer(mutating: base)
            stream.avail_in = uInt(input.count)
            while true {
                let status = buffer.withUnsafeMutableBufferPointer { b -> Int32 in
                    stream.next_out = b.baseAddress
                    stream.avail_out = uInt(chunk)
                    return CZlib.inflate(&stream, Z_NO_FLUSH)
                }
                let produced = chunk - Int(stream.avail_out)
                if out.count + produced > limit {
                    throw AtlasError.unreadable(file, reason: "inflates to more than \(limit) bytes")
                }
                out.append(contentsOf: buffer[0..<produced])
                if status == Z_STREAM_END {
                    // Another gzip member may follow (concatenated .gz files are valid).
                    if stream.avail_in == 0 { break }
                    guard inflateReset(&stream) == Z_OK else {
                        throw AtlasError.unreadable(file, reason: "corrupt gzip data")
                    }
                    continue
                }
                guard status == Z_OK || (status == Z_BUF_ERROR && produced > 0) else {
                    throw AtlasError.unreadable(file, reason: status == Z_BUF_ERROR
                        ? "gzip data ends early" : "corrupt gzip data (zlib status \(status))")
                }
                if stream.avail_in == 0 && produced == 0 {
                    throw AtlasError.unreadable(file, reason: "gzip data ends early")
                }
            }
        }
        return out
    }

    /// Reads a file, inflating it when it is gzip-compressed.
    static func readMaybeCompressed(_ url: URL, limit: Int) throws -> Data {
        let data: Data
        do { data = try Data(contentsOf: url, options: .mappedIfSafe) } catch {
            throw AtlasError.unreadable(url.path, reason: error.localizedDescription)
        }
        return isGzip(data) ? try inflate(data, file: url.path, limit: limit) : data
    }
}
