import BrainFormats
import Foundation

/// Per-vertex region ids of one atlas on one mesh (0 = unlabelled), from the atlas's POI file.
public struct SurfaceLabels: Sendable, Equatable {
    /// Region id per vertex.
    public let regionIds: [UInt16]

    public init(regionIds: [UInt16]) {
        self.regionIds = regionIds
    }

    public var vertexCount: Int { regionIds.count }

    /// The same ids widened for APIs that take `Int32`.
    public var int32: [Int32] { regionIds.map { Int32($0) } }

    /// Paints patches onto `vertexCount` vertices. A patch name is matched to a region by its
    /// VOI/POI name "<Name> (<side>)", "<sourceLabel> (<side>)", the name or the sourceLabel,
    /// among the regions on `side` (all regions for `.none`, the subcortical mesh). The first
    /// patch that claims a vertex keeps it, so the result does not depend on overlap order.
    public init(patches: [(name: String, vertices: [Int])], vertexCount: Int, regions: [Region],
                side: Hemisphere, file: String) throws {
        let keys = SurfaceLabels.nameIndex(regions: regions, side: side)
        var ids = [UInt16](repeating: 0, count: vertexCount)
        for (index, patch) in patches.enumerated() {
            guard let id = keys[SurfaceLabels.key(patch.name)] else {
                throw AtlasError.badPOI(file, field: "NameOfPOI[\(index)]",
                                        problem: "'\(patch.name)' names no \(side == .none ? "" : "\(side.rawValue) ")region of this atlas")
            }
            for v in patch.vertices {
                guard v >= 0, v < vertexCount else {
                    throw AtlasError.badPOI(file, field: "POI '\(patch.name)' vertex",
                                            problem: "index \(v) is outside the mesh's 0…\(vertexCount - 1)")
                }
                if ids[v] == 0 { ids[v] = UInt16(id) }
            }
        }
        regionIds = ids
    }

    /// Reads a POI (v1/v2, plain or gzip) and paints it.
    public static func read(_ url: URL, regions: [Region], side: Hemisphere) throws -> SurfaceLabels {
        let poi: POIFile
        do { poi = try POIFile.read(from: url) } catch let error as FormatError {
            throw AtlasError.badPOI(url.path, field: error.field, problem: error.message)
        }
        let patches = poi.pois.map { (name: $0.name.string, vertices: $0.vertices.map(Int.init)) }
        return try SurfaceLabels(patches: patches, vertexCount: poi.meshVertexCount, regions: regions,
                                 side: side, file: url.path)
    }

    static func key(_ s: String) -> String { s.lowercased().trimmingCharacters(in: .whitespaces) }

    static func nameIndex(regions: [Region], side: Hemisphere) -> [String: Int] {
        var keys: [String: Int] = [:]
        for r in regions where side == .none || r.hemisphere == side || r.hemisphere == .none {
            let sideText = r.hemisphere == .none ? "" : " (\(r.hemisphere.rawValue))"
            for k in [r.name + sideText, r.sourceLabel + sideText, r.name, r.sourceLabel] where keys[key(k)] == nil {
                keys[key(k)] = r.id
            }
        }
        return keys
    }
}
