import ArgumentParser

/// `braintutor-bench`: speed figures measured in a release build (never as timed tests), apart
/// from the `braintutor` users run so that its build and binary carry no benchmark code.
@main
struct BenchTool: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "braintutor-bench",
        abstract: "Measure speed (build with -c release: Scripts/release-build.sh).",
        subcommands: [BenchFormatsCommand.self, BenchRenderCommand.self, BenchSyntheticVMPCommand.self])
}
