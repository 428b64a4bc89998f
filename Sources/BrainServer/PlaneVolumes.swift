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
        /// `PlaneSection.smallestPiece` (mm²): the viewer leaves smaller pieces off its planes too.
        let smallestPiece: Int
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
            let n = CanonicalFrame.size
            // Plain integer loops over the bytes: a pass over 16.7 M voxels must stay quick in a
            // debug build too, where generic SIMD helpers are not inlined.
            var lowBV = (x: n, y: n, z: n), highBV = (x: -1, y: -1, z: -1)
            template.voxels.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
                let bytes = raw.bindMemory(to: UInt8.self)
                for z in 0..<n {
                    for y in 0..<n {
                        let row = n * (y + n * z)
                        var first = -1, last = -1
                        for x in 0..<n where bytes[row + x] >= floor {
                            if first < 0 { first = x }
                            last = x
                        }
                        guard first >= 0 else { continue }
                        lowBV = (min(lowBV.x, first), min(lowBV.y, y), min(lowBV.z, z))
                        highBV = (max(highBV.x, last), max(highBV.y, y), max(highBV.z, z))
                    }
                }
            }
            guard highBV.x >= 0 else { low = .zero; high = .zero; return }
            // MNI (x, y, z) = centre − (BV z, BV x, BV y): the low MNI corner is the high BV one.
            let c = CanonicalFrame.centre
            low = SIMD3(c - highBV.z, c - highBV.x, c - highBV.y)
            high = SIMD3(c - lowBV.z, c - lowBV.x, c - lowBV.y)
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

    /// The frame voxel index of every sample, in the body's order (MNI x fastest).
    static func sampleIndices(_ box: Box, step: Int) -> [Int] {
        let dims = box.dims(step: step)
        var indices = [Int](repeating: 0, count: dims.x * dims.y * dims.z)
        let c = CanonicalFrame.centre, n = CanonicalFrame.size
        var at = 0
        for k in 0..<dims.z {
            let bvY = c - (box.low.z + k * step)
            for j in 0..<dims.y {
                let bvX = c - (box.low.y + j * step)
                for i in 0..<dims.x {
                    let bvZ = c - (box.low.x + i * step)
                    indices[at] = bvX + n * (bvY + n * bvZ)
                    at += 1
                }
            }
        }
        return indices
    }

    static func grey(template: VMRFile, box: Box, step: Int) throws -> Data {
        let floor = UInt8(PlaneSection.greyWindow.low)
        let dropped = greyBitsDropped(step: step)
        let mask = UInt8(truncatingIfNeeded: 0xFF << dropped)
        let indices = sampleIndices(box, step: step)
        var grey = [UInt8](repeating: 0, count: indices.count)
        template.voxels.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            let bytes = raw.bindMemory(to: UInt8.self)
            for (at, index) in indices.enumerated() {
                let g = bytes[index]
                // The head's edge is the threshold `floor`: a value at or above it stays there.
                grey[at] = g < floor ? 0 : max(floor, g & mask)
            }
        }
        return try SceneBinary.encode(header: header("grey", atlas: nil, box: box, step: step), arrays: [("grey", .u8(grey))])
    }

    /// Label ids as `u8` when every id fits a byte, else `u16`.
    static func labels(_ volume: LabelVolume?, atlas: String, idCount: Int, box: Box, step: Int) throws -> Data {
        let indices = sampleIndices(box, step: step)
        var ids = [UInt16](repeating: 0, count: indices.count)
        if let volume {
            let n = CanonicalFrame.size
            for (at, index) in indices.enumerated() {
                ids[at] = UInt16(truncatingIfNeeded: volume.label(x: index % n, y: (index / n) % n, z: index / (n * n)))
            }
        }
        let array: SceneBinary.Array32 = idCount <= 256 ? .u8(ids.map { UInt8(truncatingIfNeeded: $0) }) : .u16(ids)
        return try SceneBinary.encode(header: header("labels", atlas: atlas, box: box, step: step), arrays: [("labels", array)])
    }

    static func header(_ content: String, atlas: String?, box: Box, step: Int) -> Header {
        let dims = box.dims(step: step)
        return Header(content: content, atlas: atlas, step: step, dims: [dims.x, dims.y, dims.z],
                      origin: [box.low.x, box.low.y, box.low.z], greyFloor: Int(PlaneSection.greyWindow.low),
                      smallestPiece: PlaneSection.smallestPiece,
                      greyBitsDropped: content == "grey" ? greyBitsDropped(step: step) : 0)
    }
}
