import Testing
@testable import BrainImage

/// The chunks of a PNG file in order: type and data.
private func chunks(_ png: [UInt8]) -> [(type: String, data: [UInt8])] {
    var out: [(String, [UInt8])] = []
    var at = 8
    while at + 8 <= png.count {
        let length = png[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
        let type = String(decoding: png[at + 4..<at + 8], as: UTF8.self)
        out.append((type, Array(png[at + 8..<at + 8 + length])))
        at += 12 + length
    }
    return out
}

@Test(arguments: PNGEncoder.Compression.allCases)
func dpiIsWrittenAsPixelsPerMetreBeforeTheImageData(compression: PNGEncoder.Compression) throws {
    let image = try RGBAImage(width: 5, height: 3, fill: RGBA(200, 100, 50))
    let png = PNGEncoder(compression: compression, channels: .rgb, dpi: 300).encode(image)
    let list = chunks(png)
    let phys = try #require(list.firstIndex { $0.type == "pHYs" })
    // 300 / 0.0254 = 11811.02 pixels per metre = 0x2E23, in both directions, unit 1 (metre).
    #expect(list[phys].data == [0, 0, 0x2E, 0x23, 0, 0, 0x2E, 0x23, 1])
    #expect(phys < list.firstIndex { $0.type == "IDAT" }!)
    #expect(try PNGDecoder.decode(png).pixels == image.pixels)
    // No dpi, no chunk: readers then assume their own default.
    #expect(!chunks(PNGEncoder(compression: compression, channels: .rgb).encode(image)).contains { $0.type == "pHYs" })
    #expect(PNGEncoder.pixelsPerMetre(dpi: 72) == 2835)
}
