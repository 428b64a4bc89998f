import Foundation
import Testing
@testable import AtlasBuild
import BrainAtlas
import BrainFormats

@Suite struct PaletteTests {
    static func regions(_ n: Int) -> [Recipe.RegionRecipe] {
        (0..<n).map { Recipe.RegionRecipe(sourceLabel: "r\($0)", name: "R\($0)", hemisphere: .left) }
    }

    /// A 6 × 6 grid of regions, each touching its 4-neighbours.
    static let grid: RegionAdjacency = {
        var labels = [UInt16](), triangles = [SIMD3<Int32>]()
        for y in 0..<6 { for x in 0..<6 { labels.append(UInt16(y * 6 + x + 1)) } }
        for y in 0..<5 { for x in 0..<5 {
            let i = Int32(y * 6 + x)
            triangles += [SIMD3(i, i + 1, i + 6), SIMD3(i + 1, i + 7, i + 6)]
        } }
        return RegionAdjacency(labels: [labels], triangles: [triangles])
    }()

    @Test func labValuesMatchTheStandard() {
        let red = CIELab(RGB(255, 0, 0))
        #expect(abs(red.l - 53.24) < 0.05 && abs(red.a - 80.09) < 0.05 && abs(red.b - 67.20) < 0.05)
        #expect(abs(CIELab(RGB(255, 255, 255)).l - 100) < 0.01 && abs(CIELab(RGB(255, 255, 255)).chroma) < 0.01)
        #expect(CIELab(RGB(0, 0, 0)).l == 0)
        for c in [RGB(12, 200, 77), RGB(255, 255, 255), RGB(90, 30, 240)] { #expect(CIELab(c).rgb == c) }
        #expect(CIELab(l: 50, a: 120, b: -120).rgb == nil)
    }

    @Test func adjacencyListsEachTouchingPairOnce() {
        #expect(Self.grid.pairs.count == 5 * 6 * 2 + 25)   // right, down, and the diagonal of each cell
        #expect(Self.grid.pairs.contains(.init(1, 2)) && Self.grid.pairs.contains(.init(2, 7)))
        #expect(!Self.grid.pairs.contains(.init(1, 8)))
    }

    @Test func distinctPalettesSeparateEveryTouchingPair() {
        // Near-identical source colours, one pure white and one near black (the Brodmann failures).
        var colors = (0..<36).map { RGB(200, UInt8(100 + $0 % 3), 60) }
        colors[3] = RGB(255, 255, 255); colors[9] = RGB(8, 8, 8)
        let before = ColorContrast(colors: colors, adjacency: Self.grid)
        #expect(before.minimumTouching < 2)
        let drawn = Palette.derive(colors: colors, regions: Self.regions(36), pairs: .init(touching: Self.grid), mode: .distinct)
        let after = ColorContrast(colors: drawn, adjacency: Self.grid)
        #expect(after.minimumTouching >= Palette.touchingTarget)
        #expect(after.minimumToSurroundings >= 10)
        #expect(drawn == Palette.derive(colors: colors, regions: Self.regions(36), pairs: .init(touching: Self.grid), mode: .distinct))
    }

    @Test func networkShadesKeepTheHueAndSeparateMostPairs() {
        let blue = RGB(70, 130, 180)
        let colors = [RGB](repeating: blue, count: 36)
        let drawn = Palette.derive(colors: colors, regions: Self.regions(36), pairs: .init(touching: Self.grid), mode: .networkShades)
        let after = ColorContrast(colors: drawn, adjacency: Self.grid)
        #expect(after.shareDistinct >= 0.95, "\(after)")
        #expect(after.minimumToSurroundings >= 10)
        let hue = { (c: RGB) -> Double in let l = CIELab(c); return atan2(l.b, l.a) * 180 / .pi }
        for c in drawn {
            var d = abs(hue(c) - hue(blue)); if d > 180 { d = 360 - d }
            #expect(d <= 20, "\(c) leaves the hue family")
        }
    }

    @Test func regionsSeenTogetherAreToldApartWithFewChanges() {
        // Well separated source colours on the grid, except two far-apart regions seen together
        // in one view with the same colour.
        let colors = Palette.derive(colors: [RGB](repeating: RGB(200, 60, 60), count: 36), regions: Self.regions(36),
                                    pairs: .init(touching: Self.grid), mode: .distinct)
        var same = colors
        same[35] = same[0]
        let seen: Set<RegionAdjacency.Pair> = [.init(1, 36), .init(1, 18)]
        let before = ColorContrast(colors: same, adjacency: Self.grid, coVisible: seen)
        #expect(before.minimumCoVisible == 0)
        let drawn = Palette.derive(colors: same, regions: Self.regions(36), pairs: .init(touching: Self.grid, coVisible: seen), mode: nil)
        let after = ColorContrast(colors: drawn, adjacency: Self.grid, coVisible: seen)
        #expect(after.minimumCoVisible! >= Palette.coVisibleTarget)
        #expect(after.minimumTouching >= Palette.touchingTarget)
        #expect(zip(same, drawn).filter { $0 != $1 }.count <= 2, "only the colliding regions change")
    }

    @Test func theColorBlindPaletteKeepsBordersUnderEverySimulation() {
        // Red and green of equal lightness side by side: deuteranopes see one colour.
        let colors = (0..<36).map { i -> RGB in (i / 6 + i % 6) % 2 == 0 ? RGB(200, 80, 60) : RGB(90, 140, 40) }
        let before = ColorContrast(colors: colors, adjacency: Self.grid)
        #expect(before.minimumTouchingSimulated["deutan"]! < 12)
        let cvd = Palette.deriveColorBlind(drawn: colors, regions: Self.regions(36), pairs: .init(touching: Self.grid), mode: nil)
        let after = ColorContrast(colors: cvd, adjacency: Self.grid)
        for vision in ColorVisionSimulation.allCases {
            #expect(after.minimumTouchingSimulated[vision.rawValue]! >= Palette.simulatedTarget, "\(vision)")
        }
        #expect(cvd == Palette.deriveColorBlind(drawn: colors, regions: Self.regions(36), pairs: .init(touching: Self.grid), mode: nil))
    }

    @Test func theColorBlindPaletteKeepsRegionsSideBySideApartAndTheBuildChecksIt() throws {
        // Regions 1 and 36 share no mesh edge but meet on screen (folding); red and green of equal
        // lightness, which deuteranopes see as one colour.
        var colors = Palette.derive(colors: [RGB](repeating: RGB(200, 60, 60), count: 36), regions: Self.regions(36),
                                    pairs: .init(touching: Self.grid), mode: .distinct)
        colors[0] = RGB(200, 80, 60); colors[35] = RGB(90, 140, 40)
        let seen: Set<RegionAdjacency.Pair> = [.init(1, 36)]
        let pairs = Palette.Pairs(touching: Self.grid, sideBySide: seen)
        let before = ColorContrast(colors: colors, adjacency: Self.grid, sideBySide: seen)
        #expect(before.minimumSideBySideSimulated["deutan"]! < Palette.simulatedCoVisibleTarget)
        let check = PaletteCheck(pairs: pairs, colorBlind: true, mode: nil)
        #expect(throws: BuildError.self) { try check.verify(colors, regions: Self.regions(36), atlas: "test") }
        let cvd = Palette.deriveColorBlind(drawn: colors, regions: Self.regions(36), pairs: pairs, mode: nil)
        let after = ColorContrast(colors: cvd, adjacency: Self.grid, sideBySide: seen)
        for vision in ColorVisionSimulation.allCases {
            #expect(after.minimumSideBySideSimulated[vision.rawValue]! >= Palette.simulatedCoVisibleTarget, "\(vision)")
            #expect(after.minimumTouchingSimulated[vision.rawValue]! >= Palette.simulatedTarget, "\(vision)")
        }
        try check.verify(cvd, regions: Self.regions(36), atlas: "test")
    }

    @Test func sourceColorsStayUnlessTheyFailOnTheirOwn() {
        var colors: [RGB] = []
        for i in 0..<36 {
            let r = 220 - i * 3, g = 60 + i * 4, b = 40
            colors.append(RGB(UInt8(r), UInt8(g), UInt8(b)))
        }
        colors[7] = RGB(70, 70, 70)      // a dark grey reads as a hole
        let drawn = Palette.derive(colors: colors, regions: Self.regions(36), pairs: .init(touching: Self.grid), mode: .source)
        for i in 0..<36 where i != 7 { #expect(drawn[i] == colors[i]) }
        #expect(CIELab(drawn[7]).chroma >= Palette.minimumChroma)
    }
}

/// Colour contrast of the built AtlasData, measured on the pial mesh (needs a build with palettes).
@Suite struct AtlasDataColorTests {
    static let root = AtlasBuildFixture.atlasData

    static func contrast(_ atlas: Catalog.Atlas) throws -> ColorContrast {
        var labels: [[UInt16]] = [], triangles: [[SIMD3<Int32>]] = []
        let library = try AtlasLibrary.open(data: root.path)
        for (side, mesh) in [(Hemisphere.left, "lh"), (.right, "rh")] {
            labels.append(try library.atlas(named: atlas.name).surfaceLabels(side).regionIds.map { UInt16($0) })
            let t = try SRFFile.read(from: root.appendingPathComponent("meshes/\(mesh).pial.srf")).triangles
            triangles.append(stride(from: 0, to: t.count, by: 3).map { SIMD3(t[$0], t[$0 + 1], t[$0 + 2]) })
        }
        let byId = atlas.regions.sorted { $0.id < $1.id }.map(\.color)
        return ColorContrast(colors: byId, adjacency: RegionAdjacency(labels: labels, triangles: triangles))
    }

    @Test func brodmannNeighboursDifferAndParcelsKeepTheirNetworks() throws {
        let catalog = try Catalog.read(from: Self.root.appendingPathComponent("catalog.json"))
        let brodmann = try #require(catalog.atlases.first { $0.name == "brodmann" })
        #expect(try Self.contrast(brodmann).minimumTouching >= 15)
        #expect(brodmann.regions.filter { $0.sourceColor != nil }.count >= 80)
        let parcels = try #require(catalog.atlases.first { $0.name == "parcels" })
        #expect(try Self.contrast(parcels).shareDistinct >= 0.95)
        for atlas in catalog.atlases where atlas.files.poi != nil {
            #expect(try Self.contrast(atlas).minimumToSurroundings >= 10, "\(atlas.name)")
        }
        // Most Desikan-Killiany colours stay; the temporal pole's grey does not.
        let gyri = try #require(catalog.atlases.first { $0.name == "gyri" })
        let changed = Set(gyri.regions.filter { $0.sourceColor != nil }.map(\.sourceLabel))
        #expect(changed.contains("temporalpole") && changed.count <= 20, "\(changed.count) changed")
        for name in ["lobes", "gyri", "sulci", "brodmann", "functional"] {
            let atlas = try #require(catalog.atlases.first { $0.name == name })
            #expect(try Self.contrast(atlas).minimumTouching >= Palette.touchingTarget, "\(name)")
        }
    }

    /// The colour-blind palette as stored in the catalog (`cvdColor`, else `color` where that
    /// already serves): bordering regions apart under protan, deutan and tritan simulation by the
    /// palette's rule (`Palette.touchingRule`: 15, or 12 for network shades), in every cortical atlas.
    @Test func theColorBlindPaletteKeepsBordersApart() throws {
        let catalog = try Catalog.read(from: Self.root.appendingPathComponent("catalog.json"))
        let recipe = try Recipe.load(from: Recipe.repositoryURL)
        for var atlas in catalog.atlases where atlas.files.poi != nil {
            for i in atlas.regions.indices { atlas.regions[i].color = atlas.regions[i].cvdColor ?? atlas.regions[i].color }
            let seen = try Self.contrast(atlas).minimumTouchingSimulated
            let mode = recipe.atlases.first { $0.name == atlas.name }?.palette
            let target = Palette.touchingRule(colorBlind: true, mode: mode).simulated
            #expect(target >= 12)
            for vision in ColorVisionSimulation.allCases {
                #expect(seen[vision.rawValue]! >= target, "\(atlas.name) \(vision): \(seen[vision.rawValue]!)")
            }
        }
    }
}
