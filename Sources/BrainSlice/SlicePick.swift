import BrainAtlas
import BrainFormats
import BrainImage

/// The answer to `slice --pick X,Y` and `/api/slice/pick`: the region under one pixel of the
/// slice image the same request draws, and the MNI point of the voxel there.
public struct SlicePick: Encodable, Sendable {
    public let x: Int
    public let y: Int
    /// The overlay's region at that voxel (atlas or VOI); nil outside every region.
    public let region: Region?
    /// The voxel centre in MNI mm; nil for a volume in no stereotaxic space.
    public let mni: [Double]?
    public let plane: String

    enum CodingKeys: String, CodingKey { case x, y, region, mni, plane }

    // Written by hand so a missing region or point is an explicit null, not a missing key.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(x, forKey: .x)
        try c.encode(y, forKey: .y)
        try c.encode(region, forKey: .region)
        try c.encode(mni, forKey: .mni)
        try c.encode(plane, forKey: .plane)
    }

    /// One line for people: "pixel (310, 200) of the axial slice: Precentral gyrus (left) at MNI (−38, −10, 51)".
    public var readableText: String {
        let point = mni.map { " at MNI (" + $0.map(Slicer.number).joined(separator: ", ") + ")" } ?? ""
        let name = region.map { $0.hemisphere == .none ? $0.name : "\($0.name) (\($0.hemisphere.rawValue))" } ?? "no region"
        return "pixel (\(x), \(y)) of the \(plane) slice: \(name)\(point)"
    }
}

extension Slicer {
    /// The region under `request.pick` on the image `render(request)` would draw (same crop,
    /// scale and bands), without drawing it. A pixel off the slice (a band, the caption, the
    /// legend, outside the image) is an error naming the `pick` field.
    public func pick(_ request: SliceRequest) throws -> SlicePick {
        guard let pixel = request.pick else { throw SliceError.field("pick", "needs a pixel X,Y of the slice image") }
        return try Self.answer(plan(request), x: pixel.x, y: pixel.y, plane: request.plane)
    }

    /// The answer at output pixel (x, y) of a laid-out slice.
    static func answer(_ plan: SlicePlan, x: Int, y: Int, plane: SlicePlane) throws(SliceError) -> SlicePick {
        let layout = plan.layout
        let given = "\(x),\(y)"
        guard (0..<layout.width).contains(x), (0..<layout.height).contains(y) else {
            throw SliceError.field("pick", value: given, "is outside the \(layout.width)×\(layout.height) image (x 0…\(layout.width - 1), y 0…\(layout.height - 1))")
        }
        if plan.legendBox?.contains(x: x, y: y) == true {
            throw SliceError.field("pick", value: given, "is on the colour legend, not on the slice")
        }
        if plan.captionBox?.contains(x: x, y: y) == true {
            throw SliceError.field("pick", value: given, "is on the caption, not on the slice")
        }
        guard let voxel = layout.voxel(atPixel: x, y) else {
            let box = layout.sliceBox
            throw SliceError.field("pick", value: given, "is in the band around the slice, which covers x \(box.x)…\(box.x + box.width - 1), y \(box.y)…\(box.y + box.height - 1)")
        }
        var region: Region?
        if let layers = plan.layers {
            let o = layout.orientation, p = o.pixel(of: voxel)
            let id = Int(layers.plane[p.row * o.width + p.column])
            region = id == 0 ? nil : layers.regions.first { $0.id == id }
        }
        var mni: [Double]?
        if plan.volume.space.isStereotaxic {
            let m = plan.volume.mniMillimetres(ofVoxel: voxel)
            // Rounded to µm like the slice's own coordinate: the map is exact, its float noise is not.
            mni = [m.x, m.y, m.z].map { ($0 * 1000).rounded() / 1000 + 0 }
        }
        return SlicePick(x: x, y: y, region: region, mni: mni, plane: plane.rawValue)
    }
}
