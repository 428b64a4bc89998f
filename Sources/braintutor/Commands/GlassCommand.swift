import ArgumentParser
import BrainFormats
import BrainImage
import BrainAtlas
import BrainMaps
import BrainReport
import CommandLineSupport
import Foundation

/// `braintutor glass FILE --threshold T --out glass.png`: the map's clusters projected onto the three planes.
struct GlassCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "glass",
        abstract: "Draw a glass brain: the thresholded map's maximum-intensity projections (sagittal, coronal, axial) over the brain's outline, with cluster numbers.",
        discussion: """
            The clusters are those `clusters` lists for the same options, numbered as its table numbers them; each \
            projection keeps, per millimetre, the value of largest magnitude along its line of sight (docs/MAPS.md). \
            The output's extension chooses PNG, SVG or PDF; SVG and PDF keep the numbers, letters and colour bar as text.

            """ + MapClusterOptions.help())

    @OptionGroup var data: DataOptions
    @OptionGroup var map: MapClusterOptions
    @Option(help: ArgumentHelp("Pixels per millimetre (1 to 8).", valueName: "n")) var scale = 3
    @Option(help: ArgumentHelp("Image to write: .png, .svg or .pdf.", valueName: "file")) var out = "glass.png"

    func run() throws {
        try CommandOutput.run(json: false) {
            guard (1...8).contains(scale) else { throw FieldError("scale", value: "\(scale)", "must be 1 to 8 pixels per millimetre") }
            try OutputFile.check(out, extensions: ["png", "svg", "pdf"])
            let request = try map.reportRequest(command: "glass")
            let text = try TextRenderer()
            let figure = try GlassBrain.figure(request, library: data.library(), scale: scale, text: text)
            let url = URL(fileURLWithPath: out)
            let bytes: Data = switch url.pathExtension.lowercased() {
            case "svg": Data(try figure.svg(text: text).utf8)
            case "pdf": Data(try figure.pdf(text: text))
            default: Data(try figure.png(text: text))
            }
            try AtomicFile.writeRaw(bytes, to: url)
            let count = Set(figure.numbers.map(\.cluster)).count
            print("wrote \(out) (\(figure.width)×\(figure.height)): \(count) cluster\(count == 1 ? "" : "s") numbered on three projections")
        }
    }
}
