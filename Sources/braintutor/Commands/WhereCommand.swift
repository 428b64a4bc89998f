import ArgumentParser
import CommandLineSupport
import BrainAtlas
import BrainMaps
import BrainRender
import Foundation

/// `braintutor where X Y Z [--space mni|tal|voxel]`: the region of every atlas at a point.
struct WhereCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "where",
        abstract: "Name the region of every atlas at a point (MNI, Talairach or template voxel).")

    @OptionGroup var data: DataOptions
    @OptionGroup(title: "User BrainVoyager files") var user: UserSetOptions
    @Option(help: "Coordinate space: mni (default), tal, voxel.") var space: CoordinateSpace = .mni
    @Flag(help: "Print JSON: {space, mni, voxel, atlases (each with its border), nearest, disagreement, caveats; within with --radius}.") var json = false
    @Option(help: ArgumentHelp("A CSV or TSV table of points (columns x, y, z; others kept), or - for stdin: one row per point with every atlas's region and the nearest within --radius (CSV, or JSON with --json).", valueName: "file")) var table: String?
    @Option(help: ArgumentHelp("A NIfTI image or VMP in MNI/Talairach space (a native VMP with --image-vmr/--trf): --space voxel reads X Y Z as its voxel (i, j, k), and the answer adds the point's voxel in it.", valueName: "file.nii")) var image: String?
    @Option(help: ArgumentHelp("With --image of a native VMP: the VMR its maps lie on (--vmr names a user atlas set's VMR).", valueName: "file.vmr")) var imageVmr: String?
    @Option(help: ArgumentHelp("With --image of a native VMP: the subject's VMR → VMR .trf files in order (repeat), the last an MNI normalisation.", valueName: "file.trf")) var trf: [String] = []
    @Option(parsing: .unconditional, help: ArgumentHelp("How far around the point to look (0…50 mm): every region of each atlas within it, nearest first; with --table, the nearest region where an atlas has none at the point (default 10).", valueName: "mm")) var radius: Double?
    @Option(help: ArgumentHelp("With --table: the atlases answered, comma-separated, in this order (default: all).", valueName: "a,b,c")) var atlases: String?
    // Negative coordinates look like options, so the point is taken from whatever is left.
    @Argument(parsing: .allUnrecognized, help: "X Y Z (or X,Y,Z).") var point: [String] = []

    func run() throws {
        var times = StageTimes()
        try CommandOutput.run(json: json) {
            if let table {
                let chosen = atlases.map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty } }
                return try WhereTable.run(table, radius: radius ?? Lookup.nearestRadiusMm, space: space, atlases: chosen, json: json, library: user.library(data: data))
            }
            if atlases != nil { throw MapsError("--atlases: applies to --table") }
            let numbers = try NumberArguments.parse(point, count: 3, field: "point", command: "where")
            let p = SIMD3(numbers[0], numbers[1], numbers[2])
            let library = try user.library(data: data)
            times.mark("catalog")
            if let image {
                let grid = try ImageVoxelGrid.open(image, normalisation: MapNormalisation.load(vmr: imageVmr, trfs: trf))
                let answer = try ImageVoxelAnswer.lookup(p, space: space, grid: grid, library: library)
                return json ? try CommandOutput.printJSON(answer) : print(answer.readableText())
            }
            if imageVmr != nil || !trf.isEmpty { throw MapsError("--image-vmr, --trf: place a native VMP given with --image") }
            let result = try Lookup(library: library).lookup(p, space: space, radius: radius)
            times.mark("lookup")
            if json { try CommandOutput.printJSON(result) } else { print(result.readableText()) }
            times.mark("print")
        }
        times.report()
    }
}

extension CoordinateSpace: ExpressibleByArgument {
    public init?(argument: String) { self.init(spelling: argument) }
}
