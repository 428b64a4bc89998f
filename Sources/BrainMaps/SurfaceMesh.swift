import BrainAtlas
import BrainFormats
import Foundation

/// The mesh an SMP map's values belong to, for surface clusters: vertex positions (RAS mm in the SRF's
/// canonical frame), triangles, and the space those millimetres are in.
public struct SurfaceMesh: Sendable {
    public let name: String
    public let positions: [SIMD3<Double>]
    public let triangles: [Int32]
    /// `.mni` or `.talairach` when atlas look-ups may use the positions, else `.unknown` (native space).
    public let space: ReferenceSpace
    /// The hemisphere of a bundled cortex mesh, whose vertices the atlases label (nil for a user's SRF).
    public let bundledSide: Hemisphere?

    public init(name: String, positions: [SIMD3<Double>], triangles: [Int32], space: ReferenceSpace, bundledSide: Hemisphere? = nil) {
        self.name = name
        self.positions = positions
        self.triangles = triangles
        self.space = space
        self.bundledSide = bundledSide
    }

    /// A bundled mesh by its catalog name (`pial-left`, `inflated-right`, …; MNI space, inflated meshes placed
    /// at their pial twins' points) or a user's SRF file (MNI/Talairach when its name has `_MNI`/`_TAL`, as for VMPs).
    public static func open(_ mesh: String, library: () throws -> AtlasLibrary) throws -> SurfaceMesh {
        if let id = MeshID(name: mesh) {
            let library = try library()
            guard case .cortex(let surface, let side) = id else { throw MapsError("--mesh: \(mesh) is not a cortex mesh") }
            // Inflated vertices stand for their pial twins (`MeshID`), whose points are anatomical.
            let pial = try read(try library.url(try entry(.cortex(.pial, side), library).file), name: mesh)
            let drawn = surface == .pial ? pial : try read(try library.url(try entry(id, library).file), name: mesh)
            return SurfaceMesh(name: mesh, positions: pial.rasPositions().map(SIMD3<Double>.init), triangles: drawn.triangles, space: .mni,
                               bundledSide: side)
        }
        let url = URL(fileURLWithPath: mesh)
        guard url.pathExtension.lowercased() == "srf" || mesh.lowercased().hasSuffix(".srf.gz") else {
            throw MapsError("--mesh: \(mesh) is neither a bundled cortex mesh (pial-left, pial-right, inflated-left, inflated-right) nor an .srf file")
        }
        let srf = try read(url, name: url.lastPathComponent)
        return SurfaceMesh(name: url.lastPathComponent, positions: srf.rasPositions(frame: srf.frame().frame).map(SIMD3<Double>.init),
                           triangles: srf.triangles, space: VMPFile.referenceSpace(fileName: url.lastPathComponent))
    }

    static func entry(_ id: MeshID, _ library: AtlasLibrary) throws -> Catalog.Mesh {
        guard let entry = library.catalog.mesh(id) else { throw MapsError("--mesh: \(id.name) is not in the atlas data's catalog") }
        return entry
    }

    static func read(_ url: URL, name: String) throws -> SRFFile {
        guard FileManager.default.fileExists(atPath: url.path) else { throw MapsError("--mesh: \(url.path) does not exist") }
        return try SRFFile.read(from: url)
    }

    /// MNI millimetres of a vertex (Talairach converted), or nil in native space.
    public func mni(ofVertex v: Int) -> SIMD3<Double>? {
        switch space {
        case .mni: positions[v]
        case .talairach: Talairach.mni(fromTalairach: positions[v])
        default: nil
        }
    }

    /// Each vertex's area: a third of the area of every triangle it belongs to (mm²), so the areas sum to the mesh's.
    public func vertexAreas() -> [Double] {
        var areas = [Double](repeating: 0, count: positions.count)
        for t in stride(from: 0, to: triangles.count - 2, by: 3) {
            let a = Int(triangles[t]), b = Int(triangles[t + 1]), c = Int(triangles[t + 2])
            let n = cross(positions[b] - positions[a], positions[c] - positions[a])
            let third = (n * n).sum().squareRoot() / 6
            areas[a] += third; areas[b] += third; areas[c] += third
        }
        return areas
    }

    /// Throws unless every triangle names a vertex of the mesh.
    func validate() throws {
        guard triangles.allSatisfy({ $0 >= 0 && Int($0) < positions.count }) else {
            throw MapsError("--mesh: \(name) has a triangle naming a vertex outside 0..<\(positions.count)")
        }
    }

    private func cross(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> SIMD3<Double> {
        SIMD3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
    }
}
