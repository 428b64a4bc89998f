import BrainAtlas
import BrainFormats
import BrainImage
import Foundation
import Testing
@testable import BrainSlice

/// The repository's AtlasData (ICBM 2009c template and atlases), or nil before it is built.
enum TemplateData {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("AtlasData")

    static func library() throws -> AtlasLibrary? {
        guard FileManager.default.fileExists(atPath: root.appendingPathComponent("labels/gyri.lbl.gz").path) else { return nil }
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("slice-template-\(UUID().uuidString)")
        return try AtlasLibrary(root: root, cacheDirectory: cache)
    }

    /// One library and slicer for the whole suite: the template survey is made once, as in a server.
    static let shared: (library: AtlasLibrary, slicer: Slicer)? = {
        guard let library = try? library() else { return nil }
        return (library, Slicer(library: library))
    }()
}

@Suite(.enabled(if: TemplateData.shared != nil, "AtlasData has not been built yet"))
struct TemplateSliceTests {
    let library = TemplateData.shared!.library
    let slicer = TemplateData.shared!.slicer

    func request(_ plane: SlicePlane, mni: Double) -> SliceRequest {
        SliceRequest(plane: plane, position: .millimetres(mni))
    }

    /// Every voxel brighter than the survey's background threshold on the slice lands inside the
    /// cropped slice, at least the margin away from the image's edges (where the plane ends
    /// before the margin does, a black band makes it up).
    @Test(arguments: [(SlicePlane.coronal, -20.0), (.axial, 10), (.sagittal, -40), (.coronal, 60), (.axial, -60)])
    func headCropHoldsEveryHeadVoxelAndTheMargin(plane: SlicePlane, mni: Double) throws {
        var r = request(plane, mni: mni)
        r.scale = 2
        let result = try slicer.render(r)
        let volume = try SliceVolume.template(of: library)
        let survey = VolumeSurvey(voxels: volume.vmr.voxels, dims: volume.dims)
        let layout = result.layout
        let whole = SliceOrientation(plane: plane, index: result.index, dims: volume.dims)
        let margin = Int(SliceCrop.marginMillimetres) * layout.scale
        var head = 0, outside = 0
        volume.vmr.voxels.withUnsafeBytes { raw in
            for row in 0..<whole.height {
                for column in 0..<whole.width {
                    let v = whole.voxel(column: column, row: row)
                    guard Int(raw[v.x + 256 * (v.y + 256 * v.z)]) > survey.headThreshold else { continue }
                    head += 1
                    let p = layout.pixel(ofVoxel: v)
                    if layout.voxel(atPixel: p.x, p.y) != v || p.x < margin || p.y < margin
                        || p.x >= layout.width - margin || p.y >= layout.height - margin { outside += 1 }
                }
            }
        }
        #expect(head > 1000)
        #expect(outside == 0)
        // The crop is the head's box, not the whole 256 mm plane.
        #expect(layout.orientation.width * layout.orientation.height * 5 < 4 * 256 * 256)
    }

    /// The same crop for every slice of a plane, so stepping through slices never moves the picture.
    @Test func cropIsTheSameForEverySliceOfAPlane() throws {
        let a = try slicer.render(request(.coronal, mni: -80)).layout
        let b = try slicer.render(request(.coronal, mni: 40)).layout
        #expect(a.orientation.crop == b.orientation.crop && a.width == b.width && a.height == b.height)
        var whole = request(.coronal, mni: 40)
        whole.crop = SliceCrop.none
        #expect(try slicer.render(whole).layout.orientation.width == 256)
    }

