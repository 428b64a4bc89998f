import Foundation
import BrainAtlas
@testable import BrainRender

/// Two ellipsoid "hemispheres" (left at x < 0, right at x > 0) whose vertices carry fake regions
/// by octant, so orientation and picking can be checked without the bundled atlas.
enum SyntheticBrain {
    static let palette: [RGB] = [RGB(212, 212, 212), RGB(230, 25, 75), RGB(60, 180, 75), RGB(255, 225, 25),
                                 RGB(0, 130, 200), RGB(245, 130, 48), RGB(145, 30, 180), RGB(70, 240, 240),
                                 RGB(240, 50, 230)]

    /// Label from the local position: 1 + (anterior ? 1 : 0) + (superior ? 2 : 0) + (lateral ? 4 : 0).
    static func label(local n: SIMD3<Float>, isLeft: Bool) -> UInt32 {
        let lateral = isLeft ? n.x < 0 : n.x > 0
        return 1 + (n.y > 0 ? 1 : 0) + (n.z > 0 ? 2 : 0) + (lateral ? 4 : 0)
    }

    static func hemisphere(isLeft: Bool, rings: Int = 48, segments: Int = 96) -> (RenderMesh, [UInt32]) {
        var positions: [SIMD3<Float>] = [], normals: [SIMD3<Float>] = [], labels: [UInt32] = []
        let radii = SIMD3<Float>(32, 80, 55), offset = SIMD3<Float>(isLeft ? -36 : 36, -15, 12)
        for i in 0...rings {
            let theta = Float.pi * Float(i) / Float(rings)
            for j in 0..<segments {
                let phi = 2 * Float.pi * Float(j) / Float(segments)
                let n = SIMD3<Float>(sin(theta) * cos(phi), sin(theta) * sin(phi), cos(theta))
                positions.append(n * radii + offset)
                let g = n / radii
                normals.append(g / (g * g).sum().squareRoot())
                labels.append(label(local: n, isLeft: isLeft))
            }
        }
        var triangles: [UInt32] = []
        for i in 0..<rings {
            for j in 0..<segments {
                let a = UInt32(i * segments + j), b = UInt32(i * segments + (j + 1) % segments)
                let c = UInt32((i + 1) * segments + j), d = UInt32((i + 1) * segments + (j + 1) % segments)
                // Counter-clockwise seen from outside (outward face normals).
                triangles += [a, c, b, b, c, d]
            }
        }
        return (RenderMesh(positions: positions, normals: normals, triangles: triangles, isClosed: true), labels)
    }

    static func layers(_ sides: [Bool]) throws -> [Scene.Layer] {
        try sides.map { isLeft in
            let (mesh, labels) = hemisphere(isLeft: isLeft)
            let geometry = try SurfaceGeometry(mesh: mesh, vertexLabels: labels)
            return Scene.Layer(geometry: geometry, colors: geometry.grouping.ranges.map { palette[Int($0.label)] })
        }
    }
}
