import ArgumentParser

// Placeholder until its issue lands; replaced by the real command.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "bench", abstract: "(not built yet)")
    func run() throws { throw ValidationError("'bench' is not built yet") }
}
