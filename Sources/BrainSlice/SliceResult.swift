import BrainAtlas
import BrainImage

/// A rendered slice and what it shows.
public struct SliceResult: Sendable {
    public let image: RGBAImage
    public let plane: SlicePlane
    /// BV voxel index along the plane's axis.
    public let index: Int
    /// The plane's stereotaxic coordinate in mm (MNI for the template).
    public let millimetres: Double
    /// Regions visible on the slice, by id, with their pixel counts in the output image.
    public let regions: [(region: Region, pixels: Int)]

    /// PNG bytes (RGB; the slice is always opaque).
    public func png(compression: PNGEncoder.Compression = .fast) -> [UInt8] {
        PNGEncoder(compression: compression, channels: .rgb).encode(image)
    }

    /// The `--json` object: `{"out","plane","index","mni","size":[w,h],"regions":[region + "pixels"]}`.
    public func summary(out: String) -> Summary {
        Summary(out: out, plane: plane.rawValue, index: index, mni: millimetres,
                size: [image.width, image.height],
                regions: regions.map { RegionWith($0.region, Pixels(pixels: $0.pixels)) })
    }

    /// The JSON shape of `slice --json`.
    public struct Summary: Encodable, Sendable {
        public let out: String
        public let plane: String
        public let index: Int
        public let mni: Double
        public let size: [Int]
        public let regions: [RegionWith<Pixels>]
    }

    /// The field slices add to the region object.
    public struct Pixels: Encodable, Sendable {
        public let pixels: Int
    }
}
