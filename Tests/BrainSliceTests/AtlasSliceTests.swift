import BrainAtlas
import BrainFormats
import BrainImage
import Foundation
import Testing
@testable import BrainSlice

/// A small atlas set on a canonical 256³ MNI template, built in a temporary folder: region 1
/// "Thing" (left) is a box around MNI (−40, −20, 50), region 2 its right homologue, region 3 a
/// midline "Other" box around MNI (0, 20, 50).
private final class SyntheticAtlas {
    let root: URL
    let library: AtlasLibrary

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("slice-atlas-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("template"), withIntermediateDirectories: true)
        let n = 256
        var grey = Data(repeating: 0, count: n * n * n)
        var labels = [UInt16](repeating: 0, count: n * n * n)
        func box(mniX: ClosedRange<Int>, mniY: ClosedRange<Int>, mniZ: ClosedRange<Int>, id: UInt16) {
            for mx in mniX { for my in mniY { for mz in mniZ {
                let x = 128 - my, y = 128 - mz, z = 128 - mx
                labels[x + n * (y + n * z)] = id
            } } }
        }
        box(mniX: -45 ... -35, mniY: -25 ... -15, mniZ: 45...55, id: 1)
        box(mniX: 35...45, mniY: -25 ... -15, mniZ: 45...55, id: 2)
        box(mniX: -2...2, mniY: 15...25, mniZ: 45...55, id: 3)
        for i in 0..<grey.count { grey[i] = UInt8(truncatingIfNeeded: (i % n) / 2) }   // grey ramp along x
        try VMRFile(canonical: .mni, voxels: grey).write(to: root.appendingPathComponent("template/t1.vmr"))
        let entries = [
            Catalog.RegionEntry(id: 1, name: "Thing", sourceLabel: "thing", hemisphere: .left, color: RGB(10, 200, 30), lobe: nil),
            Catalog.RegionEntry(id: 2, name: "Thing", sourceLabel: "thing", hemisphere: .right, color: RGB(10, 200, 30), lobe: nil),
            Catalog.RegionEntry(id: 3, name: "Other", sourceLabel: "other", hemisphere: .none, color: RGB(200, 10, 10), lobe: nil),
        ]
        let entry = Catalog.Atlas(name: "gyri", title: "Test", description: "", source: "", licence: "",
                                  kind: .volume, files: Catalog.Files(), regions: entries)
        let atlas = Atlas(entry: entry, labels: try LabelVolume(frameLabels: labels, source: "test labels"), surfaces: [:])
        library = AtlasLibrary(catalog: Catalog(template: "template/t1.vmr", meshes: [], atlases: [entry]),
                               atlases: [atlas], root: root)
    }

    deinit { try? FileManager.default.removeItem(at: root) }
}

private func request(_ position: SliceRequest.Position) throws -> SliceRequest {
    var r = try SliceRequest(plane: .axial, position: position)
    r = try r.with(["scale": "1", "letters": "off", "caption": "off"])
    // The pixel positions below are the whole plane's.
    r = try r.with(["crop": "none", "opacity": "1"])
    return r
}

@Test func atlasRegionsShowTheirColorOnTheTemplate() throws {
    let set = try SyntheticAtlas()
    let result = try Slicer(library: set.library).render(request(.millimetres(50)))
    let image = try PNGDecoder.decode(result.png())
    #expect(result.index == 78 && result.millimetres == 50)
    // MNI (−40, −20, 50) = BV (148, 78, 168): axial row x = 148, column 255 − z = 87 (left half).
    #expect(image[87, 148] == RGBA(10, 200, 30))
    #expect(image[255 - 88, 148] == RGBA(10, 200, 30))      // the right homologue on the right half
    #expect(image[255 - 128, 108] == RGBA(200, 10, 10))
    #expect(image[10, 10] == RGBA(0, 0, 0) || image[10, 10].r == image[10, 10].g)
    #expect(result.regions.map(\.region.id) == [1, 2, 3])
    #expect(result.regions.map(\.pixels) == [121, 121, 55])
    let json = try BrainJSON.string(result.summary(out: "a.png"))
    #expect(json.contains("\"hemisphere\":\"left\"") && json.contains("\"pixels\":121") && json.contains("\"mni\":50"))
    #expect(json.contains("\"size\":[256,256]") && json.contains("\"plane\":\"axial\""))
}

