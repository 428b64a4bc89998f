import ArgumentParser

// Placeholder until its issue lands; replaced by the real command.
struct InspectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "inspect", abstract: "(not built yet)")
    func run() throws { throw ValidationError("'inspect' is not built yet") }
}
