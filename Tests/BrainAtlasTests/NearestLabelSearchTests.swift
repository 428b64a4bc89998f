import Testing
@testable import BrainAtlas

/// The nearest-first offset search gives exactly the cube scan's answer (label, distance and voxel, ties included).
@Suite struct NearestLabelSearchTests {
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
        let search = NearestLabelSearch(radius: radius)
        let field = LabelDistanceField(labels: volume, radius: radius)
        var state: UInt64 = 11
        func next(_ range: ClosedRange<Int>) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return range.lowerBound + Int((state >> 33) % UInt64(range.count))
        }
        var found = 0
        for _ in 0..<400 {
            let (x, y, z) = (next(88...122), next(85...125), next(88...122))
            let a = volume.nearestLabel(x: x, y: y, z: z, radius: radius)
            let b = search.nearest(in: volume, x: x, y: y, z: z)
            let c = volume.label(x: x, y: y, z: z) != 0 ? a : search.nearest(in: volume, field: field, x: x, y: y, z: z)
            #expect(a?.label == b?.label && a?.distance == b?.distance && a?.voxel == b?.voxel, "at \(x), \(y), \(z)")
            #expect(a?.label == c?.label && a?.distance == c?.distance && a?.voxel == c?.voxel, "field at \(x), \(y), \(z)")
            // The field's distance is the exact Euclidean one, whatever the tie.
            if volume.label(x: x, y: y, z: z) == 0 { #expect(field.squaredDistance(x: x, y: y, z: z).map { Double($0).squareRoot() } == a?.distance) }
            if a != nil { found += 1 }
        }
        if radius >= 10 { #expect(found > 100) }  // the test reaches labels, not only empty space
    }
}
