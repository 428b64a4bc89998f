import ArgumentParser
import CommandLineSupport
import BrainFormats
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `braintutor-bench formats [--vmr F --srf F --voi F]`: parse times of the BrainVoyager readers.
struct BenchFormatsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "formats",
        abstract: "Time parsing a 256³ VMR, a 41k-vertex SRF and a 700k-voxel VOI (synthetic ones unless given).")

    @Option(help: "VMR file to time (default: a generated 256³ volume).") var vmr: String?
    @Option(help: "SRF file to time (default: a generated 40 962-vertex mesh).") var srf: String?
    @Option(help: "VOI file to time (default: a generated 700 000-voxel VOI).") var voi: String?
    @Option(help: "Timed runs per file.") var runs = 20

    func run() throws {
        try CommandOutput.run {
            let terminal = isatty(2) != 0
            let results = try FormatBenchmark.run(
                vmr: vmr.map { URL(fileURLWithPath: $0) }, srf: srf.map { URL(fileURLWithPath: $0) },
                voi: voi.map { URL(fileURLWithPath: $0) }, runs: runs,
                progress: { if terminal { CommandOutput.printNote($0) } })
            for r in results { print(r.line) }
        }
    }
}
