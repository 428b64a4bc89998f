import BrainFormats
import Testing
@testable import BrainAtlas

/// The one nearest-region search (`LabelVolume.nearestLabel` over `ShellOffsets`), with and without a distance
/// field and with a region excluded, gives exactly a plain cube scan's answer: label, distance and voxel, ties included.
@Suite struct NearestRegionSearchTests {
    /// The straightforward reference: every voxel of the cube, the first strictly nearer one kept (z, y, x order).
    static func cubeScan(_ v: LabelVolume, excluding excluded: Int, x: Int, y: Int, z: Int, radius: Double) -> LabelHit? {
        let r = Int(radius.rounded(.down))
        var best: (label: Int, d2: Int, voxel: VoxelIndex)?
        for dz in -r...r { for dy in -r...r { for dx in -r...r {
            let d2 = dx * dx + dy * dy + dz * dz
            guard Double(d2) <= radius * radius, d2 < (best?.d2 ?? Int.max) else { continue }
            let value = v.label(x: x + dx, y: y + dy, z: z + dz)
            if value != 0 && value != excluded { best = (value, d2, VoxelIndex(x + dx, y + dy, z + dz)) }
        } } }
        return best.map { LabelHit(label: $0.label, distance: Double($0.d2).squareRoot(), voxel: $0.voxel) }
    }

    @Test(arguments: [0.0, 3.0, 10.0, 12.5]) func sameAnswerAsTheCubeScan(radius: Double) throws {
        let n = LabelVolume.frameSize
        var labels = [UInt16](repeating: 0, count: n * n * n)
        // Small labelled boxes and single voxels, some close together so that ties and near-ties occur.
        let boxes: [(SIMD3<Int>, SIMD3<Int>, UInt16)] = [(SIMD3(100, 100, 100), SIMD3(104, 103, 106), 1), (SIMD3(110, 100, 100), SIMD3(111, 101, 101), 2),
                                                         (SIMD3(105, 112, 103), SIMD3(105, 112, 103), 3), (SIMD3(98, 92, 108), SIMD3(99, 92, 109), 4)]
        for (low, high, label) in boxes {
            for z in low.z...high.z { for y in low.y...high.y { for x in low.x...high.x { labels[x + n * (y + n * z)] = label } } }
        }
        let volume = try LabelVolume(frameLabels: labels, source: "test")
        let shells = ShellOffsets.reaching(radius)
        let field = LabelDistanceField(labels: volume, radius: radius)
        var state: UInt64 = 11
        func next(_ range: ClosedRange<Int>) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return range.lowerBound + Int((state >> 33) % UInt64(range.count))
        }
        // Random points around the boxes, then a line through boxes 1 and 2, whose points have borders.
        let points = (0..<150).map { _ in (next(88...122), next(85...125), next(88...122)) } + (96...114).map { ($0, 101, 100) }
        var found = 0, borders = 0
        for (x, y, z) in points {
            let here = volume.label(x: x, y: y, z: z)
            let want = Self.cubeScan(volume, excluding: 0, x: x, y: y, z: z, radius: radius)
            #expect(volume.nearestLabel(x: x, y: y, z: z, radius: radius, shells: shells) == want, "at \(x), \(y), \(z)")
            #expect(volume.nearestLabel(x: x, y: y, z: z, radius: radius, shells: shells, field: field) == want, "field at \(x), \(y), \(z)")
            // The border of the region at the point: the field (distances to any label) must not cut it short.
            let border = Self.cubeScan(volume, excluding: here, x: x, y: y, z: z, radius: radius)
            #expect(volume.nearestLabel(other: here, x: x, y: y, z: z, radius: radius, shells: shells, field: field) == border,
                    "border at \(x), \(y), \(z)")
            // The field's distance is the exact Euclidean one, whatever the tie.
            if here == 0 { #expect(field.squaredDistance(x: x, y: y, z: z).map { Double($0).squareRoot() } == want?.distance) }
            if want != nil { found += 1 }
            if here != 0 && border != nil { borders += 1 }
        }
        if radius >= 10 { #expect(found > 50 && borders > 5, "\(found) nearest, \(borders) borders") }  // the test reaches labels and borders, not only empty space
    }

    /// A field computed for a smaller radius than the search is not trusted to prove a point empty.
    @Test func aNarrowerFieldIsIgnored() throws {
        let n = LabelVolume.frameSize
        var labels = [UInt16](repeating: 0, count: n * n * n)
        labels[100 + n * (100 + n * 100)] = 5
        let volume = try LabelVolume(frameLabels: labels, source: "test")
        let narrow = LabelDistanceField(labels: volume, radius: 2)
        let hit = volume.nearestLabel(x: 106, y: 100, z: 100, radius: 10, field: narrow)
        #expect(hit == LabelHit(label: 5, distance: 6, voxel: VoxelIndex(100, 100, 100)))
    }

    /// `where` with every atlas's distance field (as the server builds them) gives the same bytes as without, on the
    /// real atlases: random points over the head, some near the label boxes' faces, with borders and nearest regions.
    @Test func whereWithDistanceFieldsAnswersAsWithout() throws {
        let library = try #require(try Fixture.realLibrary(), "AtlasData has no label volumes")
        var fields: [String: LabelDistanceField] = [:]
        for atlas in library.atlases where atlas.hasLabelVolume { fields[atlas.name] = Lookup.distanceField(try atlas.labelVolume()) }
        let plain = Lookup(library: library), fast = Lookup(library: library, fields: fields)
        var state: UInt64 = 5
        func next(_ range: ClosedRange<Double>) -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return range.lowerBound + Double(state >> 11) / Double(1 << 53) * (range.upperBound - range.lowerBound)
        }
        var borders = 0, nearest = 0
        for _ in 0..<400 {
            let point = SIMD3(next(-80...80), next(-120...85), next(-60...90))
            let want = try plain.lookup(point, space: .mni)
            #expect(try BrainJSON.encode(fast.lookup(point, space: .mni)) == BrainJSON.encode(want), "at \(point)")
            borders += want.details.values.filter { $0.border != nil }.count
            nearest += want.nearest.count
        }
        #expect(borders > 400 && nearest > 100, "\(borders) borders, \(nearest) nearest regions")
    }
}
