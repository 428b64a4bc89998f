import ArgumentParser

// Placeholder until its issue lands; replaced by the real command.
struct WhereCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "where", abstract: "(not built yet)")
    func run() throws { throw ValidationError("'where' is not built yet") }
}
