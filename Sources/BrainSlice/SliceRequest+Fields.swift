import BrainAtlas
import BrainImage
import BrainMaps

/// Everything `braintutor slice` and `/api/slice` can ask for; defaults are the CLI's. A request
/// exists only checked: its fields are set in this file alone, by the table's readers, and every
/// way of making one ends in `validate`, so the slicer does not check it again.
public struct SliceRequest: Sendable, Equatable, OverlayRequesting {
    public private(set) var plane: SlicePlane
    public private(set) var position: Position
    /// nil: the default atlas (bundled data) or the `--voi` regions.
    public private(set) var atlas: String?
    public private(set) var highlight: String?
    public private(set) var dimOthers = false
    public private(set) var outline = false
    public private(set) var opacity = RegionOverlay.defaultOpacity
    /// How the anatomy is scaled up between voxel centres (overlay borders follow: smooth
    /// unless `nearest`).
    public private(set) var interpolation = SliceInterpolation.default
    public private(set) var window: GreyWindow?
    /// nil: smallest integer scale whose short side is ≥ 512 px.
    public private(set) var scale: Int?
    public private(set) var radiological = false
    /// The orientation letters (R/L, A/P, S/I) in the margin.
    public private(set) var letters = true
    /// False on a mosaic's tiles: the mosaic puts the left and right letters once per row, outside
    /// the grid, where they cannot run into the next tile's (not a field: set by `mosaicTile`).
    var sideLetters = true
    /// nil: `head` (the whole plane with `raw`).
    public private(set) var crop: SliceCrop?
    /// The plane and its coordinate under the image ("Coronal · y = −20 mm (MNI)").
    public private(set) var caption = true
    /// A colour legend of the regions drawn on the slice, beside it.
    public private(set) var legend = false
    public private(set) var raw = false
    /// A user's VMR instead of the bundled template.
    public private(set) var vmrPath: String?
    /// A user's VOI file as the overlay instead of an atlas.
    public private(set) var voiPath: String?
    /// The resolution the PNG states (pHYs), for print and page layout; nil: none stated.
    public private(set) var dpi: Int?
    /// A statistical map drawn on the slice under the region borders (`--overlay`).
    public private(set) var overlay = OverlayOptions()
    /// `slice --pick X,Y`, `/api/slice/pick?x=&y=`: the output pixel (from the top-left) to name
    /// the region of, on the image the other fields draw.
    public private(set) var pick: SIMD2<Int>?
    /// `slice --mosaic N`: N evenly spaced slices of the plane in a grid (`SliceMosaic`); nil: one slice.
    public private(set) var mosaic: Int?
    /// Which built palette colours the regions (the colour-blind one: `cvd`).
    public private(set) var palette: ColorPalette = .default
    /// The position as given (`index`, `mni`, `at`, `space`), read into `position` once all are in.
    private var positionInput = PositionInput()


    private init(unchecked plane: SlicePlane, position: Position) {
        self.plane = plane
        self.position = position
    }

    /// The defaults (an axial plane at index 0), as help shows them.
    public static let defaults = SliceRequest(unchecked: .axial, position: .index(0))

    /// The defaults on `plane` at `position`, checked.
    public init(plane: SlicePlane, position: Position) throws(SliceError) {
        self.init(unchecked: plane, position: position)
        try validate()
    }

    /// Reads and checks the given texts (by field key, as `fields` reads them).
    public init(_ given: [String: String]) throws(SliceError) {
        self.init(unchecked: .axial, position: .index(0))
        try read(given, needsPosition: true)
    }

    /// This request with more texts read over it (as `init(_:)` reads them; the position only
    /// when one of its fields is given), checked again as a whole.
    public func with(_ given: [String: String]) throws(SliceError) -> SliceRequest {
        var changed = self
        try changed.read(given, needsPosition: false)
        return changed
    }

    private mutating func read(_ given: [String: String], needsPosition: Bool) throws(SliceError) {
        do throws(FieldError) {
            try Self.fields.read(given, into: &self, changing: !needsPosition)
            if mosaic != nil, positionInput != PositionInput() {
                throw FieldError("mosaic", "chooses its slices itself: give no {index}, {mni} or {at}")
            }
            // A mosaic's tiles take their positions from it; its own stays unused.
            if mosaic == nil, needsPosition || positionInput != PositionInput() { position = try positionInput.position() }
        } catch { throw .invalid(error) }
        positionInput = PositionInput()
        // Options with a default cannot be told given from their values: `validate` refuses the rest.
        let unused = Self.unusedWhenRaw.filter { given[$0] != nil }.map { "{\($0)}" }
        if raw, !unused.isEmpty {
            throw .field("raw", "shows the voxel values only, one pixel per voxel (no overlay, letters or caption); drop \(unused.joined(separator: ", "))")
        }
        try validate()
    }

    /// Fields with a default that `raw` never uses (it honours `radiological`, and takes `scale` and
    /// `interp` as the scale 1 and nearest sampling it always has).
    static let unusedWhenRaw = ["opacity", "palette", "letters", "caption"]


