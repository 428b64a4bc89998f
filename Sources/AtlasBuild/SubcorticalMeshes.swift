import BrainFormats
import Foundation

/// One closed, smoothed surface per subcortical structure from a label volume, merged into one mesh.
public enum SubcorticalMeshes {

    /// The merged mesh and, per vertex, the position in `structures` it belongs to.
    public struct Result: Sendable {
        public var mesh: TriangleMesh
        public var vertexStructure: [Int32]
        /// Smoothness and fidelity of each structure's surface that was built…
        public var quality: [SurfaceQuality] = []
        /// …and the position in `structures` of each (structures without voxels are skipped).
        public var builtStructures: [Int] = []
    }

    /// The build's knobs.
    public struct Options: Sendable {
        /// How one size of structure is meshed.
        public struct Level: Sendable {
            /// Applies to structures with fewer voxels than this (the first level that fits).
            public var below: Int
            /// Field sample spacing, voxels. Small structures are tightly curved and need small
            /// triangles; larger ones are less curved and would cost too many vertices (the web
            /// viewer loads this mesh).
            public var spacing: Double
            /// Gaussian blur of the mask before marching cubes, mm. Large structures from the
            /// resampled aseg (cerebellum, brainstem) carry one-voxel terraces that a 1 mm blur
            /// leaves as ridges; their curvature is low enough for a wider blur.
            public var sigma: Double
            /// Taubin steps. The band, not the step count, decides how far the surface may go, so
            /// large structures (brainstem, cerebellum), whose terraces are long, get many.
            public var iterations: Int
        }

        public var levels: [Level] = [
            Level(below: 6_000, spacing: 0.45, sigma: 1.3, iterations: 300),
            Level(below: 20_000, spacing: 0.6, sigma: 1.6, iterations: 600),
            Level(below: .max, spacing: 0.8, sigma: 1.8, iterations: 1_500),
        ]
        public var smoothing = BoundedSmoothing.Options()
        /// Blur changes (mm) tried in turn while a surface keeps a crease.
        public var sigmaRetries = [0.0, -0.3, 0.3]
        /// Every vertex ends within this distance of the label boundary, mm (`LabelBand`).
        public var boundaryLimit = 1.4
        public init() {}

        func level(voxels: Int) -> Level { levels.first { voxels < $0.below } ?? levels[levels.count - 1] }
    }

