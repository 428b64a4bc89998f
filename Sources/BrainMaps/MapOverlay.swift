import Foundation
import BrainAtlas
import BrainFormats

/// A map ready to draw: values sampled at MNI points (trilinear, 0 outside the map's box) and
/// coloured by threshold, signs and scale. Clusters below the smallest size are removed first.
public struct MapOverlay: Sendable {
    public let name: String
    /// The statistic (`t`, `z`, …) or nil.
    public let statistic: String?
    public let threshold: Float
    public let upper: Float
    public let signs: MapDisplay.Signs
    public let scale: OverlayColorScale
    public let clusterMinMm3: Double
    let values: [Float]
    /// An SMP map: one value per vertex of its mesh (nil for volume maps, which `value(atMNI:)` samples).
    public let surfaceValues: [Float]?
    let dims: SIMD3<Int>
    /// Row-major 3×4: millimetres in the map's space → voxel (i, j, k).
    let inverse: [Double]
    let talairach: Bool

    /// Reads the map `options` name and applies its display settings.
    public static func load(_ options: OverlayOptions) throws -> MapOverlay {
        try load(options) { try MapVolume.load($0, map: $1) }
    }

    /// The same, with `volume` giving the volume map (file, map number or name): a `MapOverlayStore`
    /// hands out the one it already read.
    public static func load(_ options: OverlayOptions, volume: (URL, String?) throws -> MapVolume) throws -> MapOverlay {
        try options.validate()
        guard let file = options.file else { throw FieldError("overlay", "missing") }
        let url = URL(fileURLWithPath: file)
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw FieldError("overlay", value: file, "does not exist")
        }
        if MapFileKind.isSurfaceMap(url.path) { return try surfaceMap(url, options: options) }
        return try MapOverlay(volume: try volume(url, options.map), options: options)
    }

    /// An SMP map, with its own thresholds and signs as defaults (no cluster removal on surfaces).
    static func surfaceMap(_ url: URL, options: OverlayOptions) throws -> MapOverlay {
        if options.clusterMinMm3 != nil {
            throw FieldError("clusterMin", "applies to volume maps; \(url.lastPathComponent) is a surface map")
        }
        let file: SurfaceMapFile
        do { file = try SurfaceMapFile.read(url, map: options.map) } catch let error as MapsError {
            throw FieldError("overlay", value: url.lastPathComponent, error.message)
        }
        // A one-row "volume" holds the values so thresholds and colours work as for volume maps.
        let volume = MapVolume(name: file.name, values: file.values, dims: SIMD3(file.values.count, 1, 1),
                               affine: [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0]], space: .mni, display: file.display)
        return try MapOverlay(volume: volume, options: options, surface: true)
    }

    public init(volume: MapVolume, options: OverlayOptions) throws {
        try self.init(volume: volume, options: options, surface: false)
    }

    init(volume: MapVolume, options: OverlayOptions, surface: Bool) throws {
        try options.validate()
        let display = volume.display
        name = volume.name
        statistic = display.statistic
        threshold = options.threshold.map { Float($0[0]) } ?? display.threshold
        let upper = options.threshold.flatMap { $0.count == 2 ? Float($0[1]) : nil } ?? display.upper
        // A colour range that ends at or below the threshold (a user's T above the stored MAX) ends at 2T.
        self.upper = upper > threshold ? upper : 2 * threshold
        scale = options.colorScale ?? .hot
        let negativeOnly = scale == .cold
        signs = switch options.twoSided {
        case true?: .both
        case false?: negativeOnly ? .negative : .positive
        case nil: negativeOnly ? .negative : display.signs
        }
        clusterMinMm3 = options.clusterMinMm3 ?? display.clusterMinMm3
        guard threshold.isFinite, threshold > 0 else {
            throw FieldError("threshold", value: "\(threshold)", "must be > 0 (the map's own threshold is not usable: give {threshold})")
        }
        dims = volume.dims
        talairach = volume.space == .talairach
        inverse = Self.invert(volume.affine)
        values = surface ? volume.values : try Self.keepingClusters(volume, threshold: threshold, signs: signs, minSize: clusterMinMm3)
        surfaceValues = surface ? volume.values : nil
    }

    /// The map's value at an MNI point: trilinear between the eight voxel centres around it,
    /// voxels outside the map counting as 0.
    @inline(__always)
    public func value(atMNI p: SIMD3<Double>) -> Float {
        let q = talairach ? Talairach.talairach(fromMNI: p) : p
        let m = inverse
        let x = m[0] * q.x + m[1] * q.y + m[2] * q.z + m[3]
        let y = m[4] * q.x + m[5] * q.y + m[6] * q.z + m[7]
        let z = m[8] * q.x + m[9] * q.y + m[10] * q.z + m[11]
        guard x > -1, y > -1, z > -1, x < Double(dims.x), y < Double(dims.y), z < Double(dims.z) else { return 0 }
        let x0 = Int(x.rounded(.down)), y0 = Int(y.rounded(.down)), z0 = Int(z.rounded(.down))
        let fx = Float(x - Double(x0)), fy = Float(y - Double(y0)), fz = Float(z - Double(z0))
        var sum: Float = 0
        for dz in 0...1 {
            let k = z0 + dz
            guard k >= 0, k < dims.z else { continue }
            let wz = dz == 0 ? 1 - fz : fz
            for dy in 0...1 {
                let j = y0 + dy
                guard j >= 0, j < dims.y else { continue }
                let wy = dy == 0 ? 1 - fy : fy
                let row = dims.x * (j + dims.y * k)
                if x0 >= 0 { sum += values[row + x0] * (1 - fx) * wy * wz }
                if x0 + 1 < dims.x { sum += values[row + x0 + 1] * fx * wy * wz }
            }
        }
        return sum
    }

    /// The value of voxel (i, j, k) of the map's own grid (cluster removal applied).
    public func voxelValue(_ i: Int, _ j: Int, _ k: Int) -> Float { values[i + dims.x * (j + dims.y * k)] }

    /// The colour of a value, nil when it is not shown (below threshold, a sign not shown, not finite).
    @inline(__always)
    public func color(_ v: Float) -> OverlayColorScale.Color? {
        guard v.isFinite else { return nil }
        let span = upper - threshold
        if v >= threshold, signs != .negative {
            switch scale {
            case .viridis: return OverlayColorScale.viridis(signs == .both ? (v + upper) / (2 * upper) : (v - threshold) / span)
            case .hot, .cold: return OverlayColorScale.warm((v - threshold) / span)
            }
        }
        if v <= -threshold, signs != .positive {
            switch scale {
            case .viridis: return OverlayColorScale.viridis(signs == .both ? (v + upper) / (2 * upper) : (-v - threshold) / span)
            case .hot, .cold: return OverlayColorScale.cool((-v - threshold) / span)
            }
        }
        return nil
    }

    /// How far a value lies beyond the threshold on the sides shown (≥ 0 exactly when it is coloured).
    public func excess(_ v: Float) -> Float {
        switch signs {
        case .positive: v - threshold
        case .negative: -v - threshold
        case .both: abs(v) - threshold
        }
    }

    /// The value ranges a colour bar shows, top first: `MAX…T`, and `−T…−MAX` for negatives.
    public var barSegments: [(top: Double, bottom: Double)] {
        var segments: [(top: Double, bottom: Double)] = []
        if signs != .negative { segments.append((Double(upper), Double(threshold))) }
        if signs != .positive { segments.append((-Double(threshold), -Double(upper))) }
        return segments
    }

    /// What the bar says under the map's name: the statistic, the values shown and the smallest cluster.
    public var barCaption: [String] {
        let stat = statistic.map { "\($0) map" } ?? "map values"
        let t = Self.number(Double(threshold))
        let sides = switch signs { case .positive: "≥ \(t)"; case .negative: "≤ −\(t)"; case .both: "|v| ≥ \(t)" }
        let clusters = clusterMinMm3 > 0 ? ["clusters ≥ \(Self.number(clusterMinMm3)) mm³"] : []
        return ["\(stat), \(sides)"] + clusters
    }

    /// A short number for labels: up to three significant decimals, no trailing zeros.
    public static func number(_ v: Double) -> String {
        if v == v.rounded(), abs(v) < 1e9 { return String(Int(v)).replacingOccurrences(of: "-", with: "−") }
        let digits = abs(v) >= 100 ? 0 : abs(v) >= 10 ? 1 : 2
        var s = String(format: "%.\(digits)f", v)
        while s.contains("."), s.hasSuffix("0") { s.removeLast() }
        if s.hasSuffix(".") { s.removeLast() }
        return s.replacingOccurrences(of: "-", with: "−")
    }

    /// Zeroes the shown voxels of clusters smaller than `minSize` mm³.
    static func keepingClusters(_ volume: MapVolume, threshold: Float, signs: MapDisplay.Signs, minSize: Double) throws -> [Float] {
        guard minSize > 0 else { return volume.values }
        var values = volume.values
        var options = ClusterOptions(threshold: threshold, twoSided: signs != .positive, minSizeMm3: 0)
        options.peakSeparationMm = .infinity
        for cluster in try ClusterFinder.clusters(in: volume, options: options) where cluster.sizeMm3 < minSize {
            for i in cluster.voxels { values[i] = 0 }
        }
        return values
    }

    /// The inverse of a 3×4 affine, row-major 3×4.
    static func invert(_ a: [[Double]]) -> [Double] {
        let m = a
        let det = m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
            + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])
        let d = det != 0 ? 1 / det : 0
        var r = [[Double]](repeating: [0, 0, 0], count: 3)
        r[0][0] = (m[1][1] * m[2][2] - m[1][2] * m[2][1]) * d
        r[0][1] = (m[0][2] * m[2][1] - m[0][1] * m[2][2]) * d
        r[0][2] = (m[0][1] * m[1][2] - m[0][2] * m[1][1]) * d
        r[1][0] = (m[1][2] * m[2][0] - m[1][0] * m[2][2]) * d
        r[1][1] = (m[0][0] * m[2][2] - m[0][2] * m[2][0]) * d
        r[1][2] = (m[0][2] * m[1][0] - m[0][0] * m[1][2]) * d
        r[2][0] = (m[1][0] * m[2][1] - m[1][1] * m[2][0]) * d
        r[2][1] = (m[0][1] * m[2][0] - m[0][0] * m[2][1]) * d
        r[2][2] = (m[0][0] * m[1][1] - m[0][1] * m[1][0]) * d
        var out: [Double] = []
        for row in 0..<3 {
            let t = -(r[row][0] * m[0][3] + r[row][1] * m[1][3] + r[row][2] * m[2][3])
            out += [r[row][0], r[row][1], r[row][2], t]
        }
        return out
    }
}
