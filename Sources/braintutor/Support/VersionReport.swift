/// What `braintutor --version` prints: the version, then one line per component worth naming
/// (`BrainTutor` passes `DoctorCommand.versionLine`, the GL backend in use).
struct VersionReport {
    static let version = "0.9.0"

    /// Extra `name: value` lines after the version (e.g. the GL backend).
    var components: [(name: String, value: String)] = []

    var text: String {
        (["braintutor \(Self.version)"] + components.map { "\($0.name): \($0.value)" }).joined(separator: "\n")
    }
}
