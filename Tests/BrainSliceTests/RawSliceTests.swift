import BrainImage
import Testing
@testable import BrainSlice

// `--raw` must equal the file's voxel plane in the documented orientation. The expected voxel
// for each pixel is written out here from the rules, independently of SliceOrientation.

@Test(arguments: [(SlicePlane.axial, 16), (.coronal, 90), (.sagittal, 70), (.axial, 0), (.sagittal, 125)])
func rawEqualsFileBytes(plane: SlicePlane, index: Int) throws {
    let bytes = try SliceFixtures.voxelBytes(SliceFixtures.vmr)
    var request = try SliceFixtures.request(plane, .index(index))
    request = try request.with(["raw": "on"])
    let (image, result) = try SliceFixtures.render(request)
    let d = SliceFixtures.dims
    let (w, h) = switch plane {
    case .axial: (d.z, d.x)     // columns run left → right over z, rows anterior → posterior over x
    case .coronal: (d.z, d.y)   // rows superior → inferior over y
    case .sagittal: (d.x, d.y)  // columns anterior → posterior over x
    }
    #expect(image.width == w && image.height == h)
    #expect(result.index == index && result.regions.isEmpty)
    var mismatches = 0
    for r in 0..<h {
        for c in 0..<w {
            // Neurological: the subject's left (BV z = DimZ−1) in column 0.
            let expected = switch plane {
            case .axial: SliceFixtures.value(bytes, r, index, d.z - 1 - c)
            case .coronal: SliceFixtures.value(bytes, index, r, d.z - 1 - c)
            case .sagittal: SliceFixtures.value(bytes, c, r, index)
            }
            let p = image[c, r]
            if p != RGBA(expected, expected, expected) { mismatches += 1 }
        }
    }
    #expect(mismatches == 0)
    // The plane is not blank, so the comparison means something.
    #expect(Set(image.pixels).count > 20)
}

@Test(arguments: [SlicePlane.axial, .coronal])
func radiologicalMirrorsLeftAndRight(plane: SlicePlane) throws {
    let bytes = try SliceFixtures.voxelBytes(SliceFixtures.vmr)
    var request = try SliceFixtures.request(plane, .index(plane == .axial ? 16 : 90))
    request = try request.with(["raw": "on", "radiological": "on"])
    let (image, _) = try SliceFixtures.render(request)
    for (c, r) in [(0, 5), (20, 10), (100, 20), (134, 30)] {
        let expected = plane == .axial ? SliceFixtures.value(bytes, r, 16, c) : SliceFixtures.value(bytes, 90, r, c)
        #expect(image[c, r].r == expected)
    }
}

@Test func sagitalIgnoresRadiological() throws {
    var a = try SliceFixtures.request(.sagittal, .index(70))
    a = try a.with(["raw": "on"])
    var b = a
    b = try b.with(["radiological": "on"])
    #expect(try SliceFixtures.render(a).0 == SliceFixtures.render(b).0)
}
