import ArgumentParser

// Placeholder until its issue lands; replaced by the real command.
struct PickCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "pick", abstract: "(not built yet)")
    func run() throws { throw ValidationError("'pick' is not built yet") }
}
