import ArgumentParser
import AtlasBuild
import BrainAtlas
import BrainFormats
import Foundation

/// `braintutor build-atlas`: rebuilds AtlasData from the atlas sources and the recipe.
struct BuildAtlasCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build-atlas",
        abstract: "Build AtlasData (template, meshes, atlases, label volumes, catalog) from the atlas sources.",
        discussion: "Deterministic: the same sources and recipe give the same bytes. Progress goes to stderr on a terminal.")

    @Option(help: "Folder with the atlas sources (see Scripts/fetch-atlas-sources.sh).")
    var sources: String?

    @Option(help: "Output folder (created if missing).")
    var out: String = "AtlasData"

    @Option(help: "Recipe file (default: Recipe/atlas-recipe.json of this repository).")
    var recipe: String?

    @Option(help: "Also write the table of each rule-built area's overlap with its gyri (Markdown) to this file.")
    var overlapTable: String?

    @Flag(help: "Print the build report as JSON.")
    var json = false

    @Flag(help: "Only rewrite the binary catalog index (catalog.index) of the catalog.json in --out; needs no sources.")
    var indexOnly = false

    func run() throws {
        if indexOnly {
            let folder = URL(fileURLWithPath: out)
            let path = folder.appendingPathComponent("catalog.json")
            let data = try FileSource.readRaw(path)
            try AtomicFile.writeRaw(CatalogIndex.encoded(try Catalog.decode(data, path: path.path), json: data),
                                    to: folder.appendingPathComponent(CatalogIndex.fileName))
            return print("wrote \(folder.appendingPathComponent(CatalogIndex.fileName).path)")
        }
        guard let sources else { throw ValidationError("--sources: the atlas sources folder is needed (or --index-only)") }
        var options = AtlasBuildOptions(sources: URL(fileURLWithPath: sources), output: URL(fileURLWithPath: out))
        if let recipe { options.recipe = URL(fileURLWithPath: recipe) }
        let report = try AtlasBuilder.build(options)
        if let overlapTable {
            try AtomicFile.writeRaw(Data(report.areaOverlap.markdown().utf8), to: URL(fileURLWithPath: overlapTable))
        }
        if json {
            print(try BrainJSON.string(report, pretty: true))
        } else {
            print(AtlasBuilder.summary(report))
        }
    }
}
