import BrainFormats
import Foundation

/// `braintutor-bench formats`: parse times of a 256³ VMR, a 41k-vertex SRF and a 700k-voxel VOI.
public enum FormatBenchmark {
    /// One measured file.
    public struct Result: Sendable {
        public var label: String
        public var path: String
        public var bytes: Int
        public var runs: Int
        public var medianMs: Double
        public var minMs: Double
        public var limitMs: Double

        public var line: String {
            func ms(_ v: Double) -> String { String(format: "%.2f", v) }
            let verdict = medianMs <= limitMs ? "" : "  SLOWER THAN TARGET"
            return "\(label)  \(path) (\(bytes) bytes): median \(ms(medianMs)) ms, min \(ms(minMs)) ms over \(runs) runs"
                + " (target ≤ \(Int(limitMs)) ms)\(verdict)"
        }
    }

    /// Times read-and-parse (file open, mmap or read, gunzip if needed, full parse with validation) of each file.
    /// Files not given are generated in a temporary folder first; `progress` receives status lines.
    public static func run(vmr: URL?, srf: URL?, voi: URL?, runs: Int = 20,
                           progress: (String) -> Void = { _ in }) throws -> [Result] {
        let temp = FileManager.default.temporaryDirectory.appendingPathComponent("braintutor-bench-\(getpid())")
        try FileManager.default.createDirectory(at: temp, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: temp) }

        func ensure(_ given: URL?, _ name: String, _ make: () throws -> Data) throws -> URL {
            if let given { return given }
            progress("generating \(name)…")
            let url = temp.appendingPathComponent(name)
            try AtomicFile.write(try make(), to: url)
            return url
        }
        let vmrURL = try ensure(vmr, "synthetic-256.vmr") { try SyntheticFiles.templateVMR().encoded() }
        let srfURL = try ensure(srf, "synthetic-40962.srf") { try SyntheticFiles.icosphereSRF().encoded() }
        let voiURL = try ensure(voi, "synthetic-700k.voi") { SyntheticFiles.voi().encoded() }

        var results: [Result] = []
        results.append(try measure("VMR", vmrURL, runs: runs, limit: 15) { _ = try VMRFile.read(from: $0).voxels.count })
        results.append(try measure("SRF", srfURL, runs: runs, limit: 10) { _ = try SRFFile.read(from: $0).vertexCount })
        results.append(try measure("VOI", voiURL, runs: runs, limit: 60) { _ = try VOIFile.read(from: $0).vois.count })
        return results
    }

    private static func measure(_ label: String, _ url: URL, runs: Int, limit: Double,
                                _ body: (URL) throws -> Void) throws -> Result {
        try body(url)  // warm the page cache so the figure is parse time, not disk time
        var times: [Double] = []
        for _ in 0..<max(1, runs) {
            let start = DispatchTime.now().uptimeNanoseconds
            try body(url)
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
        times.sort()
        let size = ((try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? Int) ?? 0
        return Result(label: label, path: url.lastPathComponent, bytes: size, runs: times.count,
                      medianMs: times[times.count / 2], minMs: times[0], limitMs: limit)
    }
}
