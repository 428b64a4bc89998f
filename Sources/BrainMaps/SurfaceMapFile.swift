import BrainFormats
import Foundation

/// One map of values on a mesh's vertices, from any of the files researchers keep them in: a BrainVoyager SMP,
/// GIFTI (`.func.gii`, `.shape.gii`: one map per data array), FreeSurfer curv-format files (`lh.thickness`,
/// `lh.sulc`, `lh.curv`, …: one map) and FreeSurfer `.mgh`/`.mgz` overlays (one map per frame).
public struct SurfaceMapFile: Sendable {
    public let name: String
    public let values: [Float]
    /// The SMP's own thresholds, signs and statistic; for the other formats the NIfTI rule (`MapDisplay.defaults`).
    public let display: MapDisplay

    /// Whether `path` names a surface map: by extension (`.smp`, `.gii`, `.mgh`, `.mgz`), or by the FreeSurfer
    /// curv magic (FF FF FF), since those files carry no extension of their own.
    public static func isSurfaceMap(_ path: String) -> Bool {
        let url = URL(fileURLWithPath: path)
        let ext = FormatRegistry.formatExtension(of: url)
        if ext == FileFormat.smp.extensions.first || ext == "gii" || ext == "mgh" || ext == "mgz" { return true }
        guard let handle = try? FileHandle(forReadingFrom: url) else { return false }
        defer { try? handle.close() }
        var head = (try? handle.read(upToCount: 4096)) ?? Data()
        // `lh.thickness.gz`: the magic is the first inflated bytes.
        if Gzip.isGzip(head) { head = (try? Gzip.decompress(head, file: url.lastPathComponent, prefix: 3)) ?? Data() }
        return head.prefix(3).elementsEqual([0xFF, 0xFF, 0xFF])
    }

    /// Reads map `map` (1-based number or name; nil = the first) of `url`.
    public static func read(_ url: URL, map: String?) throws -> SurfaceMapFile {
        let file = url.lastPathComponent
        switch FormatRegistry.formatExtension(of: url) {
        case FileFormat.smp.extensions.first:
            guard let smp = try FormatRegistry.read(url) as? SMPFile else { throw MapsError("\(file): is not an SMP file") }
            let m = try MapVolume.choose(map, count: smp.maps.count, names: smp.maps.map(\.name.string), file: file)
            let header = smp.maps[m]
            let display = MapDisplay(threshold: header.thresholdMin, upper: header.thresholdMax,
                                     signs: header.showPositiveNegative == 2 ? .negative : header.showPositiveNegative == 1 ? .positive : .both,
                                     statistic: header.type.name)
            return SurfaceMapFile(name: header.name.string, values: header.values.floats, display: display)
        case "gii":
            let gifti = try GIFTIFile(contentsOf: url)
            let arrays = gifti.arrays.filter { !["NIFTI_INTENT_POINTSET", "NIFTI_INTENT_TRIANGLE"].contains($0.intent) }
            guard !arrays.isEmpty else { throw MapsError("\(file): holds a mesh (points and triangles), not values per vertex") }
            let m = try MapVolume.choose(map, count: arrays.count, names: arrays.map { $0.name ?? "" }, file: file)
            return plain(arrays[m].name ?? (arrays.count > 1 ? "\(file) array \(m + 1)" : file), arrays[m].values)
        case "mgh", "mgz":
            let mgh = try FreeSurferMGH(contentsOf: url)
            let m = try MapVolume.choose(map, count: mgh.frames.count, names: [], file: file)
            return plain(mgh.frames.count > 1 ? "\(file) frame \(m + 1)" : file, mgh.frames[m])
        default:
            let curvature = try FreeSurferCurvature(contentsOf: url)
            _ = try MapVolume.choose(map, count: 1, names: [], file: file)
            return plain(file, curvature.values)
        }
    }

    static func plain(_ name: String, _ values: [Float]) -> SurfaceMapFile {
        SurfaceMapFile(name: name, values: values, display: .defaults(values: values, statistic: nil))
    }

    /// Icosahedral meshes (FreeSurfer's fsaverage family) hold 10·4ᵏ + 2 vertices, and each one's first vertices
    /// are the coarser ones': fsaverage (163 842) begins with fsaverage6 (40 962), fsaverage5 (10 242), …
    public static func isIcosahedral(_ n: Int) -> Bool {
        var m = 10
        while m + 2 <= n { if m + 2 == n { return true }; m *= 4 }
        return false
    }

    /// `values` for a mesh of `vertexCount` vertices: unchanged when the counts agree; a finer icosahedral map
    /// (fsaverage on the bundled fsaverage6 mesh) cut to its first `vertexCount` values; otherwise nil.
    public static func fitted(_ values: [Float], vertexCount: Int) -> [Float]? {
        if values.count == vertexCount { return values }
        guard values.count > vertexCount, isIcosahedral(values.count), isIcosahedral(vertexCount) else { return nil }
        return Array(values.prefix(vertexCount))
    }
}
