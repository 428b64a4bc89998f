import ArgumentParser

// Placeholder until its issue lands; replaced by the real command.
struct BuildAtlasCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "build-atlas", abstract: "(not built yet)")
    func run() throws { throw ValidationError("'build-atlas' is not built yet") }
}
