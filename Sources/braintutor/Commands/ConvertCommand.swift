import ArgumentParser
import BrainFormats
import Foundation

/// `braintutor convert IN OUT`: rewrites a file in the format OUT's extension names (`.gz` in or out).
struct ConvertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Convert between supported formats; same format gives an exact round trip. OUT ending in .gz is compressed.")

    @Argument(help: "Input file.") var input: String
    @Argument(help: "Output file; its extension picks the format.") var output: String
    @Flag(help: "Keep integer label values instead of mapping grey values (volume imports).") var labels = false

    func run() throws {
        try CommandOutput.run {
            try FormatRegistry.convert(URL(fileURLWithPath: input), to: URL(fileURLWithPath: output),
                                       options: ConversionOptions(labels: labels))
        }
    }
}
