import BrainImage
import Foundation
import Testing
@testable import BrainSlice

/// The staged slice pipeline draws exactly what the single fused loop it replaced drew: these
/// digests were taken from that loop's output on the real sample scan and its VOIs, with every
/// stage (window, overlay, outline, crosshair) switched on in some case. "grey only" and "raw"
/// are the fused loop's; the other three were taken again when the orientation letters left the
/// row stages for FreeType text (drawn after them, in bands: `lettersAreDrawnUnlessSwitchedOff`
/// checks they leave the slice's pixels alone), with letters off; the crosshair is also wider now
/// on large scales (a third of the scale).
private func digest(_ image: RGBAImage) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in image.pixels { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    return hash
}

/// The digests were taken with the full window, the default of that time, and the whole plane;
/// the fused loop scaled voxels as blocks, at opacity 0.5 by default.
private let sampleFields = ["window": "0,\(GreyWindow.full.high)", "letters": "off", "caption": "off", "interp": "nearest",
                            "opacity": "0.5"]

private func sampleRequest(_ plane: SlicePlane, _ position: SliceRequest.Position,
                           _ more: [String: String] = [:]) throws -> SliceRequest {
    try SliceFixtures.request(plane, position).with(sampleFields.merging(["voi": SliceFixtures.voi]) { $1 }.merging(more) { $1 })
}

private func stageCases() throws -> [(String, SliceRequest)] {
    [
        ("grey only", try SliceFixtures.request(.axial, .index(16)).with(sampleFields)),
        ("overlay", try sampleRequest(.axial, .index(16), ["opacity": "0.6", "window": "20,180"])),
        ("outline at scale 5", try sampleRequest(.sagittal, .index(60), ["outline": "on", "scale": "5", "radiological": "on"])),
        ("crosshair + highlight", try sampleRequest(.coronal, .point([90, 16, 70], space: .voxel),
                                                    ["highlight": "test voi 1", "dimOthers": "on", "outline": "on"])),
        ("raw", try SliceFixtures.request(.axial, .index(10)).with(["interp": "nearest", "raw": "on"])),
    ]
}

@Test func stagedSlicesMatchTheFusedLoopPixelForPixel() throws {
    let expected: [String: UInt64] = [
        "grey only": 0x712e_4ee7_8536_70e5, "overlay": 0x243e_4151_a064_4fa5,
        "outline at scale 5": 0x8b21_8169_2ed7_c654, "crosshair + highlight": 0x8b28_3756_0fc3_2a51,
        "raw": 0x93f0_43e6_d3f7_aa9b,
    ]
    let slicer = Slicer(dataPath: "/nonexistent")
    for (name, request) in try stageCases() {
        let image = try slicer.render(request).image
        #expect(expected[name] == digest(image), "\(name): 0x\(String(digest(image), radix: 16))")
    }
}
