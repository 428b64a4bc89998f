import Testing
import Foundation
@testable import BrainImage

/// A deterministic image with gradients, noise and varying alpha, so filters and zlib both work.
private func sampleImage(width: Int = 97, height: Int = 61, opaque: Bool) throws -> RGBAImage {
    var state: UInt32 = 12345
    return try RGBAImage(width: width, height: height) { y, row in
        for x in 0..<width {
            state = state &* 1_664_525 &+ 1_013_904_223
            row[x * 4] = UInt8(truncatingIfNeeded: x * 3)
            row[x * 4 + 1] = UInt8(truncatingIfNeeded: y * 5)
            row[x * 4 + 2] = UInt8(truncatingIfNeeded: state >> 24)
            row[x * 4 + 3] = opaque ? 255 : UInt8(truncatingIfNeeded: x + y * 7)
        }
    }
}

/// IHDR colour type byte (offset 25 in every PNG).
private func colorType(_ png: [UInt8]) -> UInt8 { png[25] }

@Test(arguments: PNGEncoder.Compression.allCases)
func rgbaRoundTripIsExact(compression: PNGEncoder.Compression) throws {
    let image = try sampleImage(opaque: false)
    let png = PNGEncoder(compression: compression, channels: .rgba).encode(image)
    #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    #expect(colorType(png) == 6)
    let decoded = try PNGDecoder.decode(png)
    #expect(decoded.width == 97 && decoded.height == 61)
    #expect(decoded.pixels == image.pixels)
}

@Test(arguments: PNGEncoder.Compression.allCases)
func rgbRoundTripKeepsColorsAndDropsAlpha(compression: PNGEncoder.Compression) throws {
    let translucent = try sampleImage(opaque: false)
    let png = PNGEncoder(compression: compression, channels: .rgb).encode(translucent)
    #expect(colorType(png) == 2)
    let decoded = try PNGDecoder.decode(png)
    for i in stride(from: 0, to: translucent.pixels.count, by: 4) {
        #expect(decoded.pixels[i] == translucent.pixels[i])
        #expect(decoded.pixels[i + 1] == translucent.pixels[i + 1])
        #expect(decoded.pixels[i + 2] == translucent.pixels[i + 2])
        #expect(decoded.pixels[i + 3] == 255)
    }
    let opaque = try sampleImage(opaque: true)
    #expect(try PNGDecoder.decode(PNGEncoder(compression: compression).encode(opaque)) == opaque)
}

@Test func bestIsSmallerThanFastOnSmoothImages() throws {
    let image = try RGBAImage(width: 256, height: 256) { y, row in
        for x in 0..<256 {
            row[x * 4] = UInt8(x); row[x * 4 + 1] = UInt8(y); row[x * 4 + 2] = UInt8((x + y) / 2); row[x * 4 + 3] = 255
        }
    }
    let fast = PNGEncoder(compression: .fast).encode(image)
    let best = PNGEncoder(compression: .best).encode(image)
    #expect(best.count < fast.count)
    #expect(try PNGDecoder.decode(fast) == image)
    #expect(try PNGDecoder.decode(best) == image)
}

/// Compact sits between the two on a smooth picture: smaller than fast, and within half again of best.
@Test func compactIsBetweenFastAndBestOnSmoothImages() throws {
    let image = try RGBAImage(width: 300, height: 200) { y, row in
        for x in 0..<300 {
            let r = Double(x * x + y * y).squareRoot()
            row[x * 4] = UInt8(127.5 + 127 * sin(r / 9)); row[x * 4 + 1] = UInt8(y); row[x * 4 + 2] = UInt8((x + 2 * y) / 4)
            row[x * 4 + 3] = 255
        }
    }
    let sizes = [PNGEncoder.Compression.fast, .compact, .best].map { PNGEncoder(compression: $0).encode(image).count }
    #expect(sizes[1] < sizes[0], "compact \(sizes[1]) B, fast \(sizes[0]) B")
    #expect(Double(sizes[1]) < 1.5 * Double(sizes[2]), "compact \(sizes[1]) B, best \(sizes[2]) B")
    #expect(try PNGDecoder.decode(PNGEncoder(compression: .compact).encode(image)) == image)
}

@Test func onePixelImage() throws {
    var image = try RGBAImage(width: 1, height: 1)
    image[0, 0] = RGBA(1, 2, 3, 4)
    let decoded = try PNGDecoder.decode(PNGEncoder(channels: .rgba).encode(image))
    #expect(decoded[0, 0] == RGBA(1, 2, 3, 4))
}

/// The fast and compact paths deflate blocks of rows on all cores (PNGScanlineStream): an image of
/// several blocks must round-trip exactly through libpng's decoder (which checks the combined
/// Adler-32 and, for UP, needs each block's first row filtered against the previous block's last),
/// and the bytes must not depend on timing or core count.
@Test(arguments: [PNGEncoder.Channels.rgb, .rgba], [PNGEncoder.Compression.fast, .compact])
func multiBlockImagesRoundTripAndAreDeterministic(channels: PNGEncoder.Channels, compression: PNGEncoder.Compression) throws {
    let image = try sampleImage(width: 700, height: 800, opaque: channels == .rgb)
    let rowsPerBlock = image.pixels.withUnsafeBufferPointer {
        PNGScanlineStream(topRow: $0.baseAddress!, rowStride: 2800, width: 700, height: 800,
                          channels: channels == .rgb ? 3 : 4).rowsPerBlock
    }
    #expect(rowsPerBlock < 400, "the image must span several blocks")
    let encoder = PNGEncoder(compression: compression, channels: channels)
    let png = encoder.encode(image)
    #expect(try PNGDecoder.decode(png) == image)
    for _ in 0..<3 { #expect(encoder.encode(image) == png) }
}

/// A bottom-up buffer (GL's row order) read with a negative stride encodes to the same bytes as
/// the top-down image.
@Test func negativeStrideReadsBottomUpRows() throws {
    let image = try sampleImage(width: 300, height: 900, opaque: true)
    let rowBytes = 300 * 4
    var bottomUp = [UInt8](repeating: 0, count: image.pixels.count)
    for y in 0..<900 {
        bottomUp.replaceSubrange(((899 - y) * rowBytes)..<((900 - y) * rowBytes),
                                 with: image.pixels[(y * rowBytes)..<((y + 1) * rowBytes)])
    }
    let encoder = PNGEncoder(compression: .fast, channels: .rgb)
    let fromBottomUp = bottomUp.withUnsafeBufferPointer {
        encoder.encode(width: 300, height: 900, topRow: $0.baseAddress! + 899 * rowBytes, rowStride: -rowBytes)
    }
    #expect(fromBottomUp == encoder.encode(image))
}
