import ArgumentParser

// Placeholder until its issue lands; replaced by the real command.
struct ConvertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "convert", abstract: "(not built yet)")
    func run() throws { throw ValidationError("'convert' is not built yet") }
}
