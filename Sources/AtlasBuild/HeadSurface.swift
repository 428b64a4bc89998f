import BrainFormats

/// The scalp surface of the template T1: threshold, largest piece, closing, hole filling,
/// marching cubes on a downsampled mask, Taubin smoothing, a smoothed rim where the field of view
/// cuts the head, the cap there with its own vertices (`HeadCut`). Output in RAS mm, outward CCW.
public enum HeadSurface {
    /// The build's knobs; defaults: threshold 15 on the template's 0–100 scale, 2-voxel closing.
    public struct Options: Sendable {
        public var threshold: Float = 15
        public var closingRadius = 2
        /// Block size of the downsampled mask (2 → 2 mm on the 1 mm template).
        public var downsample = 2
        public var smoothingIterations = 12
        public var maxVertices = 150_000

        public init() {}
    }

    /// Builds the head mesh from the T1 (scaled values; its affine gives RAS mm).
    public static func build(t1: NIfTIFile, options: Options = Options()) throws -> TriangleMesh {
        try build(values: t1.floatValues(), dims: SIMD3(t1.dims[0], t1.dims[1], t1.dims[2]),
                  voxelToMM: t1.affine, name: t1.fileName, options: options)
    }

    /// Builds the head mesh from any grey volume on a grid with the given voxel → mm affine.
    public static func build(values: [Float], dims: SIMD3<Int>, voxelToMM: [[Double]], name: String = "T1",
                             options: Options = Options()) throws -> TriangleMesh {
        let volume = dims.x * dims.y * dims.z
        var mask = VoxelMask(values: Array(values.prefix(volume)), dims: dims, above: options.threshold)
        mask = mask.largestComponent()
        mask = mask.closed(by: options.closingRadius)
        // Slice-wise filling closes mouth, nose and ear cavities open to one side; the 3-D pass closes the rest.
        mask = mask.filledHolesPerSlice(axis: 2).filledHoles()
        guard mask.count > 0 else {
            throw BuildError(file: name, field: "head mask", problem: "no voxel above \(options.threshold)")
        }
        let f = options.downsample
        let (fractions, small) = mask.blockFractions(factor: f)
        // Block (I, J, K) covers voxels f·I … f·I + f − 1: its centre is voxel f·I + (f − 1)/2.
        let a = voxelToMM, half = Double(f - 1) / 2
        let blockToMM = (0 ..< 3).map { r in
            [a[r][0] * Double(f), a[r][1] * Double(f), a[r][2] * Double(f),
             a[r][3] + half * (a[r][0] + a[r][1] + a[r][2])]
        }
        var mesh = MarchingCubes.extract(values: fractions, dims: small, iso: 0.5, voxelToMM: blockToMM)
        mesh = mesh.largestComponent()
        mesh = MeshSmoothing.taubin(mesh, iterations: options.smoothingIterations)
        // Only a head the volume's lower face cuts has a cap and a rim to treat.
        let lowest = voxelToMM[2][2] >= 0 ? 0 : dims.z - 1, slice = dims.x * dims.y
        if mask.voxels[lowest * slice ..< (lowest + 1) * slice].contains(1) { mesh = HeadCut.smoothed(mesh) }
        guard mesh.vertices.count <= options.maxVertices else {
            throw BuildError(file: name, field: "head mesh",
                             problem: "\(mesh.vertices.count) vertices exceed \(options.maxVertices); raise the downsample factor")
        }
        return mesh
    }
}