@Test func highlightMatchesBothHomologuesUnlessASideIsNamed() throws {
    let set = try SyntheticAtlas()
    let slicer = Slicer(library: set.library)
    func colors(_ highlight: String) throws -> (RGBA, RGBA, RGBA) {
        var r = try request(.index(78))
        r = try r.with(["opacity": "0.5", "highlight": highlight, "dimOthers": "on"])
        let image = try slicer.render(r).image
        return (image[87, 148], image[255 - 88, 148], image[255 - 128, 108])
    }
    let both = try colors("thing")
    let left = try colors("left thing")
    #expect(both.0 == both.1)
    #expect(left.0 == both.0 && left.1 != both.1)            // the right one is only tinted now
    #expect(try colors("3").2 == colors("other").2)        // by id
    #expect(throws: SliceError.self) { try colors("zzzz qqqq") }
}

@Test func atPointsInEverySpaceReachTheSameTemplateVoxel() throws {
    let set = try SyntheticAtlas()
    let slicer = Slicer(library: set.library)
    let mni = try slicer.render(request(.point([-40, -20, 50], space: .mni)))
    let voxel = try slicer.render(request(.point([148, 78, 168], space: .voxel)))
    #expect(mni.index == 78 && voxel.index == 78)
    #expect(mni.image == voxel.image)
    let tal = SIMD3<Double>(-40, -20, 50)
    let expected = CanonicalFrame.voxel(ofMNI: Talairach.mni(fromTalairach: tal))!
    var coronal = try request(.point(tal, space: .tal))
    coronal = try coronal.with(["plane": "coronal"])
    #expect(try slicer.render(coronal).index == expected.x)
    #expect(throws: SliceError.self) { try slicer.render(request(.point([0, 0, 500], space: .mni))) }
    var sagittal = try request(.millimetres(-40))
    sagittal = try sagittal.with(["plane": "sagittal"])
    #expect(try slicer.render(sagittal).index == 168)
}

@Test func unknownAtlasIsAnError() throws {
    let set = try SyntheticAtlas()
    var r = try request(.index(78))
    r = try r.with(["atlas": "nope"])
    #expect(throws: AtlasError.self) { try Slicer(library: set.library).render(r) }
}

@Test(arguments: [ReferenceSpace.talairach, .mni])
func stereotaxicVOIsLandOnTheTemplate(space: ReferenceSpace) throws {
    let set = try SyntheticAtlas()
    let point = SIMD3<Double>(30, -10, 20)
    let voi = VOI(name: "Spot (right)", color: SIMD3(1, 2, 250), voxels: [SIMD3<Int32>(30, -10, 20)])
    let url = set.root.appendingPathComponent("spot.voi")
    try VOIFile(referenceSpace: space, vois: [voi]).write(to: url)
    let mni = space == .talairach ? Talairach.mni(fromTalairach: point) : point
    let expected = CanonicalFrame.voxel(ofMNI: mni)!
    var r = try request(.index(expected.y))
    r = try r.with(["voi": url.path])
    let result = try Slicer(library: set.library).render(r)
    // Axial, neurological: column 255 − z, row x.
    #expect(result.image[255 - expected.z, expected.x] == RGBA(1, 2, 250))
    #expect(result.regions.count == 1)
    #expect(result.regions.first?.region.name == "Spot" && result.regions.first?.region.hemisphere == .right)
    #expect(result.regions.first?.region.atlas == "spot")
}
