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
        discussion: "Conversions (besides any format to itself): "
            + FormatRegistry.converters.map { "\($0.from) → \($0.to)" }.joined(separator: ", ")
            + ". A FreeSurfer label → POI needs --mesh-vertices. A VMP stores no space: `clusters`, `report` and overlays "
            + "read one as MNI or Talairach when its name has _MNI or _TAL (map_MNI.vmp). Warnings go to stderr.")

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
            let written = URL(fileURLWithPath: output)
            let format = try FormatRegistry.format(for: written).name
            print("wrote \(output) (\(format))")
            // The space lives in the VMP's name only: say so before `clusters` refuses the file.
            if format == FileFormat.vmp.name, VMPFile.referenceSpace(fileName: written.lastPathComponent) == .unknown {
                CommandOutput.printNote("note: \(written.lastPathComponent) has no _MNI or _TAL in its name, so `clusters`, `report` "
                    + "and overlays take its maps as native space and refuse them; for MNI maps name it like map_MNI.vmp")
            }
        }
    }
}