    /// For each structure (a set of label values merged into one body, e.g. cerebellum cortex + white
    /// matter) the largest 6-connected piece, cavities filled, blurred and upsampled (`SmoothField`),
    /// marching cubes at iso ½, then volume-keeping smoothing in a band around the label boundary
    /// (`BoundedSmoothing`, `LabelBand`).
    /// Structures without voxels contribute nothing. Output in mm of `voxelToMM`.
    public static func build<L: BinaryInteger & Sendable>(labels: [L], dims: SIMD3<Int>, voxelToMM: [[Double]],
                                                          structures: [[L]], options: Options = .init()) -> Result {
        // Label value → structure position, so one scan finds every structure's box.
        let maxLabel = structures.joined().map { Int($0) }.max() ?? 0
        var owner = [Int32](repeating: -1, count: maxLabel + 1)
        for (s, members) in structures.enumerated() {
            for m in members where m >= 0 && owner[Int(m)] < 0 { owner[Int(m)] = Int32(s) }
        }
        let boxes = boundingBoxes(labels, dims: dims, owner: owner, count: structures.count)
        let m = voxelToMM
        let voxelVolume = abs(m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
                              + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]))
        var result = Result(mesh: TriangleMesh(), vertexStructure: [])
        for s in structures.indices {
            guard let box = boxes[s] else { continue }
            // One voxel of margin so the mask never touches its box.
            let lo = pointwiseMax(box.lo &- 1, .zero), hi = pointwiseMin(box.hi &+ 1, dims &- 1)
            let size = hi &- lo &+ 1
            var voxels = [UInt8](repeating: 0, count: size.x * size.y * size.z)
            for z in 0 ..< size.z {
                for y in 0 ..< size.y {
                    let src = lo.x + dims.x * (lo.y + y + dims.y * (lo.z + z)), dst = size.x * (y + size.y * z)
                    for x in 0 ..< size.x {
                        let l = Int(truncatingIfNeeded: labels[src + x])
                        if l > 0 && l <= maxLabel && owner[l] == Int32(s) { voxels[dst + x] = 1 }
                    }
                }
            }
            // The figures compare with the structure's voxels as labelled; the surface is made
            // from its main piece with cavities filled (blurring bridges one-voxel notches).
            let labelled = VoxelMask(dims: size, voxels: voxels)
            let mask = labelled.largestComponent().filledHoles()
            let a = voxelToMM
            let boxToMM = (0 ..< 3).map { r in
                [a[r][0], a[r][1], a[r][2],
                 a[r][3] + a[r][0] * Double(lo.x) + a[r][1] * Double(lo.y) + a[r][2] * Double(lo.z)]
            }
            let volume = Double(labelled.count) * voxelVolume
            let level = options.level(voxels: mask.count)
            let boundary = LabelBoundary(mask: labelled, voxelToMM: boxToMM)
            // A blur that leaves a thin neck pinched gives a crease there that no smoothing in the
            // band removes; a slightly narrower or wider blur opens or closes the neck. The first
            // blur without creases and within the boundary limit (the band keeps it, unless a vertex
            // had no boundary face within reach) wins, else the one with fewest creases, then least
            // excess distance (earlier on ties).
            var best: (mesh: TriangleMesh, quality: SurfaceQuality)?
            for delta in options.sigmaRetries {
                let built = Self.surface(mask: mask, boxToMM: boxToMM, voxelVolume: voxelVolume, volume: volume, boundary: boundary,
                                         level: level, sigma: level.sigma + delta, options: options)
                func faults(_ q: SurfaceQuality) -> (Int, Double) { (q.creases, max(0, q.maxBoundaryDistance - options.boundaryLimit)) }
                if best == nil || faults(built.quality) < faults(best!.quality) { best = built }
                if faults(built.quality) == (0, 0) { break }
            }
            let (mesh, quality) = best!
            result.quality.append(quality)
            result.builtStructures.append(s)
            result.vertexStructure += [Int32](repeating: Int32(s), count: mesh.vertices.count)
            result.mesh.append(mesh)
        }
        return result
    }

    /// One structure's surface at one blur: marching cubes, its largest piece, bounded smoothing.
    static func surface(mask: VoxelMask, boxToMM: [[Double]], voxelVolume: Double, volume: Double, boundary: LabelBoundary,
                        level: Options.Level, sigma: Double, options: Options) -> (mesh: TriangleMesh, quality: SurfaceQuality) {
        let field = SmoothField(mask: mask, sigma: sigma / Foundation.cbrt(voxelVolume), spacing: level.spacing)
        var raw = MarchingCubes.extract(values: field.values, dims: field.dims, iso: 0.5, voxelToMM: field.fieldToMM(boxToMM))
        // Blurring can cut a one-voxel bridge (the third ventricle's recesses): the small pieces
        // are dropped and the volume step of the smoothing makes up their volume.
        let pieces = raw.pieceSizes
        if pieces.count > 1 { raw = raw.largestComponent() }
        let band = LabelBand(boundary: boundary, limit: Float(options.boundaryLimit))
        var smoothing = options.smoothing
        smoothing.iterations = level.iterations
        let mesh = BoundedSmoothing.smooth(raw, voxelVolume: volume, band: band, options: smoothing)
        var quality = SurfaceQuality(mesh: mesh, boundary: boundary, voxelVolume: volume)
        quality.droppedPieces = Array(pieces.dropFirst())
        return (mesh, quality)
    }

    static func boundingBoxes<L: BinaryInteger>(_ labels: [L], dims: SIMD3<Int>, owner: [Int32],
                                                 count: Int) -> [(lo: SIMD3<Int>, hi: SIMD3<Int>)?] {
        var lo = [SIMD3<Int>](repeating: dims, count: count), hi = [SIMD3<Int>](repeating: SIMD3(repeating: -1), count: count)
        let top = owner.count
        for z in 0 ..< dims.z {
            for y in 0 ..< dims.y {
                let row = dims.x * (y + dims.y * z)
                for x in 0 ..< dims.x {
                    let l = Int(truncatingIfNeeded: labels[row + x])
                    guard l > 0, l < top else { continue }
                    let s = Int(owner[l])
                    guard s >= 0 else { continue }
                    lo[s] = pointwiseMin(lo[s], SIMD3(x, y, z))
                    hi[s] = pointwiseMax(hi[s], SIMD3(x, y, z))
                }
            }
        }
        return (0 ..< count).map { hi[$0].x < 0 ? nil : (lo[$0], hi[$0]) }
    }
}
