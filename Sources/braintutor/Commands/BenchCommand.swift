import ArgumentParser

/// `braintutor bench …`: speed figures measured in a release build (never as timed tests).
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure speed (build with -c release).",
        subcommands: [BenchFormatsCommand.self, BenchRenderCommand.self])
}
