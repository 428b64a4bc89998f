import ArgumentParser

// Placeholder until its issue lands; replaced by the real command.
struct InfoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "info", abstract: "(not built yet)")
    func run() throws { throw ValidationError("'info' is not built yet") }
}
