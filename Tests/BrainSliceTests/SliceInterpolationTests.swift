import BrainImage
import Foundation
import Testing
@testable import BrainSlice

@Test func tapWeightsSumToOneAndCubicKeepsVoxelCentres() {
    for interpolation in SliceInterpolation.allCases {
        let taps = SampleTaps(count: 7, scale: 5, interpolation: interpolation)
        for p in 0..<35 {
            let sum = (0..<4).map { taps.weights[4 * p + $0] }.reduce(0, +)
            #expect(abs(sum - 1) < 1e-5, "\(interpolation) pixel \(p): weights sum to \(sum)")
            #expect((0..<4).allSatisfy { (0..<7).contains(Int(taps.indices[4 * p + $0])) })
        }
        // Pixel 2 of each 5-pixel block sits on its voxel's centre: only that voxel counts.
        for c in 0..<7 {
            let p = 5 * c + 2, slot = taps.nearestSlot(p)
            #expect(taps.indices[4 * p + slot] == Int32(c))
            #expect(abs(taps.weights[4 * p + slot] - 1) < 1e-6)
        }
    }
    // Linear halfway between two centres (scale 2: pixel 1 is a quarter past voxel 0's centre).
    let linear = SampleTaps(count: 3, scale: 2, interpolation: .linear)
    #expect(linear.weights[4 * 1 + 1] == 0.75 && linear.weights[4 * 1 + 2] == 0.25)
}

private func scanRequest(_ interpolation: SliceInterpolation) throws -> SliceRequest {
    var r = try SliceFixtures.request(.axial, .index(8))
    r = try r.with(["voi": SliceFixtures.voi, "letters": "off", "caption": "off", "crop": "none", "scale": "5", "interp": "\(interpolation)"])
    return r
}

@Test func smoothSlicesLeaveTheVoxelBlocksButKeepVoxelCentres() throws {
    let (blocks, _) = try SliceFixtures.render(scanRequest(.nearest))
    for interpolation in [SliceInterpolation.linear, .cubic] {
        let (smooth, _) = try SliceFixtures.render(scanRequest(interpolation))
        #expect(smooth.width == blocks.width && smooth.height == blocks.height)
        var constantBlocks = 0, blocksSeen = 0, centresKept = 0, centres = 0
        for by in 0..<(blocks.height / 5) {
            for bx in 0..<(blocks.width / 5) {
                let first = smooth[bx * 5, by * 5]
                var same = true
                for y in 0..<5 { for x in 0..<5 where smooth[bx * 5 + x, by * 5 + y] != first { same = false } }
                blocksSeen += 1
                if same { constantBlocks += 1 }
                // Away from the overlay, a voxel's centre pixel shows its own grey.
                let centre = blocks[bx * 5 + 2, by * 5 + 2]
                if centre.r == centre.g && centre.g == centre.b {
                    centres += 1
                    if smooth[bx * 5 + 2, by * 5 + 2] == centre { centresKept += 1 }
                }
            }
        }
        // Blocks stay constant only where the scan itself is (background).
        #expect(Double(constantBlocks) < 0.6 * Double(blocksSeen), "\(interpolation): \(constantBlocks) of \(blocksSeen) blocks constant")
        #expect(Double(centresKept) > 0.97 * Double(centres), "\(interpolation): \(centresKept) of \(centres) centres kept")
    }
}

@Test func smoothOverlayBordersAreAntiAliasedAndHighlightsOutlined() throws {
    // "test voi 1" (red) is a 10 × 3 voxel box: at scale 5 its border runs through many pixels.
    let (blocks, _) = try SliceFixtures.render(scanRequest(.nearest))
    var request = try scanRequest(.cubic)
    let (smooth, _) = try SliceFixtures.render(request)
    func reddish(_ image: RGBAImage) -> Set<RGBA> {
        var out = Set<RGBA>()
        for y in 0..<image.height { for x in 0..<image.width where Int(image[x, y].r) > Int(image[x, y].g) + 30 { out.insert(image[x, y]) } }
        return out
    }
    // Blocks: one blend per voxel grey. Smooth: partial coverage adds intermediate colours.
    #expect(reddish(smooth).count > reddish(blocks).count + 20)
    request = try request.with(["highlight": "test voi 1"])
    let (highlighted, _) = try SliceFixtures.render(request)
    let contour = RegionOverlay.highlightContour(255, 0, 0)
    let line = RGBA(UInt8(contour & 0xFF), UInt8((contour >> 8) & 0xFF), UInt8((contour >> 16) & 0xFF))
    var onLine = 0
    for y in 0..<highlighted.height { for x in 0..<highlighted.width where highlighted[x, y] == line { onLine += 1 } }
    // A bold line (2 px at scale 5) around a box of 50 × 15 px: well over its perimeter.
    #expect(onLine > 100, "\(onLine) pixels in the outline colour")
}

@Test func highlightLinesContrastWithTheirFill() {
    func luminance(_ c: UInt32) -> Double { SRGBTransfer.luminance(UInt8(c & 0xFF), UInt8((c >> 8) & 0xFF), UInt8((c >> 16) & 0xFF)) }
    // Dark, mid and pale region colours (a deep blue, pure red, pale yellow, tan): at least 3.5 : 1.
    for (r, g, b) in [(60.0, 20.0, 220.0), (255.0, 0.0, 0.0), (250.0, 240.0, 150.0), (220.0, 180.0, 140.0)] {
        let fill = SRGBTransfer.luminance(UInt8(r), UInt8(g), UInt8(b))
        let line = luminance(RegionOverlay.highlightContour(r, g, b))
        let ratio = (max(fill, line) + 0.05) / (min(fill, line) + 0.05)
        #expect(ratio >= 3.5, "(\(r), \(g), \(b)): contrast \(ratio)")
    }
}

@Test func paleColorsGetADarkerContour() {
    let pale = RegionOverlay.contourColor(250, 240, 150)
    #expect(pale & 0xFF < 200)
    // Dark colours are left as they are.
    #expect(RegionOverlay.contourColor(60, 20, 120) == ColorMap.pack((60, 20, 120)))
}

@Test func interpolationFieldIsChecked() throws {
    #expect(try SliceInterpolation(field: "Linear") == .linear)
    #expect(throws: SliceError.self) { try SliceInterpolation(field: "bicubic") }
    #expect(try SliceRequest(plane: .axial, position: .index(1)).interpolation == .cubic)
}
