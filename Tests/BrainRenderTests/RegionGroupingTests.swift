import Testing
@testable import BrainRender

@Suite struct RegionGroupingTests {
    @Test func majorityWinsAndTiesGoToTheFirstVertex() {
        #expect(RegionGrouping.triangleLabel(3, 3, 5) == 3)
        #expect(RegionGrouping.triangleLabel(5, 3, 3) == 3)
        #expect(RegionGrouping.triangleLabel(3, 5, 3) == 3)
        #expect(RegionGrouping.triangleLabel(7, 5, 3) == 7)
        #expect(RegionGrouping.triangleLabel(0, 2, 2) == 2)
    }

    @Test func rangesAreContiguousSortedAndKeepEveryTriangle() {
        // Four triangles over six vertices with labels 2,2,1,1,0,2.
        let triangles: [UInt32] = [0, 1, 2, 2, 3, 4, 3, 4, 5, 0, 1, 5]
        let grouping = RegionGrouping(triangles: triangles, vertexLabels: [2, 2, 1, 1, 0, 2])
        // Triangle labels: (2,2,1)→2, (1,1,0)→1, (1,0,2)→1 (tie → first), (2,2,2)→2.
        #expect(grouping.ranges == [
            .init(label: 1, triangleStart: 0, triangleCount: 2),
            .init(label: 2, triangleStart: 2, triangleCount: 2),
        ])
        #expect(grouping.originalTriangle == [1, 2, 0, 3])
        #expect(grouping.sortedTriangles == [2, 3, 4, 3, 4, 5, 0, 1, 2, 0, 1, 5])
    }
}
