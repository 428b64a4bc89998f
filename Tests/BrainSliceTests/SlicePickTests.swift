import BrainAtlas
import BrainImage
import Foundation
import Testing
@testable import BrainSlice

/// `slice --pick`: the region under a pixel of exactly the image the same request draws, checked
/// against `where` on the bundled atlas data across planes, crops, scales, bands and mirroring.
@Suite struct SlicePickTests {
    static let slicer = Slicer()

    static func request(_ texts: [String: String]) throws -> SliceRequest {
        try SliceRequest(texts)
    }

    /// Slices with every kind of band: head crop with letters and caption, whole plane with a
    /// legend, radiological, a crosshair, several scales and atlases.
    static let cases: [[String: String]] = [
        ["plane": "axial", "mni": "10", "atlas": "gyri"],
        ["plane": "coronal", "mni": "-20", "atlas": "subcortical", "crop": "none", "legend": "", "scale": "2"],
        ["plane": "sagittal", "mni": "-40", "atlas": "brodmann", "legend": "", "scale": "3"],
        ["plane": "axial", "mni": "40", "atlas": "lobes", "radiological": "", "interp": "nearest", "opacity": "1",
         "letters": "off", "caption": "off"],
        ["plane": "coronal", "at": "-40,-20,50", "atlas": "gyri", "radiological": "", "legend": "", "outline": ""],
    ]

    @Test(arguments: 0..<cases.count) func pickedRegionIsWhereAtTheReportedPoint(_ index: Int) throws {
        let texts = Self.cases[index]
        let request = try Self.request(texts)
        let plan = try Self.slicer.plan(request)
        let library = try Self.slicer.library()
        let lookup = Lookup(library: library)
        let atlas = try #require(texts["atlas"])
        let layout = plan.layout
        var named = 0, onSlice = 0, off = 0
        for y in stride(from: 1, to: layout.height, by: 23) {
            for x in stride(from: 2, to: layout.width, by: 29) {
                let onCaption = plan.captionBox?.contains(x: x, y: y) == true || plan.legendBox?.contains(x: x, y: y) == true
                guard !onCaption, layout.voxel(atPixel: x, y) != nil else {
                    #expect(throws: SliceError.self) { try Slicer.answer(plan, x: x, y: y, plane: request.plane) }
                    do { _ = try Slicer.answer(plan, x: x, y: y, plane: request.plane) } catch {
                        #expect(error.fieldError?.field == "pick")
                    }
                    off += 1
                    continue
                }
                let answer = try Slicer.answer(plan, x: x, y: y, plane: request.plane)
                let mni = try #require(answer.mni)
                let expected = try lookup.lookup(SIMD3(mni[0], mni[1], mni[2]), space: .mni)
                    .atlases.first { $0.name == atlas }?.region
                #expect(answer.region?.id == expected?.id, "\(texts) pixel (\(x), \(y)) at MNI \(mni)")
                // The voxel's mm is on the slice's plane.
                #expect(abs(mni[request.plane.rasAxis] - (Double(texts["mni"] ?? "") ?? mni[request.plane.rasAxis])) < 1e-9)
                onSlice += 1
                if answer.region != nil { named += 1 }
            }
        }
        #expect(onSlice > 200 && named >= 10, "\(texts): \(onSlice) pixels on the slice, \(named) named")
        if texts["legend"] != nil || texts["caption"] == nil { #expect(off > 0, "\(texts): no pixel off the slice was tried") }
    }

    /// With the overlay opaque and voxel blocks, a picked region's colour is the pixel's colour
    /// in the drawn PNG: the pick reads the drawn image's layout, not a copy of it.
    @Test func pickedRegionIsTheColorDrawnThere() throws {
        let request = try Self.request(Self.cases[3])
        let result = try Self.slicer.render(request)
        let image = try PNGDecoder.decode(result.png())
        let plan = try Self.slicer.plan(request)
        #expect(plan.layout == result.layout)
        var compared = 0
        for y in stride(from: 0, to: image.height, by: 7) {
            for x in stride(from: 0, to: image.width, by: 7) {
                guard let answer = try? Slicer.answer(plan, x: x, y: y, plane: request.plane), let region = answer.region else { continue }
                let i = (y * image.width + x) * 4
                let drawn = [image.pixels[i], image.pixels[i + 1], image.pixels[i + 2]].map(Int.init)
                let color = [region.color.r, region.color.g, region.color.b].map(Int.init)
                #expect(zip(drawn, color).allSatisfy { abs($0 - $1) <= 2 }, "pixel (\(x), \(y)): drawn \(drawn), \(region.name) is \(color)")
                compared += 1
            }
        }
        #expect(compared > 500)
    }

    /// The public path reads the same plan, and bad pixels name the `pick` field.
    @Test func publicPickAndBadPixels() throws {
        var texts = Self.cases[2]
        texts["pick"] = "300,400"
        let answer = try Self.slicer.pick(try Self.request(texts))
        let plan = try Self.slicer.plan(try Self.request(Self.cases[2]))
        let same = try Slicer.answer(plan, x: 300, y: 400, plane: .sagittal)
        #expect(answer.region?.id == same.region?.id && answer.mni == same.mni && answer.plane == "sagittal")
        let size = (plan.layout.width, plan.layout.height)
        let bad: [(String, String)] = [
            ("\(size.0),5", "is outside the \(size.0)×\(size.1) image"),
            ("0,0", "is in the band around the slice"),
            ("1,2,3", "is not X,Y (two numbers)"),
            ("-1,4", "outside 0…4095"),
            ("2.5,4", "is not a pixel"),
        ]
        for (pixel, problem) in bad {
            texts["pick"] = pixel
            do {
                _ = try Self.slicer.pick(try Self.request(texts))
                Issue.record("pick \(pixel) was accepted")
            } catch let error as SliceError {
                #expect(error.fieldError?.field == "pick" && error.description.contains(problem), "\(pixel): \(error)")
            }
        }
        let legend = try #require(plan.legendBox)
        texts["pick"] = "\(legend.x + legend.width / 2),\(legend.y + legend.height / 2)"
        #expect(throws: SliceError.self) { try Self.slicer.pick(try Self.request(texts)) }
    }
}
