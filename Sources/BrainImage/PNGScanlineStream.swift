import CZlib
import Dispatch
import Synchronization

/// The zlib stream of a PNG's filtered scanlines (SUB at level 1, or UP at level 4: `Method`),
/// deflated in blocks of rows on all cores, the way pigz does: each block after the first is primed with the 32 KiB of
/// filtered data before it, ends on a byte boundary (sync flush), and the Adler-32 checksums are
/// combined. The block layout depends only on the image size, so the bytes are the same on any
/// machine; one core deflating 1024×768 takes ~20 ms, so this halves `render`'s PNG stage on two.
///
/// Unchecked Sendable: it holds a raw pointer to the caller's pixels (never Sendable), which the
/// blocks only read and which outlive `deflated()`.
struct PNGScanlineStream: @unchecked Sendable {
    /// The top row, 4 bytes (RGBA) per pixel; row y starts `y × rowStride` bytes further (a
    /// negative stride reads a bottom-up buffer such as GL's).
    let topRow: UnsafePointer<UInt8>
    let rowStride: Int
    let width: Int
    let height: Int
    /// 3 (RGB: alpha dropped), 4 (RGBA) or 1 (alpha alone: a PDF image's soft mask).
    let channels: Int
    var method = Method.fast

    /// The scanline filter and zlib level.
    enum Method: Sendable {
        /// SUB filter, zlib level 1: the quickest.
        case fast
        /// UP filter, zlib level 4. On an interpolated 619×656 slice: 188 kB in ~15 ms of CPU,
        /// against 251 kB for SUB at level 1 and 161 kB in ~400 ms for libpng's adaptive level 9.
        case compact

        var level: Int32 { self == .fast ? 1 : 4 }
        /// PNG filter type: 1 SUB (minus the pixel to the left), 2 UP (minus the pixel above).
        var filterType: UInt8 { self == .fast ? 1 : 2 }
        /// The zlib header: deflate with a 32 KiB window, and FLEVEL (fastest, fast) with its check bits.
        var header: [UInt8] { self == .fast ? [0x78, 0x01] : [0x78, 0x5E] }
    }

    /// Rows per block: about 512 KiB of filtered data (5 blocks for 1024×768 RGB). Each block
    /// costs a fresh zlib state (~270 KiB), so more, smaller blocks would only add page faults.
    var rowsPerBlock: Int { max(1, (1 << 19) / (width * channels + 1)) }

    private static let window = 32 * 1024

    /// The complete zlib stream (header, deflate blocks, Adler-32).
    func deflated() -> [UInt8] {
        let lineBytes = width * channels + 1
        let blockCount = (height + rowsPerBlock - 1) / rowsPerBlock
        let blocks = BlockResults(count: blockCount)
        DispatchQueue.concurrentPerform(iterations: blockCount) { k in
            blocks.store(k, compress(block: k, blockCount: blockCount, lineBytes: lineBytes))
        }
        var out = method.header
        out.reserveCapacity(2 + (0..<blockCount).reduce(0) { $0 + blocks.result($1).0.count } + 4)
        var adler = adler32(0, nil, 0)
        for k in 0..<blockCount {
            let (bytes, blockAdler, length) = blocks.result(k)
            out.append(contentsOf: bytes)
            adler = adler32_combine(adler, blockAdler, off_t(length))
        }
        withUnsafeBytes(of: UInt32(adler).bigEndian) { out.append(contentsOf: $0) }
        return out
    }

