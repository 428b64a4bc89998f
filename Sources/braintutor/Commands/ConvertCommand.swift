import ArgumentParser
import CommandLineSupport
import BrainFormats
import Foundation

/// `braintutor convert IN OUT`: rewrites a file in the format OUT's extension names (`.gz` in or out).
struct ConvertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Convert between supported formats; same format gives an exact round trip. OUT ending in .gz is compressed.",
        discussion: """
            Conversions: NIfTI → VMR/V16, FreeSurfer surface → SRF, FreeSurfer annotation → POI, \
            FreeSurfer label → POI (needs --mesh-vertices). Warnings go to stderr.
            """)

    @Argument(help: "Input file.") var input: String
    @Argument(help: "Output file; its extension picks the format.") var output: String
    @Flag(help: "Keep integer label values instead of mapping grey values (volume imports).") var labels = false
    @Option(parsing: .unconditional, help: ArgumentHelp("Vertex count of the mesh a FreeSurfer .label belongs to (label → POI; e.g. 163842 for fsaverage).",
                               valueName: "N"))
    var meshVertices: Int?

    func run() throws {
        try CommandOutput.run {
            let warnings = try FormatRegistry.convert(URL(fileURLWithPath: input), to: URL(fileURLWithPath: output),
                                                      options: ConversionOptions(labels: labels, meshVertexCount: meshVertices))
            for warning in warnings { CommandOutput.printNote("warning: \(warning)") }
        }
    }
}
