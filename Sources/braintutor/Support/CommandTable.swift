import ArgumentParser

/// Every `braintutor` command by the name it is typed as, and which of them argument-parser is told about.
enum CommandTable {
    /// In `--help` order. Each name is also its command's `configuration.commandName`; `listed` checks
    /// the one it relies on.
    static let all: [(name: String, type: any ParsableCommand.Type)] = [
        ("render", RenderCommand.self), ("pick", PickCommand.self), ("slice", SliceCommand.self),
        ("info", InfoCommand.self), ("regions", RegionsCommand.self), ("where", WhereCommand.self),
        ("atlases", AtlasesCommand.self), ("inspect", InspectCommand.self), ("convert", ConvertCommand.self),
        ("build-atlas", BuildAtlasCommand.self), ("quiz", QuizCommand.self), ("clusters", ClustersCommand.self),
        ("report", ReportCommand.self), ("glass", GlassCommand.self), ("export-atlas", ExportAtlasCommand.self),
        ("serve", ServeCommand.self), ("doctor", DoctorCommand.self),
    ]

    /// The commands to give argument-parser for `arguments` (the whole command line): only the one
    /// named first when it names one, else all. Argument-parser reads the configuration of every
    /// command it is given before parsing, and `render`'s and `pick`'s help text is built from the
    /// scene field table: a one-shot `where` or `info` would build it only to throw it away.
    static func listed(_ arguments: [String]) -> [any ParsableCommand.Type] {
        if let first = arguments.dropFirst().first, let named = all.first(where: { $0.name == first }),
           named.type.configuration.commandName == first {
            return [named.type]
        }
        return all.map(\.type)
    }

    /// Whether `name` is the name of `command`, without reading its configuration.
    static func names(_ name: String?, _ command: any ParsableCommand.Type) -> Bool {
        all.contains { $0.name == name && ObjectIdentifier($0.type) == ObjectIdentifier(command) }
    }
}
