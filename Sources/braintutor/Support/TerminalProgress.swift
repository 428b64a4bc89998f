import CommandLineSupport
#if canImport(Glibc)
import Glibc
#endif

/// Progress on stderr (`stage done/total`, rewritten in place) only when stderr is a terminal.
enum Progress {
    static func report(_ stage: String, _ done: Int, _ total: Int) {
        guard isatty(2) != 0, total > 1 else { return }
        CommandOutput.writeStderr("\r\(stage) \(done)/\(total)" + (done == total ? "\n" : ""))
    }
}
