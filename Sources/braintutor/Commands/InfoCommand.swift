import ArgumentParser
import BrainAtlas

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
        try CommandOutput.run {
            let text = query.joined(separator: " ")
            var library: AtlasLibrary?
            let info: RegionInfo
            do {
                library = try user.library(data: data)
                info = try RegionInfo.lookUp(text, atlas: atlas, in: library!)
            } catch where json {
                // JSON clients read stdout: give them the error and suggestions there too.
                try CommandOutput.printJSON(RegionInfo.failure(error, query: text, atlas: atlas, in: library))
                throw error
            }
            if json { return try CommandOutput.printJSON(info) }
            print(info.readableText())
        }
    }
}
