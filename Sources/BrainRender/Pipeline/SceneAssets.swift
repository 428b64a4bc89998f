import BrainAtlas
import BrainFormats
import Foundation

/// Meshes and labelled geometries of one AtlasData folder, loaded on first use and kept, so a
/// long-lived server reads each file once and every GL context shares the same geometry objects.
public final class SceneAssets: @unchecked Sendable {
    // @unchecked: the caches are guarded by `lock`; cached values are immutable.
    public let library: AtlasLibrary
    private let lock = NSLock()
    private var meshes: [String: RenderMesh] = [:]
    private var geometries: [String: SurfaceGeometry] = [:]

    public init(library: AtlasLibrary) {
        self.library = library
    }

    /// The catalog mesh called `name` (`pial-left`, `inflated-right`, `head`, `subcortical`) in RAS.
    public func mesh(named name: String) throws -> RenderMesh {
        lock.lock()
        if let cached = meshes[name] { lock.unlock(); return cached }
        lock.unlock()
        guard let entry = library.catalog.meshes.first(where: { $0.name == name }) else {
            throw RenderError.invalid(FieldError("mesh", value: name,
                "is not in the catalog (known: \(library.catalog.meshes.map(\.name).joined(separator: ", ")))"))
        }
        let url = try library.url(entry.file)
        let srf = try SRFFile.read(from: url)
        var mesh = try MeshLoading.renderMesh(srf: srf, file: url.path, isClosed: true)
        if entry.surface == "pial" || entry.surface == "inflated" {
            // Cortex SRFs carry sulc as MeshColor greys (docs/file-formats.md §4.3); older data has none.
            mesh.curvature = CurvatureGreys.convexities(srf.colors)
        }
        if entry.surface == "inflated" {
            // Picks on an inflated surface report the pial position of the vertex.
            let pial = try self.mesh(named: name.replacingOccurrences(of: "inflated", with: "pial"))
            if pial.vertexCount == mesh.vertexCount { mesh.anatomicalPositions = pial.positions }
        }
        lock.lock()
        meshes[name] = mesh
        lock.unlock()
        return mesh
    }

    /// `mesh` labelled with `atlas`'s regions on `side` (nil atlas: unlabelled).
    public func geometry(mesh name: String, atlas: Atlas?, side: Hemisphere) throws -> SurfaceGeometry {
        let key = name + "|" + (atlas?.name ?? "")
        lock.lock()
        if let cached = geometries[key] { lock.unlock(); return cached }
        lock.unlock()
        let mesh = try self.mesh(named: name)
        var labels = [UInt32](repeating: 0, count: mesh.vertexCount)
        if let atlas {
            let surface = try atlas.surfaceLabels(side)
            guard surface.vertexCount == mesh.vertexCount else {
                throw RenderError.badMesh(file: name, field: "vertices",
                                          problem: "\(atlas.name) labels \(surface.vertexCount) vertices, the mesh has \(mesh.vertexCount)")
            }
            for (i, id) in surface.regionIds.enumerated() { labels[i] = UInt32(id) }
        }
        let geometry = try SurfaceGeometry(mesh: mesh, vertexLabels: labels)
        lock.lock()
        geometries[key] = geometry
        lock.unlock()
        return geometry
    }
}
