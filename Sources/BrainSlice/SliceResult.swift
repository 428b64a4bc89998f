import BrainAtlas
import BrainFormats
import BrainImage

/// A rendered slice and what it shows.
public struct SliceResult: Sendable {
    public let image: RGBAImage
    public let plane: SlicePlane
    /// BV voxel index along the plane's axis.
    public let index: Int
    /// The plane's coordinate in mm in the volume's own RAS frame (MNI for the template).
    public let millimetres: Double
    /// The volume's space: `millimetres` is MNI only for an MNI volume, Talairach for a
    /// Talairach one, and a scanner frame coordinate otherwise.
    public let space: ReferenceSpace
    /// Regions visible on the slice, by id, with their pixel counts in the output image.
    public let regions: [(region: Region, pixels: Int)]
    /// Where the slice sits in `image`, and the pixel ↔ voxel ↔ mm map.
    public let layout: SliceLayout
    /// The pixels the orientation letters and the caption may cover (halo included).
    public let letterBoxes: [PixelRect]
    public let captionBox: PixelRect?
    /// The colour legend's rows (the entries it shows) and its box on `image`, when asked for.
    public let legend: Legend.Layout?
    public let legendBox: PixelRect?

    public init(image: RGBAImage, plane: SlicePlane, index: Int, millimetres: Double, space: ReferenceSpace,
                regions: [(region: Region, pixels: Int)], layout: SliceLayout,
                letterBoxes: [PixelRect] = [], captionBox: PixelRect? = nil, legend: Legend.Layout? = nil,
                legendBox: PixelRect? = nil) {
        self.image = image
        self.plane = plane
        self.index = index
        self.millimetres = millimetres
        self.space = space
        self.regions = regions
        self.layout = layout
        self.letterBoxes = letterBoxes
        self.captionBox = captionBox
        self.legend = legend
        self.legendBox = legendBox
    }

    /// PNG bytes (RGB; the slice is always opaque): the same pixels from the CLI and the server,
    /// compressed as `compression` asks (the server's `wireCompression`, the CLI's `pngCompression`).
    public func png(dpi: Int? = nil, compression: PNGEncoder.Compression = Self.pngCompression) -> [UInt8] {
        PNGEncoder(compression: compression, channels: .rgb, dpi: dpi).encode(image)
    }

    /// Interpolated slices deflate poorly with the SUB filter at zlib level 1 (a 619×656 coronal
    /// slice: 251 kB); libpng's adaptive level 9 gets it to 161 kB but took 0.4 s of a 0.5 s
    /// `slice`. UP at level 4 gives about 190 kB in ~15 ms of CPU, split over the cores.
    public static let pngCompression = PNGEncoder.Compression.compact

    /// What the server sends: its slices cross a phone's link on every atlas switch, where 30 kB
    /// more costs longer than the 0.4 s of CPU, so it keeps the smallest encoding.
    public static let wireCompression = PNGEncoder.Compression.best

    /// The `--json` object: `{"out","plane","index","mni","tal","size":[w,h],"imageToMm","regions":[region + "pixels"]}`.
    public func summary(out: String) -> Summary {
        let map = layout.imageToMillimetres
        // Rounded to µm like `mni`: the map is exact, its float noise is not.
        func µm(_ v: SIMD3<Double>) -> [Double] { [v.x, v.y, v.z].map { ($0 * 1000).rounded() / 1000 + 0 } }
        return Summary(out: out, plane: plane.rawValue, index: index,
                       caption: SliceCaption.text(plane: plane, index: index, millimetres: millimetres, space: space),
                       mni: space == .mni ? millimetres : nil, tal: space == .talairach ? millimetres : nil,
                       size: [image.width, image.height],
                       imageToMm: ImageToMillimetres(origin: µm(map.origin), right: µm(map.right), down: µm(map.down)),
                       regions: regions.map { RegionWith($0.region, Pixels(pixels: $0.pixels)) })
    }

    /// `imageToMm`: the volume's own RAS mm (`mni`/`tal` space as above) of image point (u, v),
    /// where pixel (x, y) covers u in x…x+1 and v in y…y+1 from the top-left corner, is
    /// `origin + u·right + v·down` (exact at voxel centres; bands around the slice map outside it).
    public struct ImageToMillimetres: Encodable, Sendable {
        public let origin: [Double]
        public let right: [Double]
        public let down: [Double]
    }

    /// The JSON shape of `slice --json`. A plane of constant MNI coordinate is not one of
    /// constant Talairach coordinate (and the reverse), so the plane's coordinate is given in the
    /// volume's own space only: `mni` for an MNI volume, `tal` for a Talairach one, the other
    /// null; both null for a native-space volume.
    public struct Summary: Encodable, Sendable {
        public let out: String
        public let plane: String
        public let index: Int
        /// The image's caption ("Coronal · y = −20 mm (MNI)"), for one-line summaries; not in the JSON.
        public let caption: String
        public let mni: Double?
        public let tal: Double?
        public let size: [Int]
        public let imageToMm: ImageToMillimetres
        public let regions: [RegionWith<Pixels>]

        enum CodingKeys: String, CodingKey { case out, plane, index, mni, tal, size, imageToMm, regions }

        // Written by hand so a missing coordinate is an explicit null, not a missing key.
        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(out, forKey: .out)
            try c.encode(plane, forKey: .plane)
            try c.encode(index, forKey: .index)
            try c.encode(mni, forKey: .mni)
            try c.encode(tal, forKey: .tal)
            try c.encode(size, forKey: .size)
            try c.encode(imageToMm, forKey: .imageToMm)
            try c.encode(regions, forKey: .regions)
        }
    }

    /// The field slices add to the region object.
    public struct Pixels: Encodable, Sendable {
        public let pixels: Int
    }
}
