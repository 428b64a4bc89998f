import Foundation

/// What the slicer learns about a volume from one pass over its voxels: where the head is and how
/// bright its white matter is. Computed once per volume (the `Slicer` keeps the template's), so
/// every slice of a plane gets the same crop and the same grey window.
public struct VolumeSurvey: Sendable, Equatable {
    /// BV voxel bounds (inclusive) of every voxel brighter than `headThreshold`; nil for a blank volume.
    public let headLow: SIMD3<Int>?
    public let headHigh: SIMD3<Int>?
    /// Grey value of the white-matter peak: the brightest clear peak of the grey histogram (T1:
    /// white matter is the brightest large tissue class); nil for a blank volume.
    public let whiteMatterPeak: Int?
    /// Voxels above this are head, not background: a fifth of the white-matter peak, which clears
    /// the ICBM template's background noise (values up to about 30) and keeps the scalp.
    public let headThreshold: Int

    /// The head voxels' share of the white-matter grey below which a voxel is background.
    static let backgroundFraction = 0.2
    /// The display grey the white-matter peak is drawn with: light, with room above it so that
    /// brighter white matter keeps its texture and white outlines and letters stand out.
    public static let whiteMatterDisplayGrey = 208

    /// Surveys `voxels` (x fastest, `dims` BV axes); only grey values 1…225 count (226…255 are
    /// BrainVoyager's label colours).
    public init(voxels: Data, dims: SIMD3<Int>) {
        let count = dims.x * dims.y * dims.z
        precondition(voxels.count >= count, "volume smaller than its dims")
        var histogram = [Int](repeating: 0, count: 256)
        voxels.withUnsafeBytes { raw in
            let v = raw.bindMemory(to: UInt8.self)
            // Every 3rd voxel is plenty for a 226-bin histogram and keeps the pass cheap.
            var i = 0
            while i < count { histogram[Int(v[i])] += 1; i += 3 }
        }
        let peak = Self.whiteMatterPeak(histogram)
        whiteMatterPeak = peak
        let threshold = max(1, Int((Double(peak ?? 1) * Self.backgroundFraction).rounded()))
        headThreshold = threshold
        let box = Self.headBox(voxels: voxels, dims: dims, threshold: threshold)
        headLow = box?.low
        headHigh = box?.high
    }

    /// The display window: black up to half the background threshold (the template's background
    /// noise, values up to about 20, shows as black like the bands around a cropped slice, instead
    /// of a dark grey frame), the white-matter peak at `whiteMatterDisplayGrey`, and never brighter
    /// than the full window 0…225 (a scan whose brightest peak is not white matter must not be
    /// blown out).
    public var window: GreyWindow {
        guard let peak = whiteMatterPeak, peak > 0 else { return .display }
        let low = headThreshold / 2
        let span = ((peak - low) * 255 + Self.whiteMatterDisplayGrey / 2) / Self.whiteMatterDisplayGrey
        return GreyWindow(low: low, high: max(GreyWindow.vmrGreyMax, low + max(1, span)))
    }

    /// The brightest clear peak of the histogram: smoothed over ±3 grey values, a value that is the
    /// maximum within ±10 and holds at least a quarter of the highest smoothed count. 225 is left
    /// out (brighter values pile up there when a converter clips). On the ICBM template the peaks
    /// are background, CSF, grey matter (164) and white matter (216).
    static func whiteMatterPeak(_ h: [Int]) -> Int? {
        let top = GreyWindow.vmrGreyMax - 1
        // The darkest tenth of the grey range is background noise, never a tissue peak.
        let floor = GreyWindow.vmrGreyMax / 10
        let smoothed = (0...top).map { v in v < floor ? 0 : (max(floor, v - 3)...min(top, v + 3)).reduce(0) { $0 + h[$1] } }
        guard let highest = smoothed.max(), highest > 0 else { return nil }
        for v in stride(from: top, through: floor, by: -1) where 4 * smoothed[v] >= highest {
            let around = max(floor, v - 10)...min(top, v + 10)
            if around.allSatisfy({ smoothed[$0] <= smoothed[v] }) { return v }
        }
        return nil
    }

    /// Inclusive BV voxel bounds of voxels above `threshold` (drawn label values 226…255 count as head). Each x-row is scanned from both
    /// ends only until its first head voxel, so the pass reads little more than the background.
    static func headBox(voxels: Data, dims: SIMD3<Int>, threshold: Int) -> (low: SIMD3<Int>, high: SIMD3<Int>)? {
        var low = SIMD3<Int>(repeating: Int.max), high = SIMD3<Int>(repeating: Int.min)
        let lo = UInt8(clamping: threshold)
        voxels.withUnsafeBytes { raw in
            let v = raw.bindMemory(to: UInt8.self)
            for z in 0..<dims.z {
                for y in 0..<dims.y {
                    let row = dims.x * (y + dims.y * z)
                    var first = -1
                    for x in 0..<dims.x where v[row + x] > lo { first = x; break }
                    guard first >= 0 else { continue }
                    var last = first
                    for x in stride(from: dims.x - 1, to: first, by: -1) where v[row + x] > lo {
                        last = x; break
                    }
                    low = SIMD3(min(low.x, first), min(low.y, y), min(low.z, z))
                    high = SIMD3(max(high.x, last), max(high.y, y), max(high.z, z))
                }
            }
        }
        return low.x == Int.max ? nil : (low, high)
    }
}
