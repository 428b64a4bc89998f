import ArgumentParser
import BrainAtlas

/// `--data DIR`: which AtlasData folder to use (default: found by `DataLocator`).
struct DataOptions: ParsableArguments {
    @Option(name: .customLong("data"), help: ArgumentHelp("AtlasData folder (default: $BRAINTUTOR_DATA, "
        + "AtlasData next to the executable or in a parent folder, then the repository).", valueName: "dir"))
    var dataDirectory: String?

    /// Opens the catalog (nothing else is read until asked for).
    func library() throws -> AtlasLibrary {
        try AtlasLibrary.open(data: dataDirectory)
    }
}
