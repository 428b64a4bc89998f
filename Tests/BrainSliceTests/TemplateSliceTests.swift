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

    func request(_ plane: SlicePlane, mni: Double) throws -> SliceRequest {
        try SliceRequest(plane: plane, position: .millimetres(mni))
    }

    /// Every voxel brighter than the survey's background threshold on the slice lands inside the
    /// cropped slice, at least the margin away from the image's edges (where the plane ends
    /// before the margin does, a black band makes it up).
    @Test(arguments: [(SlicePlane.coronal, -20.0), (.axial, 10), (.sagittal, -40), (.coronal, 60), (.axial, -60)])
    func headCropHoldsEveryHeadVoxelAndTheMargin(plane: SlicePlane, mni: Double) throws {
        var r = try request(plane, mni: mni)
        r = try r.with(["scale": "2"])
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
        var whole = try request(.coronal, mni: 40)
        whole = try whole.with(["crop": "none"])
        #expect(try slicer.render(whole).layout.orientation.width == 256)
    }

    /// Pixel → mm after the crop: `where` at the mm of a pixel names the region whose colour the
    /// pixel has (opacity 1: exact region colours; unlabelled pixels stay grey).
    @Test(arguments: [SlicePlane.coronal, .axial, .sagittal])
    func whereAtAPixelsMillimetresIsTheRegionDrawnThere(plane: SlicePlane) throws {
        var r = try request(plane, mni: plane == .sagittal ? -44 : -10)
        r = try r.with(["opacity": "1"])
        // Voxel blocks: every pixel shows exactly its voxel's region.
        r = try r.with(["interp": "nearest"])
        let result = try slicer.render(r)
        let gyri = try library.atlas(named: "gyri")
        let labels = try gyri.labelVolume()
        var checked = 0, labelled = 0
        for y in stride(from: 1, to: result.image.height, by: 7) {
            for x in stride(from: 2, to: result.image.width, by: 7) {
                // The letters sit in the slice's margin, over background: not a region's pixels.
                guard let mm = result.layout.millimetres(atPixel: x, y),
                      !result.letterBoxes.contains(where: { $0.contains(x: x, y: y) }) else { continue }
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
        var r = try SliceRequest(plane: .axial, position: .point([-40, -20, 50], space: .mni))
        r = try r.with(["letters": "off"])
        let result = try slicer.render(r)
        let yellow = RGBA(255, 230, 0)
        let centre = result.layout.pixel(ofVoxel: CanonicalFrame.voxel(ofMNI: [-40, -20, 50]).map { SIMD3($0.x, $0.y, $0.z) }!)
        #expect(result.layout.millimetres(atPixel: centre.x, centre.y) == [-40, -20, 50])
        let box = result.layout.sliceBox
        #expect(result.image[centre.x, box.y + 1] == yellow && result.image[box.x + 1, centre.y] == yellow)
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
        var r = try request(.coronal, mni: 0)
        r = try r.with(["atlas": SliceRequest.noAtlas, "scale": "1"])
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

    /// Letters and caption cover no head voxel, at the default size and at 2×, cropped or not:
    /// every pixel of their boxes is a band or shows a voxel at or below the background threshold.
    @Test(arguments: [(SlicePlane.coronal, SliceCrop.head, 1), (.axial, .head, 2), (.sagittal, .head, 1), (.coronal, .none, 1)])
    func lettersAndCaptionStayOffTheHead(plane: SlicePlane, crop: SliceCrop, factor: Int) throws {
        var r = try request(plane, mni: 0)
        r = try r.with(["crop": "\(crop)", "legend": "on"])
        let base = try slicer.render(r).layout.scale
        r = try r.with(["scale": "\(base * factor)"])
        let result = try slicer.render(r)
        let volume = try SliceVolume.template(of: library)
        let survey = VolumeSurvey(voxels: volume.vmr.voxels, dims: volume.dims)
        let boxes = result.letterBoxes + [result.captionBox].compactMap { $0 }
        #expect(boxes.count == 5)
        let image = PixelRect(x: 0, y: 0, width: result.image.width, height: result.image.height)
        var onHead = 0
        volume.vmr.voxels.withUnsafeBytes { raw in
            for box in boxes {
                #expect(image.contains(box), "\(box) leaves the image")
                if let legend = result.legendBox { #expect(!legend.intersects(box), "\(box) under the legend") }
                for y in box.y..<box.maxY {
                    for x in box.x..<box.maxX {
                        guard let v = result.layout.voxel(atPixel: x, y) else { continue }
                        if Int(raw[v.x + 256 * (v.y + 256 * v.z)]) > survey.headThreshold { onHead += 1 }
                    }
                }
            }
        }
        #expect(onHead == 0)
        for (i, a) in boxes.enumerated() { for b in boxes[(i + 1)...] { #expect(!a.intersects(b)) } }
        // The legend sits beside the slice, not on it.
        let legend = try #require(result.legendBox)
        #expect(!legend.intersects(result.layout.sliceBox) && image.contains(legend))
    }

    /// The caption names the plane and its MNI coordinate.
    @Test func captionText() {
        #expect(SliceCaption.text(plane: .coronal, index: 148, millimetres: -20, space: .mni) == "Coronal · y = −20 mm (MNI)")
        #expect(SliceCaption.text(plane: .axial, index: 3, millimetres: 12.5, space: .talairach) == "Axial · z = 12.5 mm (Talairach)")
        #expect(SliceCaption.text(plane: .sagittal, index: 60, millimetres: 3.25, space: .native) == "Sagittal · slice 60 (native space)")
    }

    /// The legend lists exactly the regions drawn: one row per short name and colour shown on the
    /// slice (homologues drawn alike share a row; drawn in two colours, each row says its side),
    /// and every row's region is on the image in its colour.
    @Test(arguments: [("gyri", SlicePlane.coronal, -20.0), ("subcortical", .axial, 4), ("brodmann", .sagittal, -30)])
    func legendListsExactlyTheRegionsDrawn(atlas: String, plane: SlicePlane, mni: Double) throws {
        var r = try request(plane, mni: mni)
        r = try r.with(["atlas": atlas, "legend": "on", "opacity": "1", "interp": "nearest"])
        let result = try slicer.render(r)
        let legend = try #require(result.legend)
        #expect(legend.hidden == 0)
        let listed = legend.rows.compactMap(\.entry)
        // Independently: the colour every slice pixel shows, by the region `where` finds there.
        let atlasObject = try library.atlas(named: atlas)
        let labels = try atlasObject.labelVolume()
        var drawn: [String: Set<RGBA>] = [:]
        let s = result.layout.sliceBox
        for y in s.y..<s.maxY {
            for x in s.x..<s.maxX {
                guard let v = result.layout.voxel(atPixel: x, y),
                      let region = atlasObject.region(id: labels.label(x: v.x, y: v.y, z: v.z)) else { continue }
                drawn[region.labelName, default: []].insert(result.image[x, y])
            }
        }
        func unsided(_ name: String) -> String {
            name.replacingOccurrences(of: " (L)", with: "").replacingOccurrences(of: " (R)", with: "")
        }
        #expect(Set(listed.map { unsided($0.name) }) == Set(drawn.keys))
        for entry in listed {
            #expect(drawn[unsided(entry.name)]?.contains(entry.color) == true, "\(entry.name)")
            #expect((entry.name != unsided(entry.name)) == (drawn[unsided(entry.name)]?.count ?? 0 > 1), "\(entry.name)")
        }
        #expect(listed.count == Set(listed.map { "\($0.name) \($0.color)" }).count)
        #expect(listed.count >= 3)
    }
}
