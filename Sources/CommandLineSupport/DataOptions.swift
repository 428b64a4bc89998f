import ArgumentParser
import BrainAtlas

/// `--data DIR`: which AtlasData folder to use (default: found by `DataLocator`); `--atlas-file` and
/// `--atlas-table`: a researcher's own label atlas added beside the bundled ones.
public struct DataOptions: ParsableArguments {
    public init() {}

    @Option(name: .customLong("data"), help: ArgumentHelp("AtlasData folder (default: $BRAINTUTOR_DATA, "
        + "AtlasData next to the executable or in a parent folder, then the repository).", valueName: "dir"))
    public var dataDirectory: String?

    @Option(help: ArgumentHelp("Your own atlas: a NIfTI label image in MNI or Talairach space, added beside the bundled atlases (with --atlas-table).",
                               valueName: "labels.nii.gz"))
    public var atlasFile: String?

    @Option(help: ArgumentHelp("The names of --atlas-file's labels: BIDS dseg .tsv/.csv, FreeSurfer colour table .txt, or FSL atlas .xml.",
                               valueName: "table"))
    public var atlasTable: String?

    public func validate() throws {
        if (atlasFile == nil) != (atlasTable == nil) {
            throw AtlasError.badArgument(atlasFile == nil ? "--atlas-table" : "--atlas-file",
                                         problem: "give both --atlas-file (the label image) and --atlas-table (its names)")
        }
    }

    /// Opens the catalog (nothing else is read until asked for), with the user's atlas when one is given.
    public func library() throws -> AtlasLibrary {
        let library = try AtlasLibrary.open(data: dataDirectory)
        guard let atlasFile, let atlasTable else { return library }
        return try UserLabelAtlas.adding(image: atlasFile, table: atlasTable, to: library)
    }

    /// Whether a user atlas is asked for (commands that open the library lazily then open it through `library()`).
    public var hasUserAtlas: Bool { atlasFile != nil }
}