    /// Pixel → mm after the crop: `where` at the mm of a pixel names the region whose colour the
    /// pixel has (opacity 1: exact region colours; unlabelled pixels stay grey).
    @Test(arguments: [SlicePlane.coronal, .axial, .sagittal])
    func whereAtAPixelsMillimetresIsTheRegionDrawnThere(plane: SlicePlane) throws {
        var r = request(plane, mni: plane == .sagittal ? -44 : -10)
        r.opacity = 1
        let result = try slicer.render(r)
        let gyri = try library.atlas(named: "gyri")
        let labels = try gyri.labelVolume()
        var checked = 0, labelled = 0
        for y in stride(from: 1, to: result.image.height, by: 7) {
            for x in stride(from: 2, to: result.image.width, by: 7) {
                guard let mm = result.layout.millimetres(atPixel: x, y) else { continue }
                let pixel = result.image[x, y]
                // `where`'s own path: MNI mm → template voxel → the atlas's region there.
                let voxel = try Lookup.resolve(mm, space: .mni).voxel
                let region = gyri.region(id: labels.label(x: voxel.x, y: voxel.y, z: voxel.z))
                if let region {
                    #expect(pixel == RGBA(region.color.r, region.color.g, region.color.b), "pixel (\(x), \(y)) at \(mm)")
                    labelled += 1
                } else {
                    #expect(pixel.r == pixel.g && pixel.g == pixel.b, "pixel (\(x), \(y)) at \(mm)")
                }
                checked += 1
            }
        }
        #expect(checked > 3000 && labelled > 100)
        // The JSON affine agrees with the pixel map at voxel centres.
        let map = result.layout.imageToMillimetres
        let k = Double(result.layout.scale)
        // Voxel (column 40, row 50)'s block centre, in image points.
        let u = Double(result.layout.originX) + 40.5 * k, v = Double(result.layout.originY) + 50.5 * k
        let affine = map.origin + u * map.right + v * map.down
        let exact = result.layout.millimetres(atPixel: Int(u), Int(v))!
        #expect(abs(affine.x - exact.x) < 1e-9 && abs(affine.y - exact.y) < 1e-9 && abs(affine.z - exact.z) < 1e-9)
    }

    /// `--at` marks its point: the crosshair crosses at the pixel whose mm is the point.
    @Test func crosshairIsAtThePointAfterTheCrop() throws {
        var r = SliceRequest(plane: .axial, position: .point([-40, -20, 50], space: .mni))
        r.letters = false
        let result = try slicer.render(r)
        let yellow = RGBA(255, 230, 0)
        let centre = result.layout.pixel(ofVoxel: CanonicalFrame.voxel(ofMNI: [-40, -20, 50]).map { SIMD3($0.x, $0.y, $0.z) }!)
        #expect(result.layout.millimetres(atPixel: centre.x, centre.y) == [-40, -20, 50])
        let box = result.layout.sliceBox
        #expect(result.image[centre.x, box.row + 1] == yellow && result.image[box.column + 1, centre.y] == yellow)
    }

    /// The default window leaves white matter well below white: its peak grey is drawn at about
    /// 208 of 255 and the brightest template grey (225) below 220.
    @Test func whiteMatterIsNotSaturated() throws {
        let volume = try SliceVolume.template(of: library)
        let survey = VolumeSurvey(voxels: volume.vmr.voxels, dims: volume.dims)
        let peak = try #require(survey.whiteMatterPeak)
        #expect((205...222).contains(peak))
        #expect(abs(Int(survey.window.grey(peak)) - VolumeSurvey.whiteMatterDisplayGrey) <= 1)
        #expect(survey.window.grey(GreyWindow.vmrGreyMax) <= 220)
        // Measured on a drawn slice: white-matter voxels (within ±4 of the peak) average ≤ 215.
        var r = request(.coronal, mni: 0)
        r.atlas = SliceRequest.noAtlas
        r.scale = 1
        let result = try slicer.render(r)
        var sum = 0, n = 0
        volume.vmr.voxels.withUnsafeBytes { raw in
            for y in 0..<result.layout.sliceBox.height {
                for x in 0..<result.layout.sliceBox.width {
                    guard let v = result.layout.voxel(atPixel: x, y) else { continue }
                    let value = Int(raw[v.x + 256 * (v.y + 256 * v.z)])
                    guard abs(value - peak) <= 4 else { continue }
                    sum += Int(result.image[x, y].r)
                    n += 1
                }
            }
        }
        #expect(n > 2000)
        #expect(sum / max(1, n) <= 215 && sum / max(1, n) >= 195)
    }
}
