import BrainAtlas
import BrainMaps

// A slice request's choices and the checks that need no file; its stored fields and their table
// are in SliceRequest+Fields.swift.
extension SliceRequest {
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
    public static let defaultAtlas = AtlasLibrary.defaultAtlas
    /// `--atlas none` turns the overlay off.
    public static let noAtlas = "none"
    /// The default output's short side reaches at least this many pixels.
    public static let minimumShortSide = 512
    /// Largest `scale` accepted; the output side is held to `RequestLimits.maximumImageSide`.
    public static let maximumScale = 64

    /// Checks the values that do not need any file; run once, as the request is made.
    func validate() throws(SliceError) {
        if let highlight {
            do { try RequestLimits.checkText(highlight, field: "highlight") } catch { throw .invalid(error) }
        }
        do { try overlay.validate() } catch { throw .invalid(error) }
        if let atlas, atlas != SliceRequest.noAtlas {
            do { try RequestLimits.checkText(atlas, field: "atlas") } catch { throw .invalid(error) }
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
        if mosaic != nil, raw || pick != nil {
            throw .field("mosaic", "cannot be combined with {\(raw ? "raw" : "pick")} (a mosaic is a drawn figure of several slices)")
        }
        if raw {
            // --raw is the file's voxel values only: refuse overlay, window and crop options rather
            // than silently drop them (its fixed scale 1, whole plane and missing crosshair,
            // letters and caption are documented).
            let ignored = [(atlas != nil && atlas != SliceRequest.noAtlas, "atlas"), (highlight != nil, "highlight"),
                           (dimOthers, "dimOthers"), (outline, "outline"), (voiPath != nil, "voi"),
                           (window != nil, "window"), (legend, "legend"), (crop == .head, "crop"),
                           (overlay.isRequested, "overlay")]
                .filter(\.0).map { "{\($0.1)}" }
            if !ignored.isEmpty {
                throw .field("raw", "shows the voxel values only (no overlay, no window, no crop); drop \(ignored.joined(separator: ", "))")
            }
        }
    }
}

extension SliceRequest {
    /// The three ways of giving the plane, as read; exactly one must be given.
    struct PositionInput: Sendable, Equatable {
        var index: Int?
        var mni: Double?
        var at: [Double]?
        var space: PointSpace?

        func position() throws(FieldError) -> Position {
            let given = [index != nil, mni != nil, at != nil].filter { $0 }.count
            guard given == 1 else {
                throw FieldError("position", given == 0 ? "give exactly one of them to choose the plane" : "give only one of them")
            }
            if space != nil, at == nil { throw FieldError("space", "only applies to {at}") }
            if let index { return .index(index) }
            if let mni { return .millimetres(mni) }
            let p = at!
            return .point(SIMD3(p[0], p[1], p[2]), space: space ?? .mni)
        }
    }
}
