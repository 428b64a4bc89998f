/// The quiz's own seeded generator (SplitMix64), so a seed gives the same questions on every
/// platform and Swift version; the standard library's shuffles are not promised to be stable.
public struct SplitMix64: Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in 0..<n (n > 0), by the high half of a 128-bit product (no modulo skew).
    public mutating func below(_ n: Int) -> Int {
        precondition(n > 0, "below(0) has no value")
        return Int(UInt64(n).multipliedFullWidth(by: next()).high)
    }

    /// Fisher–Yates, written out so the order depends only on this generator.
    public mutating func shuffled<T>(_ items: [T]) -> [T] {
        var items = items
        var i = items.count - 1
        while i > 0 {
            items.swapAt(i, below(i + 1))
            i -= 1
        }
        return items
    }
}
