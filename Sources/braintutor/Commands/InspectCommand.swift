import ArgumentParser
import BrainFormats
import Foundation

/// `braintutor inspect FILE [--json]`: what a BrainVoyager (or imported) file holds.
struct InspectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Summarise a VMR, V16, SRF, VOI or POI file (any of them may be .gz).")

    @Argument(help: "The file to inspect.") var file: String
    @Flag(help: "Print one JSON object (fields a version lacks are null).") var json = false

    func run() throws {
        try CommandOutput.run {
            print(try FormatRegistry.inspect(URL(fileURLWithPath: file), json: json))
        }
    }
}
