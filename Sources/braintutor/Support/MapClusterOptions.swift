import ArgumentParser
import BrainAtlas
import BrainMaps
import CommandLineSupport
import Foundation

/// The map options `clusters`, `report` and `glass` share, read through `MapClusterRequest`'s
/// field table; only the map file (the one positional argument) and the repeatable `--trf` are
/// argument-parser's.
struct MapClusterOptions: ParsableArguments {
    @OptionGroup var options: FieldOptions
    @Option(help: ArgumentHelp("A native or AC-PC VMP: the subject's VMR → VMR transformation files in the order they were applied (repeat the option), the last one an MNI normalisation.", valueName: "file.trf")) var trf: [String] = []

    /// The `--help` text of the table's options.
    static func help(listing: Bool = false) -> String {
        "MAP: the map, .vmp (name ending _MNI or _TAL, or native with --trf) or .nii/.nii.gz (clusters: also .smp and other surface maps with --mesh).\n\n"
            + FieldOptions.discussion("Map options", listing ? MapClusterRequest.listingFields : MapClusterRequest.fields, defaults: MapClusterRequest())
    }

    /// The map file and the request, checked before any file is read.
    func read(command: String, listing: Bool = false) throws -> (file: String, request: MapClusterRequest) {
        let table = listing ? MapClusterRequest.listingFields : MapClusterRequest.fields
        let (given, rest) = try options.given(table, positional: 1, command: command)
        guard let file = rest.first else {
            throw MapsError("MAP: give the statistical map file (braintutor \(command) MAP --threshold T; see --help)")
        }
        if rest.count > 1 { throw UnknownOption(option: rest[1], command: command) }
        return (file, try MapClusterRequest(given, table: table))
    }

    func normalisation(_ request: MapClusterRequest) throws -> MapNormalisation? {
        try MapNormalisation.load(vmr: request.vmr, trfs: trf, tal: request.tal)
    }
}
