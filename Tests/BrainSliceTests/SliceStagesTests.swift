import BrainImage
import Foundation
import Testing
@testable import BrainSlice

/// The staged slice pipeline draws exactly what the single fused loop it replaced drew: these
/// digests were taken from that loop's output on the real sample scan and its VOIs, with every
/// stage (window, overlay, outline, crosshair, letters) switched on in some case.
private func digest(_ image: RGBAImage) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in image.pixels { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    return hash
}

private func sampleRequest(_ plane: SlicePlane, _ position: SliceRequest.Position) -> SliceRequest {
    var r = SliceFixtures.request(plane, position)
    r.voiPath = SliceFixtures.voi
    // The digests were taken with the full window, the default of that time.
    r.window = .full
    return r
}

private let stageCases: [(String, SliceRequest)] = {
    var cases: [(String, SliceRequest)] = []
    var plain = sampleRequest(.axial, .index(16))
    plain.letters = false
    plain.voiPath = nil
    cases.append(("grey only", plain))
    var overlay = sampleRequest(.axial, .index(16))
    overlay.opacity = 0.6
    overlay.window = GreyWindow(low: 20, high: 180)
    cases.append(("overlay + letters", overlay))
    var outlined = sampleRequest(.sagittal, .index(60))
    outlined.outline = true
    outlined.scale = 5
    outlined.radiological = true
    cases.append(("outline at scale 5", outlined))
    var marked = sampleRequest(.coronal, .point([90, 16, 70], space: .voxel))
    marked.highlight = "test voi 1"
    marked.dimOthers = true
    marked.outline = true
    cases.append(("crosshair + highlight", marked))
    var raw = SliceFixtures.request(.axial, .index(10))
    raw.raw = true
    cases.append(("raw", raw))
    return cases
}()

@Test func stagedSlicesMatchTheFusedLoopPixelForPixel() throws {
    let expected: [String: UInt64] = [
        "grey only": 0x712e_4ee7_8536_70e5, "overlay + letters": 0x40d1_0974_c773_bf66,
        "outline at scale 5": 0x2ce8_4f3a_b6e4_9ce0, "crosshair + highlight": 0x83b8_a2fc_e872_0293,
        "raw": 0x93f0_43e6_d3f7_aa9b,
    ]
    let slicer = Slicer(dataPath: "/nonexistent")
    for (name, request) in stageCases {
        let image = try slicer.render(request).image
        #expect(expected[name] == digest(image), "\(name)")
    }
}
