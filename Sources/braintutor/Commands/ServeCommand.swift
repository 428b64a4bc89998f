import ArgumentParser

// Placeholder until its issue lands; replaced by the real command.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "serve", abstract: "(not built yet)")
    func run() throws { throw ValidationError("'serve' is not built yet") }
}
