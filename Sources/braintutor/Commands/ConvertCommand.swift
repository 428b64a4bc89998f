import ArgumentParser
import CommandLineSupport
import BrainFormats
import BrainMaps
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
    @Option(help: ArgumentHelp("VMP → NIfTI: the VMR a native VMP's maps lie on (its grid).", valueName: "file.vmr")) var vmr: String?
    @Option(help: ArgumentHelp("VMP → NIfTI: the subject's VMR → VMR .trf files in order (repeat), taking native maps to MNI.", valueName: "file.trf")) var trf: [String] = []

    func run() throws {
        try CommandOutput.run {
            var options = ConversionOptions(labels: labels, meshVertexCount: meshVertices)
            if let normalisation = try MapNormalisation.load(vmr: vmr, trfs: trf) {
                options.vmrFrame = normalisation.vmr
                options.trfChain = normalisation.chain
            }
            let warnings = try FormatRegistry.convert(URL(fileURLWithPath: input), to: URL(fileURLWithPath: output), options: options)
            for warning in warnings { CommandOutput.printNote("warning: \(warning)") }
        }
    }
}
