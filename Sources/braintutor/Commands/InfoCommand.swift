import ArgumentParser
import CommandLineSupport
import BrainAtlas
import BrainRender

/// `braintutor info QUERY [--atlas NAME]`: what a region is, found by name, label or synonym.
struct InfoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info",
        abstract: "Describe a region found by name, sourceLabel, synonym or abbreviation (misspellings and left/right allowed).")

    @OptionGroup var data: DataOptions
    @OptionGroup(title: "User BrainVoyager files") var user: UserSetOptions
    @Argument(help: "What to look up, e.g. \"left precentral\", \"M1\", \"Heschl's gyrus\".") var query: [String]
    @Option(help: "Search only this atlas.") var atlas: String?
    @Flag(help: "Print JSON: {region: {…, text, synonyms, volumeMl, centroidMni}, alternatives: […]}; on failure {error, suggestions: […]}.")
    var json = false

    func run() throws {
        var times = StageTimes()
        let text = query.joined(separator: " ")
        let library = Result { try user.library(data: data) }
        times.mark("catalog")
        try CommandOutput.run(json: json, suggestions: { error in
            (try? library.get()).map { RegionInfo.failure(error, query: text, atlas: atlas, in: $0).suggestions }
        }) {
            let info = try RegionInfo.lookUp(text, atlas: atlas, in: library.get())
            times.mark("search")
            if json { try CommandOutput.printJSON(info) } else { print(info.readableText()) }
            times.mark("print")
        }
        times.report()
    }
}
