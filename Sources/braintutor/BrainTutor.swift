import ArgumentParser
import BrainRender

/// The `braintutor` command: a brain atlas engine for terminals, scripts and web pages.
@main
struct BrainTutor: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "braintutor",
        abstract: "Brain atlas engine: BrainVoyager formats, atlas queries, slices and 3D renders.",
        subcommands: [
            RenderCommand.self, PickCommand.self, SliceCommand.self,
            InfoCommand.self, RegionsCommand.self, WhereCommand.self, AtlasesCommand.self,
            InspectCommand.self, ConvertCommand.self, BuildAtlasCommand.self,
            ServeCommand.self, BenchCommand.self,
        ]
    )

    /// `render` and `pick` start opening Mesa before their arguments are even parsed: a one-shot
    /// pick spends a third of its time there, and parsing plus scene loading can run meanwhile.
    static func main() async {
        let drawing = [RenderCommand.configuration.commandName, PickCommand.configuration.commandName]
        if let command = CommandLine.arguments.dropFirst().first, drawing.contains(command) {
            OSMesaLibrary.preload()
        }
        await Self.main(nil)
    }
}
