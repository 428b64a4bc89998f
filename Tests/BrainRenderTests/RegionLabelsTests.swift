import BrainAtlas
import BrainImage
import Foundation
import Testing
@testable import BrainRender

/// `--labels` and `--legend` on the bundled atlases: placements stay in the image, never overlap
/// each other, the legend or the orientation cue, sit on their own region in the pick pass, and the
/// legend lists exactly the visible regions in the colours drawn (skipped without AtlasData).
@Suite(.serialized, .enabled(if: BundledAtlas.assets != nil, "AtlasData with meshes not built"))
struct RegionLabelsTests {
    struct Case: CustomStringConvertible {
        let atlas: String, view: ViewName, hemi: SceneRequest.HemisphereChoice?, width: Int, height: Int
        var description: String { "\(atlas) \(view) \(width)×\(height)" }
    }

    static let cases = [
        Case(atlas: "gyri", view: .lateral, hemi: .left, width: 640, height: 480),
        Case(atlas: "lobes", view: .medial, hemi: .right, width: 640, height: 480),
        Case(atlas: "brodmann", view: .superior, hemi: nil, width: 512, height: 384),
        Case(atlas: "subcortical", view: .lateral, hemi: .left, width: 512, height: 384),
        Case(atlas: "gyri", view: .superior, hemi: nil, width: 1024, height: 768),
    ]

    static func request(_ c: Case) throws -> SceneRequest {
        try AtlasViewTests.request(c.atlas, c.view, c.hemi, ["size": "\(c.width)x\(c.height)", "aa": "off",
                                                             "labels": "on", "legend": "on", "orientation": "on"])
    }

