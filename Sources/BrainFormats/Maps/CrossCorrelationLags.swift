/// The four lag fields of a cross-correlation map (VMP and SMP alike).
public struct CrossCorrelationLags: Hashable, Sendable {
    public var count: Int32
    public var minimum: Int32
    public var maximum: Int32
    /// VMP `ShowCorrelationOrLag`, SMP `CC overlay`.
    public var shown: Int32

    public init(count: Int32 = 0, minimum: Int32 = 0, maximum: Int32 = 0, shown: Int32 = 0) {
        self.count = count
        self.minimum = minimum
        self.maximum = maximum
        self.shown = shown
    }

    static func read(_ r: inout ByteReader, _ field: String) throws -> CrossCorrelationLags {
        CrossCorrelationLags(count: try r.i32("\(field) NrOfLags"), minimum: try r.i32("\(field) MinLag"),
                             maximum: try r.i32("\(field) MaxLag"), shown: try r.i32("\(field) ShowCorrelationOrLag"))
    }

    func write(_ w: inout ByteWriter) {
        w.i32(count); w.i32(minimum); w.i32(maximum); w.i32(shown)
    }
}

extension CrossCorrelationLags {
    /// A cross-correlation map's stored value packs the lag of the best correlation in its integer part and the
    /// correlation in its fraction; the lag is the value rounded down and r what remains (0 ≤ r < 1), as
    /// bvbabel splits them (so −1.25 is lag −2, r 0.75).
    public static func decode(_ value: Float) -> (lag: Float, r: Float) {
        guard value.isFinite else { return (0, 0) }
        let lag = value.rounded(.down)
        return (lag, value - lag)
    }
}
