import BrainImage
import Foundation
import Testing
@testable import BrainSlice

// sub-test03.voi (ReferenceSpace BV): "test voi 1" red at x 84–93, y 7–9, z 23–25 (subject's
// right: BV z grows toward the left), "test-voi-2" green at z 68–70, "test_voi_3" blue at
// x 124–126, z 115–117 (subject's left).

private func voiRequest(_ plane: SlicePlane, _ index: Int) throws -> SliceRequest {
    var r = try SliceFixtures.request(plane, .index(index))
    r = try r.with(["voi": SliceFixtures.voi, "letters": "off", "scale": "1"])
    return r
}

@Test func voiVoxelsShowTheirColor() throws {
    var request = try voiRequest(.axial, 8)
    request = try request.with(["opacity": "1"])
    let (image, result) = try SliceFixtures.render(request)
    // Axial, neurological: column = 134 − z, row = x.
    #expect(image[134 - 24, 88] == RGBA(255, 0, 0))
    #expect(image[134 - 69, 99] == RGBA(0, 255, 0))
    #expect(image[134 - 116, 125] == RGBA(0, 0, 255))
    #expect(result.regions.map(\.region.name) == ["test voi 1", "test-voi-2", "test_voi_3"])
    // One axial plane of each box: 10×3, 5×3 and 3×3 voxels.
    #expect(result.regions.map(\.pixels) == [30, 15, 9])
    #expect(result.regions[0].region.atlas == "sub-test03")
    #expect(result.regions[0].region.color == .init(255, 0, 0))
}

@Test func opacityBlendsOverTheGreyValue() throws {
    let bytes = try SliceFixtures.voxelBytes(SliceFixtures.vmr)
    let (image, _) = try SliceFixtures.render(voiRequest(.axial, 8))
    // The default window is the one the volume's survey derives.
    let window = VolumeSurvey(voxels: Data(bytes[8...]), dims: SliceFixtures.dims).window
    let grey = Int(window.grey(Int(SliceFixtures.value(bytes, 88, 8, 24))))
    // Default opacity 0.6 = 154/256.
    #expect(Int(image[134 - 24, 88].r) == (grey * 102 + 255 * 154) >> 8)
    #expect(Int(image[134 - 24, 88].g) == (grey * 102) >> 8)
    // Outside every VOI the pixel is the windowed grey.
    let g2 = window.grey(Int(SliceFixtures.value(bytes, 60, 8, 60)))
    #expect(image[134 - 60, 60] == RGBA(g2, g2, g2))
}

@Test(arguments: [SlicePlane.axial, .coronal])
func leftAndRightLandOnTheStatedSides(plane: SlicePlane) throws {
    var request = try voiRequest(plane, plane == .axial ? 8 : 125)
    request = try request.with(["opacity": "1"])
    let (neuro, _) = try SliceFixtures.render(request)
    let row = plane == .axial ? 125 : 8
    // Only VOI 3 (subject's left) lies on coronal x = 125 / axial row x = 125.
    func blueColumns(_ image: RGBAImage) -> [Int] {
        (0..<image.width).filter { image[$0, row] == RGBA(0, 0, 255) }
    }
    #expect(blueColumns(neuro) == [17, 18, 19])          // left half: the subject's left on the image left
    request = try request.with(["radiological": "on"])
    let (radio, _) = try SliceFixtures.render(request)
    #expect(blueColumns(radio) == [115, 116, 117])       // mirrored
}

@Test func highlightAndDimOthers() throws {
    var request = try voiRequest(.axial, 8)
    request = try request.with(["highlight": "test voi 1", "dimOthers": "on"])
    let (image, result) = try SliceFixtures.render(request)
    let plain = try SliceFixtures.render(voiRequest(.axial, 8)).0
    let red = image[134 - 24, 88], plainRed = plain[134 - 24, 88]
    #expect(red.r > plainRed.r && red.g < plainRed.g)     // stronger than the default 0.5
    let green = image[134 - 69, 99], plainGreen = plain[134 - 69, 99]
    #expect(abs(Int(green.r) - Int(green.b)) < 40)         // a pale tint, not saturated green
    #expect(green != plainGreen)
    #expect(result.regions.count == 3)
}

@Test func outlineDrawsRegionEdgesInFullColor() throws {
    var request = try voiRequest(.axial, 8)
    request = try request.with(["outline": "on", "scale": "8"])
    let (image, _) = try SliceFixtures.render(request)
    // Voxel (x 84, z 25) is the box's top-left corner in the image: column 109, row 84.
    let left = 109 * 8, top = 84 * 8
    #expect(image[left, top + 4] == RGBA(255, 0, 0))       // on the outer edge
    #expect(image[left + 4, top + 4] != RGBA(255, 0, 0))   // cell inside, blended
}

@Test func labelValuesAreColorsNotGrey() throws {
    let bytes = try SliceFixtures.voxelBytes(SliceFixtures.cube)
    guard let i = bytes[8..<(8 + 179 * 33 * 135)].firstIndex(of: 240) else {
        Issue.record("the cube fixture has no 240 voxel"); return
    }
    let n = i - 8, x = n % 179, y = (n / 179) % 33, z = n / (179 * 33)
    var request = try SliceFixtures.request(.sagittal, .index(z), vmr: SliceFixtures.cube)
    request = try request.with(["crop": "head", "scale": "1", "letters": "off"])
    let (image, result) = try SliceFixtures.render(request)
    let c = ColorMap.labelColor(240)
    // The cube fills little of the scan, so the default crop moves it: the layout says where.
    let p = result.layout.pixel(ofVoxel: SIMD3(x, y, z))
    #expect(result.layout.voxel(atPixel: p.x, p.y) == SIMD3(x, y, z))
    #expect(image[p.x, p.y] == RGBA(c.0, c.1, c.2))
    #expect(!(c.0 == c.1 && c.1 == c.2))
    request = try request.with(["raw": "on", "crop": "none"])
    #expect(try SliceFixtures.render(request).0[x, y] == RGBA(240, 240, 240))
}
