import ArgumentParser

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
}
