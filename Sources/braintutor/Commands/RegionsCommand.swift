import ArgumentParser
import CommandLineSupport
import BrainAtlas

/// `braintutor regions --atlas NAME [--hemi left|right]`: an atlas's regions.
struct RegionsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "regions", abstract: "List the regions of an atlas (region objects with --json).")

    @OptionGroup var data: DataOptions
    @OptionGroup(title: "User BrainVoyager files") var user: UserSetOptions
    @Option(help: "Atlas name, any case (see `braintutor atlases`).") var atlas: String
    @Option(help: "Only this side: left, right, none, or both (every region); also lh, rh.") var hemi: String?
    @Flag(help: "Print JSON: a list of region objects.") var json = false

    func run() throws {
        try CommandOutput.run(json: json) {
            let regions = try user.library(data: data).regions(atlas: atlas, hemisphere: hemi)
            if json { return try CommandOutput.printJSON(regions) }
            for r in regions {
                let lobe = r.lobes.isEmpty ? "" : "  [\(r.lobes.joined(separator: ", "))]"
                print("\(String(r.id).leftPadded(4))  \(r.displayName)  (\(r.sourceLabel))\(lobe)")
            }
        }
    }
}
