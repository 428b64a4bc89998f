import BrainAtlas

/// A statistical map drawn over a slice or a surface, as a request names it: the file, which map,
/// thresholds, signs, colour scale and smallest cluster. Unset values take the map's own
/// (`MapDisplay`).
public struct OverlayOptions: Sendable, Hashable {
    /// The VMP or NIfTI file.
    public var file: String?
    /// 1-based number or name of the map (NIfTI: volume number).
    public var map: String?
    /// `T` or `T,MAX`.
    public var threshold: [Double]?
    /// nil: the map's own setting.
    public var twoSided: Bool?
    public var colorScale: OverlayColorScale?
    public var clusterMinMm3: Double?

    public init() {}

    public var isRequested: Bool { file != nil }

    /// Refuses options given without a map, and a colour range that ends below its threshold.
    public func validate() throws(FieldError) {
        if file == nil {
            let given = [(map != nil, "map"), (threshold != nil, "threshold"), (twoSided != nil, "twoSided"),
                         (colorScale != nil, "cmap"), (clusterMinMm3 != nil, "clusterMin")].filter(\.0).map(\.1)
            if let first = given.first { throw FieldError(first, "needs {overlay} FILE (the map it applies to)") }
            return
        }
        if let t = threshold {
            guard t[0] > 0 else { throw FieldError("threshold", value: Self.text(t), "must be > 0 (negative values: add {twoSided})") }
            if t.count == 2, t[1] <= t[0] {
                throw FieldError("threshold", value: Self.text(t), "needs MAX above T (T,MAX: colours run from T to MAX)")
            }
        }
    }

    static func text(_ values: [Double]) -> String {
        values.map { $0 == $0.rounded() && abs($0) < 1e15 ? String(Int($0)) : String($0) }.joined(separator: ",")
    }
}

/// A request that can carry an overlay (scenes and slices).
public protocol OverlayRequesting {
    var overlay: OverlayOptions { get }
}

extension OverlayOptions {
    /// The overlay's entries in a request's field table: the same options, help and checks for
    /// `slice` and `render`. `path` is where the request keeps its overlay, written in the file
    /// that declares the request (the only place its `private(set)` field is writable).
    public static func fields<R: OverlayRequesting>(at path: WritableKeyPath<R, OverlayOptions> & Sendable) -> [RequestField<R>] {
        entries.map { $0.within(path) }
    }

    static let entries: [RequestField<OverlayOptions>] = [
        // A file on the command line; in a query the name of a map the server was started with
        // (`serve --map NAME=FILE`), which the server replaces by its file before this reads it.
        RequestField("overlay", form: .value("map.vmp|map.nii"), kind: .path,
                     help: "A statistical map (VMP or NIfTI, MNI or Talairach space) drawn over the atlas (server: a --map NAME).") {
            options, text throws(FieldError) in
            guard !text.isEmpty, !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
                throw FieldError("overlay", value: text, "is not a usable file name")
            }
            options.file = text
        },
        RequestField("map", form: .value("N|name"), kind: .name,
                     help: "Which map of the overlay file: 1-based number or name (NIfTI: volume; default 1).") {
            options, text throws(FieldError) in
            try RequestLimits.checkText(text, field: "map")
            options.map = text
        },
        .numbers("threshold", valueName: "T[,MAX]", count: 1...2, in: -1e30...1e30,
                 help: "Colour values of magnitude ≥ T, the scale ending at MAX (default: the map's own; NIfTI: max/3, max).",
                 \.threshold),
        RequestField("twoSided", form: .flag, help: "Negative values too (≤ −T), in the scale's negative colours (default: the map's own; NIfTI: off).") {
            options, text throws(FieldError) in
            options.twoSided = try RequestField<OverlayOptions>.switchValue(text, field: "twoSided", expected: "true or false")
        },
        .choice("cmap", help: "Colour scale: hot (red→yellow, negatives blue→cyan), cold (negatives only, blue→cyan) or viridis.",
                \.colorScale),
        .number("clusterMin", valueName: "mm3", in: 0...1e9,
                help: "Leave out overlay clusters smaller than this many mm³ (26-connected; default: the map's own, else 0).",
                \.clusterMinMm3),
    ]
}

extension OverlayOptions {
    /// The overlay options in `given` (texts by field key), read and checked by the same entries
    /// as a scene's or slice's overlay, for front ends that take only the overlay's fields.
    public static func read(_ given: [String: String]) throws(FieldError) -> OverlayOptions {
        var options = OverlayOptions()
        try RequestFieldTable(entries).read(given, into: &options)
        try options.validate()
        return options
    }

    /// The overlay fields' texts (by field key) among query parameters (by query key).
    public static func readQuery(_ parameters: [String: String]) -> [String: String] {
        RequestFieldTable(entries).readQuery(parameters)
    }
}
