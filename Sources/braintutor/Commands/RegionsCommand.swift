import ArgumentParser

// Placeholder until its issue lands; replaced by the real command.
struct RegionsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "regions", abstract: "(not built yet)")
    func run() throws { throw ValidationError("'regions' is not built yet") }
}
