import CZlib
import Foundation

/// gzip/zlib compression through the system zlib, with an output cap so a hostile stream cannot exhaust memory.
public enum Gzip {
    /// deflate cannot expand data by more than about 1032:1, so that bounds honest output.
    public static let maxExpansionRatio = 1032

    /// The most a `storedBytes`-long stream can honestly inflate to (at least 64 KiB).
    public static func expansionCap(_ storedBytes: Int) -> Int {
        max(65_536, storedBytes.multipliedReportingOverflow(by: maxExpansionRatio).partialValue)
    }

    /// True when `data` starts with the gzip magic bytes 1f 8b.
    public static func isGzip(_ data: Data) -> Bool {
        data.count >= 2 && data[data.startIndex] == 0x1f && data[data.startIndex + 1] == 0x8b
    }

    /// The size the gzip trailer declares (ISIZE: the last member's size mod 2³²); nil when too short.
    public static func trailerSize(_ data: Data) -> Int? {
        guard isGzip(data), data.count >= 18 else { return nil }
        return data.suffix(4).reversed().reduce(0) { ($0 << 8) | Int($1) }
    }

    /// Inflates gzip (all members) or zlib data. Output beyond `maxOutput` (default: the deflate
    /// expansion limit of the input, at least 64 KiB) is an error, not an allocation; `limitReason` says
    /// where a given limit comes from. With `prefix`, inflating stops once that many bytes are out
    /// (a header read), and a shorter stream is not an error.
    public static func decompress(_ data: Data, file: String = "input", maxOutput: Int? = nil,
                                  limitReason: String? = nil, prefix: Int? = nil) throws -> Data {
        let cap = prefix ?? maxOutput ?? expansionCap(data.count)
        func fail(_ message: String) -> FormatError { FormatError(file: file, field: "gzip", message: message) }
        guard !data.isEmpty else { throw fail("empty compressed stream") }

        // The gzip trailer's ISIZE (size mod 2^32) is only a hint for the first allocation.
        let hint = trailerSize(data) ?? data.count * 4
        var out = Data(count: min(max(hint, 1024), cap))
        var produced = 0

        var stream = z_stream()
        // 32 + MAX_WBITS: zlib detects gzip or zlib headers itself.
        guard inflateInit2_(&stream, 32 + 15, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw fail("zlib could not be initialised")
        }
        defer { inflateEnd(&stream) }

        try data.withUnsafeBytes { (input: UnsafeRawBufferPointer) in
            var consumed = 0
            while true {
                if let prefix, produced >= prefix { return }
                if produced == out.count {
                    guard out.count < cap else {
                        throw fail("decompresses to more than the \(cap) bytes " + (limitReason ?? "allowed for a \(data.count)-byte file"))
                    }
                    out.count = min(cap, out.count * 2)
                }
                let status: Int32 = out.withUnsafeMutableBytes { outBuf in
                    stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress!.assumingMemoryBound(to: Bytef.self)) + consumed
                    stream.avail_in = uInt(min(input.count - consumed, Int(UInt32.max)))
                    stream.next_out = outBuf.baseAddress!.assumingMemoryBound(to: Bytef.self) + produced
                    stream.avail_out = uInt(min(outBuf.count - produced, Int(UInt32.max)))
                    let before = (Int(stream.avail_in), Int(stream.avail_out))
                    let s = inflate(&stream, Z_NO_FLUSH)
                    consumed += before.0 - Int(stream.avail_in)
                    produced += before.1 - Int(stream.avail_out)
                    return s
                }
                switch status {
                case Z_STREAM_END:
                    // Concatenated gzip members form one file (RFC 1952 §2.2); trailing zero padding is tolerated.
                    let rest = input[consumed...]
                    if rest.count >= 2 && rest[rest.startIndex] == 0x1f && rest[rest.startIndex + 1] == 0x8b {
                        guard inflateReset(&stream) == Z_OK else { throw fail("zlib reset failed") }
                        continue
                    }
                    return
                case Z_OK:
                    continue
                case Z_BUF_ERROR:
                    if consumed >= input.count {
                        if prefix != nil { return }
                        throw fail("truncated: the compressed stream ends after \(input.count) bytes, mid-way (\(produced) bytes inflated); the file was cut short")
                    }
                    continue
                case Z_DATA_ERROR:
                    throw fail("corrupt compressed data (\(stream.msg.map { String(cString: $0) } ?? "data error"))")
                case Z_MEM_ERROR:
                    throw fail("zlib ran out of memory")
                default:
                    throw fail("zlib error \(status)")
                }
            }
        }
        out.count = produced
        return out
    }

    /// Compresses `data` into a single gzip member (`.gz` file bytes).
    public static func compress(_ data: Data, level: Int32 = 6) throws -> Data {
        var stream = z_stream()
        // 16 + MAX_WBITS: write a gzip header and trailer instead of zlib's.
        guard deflateInit2_(&stream, level, Z_DEFLATED, 16 + 15, 8, Z_DEFAULT_STRATEGY,
                            zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw FormatError(file: "output", field: "gzip", message: "zlib deflate could not be initialised")
        }
        defer { deflateEnd(&stream) }
        let bound = Int(deflateBound(&stream, uLong(data.count))) + 32
        var out = Data(count: bound)
        let status: Int32 = data.withUnsafeBytes { input in
            out.withUnsafeMutableBytes { outBuf in
                stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress?.assumingMemoryBound(to: Bytef.self))
                stream.avail_in = uInt(input.count)
                stream.next_out = outBuf.baseAddress!.assumingMemoryBound(to: Bytef.self)
                stream.avail_out = uInt(outBuf.count)
                return deflate(&stream, Z_FINISH)
            }
        }
        guard status == Z_STREAM_END else {
            throw FormatError(file: "output", field: "gzip", message: "zlib deflate failed (\(status))")
        }
        out.count = Int(stream.total_out)
        return out
    }
}
