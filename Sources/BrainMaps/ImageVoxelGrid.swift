import BrainAtlas
import BrainFormats
import Foundation

/// A NIfTI image's voxel grid placed in atlas space by its affine: voxel (i, j, k) ↔ MNI millimetres, so `where`
/// takes and gives the voxel indices researchers read in their own viewers (`where --image`, docs/MAPS.md).
public struct ImageVoxelGrid: Sendable {
    public let file: String
    public let dims: SIMD3<Int>
    /// Row-major 3×4: voxel → millimetres in `space`.
    let affine: [[Double]]
    /// Row-major 3×4: millimetres in `space` → voxel.
    let inverse: [Double]
    /// `.mni` or `.talairach`.
    public let space: ReferenceSpace

    /// Reads the image's header and affine; images in scanner or unknown space are refused, as for maps. A VMP's
    /// grid is placed as `clusters` places it: by its name, or through `normalisation` (its VMR and TRF files).
    public static func open(_ path: String, normalisation: MapNormalisation? = nil) throws -> ImageVoxelGrid {
        let url = URL(fileURLWithPath: path)
        guard FileManager.default.fileExists(atPath: path) else { throw MapsError("--image: \(path) does not exist") }
        let format = try FormatRegistry.readHeader(url).format.name
        if format == FileFormat.vmp.name {
            guard let vmp = try FormatRegistry.read(url) as? VMPFile else { throw MapsError("--image: \(url.lastPathComponent) is not a VMP") }
            if let tal = normalisation?.talairach {
                throw MapsError("--tal: \(tal.name) warps space piecewise, so a native VMP's voxels have no one affine for where --image; "
                                + "use clusters or report with --tal")
            }
            let name = url.lastPathComponent
            let (affine, space) = try MapNormalisation.place(vmp, fileName: name, normalisation: normalisation, purpose: "where --image")
            let rows = Array(affine.prefix(3))
            return ImageVoxelGrid(file: name, dims: SIMD3(vmp.dims.x, vmp.dims.y, vmp.dims.z), affine: rows,
                                  inverse: MapOverlay.invert(rows), space: space)
        }
        if normalisation != nil { throw MapsError("--vmr/--trf: apply to native BrainVoyager maps (.vmp); \(url.lastPathComponent) is not one") }
        guard format == FileFormat.nifti.name else {
            throw MapsError("--image: \(url.lastPathComponent) is not a NIfTI image (.nii or .nii.gz) or a VMP")
        }
        // The header alone: `where` needs the grid and its affine, never the voxels.
        let image = try NIfTIHeader.read(url)
        let name = url.lastPathComponent
        let space = try MapVolume.niftiSpace(sformCode: image.sformCode, qformCode: image.qformCode, source: image.affineSource, file: name)
        try MapGridCheck.checkAffine(image.affine, file: name)
        let affine = Array(image.affine.prefix(3))
        return ImageVoxelGrid(file: name, dims: SIMD3(image.dims[0], image.dims[1], image.dims[2]), affine: affine,
                              inverse: MapOverlay.invert(affine), space: space)
    }

    /// MNI millimetres of voxel (i, j, k) (a Talairach image's millimetres converted).
    public func mni(ofVoxel v: SIMD3<Double>) -> SIMD3<Double> {
        var out = SIMD3<Double>()
        for r in 0..<3 { out[r] = affine[r][0] * v.x + affine[r][1] * v.y + affine[r][2] * v.z + affine[r][3] }
        return space == .talairach ? Talairach.mni(fromTalairach: out) : out
    }

    /// The voxel whose centre is nearest the MNI point, or nil when the point lies outside the image.
    public func voxel(ofMNI p: SIMD3<Double>) -> [Int]? {
        let q = space == .talairach ? Talairach.talairach(fromMNI: p) : p
        let m = inverse
        let v = (0..<3).map { r in Int((m[4 * r] * q.x + m[4 * r + 1] * q.y + m[4 * r + 2] * q.z + m[4 * r + 3]).rounded()) }
        return (0..<3).allSatisfy({ v[$0] >= 0 && v[$0] < dims[$0] }) ? v : nil
    }

    /// Throws unless (i, j, k) are whole voxel indices inside the image.
    public func check(voxel v: SIMD3<Double>) throws {
        for a in 0..<3 where v[a] != v[a].rounded() || v[a] < 0 || Int(v[a]) >= dims[a] {
            throw MapsError("point: voxel \(["i", "j", "k"][a]) = \(ClusterReport.number(v[a])) is not an index of \(file) (0…\(dims[a] - 1))")
        }
    }
}

/// `where --image`: the `where` answer and the point's voxel in the user's NIfTI image beside the template's.
public struct ImageVoxelAnswer: Encodable, Sendable {
    public let result: Lookup.Result
    public let image: String
    /// (i, j, k) in `image`, nil outside it.
    public let imageVoxel: [Int]?

    /// `where` at `point`: with `.voxel` the point is a voxel (i, j, k) of the image (not of the template), otherwise
    /// MNI or Talairach millimetres, whose nearest image voxel is reported.
    public static func lookup(_ point: SIMD3<Double>, space: CoordinateSpace, grid: ImageVoxelGrid,
                              library: AtlasLibrary) throws -> ImageVoxelAnswer {
        if space == .voxel { try grid.check(voxel: point) }
        let result = try Lookup(library: library).lookup(space == .voxel ? grid.mni(ofVoxel: point) : point,
                                                         space: space == .voxel ? .mni : space)
        let mni = result.mni.map { SIMD3($0[0], $0[1], $0[2]) }
        return ImageVoxelAnswer(result: result, image: grid.file, imageVoxel: mni.flatMap(grid.voxel(ofMNI:)))
    }

    enum Keys: String, CodingKey { case image, imageVoxel }

    /// The `where` object with `image` and `imageVoxel` added.
    public func encode(to encoder: any Encoder) throws {
        try result.encode(to: encoder)
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(image, forKey: .image)
        if let imageVoxel { try c.encode(imageVoxel, forKey: .imageVoxel) } else { try c.encodeNil(forKey: .imageVoxel) }
    }

    /// The text answer with the image's voxel on its own line.
    public func readableText() -> String {
        result.readableText() + "\n" + (imageVoxel.map { "\(image) voxel (i, j, k) = (\($0.map(String.init).joined(separator: ", ")))" }
                                        ?? "\(image): outside the image")
    }
}
