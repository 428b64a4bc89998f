import BrainAtlas
import BrainFormats
import BrainImage
import Foundation
import Testing
@testable import BrainSlice

/// Canonical 256³ VMRs in MNI or Talairach space, written to a temporary folder, with VOIs on them.
private final class StereotaxicFolder {
    let root: URL

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("slice-stx-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    func vmr(_ space: ReferenceSpace) throws -> String {
        let url = root.appendingPathComponent("brain-\(space.voiName).vmr")
        try VMRFile(canonical: space, fill: 90).write(to: url)
        return url.path
    }

    func voi(_ space: ReferenceSpace, _ vois: [VOI]) throws -> String {
        let url = root.appendingPathComponent("cube.voi")
        try VOIFile(referenceSpace: space, vois: vois).write(to: url)
        return url.path
    }
}

private let blue = RGBA(1, 2, 250)

@Test func talairachCubeOnAnMNIVolumeIsSolidWithNothingOutside() throws {
    let folder = try StereotaxicFolder()
    let centre = SIMD3<Int32>(30, -10, 20)
    var voxels: [SIMD3<Int32>] = []
    for dx in -4...4 { for dy in -4...4 { for dz in -4...4 { voxels.append(centre &+ SIMD3(Int32(dx), Int32(dy), Int32(dz))) } } }
    let voi = VOI(name: "Cube (right)", color: SIMD3(1, 2, 250), voxels: voxels)
    // Axial plane through the cube's middle: the template voxel of its centre.
    let middle = CanonicalFrame.voxel(ofMNI: Talairach.mni(fromTalairach: SIMD3<Double>(centre)))!
    var request = try SliceRequest(plane: .axial, position: .index(middle.y))
    request = try request.with(["vmr": folder.vmr(.mni), "voi": folder.voi(.talairach, [voi]), "scale": "1", "letters": "off", "crop": "none", "opacity": "1"])
    let result = try Slicer(dataPath: "/nonexistent").render(request)
    let image = result.image

    // Expected, independently: a pixel is in the cube when its voxel's MNI point, taken to
    // Talairach and rounded to whole mm, is one of the cube's coordinates.
    var expected = Set<[Int]>()
    for row in 0..<256 {
        for column in 0..<256 {
            let voxel = VoxelIndex(row, middle.y, 255 - column)   // axial, neurological: row x, column 255 − z
            let tal = Talairach.talairach(fromMNI: CanonicalFrame.mni(of: voxel)).rounded(.toNearestOrAwayFromZero)
            let d = tal - SIMD3<Double>(centre)
            if abs(d.x) <= 4, abs(d.y) <= 4, abs(d.z) <= 4 { expected.insert([column, row]) }
        }
    }
    var shown = Set<[Int]>()
    for row in 0..<256 { for column in 0..<256 where image[column, row] == blue { shown.insert([column, row]) } }
    #expect(shown == expected)
    #expect(shown.count >= 81)
    #expect(result.regions.map(\.pixels) == [shown.count])

    // Solid: every row and column of the shape is one unbroken run, and the shape fills its box.
    let rows = Dictionary(grouping: shown, by: { $0[1] }).mapValues { $0.map { $0[0] } }
    let columns = Dictionary(grouping: shown, by: { $0[0] }).mapValues { $0.map { $0[1] } }
    for runs in [rows, columns] {
        for (_, values) in runs { #expect(values.max()! - values.min()! + 1 == values.count) }
    }
    let width = columns.count, height = rows.count
    #expect((9...11).contains(width) && (9...11).contains(height))
    #expect(Double(shown.count) >= 0.9 * Double(width * height))
}

@Test func mniVOIOnATalairachVolumeGoesThroughTheTransform() throws {
    let folder = try StereotaxicFolder()
    let spot = SIMD3<Int32>(-30, 12, 40)
    let voi = VOI(name: "Spot", color: SIMD3(1, 2, 250), voxels: [spot])
    // The Talairach volume's voxels (canonical frame) whose point, taken to MNI and rounded, is the spot.
    func hits(_ v: VoxelIndex) -> Bool {
        Talairach.mni(fromTalairach: CanonicalFrame.mni(of: v)).rounded(.toNearestOrAwayFromZero) == SIMD3<Double>(spot)
    }
    let near = CanonicalFrame.voxel(ofMNI: Talairach.talairach(fromMNI: SIMD3<Double>(spot)))!
    var found: [VoxelIndex] = []
    for dx in -2...2 { for dy in -2...2 { for dz in -2...2 {
        let v = VoxelIndex(near.x + dx, near.y + dy, near.z + dz)
        if hits(v) { found.append(v) }
    } } }
    let plane = try #require(found.first).x
    var request = try SliceRequest(plane: .coronal, position: .index(plane))
    request = try request.with(["vmr": folder.vmr(.talairach), "voi": folder.voi(.mni, [voi]), "scale": "1", "letters": "off", "crop": "none", "opacity": "1"])
    let result = try Slicer(dataPath: "/nonexistent").render(request)
    // Coronal, neurological: column 255 − z, row y.
    let expected = Set(found.filter { $0.x == plane }.map { [255 - $0.z, $0.y] })
    var shown = Set<[Int]>()
    for row in 0..<256 { for column in 0..<256 where result.image[column, row] == blue { shown.insert([column, row]) } }
    #expect(shown == expected && !shown.isEmpty)
}

@Test func jsonGivesTheCoordinateOnlyInTheVolumesOwnSpace() throws {
    let folder = try StereotaxicFolder()
    func json(_ vmr: String, _ position: SliceRequest.Position = .index(100)) throws -> String {
        var request = try SliceRequest(plane: .axial, position: position)
        request = try request.with(["vmr": vmr, "atlas": SliceRequest.noAtlas])
        return try BrainJSON.string(try Slicer(dataPath: "/nonexistent").render(request).summary(out: "a.png"))
    }
    // Axial index 100 is z = 128 − 100 = 28 mm in the canonical frame.
    let mni = try json(folder.vmr(.mni))
    #expect(mni.contains("\"mni\":28") && mni.contains("\"tal\":null"))
    let tal = try json(folder.vmr(.talairach))
    #expect(tal.contains("\"mni\":null") && tal.contains("\"tal\":28"))
    // A native-space scan has no stereotaxic coordinate at all.
    let native = try json(SliceFixtures.vmr, .index(8))
    #expect(native.contains("\"mni\":null") && native.contains("\"tal\":null"))
    // --mni on a Talairach volume is an MNI coordinate: the plane through its Talairach point.
    var request = try SliceRequest(plane: .axial, position: .millimetres(40))
    request = try request.with(["vmr": folder.vmr(.talairach), "atlas": SliceRequest.noAtlas])
    let expected = CanonicalFrame.voxel(ofMNI: Talairach.talairach(fromMNI: SIMD3(0, 0, 40)))!
    #expect(try Slicer(dataPath: "/nonexistent").render(request).index == expected.y)
}

@Test func rawRefusesOptionsItWouldIgnore() throws {
    // Refused as the request is made: no slicer is ever handed it.
    do {
        _ = try SliceFixtures.request(.axial, .index(8)).with(["raw": "on", "atlas": "nope", "highlight": "zzzz"])
        Issue.record("expected an error")
    } catch let error as SliceError {
        #expect(error.fieldError?.field == "raw" && error.description.contains("atlas")
                && error.description.contains("highlight"))
    }
    for change in [["outline": "on"], ["voi": SliceFixtures.voi], ["window": "0,100"]] {
        let r = try SliceFixtures.request(.axial, .index(8)).with(["raw": "on"])
        #expect(throws: SliceError.self) { try r.with(change) }
    }
    // What --raw does honour still works.
    var fine = try SliceFixtures.request(.axial, .index(8))
    fine = try fine.with(["raw": "on", "atlas": SliceRequest.noAtlas, "scale": "3", "radiological": "on"])  // documented: --raw is always scale 1
    _ = try Slicer().render(fine)
}

@Test func dimOthersNeedsHighlight() throws {
    let request = try SliceFixtures.request(.axial, .index(8)).with(["voi": SliceFixtures.voi])
    #expect(throws: SliceError.invalid(FieldError("dimOthers", "needs {highlight} REGION (it tints the regions other than the highlighted one)"))) {
        try request.with(["dimOthers": "on"])
    }
    _ = try Slicer().render(try request.with(["dimOthers": "on", "highlight": "test voi 1"]))
}
