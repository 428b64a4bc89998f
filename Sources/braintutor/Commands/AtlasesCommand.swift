import ArgumentParser

// Placeholder until its issue lands; replaced by the real command.
struct AtlasesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "atlases", abstract: "(not built yet)")
    func run() throws { throw ValidationError("'atlases' is not built yet") }
}
