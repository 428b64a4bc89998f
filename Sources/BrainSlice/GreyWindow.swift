import Foundation

/// The grey-value window: voxel values `low…high` map linearly onto black…white.
public struct GreyWindow: Sendable, Equatable {
    public var low: Int
    public var high: Int

    /// VMR grey values are 0…225; 226…255 are label colours (docs/file-formats.md §3.2).
    public static let vmrGreyMax = 225
    public static let full = GreyWindow(low: 0, high: vmrGreyMax)
    /// The fallback when `VolumeSurvey` finds no white-matter peak (a blank volume): the window it
    /// derives for the bundled template (background below 22 black, white-matter peak 216 → grey 208).
    public static let display = GreyWindow(low: 22, high: 260)

    public init(low: Int, high: Int) {
        self.low = low
        self.high = high
    }

    /// Parses `LOW,HIGH` (integers or decimals, LOW < HIGH, both within 0…255).
    public init(parsing text: String) throws(SliceError) {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2,
              let low = Double(parts[0].trimmingCharacters(in: .whitespaces)),
              let high = Double(parts[1].trimmingCharacters(in: .whitespaces)),
              low.isFinite, high.isFinite
        else { throw .field("window", value: text, "is not LOW,HIGH (two numbers)") }
        guard low < high, low >= 0, high <= 255 else {
            throw .field("window", value: text, "needs 0 ≤ LOW < HIGH ≤ 255")
        }
        self.init(low: Int(low.rounded()), high: max(Int(low.rounded()) + 1, Int(high.rounded())))
    }

    /// Display grey of a voxel value, 0…255.
    func grey(_ value: Int) -> UInt8 {
        if value <= low { return 0 }
        if value >= high { return 255 }
        return UInt8((value - low) * 255 / (high - low))
    }
}
