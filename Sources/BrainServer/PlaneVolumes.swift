import BrainAtlas
import BrainFormats
import BrainRender
import Foundation
import Synchronization

/// The slicing mode's volumes for clients that cut the planes themselves (the WebGL viewer): the
/// template grey and an atlas's label ids over the head's bounding box, in MNI order, whole (1 mm)
/// or every second voxel (2 mm, the coarse first picture). Cutting a plane from these gives the
/// texels `render --planes` cuts (`PlaneSectionBuilder`), so a plane moves with no request.
enum PlaneVolumes {
    /// The two voxel steps served: the full template grid, and every second voxel.
    static let steps = [1, 2]

    /// A volume body's header. Voxel (i, j, k) of the array has its centre at MNI
    /// `origin + step · (i, j, k)` mm and index `i + dims[0] · (j + dims[1] · k)`.
    struct Header: SceneBinary.Header {
        var kind = "volume"
        /// `grey` (the template) or `labels` (region ids of `atlas`).
        let content: String
        let atlas: String?
        let step: Int
        let dims: [Int]
        let origin: [Int]
        /// Grey below this value (the display window's low end, drawn black) is sent as 0, and
        /// the grey's lowest bits are dropped (`greyBitsDropped`, never below this value): neither
        /// moves a texel across the head's edge, whose threshold this value is.
        let greyFloor: Int
        let greyBitsDropped: Int
        var arrays: [SceneBinary.ArrayEntry] = []
    }

    /// The head's bounding box in MNI mm (inclusive): every voxel at or above the window's low end.
    /// Outside it every voxel is air, so a plane's head mask (dark texels joined to its border)
    /// is the same whether its flood starts at the frame's border or the box's.
    struct Box: Sendable {
        let low: SIMD3<Int>
        let high: SIMD3<Int>

        init(template: VMRFile) {
            let floor = UInt8(PlaneSection.greyWindow.low)
            var low = SIMD3(repeating: Int.max), high = SIMD3(repeating: Int.min)
            template.voxels.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
                for index in 0..<CanonicalFrame.voxelCount where raw[index] >= floor {
                    let v = CanonicalFrame.voxel(index)
                    let m = CanonicalFrame.mni(v.x, v.y, v.z)
                    let p = SIMD3(m.x, m.y, m.z)
                    low = pointwiseMin(low, p)
                    high = pointwiseMax(high, p)
                }
            }
            if low.x > high.x { low = .zero; high = .zero }
            self.low = low
            self.high = high
        }

        /// The voxel count per axis at `step` (samples at low, low + step, … ≤ high).
        func dims(step: Int) -> SIMD3<Int> { (high &- low) / step &+ 1 }
    }

    /// The box once found (a pass over the whole template), shared by every request.
    final class BoxMemo: Sendable {
        let value = Mutex<Box?>(nil)
    }

    /// Bits of grey dropped per step: the full grid keeps 7 bits (two grey levels per display
    /// level at most), the coarse picture 5, a third of its bytes.
    static func greyBitsDropped(step: Int) -> Int { step == 1 ? 1 : 3 }

    /// Calls `body` with the frame voxel index of every sample, in the body's order.
    static func forEachSample(_ box: Box, step: Int, _ body: (Int) -> Void) {
        let dims = box.dims(step: step)
        for k in 0..<dims.z {
            for j in 0..<dims.y {
                for i in 0..<dims.x {
                    let m = box.low &+ SIMD3(i, j, k) &* step
                    let v = CanonicalFrame.voxel(mniX: m.x, mniY: m.y, mniZ: m.z)
                    body(CanonicalFrame.index(v.x, v.y, v.z))
                }
            }
        }
    }

    static func grey(template: VMRFile, box: Box, step: Int) throws -> Data {
        let floor = UInt8(PlaneSection.greyWindow.low)
        let dropped = greyBitsDropped(step: step)
        let mask = UInt8(truncatingIfNeeded: 0xFF << dropped)
        var grey: [UInt8] = []
        grey.reserveCapacity(box.dims(step: step).x * box.dims(step: step).y * box.dims(step: step).z)
        template.voxels.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            forEachSample(box, step: step) { index in
                let g = raw[index]
                // The head's edge is the threshold `floor`: a value at or above it stays there.
                grey.append(g < floor ? 0 : max(floor, g & mask))
            }
        }
        return try SceneBinary.encode(header: header("grey", atlas: nil, box: box, step: step), arrays: [("grey", .u8(grey))])
    }

    /// Label ids as `u8` when every id fits a byte, else `u16`.
    static func labels(_ volume: LabelVolume?, atlas: String, idCount: Int, box: Box, step: Int) throws -> Data {
        var ids: [UInt16] = []
        forEachSample(box, step: step) { index in
            let v = CanonicalFrame.voxel(index)
            ids.append(UInt16(truncatingIfNeeded: volume?.label(x: v.x, y: v.y, z: v.z) ?? 0))
        }
        let array: SceneBinary.Array32 = idCount <= 256 ? .u8(ids.map { UInt8(truncatingIfNeeded: $0) }) : .u16(ids)
        return try SceneBinary.encode(header: header("labels", atlas: atlas, box: box, step: step), arrays: [("labels", array)])
    }

    static func header(_ content: String, atlas: String?, box: Box, step: Int) -> Header {
        let dims = box.dims(step: step)
        return Header(content: content, atlas: atlas, step: step, dims: [dims.x, dims.y, dims.z],
                      origin: [box.low.x, box.low.y, box.low.z], greyFloor: Int(PlaneSection.greyWindow.low),
                      greyBitsDropped: content == "grey" ? greyBitsDropped(step: step) : 0)
    }
}
