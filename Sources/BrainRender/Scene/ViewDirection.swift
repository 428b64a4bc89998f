import Foundation

/// The named views (`lateral`, `medial`, …) and free azimuth/elevation angles.
public enum ViewName: String, CaseIterable, Sendable, Codable {
    case lateral, medial, superior, inferior, anterior, posterior

    /// Lateral and medial show one hemisphere (left by default); the others show both.
    public var needsSingleHemisphere: Bool { self == .lateral || self == .medial }
}

/// Which way the camera looks and which way is up on the image, in RAS.
public struct ViewDirection: Sendable, Equatable {
    /// From the camera into the scene.
    public let forward: SIMD3<Float>
    /// Image up.
    public let up: SIMD3<Float>
    /// Image right (forward × up).
    public var right: SIMD3<Float> { cross(forward, up) }

    public init(forward: SIMD3<Float>, up: SIMD3<Float>) {
        self.forward = forward
        self.up = up
    }

    /// `hemisphereIsLeft` decides lateral/medial: lateral looks at a hemisphere's outside.
    public static func named(_ view: ViewName, hemisphereIsLeft: Bool) -> ViewDirection {
        let x = SIMD3<Float>(1, 0, 0), y = SIMD3<Float>(0, 1, 0), z = SIMD3<Float>(0, 0, 1)
        switch view {
        case .lateral: return ViewDirection(forward: hemisphereIsLeft ? x : -x, up: z)
        case .medial: return ViewDirection(forward: hemisphereIsLeft ? -x : x, up: z)
        case .superior: return ViewDirection(forward: -z, up: y)
        case .inferior: return ViewDirection(forward: z, up: y)
        case .anterior: return ViewDirection(forward: -y, up: z)
        case .posterior: return ViewDirection(forward: y, up: z)
        }
    }

    /// The camera sits at azimuth A (degrees about the superior axis; 0 = in front of the face,
    /// 90 = at the subject's right, −90 = left) and elevation E (90 = above); superior stays up
    /// except straight above/below, where anterior is up.
    public static func angles(azimuth: Double, elevation: Double) -> ViewDirection {
        let a = azimuth * .pi / 180, e = elevation * .pi / 180
        let eye = SIMD3<Float>(Float(sin(a) * cos(e)), Float(cos(a) * cos(e)), Float(sin(e)))
        let forward = -eye
        var up = SIMD3<Float>(0, 0, 1)
        if abs(Double(eye.z)) > 0.999 {
            up = SIMD3(0, 1, 0)
        } else {
            up = up - forward * dot(up, forward)
            up /= (up * up).sum().squareRoot()
        }
        return ViewDirection(forward: forward, up: up)
    }
}
