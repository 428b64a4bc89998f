import ArgumentParser
import CommandLineSupport
import BrainFormats
import BrainMaps
import Foundation

/// `braintutor export-atlas NAME --out FILE.nii.gz`: an atlas's label volume as NIfTI plus its label table.
struct ExportAtlasCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export-atlas",
        abstract: "Write an atlas's label volume as a NIfTI-1 image in MNI space (256³, 1 mm) and its label table (FILE.txt).")

    @OptionGroup var data: DataOptions
    @Argument(help: "Atlas name (see `braintutor atlases`).") var atlas: String
    @Option(help: ArgumentHelp("Output .nii or .nii.gz; the table goes beside it with .txt.", valueName: "file")) var out: String

    func run() throws {
        try CommandOutput.run {
            let url = URL(fileURLWithPath: out)
            guard FormatRegistry.formatExtension(of: url) == "nii" else { throw MapsError("--out: \(url.lastPathComponent) is not a .nii or .nii.gz name") }
            let (image, table) = try AtlasLabelExport.export(data.library().atlas(named: atlas), name: url.lastPathComponent)
            try AtomicFile.write(Data(image.encoded()), to: url)
            var base = url
            if base.pathExtension.lowercased() == "gz" { base = base.deletingPathExtension() }
            try AtomicFile.write(Data(table.utf8), to: base.deletingPathExtension().appendingPathExtension("txt"))
        }
    }
}
