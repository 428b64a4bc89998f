import ArgumentParser
import CommandLineSupport
import BrainFormats
import Foundation

/// `braintutor inspect FILE [--json]`: what a BrainVoyager (or imported) file holds.
struct InspectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Summarise a VMR, V16, SRF, VOI, POI, NIfTI or FreeSurfer surface/annotation/label/colour-table file (any of them may be .gz).",
        discussion: "FreeSurfer surfaces are recognised by their magic bytes whatever their name. Warnings go to stderr.")

    @Argument(help: "The file to inspect.") var file: String
    @Flag(help: "Print one JSON object (fields a version lacks are null).") var json = false

    func run() throws {
        try CommandOutput.run(json: json) {
            let report = try FormatRegistry.inspectReport(URL(fileURLWithPath: file), json: json)
            for warning in report.warnings { CommandOutput.printNote("warning: \(warning)") }
            print(report.text)
        }
    }
}
