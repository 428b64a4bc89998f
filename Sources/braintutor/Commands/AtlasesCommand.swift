import ArgumentParser
import CommandLineSupport
import BrainAtlas

/// `braintutor atlases`: the bundled atlases.
struct AtlasesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "atlases", abstract: "List the atlases with their region counts and sources.")

    @OptionGroup var data: DataOptions
    @OptionGroup(title: "User BrainVoyager files") var user: UserSetOptions
    @Flag(help: "Print JSON: [{name, title, regionCount, description, source}].") var json = false

    func run() throws {
        try CommandOutput.run(json: json) {
            let summaries = try user.library(data: data).atlasSummaries()
            if json { return try CommandOutput.printJSON(summaries) }
            let width = summaries.map(\.name.count).max() ?? 0
            for s in summaries {
                let pad = String(repeating: " ", count: width - s.name.count)
                print("\(s.name)\(pad)  \(String(s.regionCount).leftPadded(4)) regions  \(s.title)")
            }
        }
    }
}

extension String {
    func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
