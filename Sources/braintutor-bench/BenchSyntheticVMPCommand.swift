import ArgumentParser
import BrainFormats
import CommandLineSupport
import Foundation

/// `braintutor-bench synthetic-vmp --side N --maps M --out F`: a VMP of M maps on an N³ box at resolution 1, for
/// measuring what reading one costs (`Scripts/bench-vmp-memory.sh`).
struct BenchSyntheticVMPCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "synthetic-vmp",
        abstract: "Write a synthetic NR-VMP: M t maps (a Gaussian blob each) on an N³ box of an N³ VMR at resolution 1.")

    @Option(help: "Box side in voxels (1…1024).") var side = 512
    @Option(help: "Number of maps (1…8).") var maps = 1
    @Option(help: ArgumentHelp("VMP file to write.", valueName: "file.vmp")) var out: String

    func run() throws {
        try CommandOutput.run {
            guard (1...1024).contains(side), (1...8).contains(maps) else { throw ValidationError("--side 1…1024, --maps 1…8") }
            try AtomicFile.writeRaw(try SyntheticFiles.vmp(side: side, maps: maps).encoded(), to: URL(fileURLWithPath: out))
            print("wrote \(out): \(maps) map\(maps == 1 ? "" : "s") of \(side)³ voxels")
        }
    }
}

extension SyntheticFiles {
    /// `maps` t maps on a `side`³ box: map m is a Gaussian blob (σ = side/16) at a point that moves with m.
    static func vmp(side: Int, maps: Int) throws -> VMPFile {
        let n = side * side * side
        var values = [Float](repeating: 0, count: n * maps)
        let sigma2 = pow(Double(side) / 16, 2) * 2
        for m in 0..<maps {
            let c = Double(side) * (0.3 + 0.1 * Double(m))
            for z in 0..<side { for y in 0..<side {
                let dyz = (Double(y) - c) * (Double(y) - c) + (Double(z) - c) * (Double(z) - c)
                guard dyz < 9 * sigma2 else { continue }
                for x in 0..<side {
                    values[m * n + x + side * (y + side * z)] = Float(8 * exp(-(dyz + (Double(x) - c) * (Double(x) - c)) / sigma2))
                }
            } }
        }
        let headers = (0..<maps).map { VMPMap(name: RawString("synthetic \($0 + 1)"), threshold: 2, upperThreshold: 8) }
        let s = Int32(side)
        return VMPFile(maps: headers, start: .zero, end: SIMD3(repeating: s), resolution: 1, vmrDims: SIMD3(repeating: s),
                       values: MapValues(values))
    }
}
