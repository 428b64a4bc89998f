#if canImport(Glibc)
import Glibc
#endif

/// Wall-clock stage times of a one-shot command (with the page faults the process took meanwhile,
/// a large part of one-shot costs), printed to stderr when `BRAINTUTOR_TIMINGS` is set, so the
/// whole-process cost can be split without a profiler.
public struct StageTimes {
    private let enabled = getenv("BRAINTUTOR_TIMINGS") != nil
    private var last = StageTimes.now()
    private let start = StageTimes.now()
    private var lastFaults = StageTimes.faults()
    private var parts: [(String, Double, Int)] = []

    public init() {}

    public mutating func mark(_ stage: String) {
        guard enabled else { return }
        let t = Self.now(), f = Self.faults()
        parts.append((stage, t - last, f - lastFaults))
        last = t
        lastFaults = f
    }

    public func report() {
        guard enabled else { return }
        var line = parts.map { "\($0.0) \(String(format1: $0.1)) ms/\($0.2) faults" }.joined(separator: ", ")
        line += " (total \(String(format1: last - start)) ms since the command started)\n"
        _ = line.utf8CString.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count - 1) }
    }

    private static func faults() -> Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return usage.ru_minflt
    }

    private static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) * 1000 + Double(ts.tv_nsec) / 1e6
    }
}

private extension String {
    init(format1 value: Double) {
        self = String(Double(Int(value * 10)) / 10)
    }
}