    /// Filters and deflates one block: (compressed bytes, Adler-32 of its filtered data, length).
    /// Rows are filtered a few at a time into one small buffer, so a block touches little fresh
    /// memory (page faults are a large part of a one-shot render).
    private func compress(block k: Int, blockCount: Int, lineBytes: Int) -> ([UInt8], uLong, Int) {
        let first = k * rowsPerBlock
        let rows = min(rowsPerBlock, height - first)
        let chunkRows = max(1, (48 * 1024) / lineBytes)
        // The tail of the previous block, as dictionary, must fit the buffer too.
        let primeRows = k == 0 ? 0 : min(first, (Self.window + lineBytes - 1) / lineBytes)
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: max(chunkRows, primeRows) * lineBytes)
        defer { buffer.deallocate() }
        var stream = z_stream()
        // Raw deflate (negative window bits): the zlib header and checksum are written once, above.
        guard deflateInit2_(&stream, method.level, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY,
                            ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK
        else { fatalError("zlib: deflateInit2 failed (out of memory)") }
        defer { deflateEnd(&stream) }
        if primeRows > 0 {
            for r in 0..<primeRows { filterLine(first - primeRows + r, into: buffer + r * lineBytes) }
            let length = min(Self.window, primeRows * lineBytes)
            _ = deflateSetDictionary(&stream, buffer + primeRows * lineBytes - length, uInt(length))
        }
        let ownLength = rows * lineBytes
        let bound = Int(deflateBound(&stream, uLong(ownLength))) + 16
        let last = k == blockCount - 1
        var adler = adler32(0, nil, 0)
        // Uninitialised: the bound is rarely reached, and untouched pages cost no page faults.
        let output = [UInt8](unsafeUninitializedCapacity: bound) { out, written in
            stream.next_out = out.baseAddress!
            stream.avail_out = uInt(bound)
            var row = 0
            while row < rows {
                let n = min(chunkRows, rows - row)
                for r in 0..<n { filterLine(first + row + r, into: buffer + r * lineBytes) }
                adler = adler32(adler, buffer, uInt(n * lineBytes))
                row += n
                stream.next_in = buffer
                stream.avail_in = uInt(n * lineBytes)
                // The last chunk of a block that is not the image's last ends on a byte boundary
                // without the final-block bit (sync flush), so the blocks concatenate.
                let flush = row < rows ? Z_NO_FLUSH : (last ? Z_FINISH : Z_SYNC_FLUSH)
                let status = deflate(&stream, flush)
                precondition(status == (flush == Z_FINISH ? Z_STREAM_END : Z_OK) && stream.avail_in == 0,
                             "zlib: deflate into a deflateBound-sized buffer failed (\(status))")
            }
            written = bound - Int(stream.avail_out)
        }
        return (output, adler, ownLength)
    }

    /// Scanline `y` filtered by `method`, alpha dropped for RGB and kept alone for one channel.
    private func filterLine(_ y: Int, into line: UnsafeMutablePointer<UInt8>) {
        let source = topRow + y * rowStride
        line[0] = method.filterType
        let out = line + 1
        if method == .compact {
            // UP: each byte minus the same byte of the row above (the first row keeps its bytes).
            let first = channels == 1 ? 3 : 0
            guard y > 0 else {
                for x in 0..<width { for c in 0..<channels { out[channels * x + c] = source[4 * x + first + c] } }
                return
            }
            let above = topRow + (y - 1) * rowStride
            for x in 0..<width {
                for c in 0..<channels { out[channels * x + c] = source[4 * x + first + c] &- above[4 * x + first + c] }
            }
            return
        }
        if channels == 1 {
            var left: UInt8 = 0
            for x in 0..<width {
                let a = source[4 * x + 3]
                out[x] = a &- left
                left = a
            }
            return
        }
        var previous: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)
        var o = 0
        for x in 0..<width {
            let p = source + 4 * x
            let (r, g, b, a) = (p[0], p[1], p[2], p[3])
            out[o] = r &- previous.0
            out[o + 1] = g &- previous.1
            out[o + 2] = b &- previous.2
            if channels == 4 { out[o + 3] = a &- previous.3 }
            previous = (r, g, b, a)
            o += channels
        }
    }
}

/// One slot per block, each written by one `concurrentPerform` iteration and read after all
/// have finished. A mutex costs nothing here (a handful of stores per image) and needs no
/// unchecked promise.
private final class BlockResults: Sendable {
    private let slots: Mutex<[([UInt8], uLong, Int)]>
    init(count: Int) { slots = Mutex(Array(repeating: ([], 0, 0), count: count)) }
    func store(_ k: Int, _ value: sending ([UInt8], uLong, Int)) { slots.withLock { $0[k] = value } }
    func result(_ k: Int) -> ([UInt8], uLong, Int) { slots.withLock { $0[k] } }
}
