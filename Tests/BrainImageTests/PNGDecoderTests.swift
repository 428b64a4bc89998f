import Testing
@testable import BrainImage

// Written by Python's zlib + struct (an encoder independent of libpng): 3 × 2 greyscale
// rows [0, 128, 255] and [10, 20, 30].
private let greyPNG: [UInt8] = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00, 0x00, 0x03, 0x00, 0x00, 0x00, 0x02, 0x08, 0x00, 0x00, 0x00, 0x00, 0xb8, 0x1f, 0x39, 0xc6, 0x00, 0x00, 0x00, 0x10, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9c, 0x63, 0x60, 0x68, 0xf8, 0xcf, 0xc0, 0x25, 0x22, 0x07, 0x00, 0x08, 0x67, 0x01, 0xbc, 0x9c, 0x67, 0x35, 0xa0, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]
// Same encoder: 2 × 2 palette image, palette red and blue, indices [0, 1] / [1, 0].
private let palettePNG: [UInt8] = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00, 0x02, 0x08, 0x03, 0x00, 0x00, 0x00, 0x45, 0x68, 0xfd, 0x16, 0x00, 0x00, 0x00, 0x06, 0x50, 0x4c, 0x54, 0x45, 0xff, 0x00, 0x00, 0x00, 0x00, 0xff, 0x6c, 0xa1, 0xfd, 0x8e, 0x00, 0x00, 0x00, 0x0c, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9c, 0x63, 0x60, 0x60, 0x04, 0x42, 0x00, 0x00, 0x0c, 0x00, 0x03, 0x2b, 0x63, 0xcb, 0x50, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]

private func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
        crc ^= UInt32(byte)
        for _ in 0..<8 { crc = (crc >> 1) ^ (0xEDB8_8320 & (0 &- (crc & 1))) }
    }
    return ~crc
}

/// `greyPNG` with another IHDR size and a correct CRC, so only the size is wrong.
private func greyPNG(width: UInt32, height: UInt32) -> [UInt8] {
    var png = greyPNG
    for (i, v) in [width, height].enumerated() {
        for b in 0..<4 { png[16 + i * 4 + b] = UInt8(truncatingIfNeeded: v >> (24 - 8 * b)) }
    }
    let crc = crc32(png[12..<29])
    for b in 0..<4 { png[29 + b] = UInt8(truncatingIfNeeded: crc >> (24 - 8 * b)) }
    return png
}

@Test func decodesGreyscaleFromAnotherEncoder() throws {
    let image = try PNGDecoder.decode(greyPNG)
    #expect(image.width == 3 && image.height == 2)
    #expect(image[0, 0] == RGBA(0, 0, 0))
    #expect(image[1, 0] == RGBA(128, 128, 128))
    #expect(image[2, 0] == RGBA(255, 255, 255))
    #expect(image[2, 1] == RGBA(30, 30, 30))
}

@Test func decodesPaletteFromAnotherEncoder() throws {
    let image = try PNGDecoder.decode(palettePNG)
    #expect(image[0, 0] == RGBA(255, 0, 0))
    #expect(image[1, 0] == RGBA(0, 0, 255))
    #expect(image[0, 1] == RGBA(0, 0, 255))
}

@Test func corruptDataThrowsTypedErrors() {
    #expect(throws: ImageError.self) { try PNGDecoder.decode([]) }
    #expect(throws: ImageError.self) { try PNGDecoder.decode(Array("not a png at all".utf8)) }
    var badCRC = greyPNG
    badCRC[30] ^= 0xFF
    #expect(throws: ImageError.self) { try PNGDecoder.decode(badCRC) }
    #expect(throws: ImageError.self) { try PNGDecoder.decode(Array(greyPNG.prefix(50))) }
}

@Test func hugeHeaderSizeIsRefusedBeforeAllocating() {
    #expect(throws: ImageError.self) { try PNGDecoder.decode(greyPNG(width: 900_000, height: 900_000)) }
    // The header is valid and small, but IDAT holds fewer rows than it claims.
    #expect(throws: ImageError.self) { try PNGDecoder.decode(greyPNG(width: 3, height: 200)) }
}

@Test func errorMessagesNameTheSource() {
    do {
        _ = try PNGDecoder.decode(Array("nope".utf8), source: "shot.png")
        Issue.record("expected an error")
    } catch {
        #expect(error.description.hasPrefix("shot.png: PNG: "))
    }
}

@Test func badImageSizesAreRejected() {
    #expect(throws: ImageError.badSize(width: 0, height: 5)) { try RGBAImage(width: 0, height: 5) }
    #expect(throws: ImageError.badSize(width: 1 << 20, height: 1 << 20)) { try RGBAImage(width: 1 << 20, height: 1 << 20) }
    #expect(throws: ImageError.pixelCount(expected: 16, actual: 3)) { try RGBAImage(width: 2, height: 2, pixels: [1, 2, 3]) }
}