    @Test(arguments: cases) func labelsStayInsideTheImageAndNeverOverlap(_ c: Case) throws {
        let request = try Self.request(c)
        let context = try GLContext(width: request.width, height: request.height)
        var frame = try DrawnFrame(try AtlasScene.build(request, assets: BundledAtlas.assets!), context: context)
        let scene = frame.scene
        let index = try frame.indexImage(context: context)
        let map = try frame.regionMap(context: context)
        let notes = try #require(try frame.annotations(context: context))
        let labels = try #require(notes.labels)
        let image = PixelRect(x: 0, y: 0, width: c.width, height: c.height)
        #expect(labels.placements.count >= 3, "\(c): \(labels.placements.count) labels")
        var others = [notes.cue?.box, notes.legend?.box].compactMap { $0 }
        for p in labels.placements {
            #expect(image.contains(p.box), "\(c): \(p.line.text) at \(p.box)")
            for o in others { #expect(!o.intersects(p.box), "\(c): \(p.line.text) \(p.box) overlaps \(o)") }
            others.append(p.box)
            // The anchor is a pixel of the region in the pick pass, and the name is the region's; a region
            // named through the key shows its number there, and its key line ("1 Name") lies off the brain.
            let keyed = labels.keyed.first { $0.region == p.region }
            let keyLine = keyed.map { p.line.text == "\($0.number) \($0.name)" } ?? false
            if !keyLine {
                let id = try index.id(x: p.anchorX, y: p.anchorY)
                #expect(scene.target(id: id)?.region == map.regions[p.region], "\(c): \(p.line.text)")
            }
            #expect(p.line.text == (keyed.map { keyLine ? "\($0.number) \($0.name)" : "\($0.number)" } ?? map.regions[p.region].labelName))
            if p.leader || keyLine {
                // Outside the brain: no drawn pixel under the label.
                for y in p.box.y..<p.box.maxY { for x in p.box.x..<p.box.maxX { #expect(index.ids[y * c.width + x] == 0) } }
            } else {
                // Inside: the anchor is under the name's ink.
                #expect(p.box.contains(x: p.anchorX, y: p.anchorY))
            }
        }
        // A name is written once.
        let names = labels.placements.map(\.line.text)
        #expect(Set(names).count == names.count)
    }

    /// Every region covering at least 1 % of the picture gets its name: long names break over two
    /// lines inside, and thin regions deep in the picture (sulci) take a leader from their edge.
    @Test(arguments: [("gyri", true, 1024), ("sulci", false, 1024), ("brodmann", true, 1024), ("gyri", true, 640),
                      ("gyri", false, 640), ("lobes", true, 640)])
    func everyLargeRegionIsNamed(_ atlas: String, _ legend: Bool, _ width: Int) throws {
        let request = try AtlasViewTests.request(atlas, .lateral, .left, ["size": "\(width)x\(width * 3 / 4)", "labels": "on",
                                                                          "legend": legend ? "on" : "off"])
        let context = try GLContext(width: request.width, height: request.height)
        var frame = try DrawnFrame(try AtlasScene.build(request, assets: BundledAtlas.assets!), context: context)
        let labels = try #require(try frame.annotations(context: context)?.labels)
        let map = try frame.regionMap(context: context)
        let named = Set(labels.placements.map(\.region))
        for r in map.regions.indices where map.pixels[r] * 100 >= request.width * request.height {
            #expect(named.contains(r), "\(atlas): \(map.regions[r].name) (\(map.pixels[r]) px) has no label")
        }
    }

    @Test(arguments: cases) func legendListsExactlyTheVisibleRegionsInTheirColors(_ c: Case) throws {
        let request = try Self.request(c)
        if min(c.width, c.height) < SceneRequest.minimumLegendSide {
            // Too small for a legend: the request leaves it out as it is made, and says so.
            #expect(!request.legend && request.legendLeftOut && request.notes.count == 1, "\(c)")
            return
        }
        let context = try GLContext(width: request.width, height: request.height)
        var frame = try DrawnFrame(try AtlasScene.build(request, assets: BundledAtlas.assets!), context: context)
        let scene = frame.scene
        let notes = try #require(try frame.annotations(context: context))
        let plain = try context.renderImage(scene.scene, shading: .flat)
        let index = try frame.indexImage(context: context)
        // Independently: the regions behind the pick ids present, as name + drawn colour.
        var visible: Set<String> = []
        var colors: Set<[UInt8]> = []
        for i in 0..<(c.width * c.height) where index.ids[i] != 0 {
            colors.insert(Array(plain.rgba[(4 * i)..<(4 * i + 3)]))
            guard let t = scene.target(id: index.ids[i]), let region = t.region else { continue }
            let rgb = scene.scene.layers[t.layer].colors[t.range]
            visible.insert("\(region.labelName) \(rgb.r),\(rgb.g),\(rgb.b)")
        }
        // A name listed with a side, "(L)", is that name on one side.
        let listed = notes.legendEntries.map { e -> String in
            let name = e.name.replacingOccurrences(of: " (L)", with: "").replacingOccurrences(of: " (R)", with: "")
            return "\(name) \(e.color.r),\(e.color.g),\(e.color.b)"
        }
        #expect(Set(listed) == visible, "\(c)")
        #expect(listed.count == Set(listed).count)
        // Exact colours show where no see-through layer (the subcortical atlas's glass cortex) covers them.
        if scene.scene.layers.allSatisfy({ $0.opacity == 1 }) {
            for e in notes.legendEntries { #expect(colors.contains([e.color.r, e.color.g, e.color.b]), "\(c): \(e.name)") }
        }
        let layout = try #require(notes.legend)
        #expect(PixelRect(x: 0, y: 0, width: c.width, height: c.height).contains(layout.box))
        #expect(layout.hidden == 0 ? layout.rows.count == listed.count : layout.rows.count - 1 + layout.hidden == listed.count)
    }

    @Test func decorationsLeaveThePickPassAlone() throws {
        let request = try Self.request(Self.cases[0])
        let context = try GLContext(width: request.width, height: request.height)
        let decorated = try AtlasScene.build(request, assets: BundledAtlas.assets!)
        let plain = try AtlasScene.build(try request.with(["labels": "off", "legend": "off", "orientation": "off"]), assets: BundledAtlas.assets!)
        #expect(try context.renderPickImage(decorated.scene).ids == context.renderPickImage(plain.scene).ids)
        let a = try decorated.image(context: context), b = try plain.image(context: context)
        #expect(a.rgba != b.rgba)
    }

    @Test func textSizeFollowsTheImage() {
        #expect(RegionLabels.textSize(width: 1024, height: 768) == 15)
        #expect(RegionLabels.textSize(width: 640, height: 480) == 10)
        #expect(RegionLabels.textSize(width: 64, height: 48) == 10)
    }
}

@Test func labelBackgroundsAreJudgedByLuminance() throws {
    var image = try RGBAImage(width: 40, height: 20, fill: RGBA(0, 0, 0))
    let left = PixelRect(x: 0, y: 0, width: 20, height: 20), right = PixelRect(x: 20, y: 0, width: 20, height: 20)
    image.blend(rect: right, color: RGBA(237, 197, 156))
    #expect(RegionLabels.meanLuminance(image, left) < RegionLabels.darkBackground)
    #expect(RegionLabels.meanLuminance(image, right) > RegionLabels.darkBackground)
    // See-through pixels count as light (the page under a transparent figure).
    let clear = try RGBAImage(width: 4, height: 4, fill: RGBA(0, 0, 0, 0))
    #expect(RegionLabels.meanLuminance(clear, PixelRect(x: 0, y: 0, width: 4, height: 4)) == 1)
}

@Test func highlightedRegionsAreNamedInBold() throws {
    let regular = try TextRenderer(), bold = try TextRenderer(typeface: .system(.bold))
    let region = Region(id: 1, name: "Precentral gyrus", sourceLabel: "precentral", hemisphere: .left, atlas: "gyri",
                        color: RGB(60, 20, 220), lobe: "frontal")
    let other = Region(id: 2, name: "Insula", sourceLabel: "insula", hemisphere: .left, atlas: "gyri",
                       color: RGB(255, 192, 32), lobe: "insula")
    #expect(RegionLabels.renderer(region, [region], regular, bold) === bold)
    #expect(RegionLabels.renderer(other, [region], regular, bold) === regular)
    #expect(RegionLabels.renderer(region, [region], regular, nil) === regular)
    // Bold is set wider: the placement accounts for it.
    #expect(bold.layout(region.name, size: 15).advance > regular.layout(region.name, size: 15).advance)
}
