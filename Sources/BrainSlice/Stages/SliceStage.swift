/// One layer of a slice image (grey map, overlay, outline, crosshair, letters, …), drawn one
/// output row at a time into what the earlier stages left there.
public protocol SliceStage: Sendable {
    /// Draws into output row `y`; `row` holds one packed colour (`ColourMap.pack`) per pixel.
    func draw(row: UnsafeMutableBufferPointer<UInt32>, y: Int)
}

/// How output pixels cover slice voxels: each voxel is a `scale × scale` block (nearest neighbour).
public struct SliceGrid: Sendable, Equatable {
    public let orientation: SliceOrientation
    public let scale: Int

    public init(orientation: SliceOrientation, scale: Int = 1) {
        precondition(scale >= 1, "slice scale must be ≥ 1")
        self.orientation = orientation
        self.scale = scale
    }

    /// Output size in pixels.
    public var width: Int { orientation.width * scale }
    public var height: Int { orientation.height * scale }
}
