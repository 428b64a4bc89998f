import ArgumentParser
import CommandLineSupport
import BrainRender
#if canImport(Glibc)
import Glibc
#endif

/// The `braintutor` command: a brain atlas engine for terminals, scripts and web pages.
@main
struct BrainTutor: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "braintutor",
        abstract: "Brain atlas engine: BrainVoyager formats, atlas queries, slices and 3D renders.",
        subcommands: CommandTable.listed(CommandLine.arguments)
    )

    @Flag(help: "Print the version (and the components in use) and exit.") var version = false

    func run() throws {
        guard version else { throw CleanExit.helpRequest(self) }
        print(VersionReport(components: [DoctorCommand.versionLine]).text)
    }

    /// `render` starts opening Mesa before its arguments are even parsed: a one-shot render
    /// spends a fifth of its time there, and parsing plus scene loading can run meanwhile.
    /// (`pick` opens Mesa only for the few pixels it cannot decide on the CPU, unless told to
    /// always draw.)
    ///
    /// A successful `render` or `pick` then ends with `_exit`: a normal exit would run Mesa's
    /// and LLVM's exit handlers and static destructors (3–13 ms) only to free memory the kernel
    /// reclaims anyway. Their output is complete by then: files are renamed into place and
    /// stdout is flushed here.
    ///
    /// Every command is synchronous, so `main` is too: an `async` main starts the concurrency
    /// runtime's threads and runs the command on one of them, for nothing it awaits.
    static func main() {
        let command = CommandLine.arguments.dropFirst().first
        if CommandTable.names(command, RenderCommand.self) || (CommandTable.names(command, PickCommand.self) && PickCommand.alwaysDraw) {
            GLBackend.preload(GLOptions.early(CommandLine.arguments))
        }
        ProgramExit.runSynchronously(Self.self)
        // Reached only on success: errors and --help end in ProgramExit.
        if CommandTable.names(command, RenderCommand.self) || CommandTable.names(command, PickCommand.self) {
            fflush(nil)
            _exit(0)
        }
    }
}
