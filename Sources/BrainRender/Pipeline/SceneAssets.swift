import BrainAtlas
import BrainFormats
import BrainMaps
import Foundation
import Synchronization

/// Meshes and labelled geometries of one AtlasData folder, loaded on first use and kept, so a
/// long-lived server reads each file once and every GL context shares the same geometry objects.
public final class SceneAssets: Sendable {
    public let library: AtlasLibrary
    // Not held while a file is read: two threads may read the same mesh once each, and the
    // first stored wins; meanwhile other meshes stay available.
    private let caches = Mutex(Caches())

    private struct Caches {
        var meshes: [MeshID: RenderMesh] = [:]
        var geometries: [GeometryKey: SurfaceGeometry] = [:]
        var template: VMRFile?
    }

    private struct GeometryKey: Hashable, Sendable {
        let mesh: MeshID
        let atlas: String?
    }

    /// The statistical maps scenes draw, each read once (shared with a report's slices).
    public let maps: MapOverlayStore

    public init(library: AtlasLibrary, maps: MapOverlayStore = MapOverlayStore()) {
        self.library = library
        self.maps = maps
    }

    /// The bundled T1 template (the slicing mode's planes), read once.
    public func templateVolume() throws -> VMRFile {
        if let template = caches.withLock({ $0.template }) { return template }
        let read = try PlaneSectionBuilder.template(library)
        return caches.withLock { caches in
            if caches.template == nil { caches.template = read }
            return caches.template ?? read
        }
    }

    /// The catalog's mesh `id` in RAS.
    public func mesh(_ id: MeshID) throws -> RenderMesh {
        if let cached = caches.withLock({ $0.meshes[id] }) { return cached }
        guard let entry = library.catalog.mesh(id) else {
            throw RenderError.invalid(FieldError("mesh", value: id.name,
                "is not in the catalog (known: \(library.catalog.meshes.map(\.name).joined(separator: ", ")))"))
        }
        let url = try library.url(entry.file)
        let srf = try SRFFile.read(from: url, skippingNeighbours: true)
        var mesh = try MeshLoading.renderMesh(srf: srf, file: url.path, isClosed: true)
        if case .cortex(let surface, let side) = id {
            // Cortex SRFs carry sulc as MeshColor greys (docs/file-formats.md §4.3); older data has none.
            mesh.curvature = CurvatureGreys.convexities(srf.colors)
            if let occlusion = entry.occlusion {
                mesh.occlusion = try VertexOcclusionFile.read(try library.url(occlusion), vertexCount: mesh.vertexCount)
            }
            if surface == .inflated {
                // Picks on an inflated surface report the pial position of the vertex.
                let pial = try self.mesh(.cortex(.pial, side))
                if pial.vertexCount == mesh.vertexCount { mesh.anatomicalPositions = pial.positions }
            }
        }
        return caches.withLock { caches in
            if let first = caches.meshes[id] { return first }
            caches.meshes[id] = mesh
            return mesh
        }
    }

    /// `id` labelled with `atlas`'s regions on the mesh's side (nil atlas: unlabelled).
    public func geometry(mesh id: MeshID, atlas: Atlas?) throws -> SurfaceGeometry {
        let key = GeometryKey(mesh: id, atlas: atlas?.name)
        if let cached = caches.withLock({ $0.geometries[key] }) { return cached }
        let mesh = try self.mesh(id)
        var labels = [UInt32](repeating: 0, count: mesh.vertexCount)
        if let atlas {
            let surface = try atlas.surfaceLabels(id.hemisphere)
            guard surface.vertexCount == mesh.vertexCount else {
                throw RenderError.badMesh(file: id.name, field: "vertices",
                                          problem: "\(atlas.name) labels \(surface.vertexCount) vertices, the mesh has \(mesh.vertexCount)")
            }
            for (i, id) in surface.regionIds.enumerated() { labels[i] = UInt32(id) }
        }
        let geometry = try SurfaceGeometry(mesh: mesh, vertexLabels: labels)
        return caches.withLock { caches in
            if let first = caches.geometries[key] { return first }
            caches.geometries[key] = geometry
            return geometry
        }
    }
}
