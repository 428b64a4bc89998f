/// One layer of a slice image (grey map, overlay, outline, crosshair, letters, …), drawn one
/// output row at a time into what the earlier stages left there.
public protocol SliceStage: Sendable {
    /// Draws into output row `y`; `row` holds one packed colour (`ColorMap.pack`) per pixel.
    func draw(row: UnsafeMutableBufferPointer<UInt32>, y: Int)
}

/// How output pixels cover slice voxels: `scale` pixels per voxel, blended as `interpolation` says.
public struct SliceGrid: Sendable, Equatable {
    public let orientation: SliceOrientation
    public let scale: Int
    public let interpolation: SliceInterpolation

    public init(orientation: SliceOrientation, scale: Int = 1, interpolation: SliceInterpolation = .nearest) {
        precondition(scale >= 1, "slice scale must be ≥ 1")
        self.orientation = orientation
        self.scale = scale
        self.interpolation = interpolation
    }

    /// True when pixels between voxel centres are blended (a scale of 1 has none).
    var isSmooth: Bool { scale > 1 && interpolation != .nearest }

    /// Output size in pixels.
    public var width: Int { orientation.width * scale }
    public var height: Int { orientation.height * scale }
}
