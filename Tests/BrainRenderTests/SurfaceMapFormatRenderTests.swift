import BrainAtlas
import BrainFormats
import Foundation
import Testing
@testable import BrainRender

/// Surface maps from other tools drawn on the bundled fsaverage6 cortex (`render --overlay lh.map.func.gii`, a
/// FreeSurfer curv file or an `.mgh`): a blob of values around the most lateral left vertex, written in each format,
/// colours exactly the pixels whose picked vertex lies above the threshold, and a pick there reports the file's value.
@Suite(.serialized, .enabled(if: BundledAtlas.assets != nil, "AtlasData with meshes not built"))
struct SurfaceMapFormatRenderTests {
    /// 8 · exp(−d² / 72) with d the distance (mm) from the left pial vertex farthest to the left, on every vertex.
    static func blobValues(_ assets: SceneAssets) throws -> [Float] {
        let pial = try assets.mesh(.cortex(.pial, .left))
        let peak = pial.positions.min { $0.x < $1.x }!
        return pial.positions.map { p in let d = p - peak; return 8 * Float(exp(-Double((d * d).sum()) / 72)) }
    }

    static func gifti(_ values: [Float]) -> Data {
        let data = values.map { String(format: "%.4f", $0) }.joined(separator: "\n")
        return Data(("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<GIFTI Version=\"1.0\" NumberOfDataArrays=\"1\">\n"
            + "<DataArray Intent=\"NIFTI_INTENT_NONE\" DataType=\"NIFTI_TYPE_FLOAT32\" ArrayIndexingOrder=\"RowMajorOrder\" "
            + "Dimensionality=\"1\" Dim0=\"\(values.count)\" Encoding=\"ASCII\" Endian=\"LittleEndian\" ExternalFileName=\"\" "
            + "ExternalFileOffset=\"\">\n<Data>\(data)</Data>\n</DataArray>\n</GIFTI>\n").utf8)
    }

    /// FreeSurfer's "new" curv layout: FF FF FF, vertex and face counts, 1 value per vertex, big-endian floats.
    static func curv(_ values: [Float]) -> Data {
        var data = Data([0xFF, 0xFF, 0xFF])
        for n in [Int32(values.count), 0, 1] { withUnsafeBytes(of: n.bigEndian) { data.append(contentsOf: $0) } }
        for v in values { withUnsafeBytes(of: v.bitPattern.bigEndian) { data.append(contentsOf: $0) } }
        return data
    }

    /// An MGH overlay: version 1, width = vertex count, height and depth 1, one float frame, a 284-byte header.
    static func mgh(_ values: [Float]) -> Data {
        var data = Data()
        for n in [Int32(1), Int32(values.count), 1, 1, 1, 3, 0] { withUnsafeBytes(of: n.bigEndian) { data.append(contentsOf: $0) } }
        data.append(contentsOf: [UInt8](repeating: 0, count: 284 - data.count))
        for v in values { withUnsafeBytes(of: v.bitPattern.bigEndian) { data.append(contentsOf: $0) } }
        return data
    }

    static let formats: [(file: String, write: @Sendable ([Float]) -> Data)] = [
        ("lh.blob.func.gii", gifti), ("lh.blob_thickness", curv), ("lh.blob.mgh", mgh),
    ]

    @Test(arguments: 0..<formats.count) func mapColoursFollowThePickedValues(_ format: Int) throws {
        let assets = try #require(BundledAtlas.assets)
        let values = try Self.blobValues(assets)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("\(UUID().uuidString)-\(Self.formats[format].file)")
        try AtomicFile.write(Self.formats[format].write(values), to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let request = try SceneRequest(["view": "lateral", "hemi": "left", "size": "400x300", "overlay": file.path,
                                        "threshold": "3,8", "atlas": "none"])
        let scene = try AtlasScene.build(request, assets: assets)
        let context = try GLContext(width: request.width, height: request.height)
        let image = try scene.image(context: context)
        let index = try context.renderPickImage(scene.scene)
        // Pixels decided by a vertex well inside or well outside the blob: the colour is interpolated across each
        // triangle, so a vertex near the threshold may sit beside pixels of either kind.
        var above = 0, below = 0, wrong: [String] = []
        // Every warm pixel (every second one each way) and a grid of the others: a pick read from an index
        // image searches all of its range's triangles, too slow in a debug build for every pixel.
        for y in stride(from: 0, to: request.height, by: 2) {
            for x in stride(from: 0, to: request.width, by: 2) {
                let drawn = image.pixel(x: x, y: y)
                guard Int(drawn.r) - Int(drawn.b) > 60 || (x % 10 == 0 && y % 10 == 0) else { continue }
                let report = try scene.pickReport(index: index, x: x, y: y, library: nil)
                guard let vertex = report.vertex, let picked = report.value.flatMap({ $0 }) else { continue }
                #expect(abs(picked - Double(values[vertex])) < 1e-3, "pick at (\(x), \(y)) reports vertex \(vertex)'s value")
                let p = image.pixel(x: x, y: y)
                let warm = Int(p.r) - Int(p.b) > 60
                if picked >= 4.5 {
                    above += 1
                    if !warm { wrong.append("(\(x), \(y)) value \(picked) drawn \(p)") }
                } else if picked <= 1.5 {
                    below += 1
                    if warm { wrong.append("(\(x), \(y)) value \(picked) drawn \(p)") }
                }
            }
        }
        #expect(above >= 30 && below >= 250, "\(Self.formats[format].file): \(above) pixels above, \(below) below")
        #expect(wrong.count * 100 <= above + below, "\(wrong.count) pixels disagree: \(wrong.prefix(5))")
    }
}
