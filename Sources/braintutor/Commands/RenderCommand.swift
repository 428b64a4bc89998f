import ArgumentParser

// Placeholder until its issue lands; replaced by the real command.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "render", abstract: "(not built yet)")
    func run() throws { throw ValidationError("'render' is not built yet") }
}
