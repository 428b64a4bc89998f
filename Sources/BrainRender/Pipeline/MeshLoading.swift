import BrainFormats
import Foundation

/// Turns BrainVoyager SRF files into RAS render meshes (docs/file-formats.md §2.5/§4.5).
public enum MeshLoading {
    /// Reads an SRF (plain or gzip) and converts it: positions to RAS, index order kept,
    /// normals converted and negated. Stored normals that are missing or zero are recomputed.
    public static func renderMesh(srf: SRFFile, file: String, isClosed: Bool? = nil) throws(RenderError) -> RenderMesh {
        var triangles = [UInt32](repeating: 0, count: srf.triangles.count)
        for (i, t) in srf.triangles.enumerated() {
            guard t >= 0, Int(t) < srf.vertexCount else {
                throw .badMesh(file: file, field: "triangle \(i / 3)", problem: "vertex index \(t) outside 0..<\(srf.vertexCount)")
            }
            triangles[i] = UInt32(t)
        }
        var mesh = RenderMesh(positions: srf.rasPositions(frame: srf.frame().frame), normals: srf.rasNormals(),
                              triangles: triangles, isClosed: true)
        if mesh.normals.contains(where: { !$0.x.isFinite || ($0 * $0).sum() < 0.25 }) {
            mesh.recomputeNormals()
        }
        mesh.isClosed = isClosed ?? Self.isClosed(triangles: triangles)
        return mesh
    }

    public static func readSRF(_ path: String) throws -> SRFFile {
        try SRFFile.read(from: URL(fileURLWithPath: path))
    }

    /// A mesh is closed when every edge is shared by exactly two triangles; open meshes are drawn
    /// without back-face culling so their inside stays visible.
    public static func isClosed(triangles: [UInt32]) -> Bool {
        var edges: [UInt64: Int32] = [:]
        edges.reserveCapacity(triangles.count)
        var t = 0
        while t + 2 < triangles.count {
            for k in 0..<3 {
                let a = triangles[t + k], b = triangles[t + (k + 1) % 3]
                let key = UInt64(min(a, b)) << 32 | UInt64(max(a, b))
                edges[key, default: 0] += 1
            }
            t += 3
        }
        return !edges.isEmpty && edges.values.allSatisfy { $0 == 2 }
    }

    /// Per-vertex SRF colours as labels 1…N into a palette (MeshColor: 0 convex, 1 concave,
    /// ≥ 0x3F000000 packed RGB; statistics/POI look-up codes fall back to the convex colour).
    public static func colorLabels(srf: SRFFile) -> (labels: [UInt32], palette: [RGB]) {
        func rgb(_ c: SIMD4<Float>) -> RGB {
            func u(_ v: Float) -> UInt8 { UInt8(max(0, min(255, (v * 255).rounded()))) }
            return RGB(u(c.x), u(c.y), u(c.z))
        }
        let convex = rgb(srf.convexColor), concave = rgb(srf.concaveColor)
        var index: [RGB: UInt32] = [:]
        var palette: [RGB] = []
        var labels = [UInt32](repeating: 0, count: srf.vertexCount)
        for (i, code) in srf.colors.enumerated() where i < labels.count {
            let color: RGB
            if code == 1 {
                color = concave
            } else if code >= 0x3F00_0000 {
                color = RGB(UInt8((code >> 16) & 0xFF), UInt8((code >> 8) & 0xFF), UInt8(code & 0xFF))
            } else {
                color = convex
            }
            if let label = index[color] {
                labels[i] = label
            } else {
                palette.append(color)
                index[color] = UInt32(palette.count)
                labels[i] = UInt32(palette.count)
            }
        }
        return (labels, palette)
    }
}

import BrainAtlas
