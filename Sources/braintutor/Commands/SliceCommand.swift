import ArgumentParser

// Placeholder until its issue lands; replaced by the real command.
struct SliceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "slice", abstract: "(not built yet)")
    func run() throws { throw ValidationError("'slice' is not built yet") }
}
