import BrainAtlas

/// Everything `braintutor slice` and `/api/slice` can ask for; defaults are the CLI's. Front
/// ends set the fields they read; `validate` (run again by `Slicer.render`) checks every limit.
public struct SliceRequest: Sendable, Equatable {
    /// Which plane to cut, given one of three ways.
    public enum Position: Sendable, Equatable {
        /// BV voxel index along the plane's axis (sagittal z, axial y, coronal x).
        case index(Int)
        /// The plane's MNI coordinate in mm (on a Talairach VMR: the plane through that MNI
        /// coordinate's point on the axis, converted as `--at` points are).
        case millimetres(Double)
        /// A point; the plane goes through it and a crosshair marks it.
        case point(SIMD3<Double>, space: PointSpace)
    }

    /// The space of `--at` coordinates.
    public enum PointSpace: String, Sendable, CaseIterable {
        case mni, tal, voxel

        /// The space as a person types it (any case); the CLI and the HTTP API both use this.
        public init?(userText: String) { self.init(rawValue: userText.lowercased()) }

        /// The `space` field as typed, or an error naming it.
        public init(field text: String) throws(SliceError) {
            guard let space = Self(userText: text) else { throw .field("space", value: text, "is not mni, tal or voxel") }
            self = space
        }
    }

    /// The atlas shown when none is named.
    public static let defaultAtlas = "gyri"
    /// `--atlas none` turns the overlay off.
    public static let noAtlas = "none"
    /// The default output's short side reaches at least this many pixels.
    public static let minimumShortSide = 512
    /// Largest `scale` accepted; the output side is held to `RequestLimits.maximumImageSide`.
    public static let maximumScale = 64

    public var plane: SlicePlane
    public var position: Position
    /// nil: the default atlas (bundled data) or the `--voi` regions.
    public var atlas: String?
    public var highlight: String?
    public var dimOthers = false
    public var outline = false
    public var opacity = RegionOverlay.defaultOpacity
    /// How the anatomy is scaled up between voxel centres (overlay borders follow: smooth
    /// unless `nearest`).
    public var interpolation = SliceInterpolation.default
    public var window: GreyWindow?
    /// nil: smallest integer scale whose short side is ≥ 512 px.
    public var scale: Int?
    public var radiological = false
    public var letters = true
    /// nil: `head` (the whole plane with `raw`).
    public var crop: SliceCrop?
    /// The plane and its coordinate under the image ("Coronal · y = −20 mm (MNI)").
    public var caption = true
    /// A colour legend of the regions drawn on the slice, beside it.
    public var legend = false
    public var raw = false
    /// A user's VMR instead of the bundled template.
    public var vmrPath: String?
    /// A user's VOI file as the overlay instead of an atlas.
    public var voiPath: String?

    public init(plane: SlicePlane, position: Position) {
        self.plane = plane
        self.position = position
    }

    /// Checks the values that do not need any file.
    public func validate() throws(SliceError) {
        if let highlight {
            do { try RequestLimits.checkText(highlight, field: "highlight") } catch { throw .invalid(error) }
        }
        guard opacity.isFinite, opacity >= 0, opacity <= 1 else {
            throw .field("opacity", value: "\(opacity)", "is not within 0…1")
        }
        if let scale, !(1...SliceRequest.maximumScale).contains(scale) {
            throw .field("scale", value: "\(scale)", "is not within 1…\(SliceRequest.maximumScale)")
        }
        switch position {
        case .index: break
        case .millimetres(let mm):
            guard mm.isFinite, abs(mm) < 1e6 else { throw .field("mni", value: "\(mm)", "is not a usable coordinate") }
        case .point(let p, _):
            guard [p.x, p.y, p.z].allSatisfy({ $0.isFinite && abs($0) < 1e6 }) else {
                throw .field("at", value: "\(p.x),\(p.y),\(p.z)", "is not a usable point")
            }
        }
        if atlas != nil, voiPath != nil, atlas != SliceRequest.noAtlas {
            throw .field("atlas", "cannot be combined with {voi} (the VOI file is the overlay)")
        }
        if highlight != nil, atlas == SliceRequest.noAtlas, voiPath == nil {
            throw .field("highlight", "needs an overlay, but {atlas} is 'none'")
        }
        if legend, atlas == SliceRequest.noAtlas, voiPath == nil {
            throw .field("legend", "needs an overlay, but {atlas} is 'none'")
        }
        if dimOthers, highlight == nil {
            throw .field("dimOthers", "needs {highlight} REGION (it tints the regions other than the highlighted one)")
        }
        if raw {
            // --raw is the file's voxel values only: refuse overlay, window and crop options rather
            // than silently drop them (its fixed scale 1, whole plane and missing crosshair,
            // letters and caption are documented).
            let ignored = [(atlas != nil && atlas != SliceRequest.noAtlas, "atlas"), (highlight != nil, "highlight"),
                           (dimOthers, "dimOthers"), (outline, "outline"), (voiPath != nil, "voi"),
                           (window != nil, "window"), (legend, "legend"), (crop == .head, "crop")]
                .filter(\.0).map { "{\($0.1)}" }
            if !ignored.isEmpty {
                throw .field("raw", "shows the voxel values only (no overlay, no window, no crop); drop \(ignored.joined(separator: ", "))")
            }
        }
    }
}

extension SliceRequest {
    /// An on/off field as typed (`on`, `off`, `true`, `false`, `1`, `0`, `yes`, `no`).
    public static func switchValue(_ text: String, field: String) throws(SliceError) -> Bool {
        switch text.lowercased() {
        case "on", "true", "1", "yes": return true
        case "off", "false", "0", "no": return false
        default: throw .field(field, value: text, "is not on or off")
        }
    }
}

extension SlicePlane {
    /// The `plane` field as typed (any case, `ax`/`cor`/`sag`), or an error naming it.
    public init(field text: String) throws(SliceError) {
        guard let plane = Self(userText: text) else { throw .field("plane", value: text, "is not axial, coronal or sagittal") }
        self = plane
    }
}

extension SliceRequest.Position {
    /// Exactly one of `index`, `mni` (mm) or `at` (`X,Y,Z`, in `space`), as typed.
    public static func parse(index: Int?, mni: String?, at: String?, space: SliceRequest.PointSpace?) throws(SliceError) -> Self {
        let given = [index != nil, mni != nil, at != nil].filter { $0 }.count
        guard given == 1 else {
            throw .field("position", given == 0 ? "give exactly one of them to choose the plane" : "give only one of them")
        }
        if space != nil, at == nil { throw .field("space", "only applies to {at}") }
        if let index { return .index(index) }
        if let mni {
            guard let mm = Double(mni.trimmingCharacters(in: .whitespaces)), mm.isFinite else {
                throw .field("mni", value: mni, "is not a number of mm")
            }
            return .millimetres(mm)
        }
        let parts = at!.split(separator: ",", omittingEmptySubsequences: false)
            .map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 3, let x = parts[0], let y = parts[1], let z = parts[2],
              x.isFinite, y.isFinite, z.isFinite else {
            throw .field("at", value: at!, "is not X,Y,Z (three numbers)")
        }
        return .point(SIMD3(x, y, z), space: space ?? .mni)
    }
}
