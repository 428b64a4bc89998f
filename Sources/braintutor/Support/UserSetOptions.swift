import ArgumentParser
import CommandLineSupport
import BrainAtlas

/// `--vmr`, `--voi`, `--mesh`, `--poi`: query a user's BrainVoyager set instead of AtlasData.
struct UserSetOptions: ParsableArguments {
    @Option(help: ArgumentHelp("User VMR whose voxel grid and space the VOI and coordinates refer to "
        + "(default: the MNI template).", valueName: "file.vmr")) var vmr: String?
    @Option(help: ArgumentHelp("User VOI file: each VOI is a region (BV, TAL or MNI reference space).",
                               valueName: "file.voi")) var voi: String?
    @Option(help: ArgumentHelp("User SRF mesh the --poi labels.", valueName: "file.srf")) var mesh: String?
    @Option(help: ArgumentHelp("User POI file: each POI is a region on --mesh.", valueName: "file.poi")) var poi: String?

    var userSet: UserAtlasSet { UserAtlasSet(vmr: vmr, voi: voi, mesh: mesh, poi: poi) }

    /// The user's set when any file is named, else the bundled AtlasData.
    func library(data: DataOptions) throws -> AtlasLibrary {
        userSet.isEmpty ? try data.library() : try userSet.library()
    }
}
