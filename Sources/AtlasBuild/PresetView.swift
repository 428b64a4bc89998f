/// The renderer's preset views as the build needs them to find which regions are seen together:
/// the look direction, image up, and for lateral and medial the one hemisphere shown. The renderer's
/// `ViewDirection.named` holds the same directions; a test keeps the two in step.
public struct PresetView: Sendable, Equatable {
    public let name: String
    /// From the camera into the scene (RAS).
    public let forward: SIMD3<Float>
    public let up: SIMD3<Float>
    /// The hemisphere shown (0 left, 1 right), or nil for views of both.
    public let side: Int?

    public static let all: [PresetView] = {
        let x = SIMD3<Float>(1, 0, 0), y = SIMD3<Float>(0, 1, 0), z = SIMD3<Float>(0, 0, 1)
        return [PresetView(name: "lateral", forward: x, up: z, side: 0),
                PresetView(name: "lateral", forward: -x, up: z, side: 1),
                PresetView(name: "medial", forward: -x, up: z, side: 0),
                PresetView(name: "medial", forward: x, up: z, side: 1),
                PresetView(name: "superior", forward: -z, up: y, side: nil),
                PresetView(name: "inferior", forward: z, up: y, side: nil),
                PresetView(name: "anterior", forward: -y, up: z, side: nil),
                PresetView(name: "posterior", forward: y, up: z, side: nil)]
    }()
}
