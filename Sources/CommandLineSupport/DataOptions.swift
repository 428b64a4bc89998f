import ArgumentParser
import BrainAtlas

/// `--data DIR`: which AtlasData folder to use (default: found by `DataLocator`).
public struct DataOptions: ParsableArguments {
    public init() {}

    @Option(name: .customLong("data"), help: ArgumentHelp("AtlasData folder (default: $BRAINTUTOR_DATA, "
        + "AtlasData next to the executable or in a parent folder, then the repository).", valueName: "dir"))
    public var dataDirectory: String?

    /// Opens the catalog (nothing else is read until asked for).
    public func library() throws -> AtlasLibrary {
        try AtlasLibrary.open(data: dataDirectory)
    }
}