    /// Every option of a slice (`slice`, `/api/slice`), once: a new option is one entry here plus its use.
    public static let fields = RequestFieldTable<SliceRequest>([
        RequestField("plane", form: .value("axial|coronal|sagittal"), required: true,
                     help: "The plane to cut (ax, cor, sag too).") { request, text throws(FieldError) in
            guard let plane = SlicePlane(userText: text) else { throw FieldError("plane", value: text, "is not axial, coronal or sagittal") }
            request.plane = plane
        },
        .integer("index", in: Int.min...Int.max, help: "BV voxel index along the plane's axis, which differs per plane: sagittal counts z (right to left), axial y (superior to inferior), coronal x (anterior to posterior); 0…255 on the template.",
                 \.positionInput.index),
        .number("mni", valueName: "mm", in: -1e6...1e6, help: "The plane's MNI coordinate (needs an MNI or Talairach VMR).",
                \.positionInput.mni),
        .numbers("at", valueName: "X,Y,Z", count: 3...3, in: -1e6...1e6, help: "A point to cut through and mark with a crosshair.",
                 \.positionInput.at),
        RequestField("space", form: .value("mni|tal|voxel"), help: "Space of at: mni (default), tal or voxel (any case).") {
            request, text throws(FieldError) in
            do throws(SliceError) { request.positionInput.space = try PointSpace(field: text) } catch { throw error.asFieldError }
        },
        RequestField("atlas", form: .value("name"), kind: .name, help: "Atlas to overlay (default: \(defaultAtlas); none: no overlay).") {
            request, text throws(FieldError) in
            try RequestLimits.checkText(text, field: "atlas")
            request.atlas = text.lowercased()
        },
        .name("highlight", valueName: "region", help: "Region id, sourceLabel or name to show strongly (both sides unless one is named).",
              \.highlight),
        .flag("dimOthers", help: "With highlight: the other regions as light tints.", \.dimOthers),
        .flag("outline", help: "Region outlines.", \.outline),
        .number("opacity", valueName: "0…1", in: 0...1, help: "Overlay opacity.", \.opacity),
        RequestField("interp", form: .value("nearest|linear|cubic"),
                     help: "Scaling between voxel centres: nearest (voxel blocks), linear or cubic.",
                     default: { $0.interpolation.rawValue }) { request, text throws(FieldError) in
            do throws(SliceError) { request.interpolation = try SliceInterpolation(field: text) } catch { throw error.asFieldError }
        },
        RequestField("window", query: .none, form: .value("low,high"),
                     help: "Grey window (default: white matter's peak grey shows as 208 of 255).") { request, text throws(FieldError) in
            do throws(SliceError) { request.window = try GreyWindow(parsing: text) } catch { throw error.asFieldError }
        },
        .integer("scale", in: 1...maximumScale, help: "Output pixels per voxel (default: short side ≥ \(minimumShortSide) px).", \.scale),
        .flag("radiological", help: "Mirror axial and coronal slices (subject's left on the image right).", \.radiological),
        .onOff("letters", help: "The orientation letters (R/L, A/P, S/I) in the margin.", \.letters),
        RequestField("crop", form: .value("head|none"), help: "head: the head's box plus 8 mm; none: the whole plane.",
                     default: { ($0.crop ?? .head).rawValue }) { request, text throws(FieldError) in
            do throws(SliceError) { request.crop = try SliceCrop(field: text) } catch { throw error.asFieldError }
        },
        .onOff("caption", help: "The plane and its coordinate under the image.", \.caption),
        .flag("legend", help: "A colour legend of the regions drawn on the slice.", \.legend),
        .flag("raw", query: .none, help: "One grey pixel per voxel = voxel value: no overlay, letters, caption, crosshair, crop; scale 1.",
              \.raw),
        .path("vmr", valueName: "file.vmr", help: "A VMR file to slice instead of the bundled template.", \.vmrPath),
        .path("voi", valueName: "file.voi", help: "A VOI file to overlay instead of an atlas.", \.voiPath),
        RequestField("pick", query: .none, form: .value("X,Y"),
                     help: "Name the region under output pixel X,Y (from the top-left) of this slice image and its MNI point, instead of writing the image.") {
            request, text throws(FieldError) in
            let xy = try RequestField<SliceRequest>.listValue(text, field: "pick", valueName: "X,Y", count: 2...2,
                                                              in: 0...Double(RequestLimits.maximumImageSide - 1))
            guard xy.allSatisfy({ $0 == $0.rounded() }) else { throw FieldError("pick", value: text, "is not a pixel: X and Y are whole numbers") }
            request.pick = SIMD2(Int(xy[0]), Int(xy[1]))
        },
        .choice("palette", help: "Region colours: the default palette, or cvd (bordering regions stay apart under red-green and blue-yellow colour blindness).",
                \.palette),
        .integer("mosaic", query: .none, valueName: "N", in: 2...SliceMosaic.maximumTiles,
                 help: "N evenly spaced slices of the plane in a grid, with one legend and one colour bar.", \.mosaic),
        .integer("dpi", in: PNGEncoder.dpiRange, help: "Resolution stated in the PNG for print (300 is typical; default: none).", \.dpi),
    ] + OverlayOptions.fields(at: \SliceRequest.overlay))
}

extension SliceRequest {
    /// One tile of this request's mosaic: the slice at `index`, at `scale`, without the legend
    /// (the mosaic draws one for all tiles).
    func mosaicTile(index: Int, scale: Int?) -> SliceRequest {
        var tile = self
        (tile.mosaic, tile.legend, tile.position, tile.scale) = (nil, false, .index(index), scale)
        tile.sideLetters = false
        return tile
    }
}

extension SliceError {
    /// The field error inside, for parsers the table reuses (they throw `.invalid`).
    var asFieldError: FieldError {
        fieldError ?? FieldError("slice", "\(self)")
    }
}
