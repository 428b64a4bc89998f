import ArgumentParser
import CommandLineSupport
import BrainAtlas
import BrainFormats
import BrainRender
import Foundation

/// `braintutor-bench render`: in-process renderer figures (lit frame, pick pass, repeated pick).
struct BenchRenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "In-process render figures: lit frame, PNG, pick pass, repeated pick (build with -c release).")

    @OptionGroup var scene: SceneOptions
    @OptionGroup var gl: GLOptions
    @Option(help: "Frames per measurement.") var iterations = 30
    @Flag(help: "Print JSON.") var json = false
    @Option(name: .customLong("export-ply"), help: ArgumentHelp("Also write the scene as binary PLY (for the VTK comparison).", valueName: "file.ply"))
    var exportPLY: String?

    /// The figures of one GL backend.
    struct Figures: Encodable {
        let backend: String
        let renderer: String
        let size: [Int]
        let contextMs: Double
        let firstLitFrameMs: Double
        let litFrameMs: Double
        let flatFrameMs: Double
        /// Lit frame + PNG without anti-aliasing (`--aa off`) and with the default supersampling.
        let litPNGMs: Double
        let antialiasedLitPNGMs: Double
        let pickPassMs: Double
        let onePixelPickMs: Double
        let repeatedPickMs: Double
        let repeatedPickSamples: Int
        let cpuPickMs: Double
        let cpuSubpixelBits: Int
        let cpuDecidedPixels: Int
        let cpuDifferingPixels: Int
    }

    struct Report: Encodable {
        let sceneBuildMs: Double
        let pngFastMs: Double
        /// One entry per backend measured: the forced one, or every one that loads.
        let backends: [Figures]
        /// EGL's lit frame over OSMesa's, the two drawn in turn (null unless both were measured).
        let eglOverOSMesaLitPaired: Double?
        let text: BenchTextFigures
    }

    func run() throws {
        try CommandOutput.run {
            let request = try scene.request(command: "bench render").request
            let source = try SceneSource.open(for: request, data: scene.data.dataDirectory)
            let library = source.library
            let clock = ContinuousClock()
            func ms(_ d: Duration) -> Double { Timing.ms(d) }
            // Load phases apart (first use, so these are the one-shot costs), for the report.
            var loadParts: [String] = []
            if case .bundled = source {
                // A library of its own, so its caches do not shorten the scene build measured below.
                let library = try scene.data.library()
                let assets = SceneAssets(library: library)
                let side: Hemisphere = try request.resolvedHemisphere() == .right ? .right : .left
                let mesh = MeshID.cortex(request.surface, side)
                loadParts.append("SRF \(String(format: "%.1f", ms(try clock.measure { _ = try assets.mesh(mesh) }))) ms")
                let atlas = try library.atlas(named: request.atlas)
                loadParts.append("POI labels \(String(format: "%.1f", ms(try clock.measure { _ = try atlas.surfaceLabels(side) }))) ms")
                loadParts.append("grouping \(String(format: "%.1f", ms(try clock.measure { _ = try assets.geometry(mesh: mesh, atlas: atlas) }))) ms")
            }
            var built: AtlasScene?
            let buildMs = ms(try clock.measure {
                built = try source.scene(request)
            })
            let atlasScene = built!
            if let exportPLY {
                try AtomicFile.writeRaw(atlasScene.plyData(), to: URL(fileURLWithPath: exportPLY))
            }
            let preferred = try gl.choice ?? GLBackend.forced()
            let backends = preferred.map { [$0] } ?? GLBackend.allCases.filter { (try? $0.load()) != nil }
            guard !backends.isEmpty else { _ = try GLBackend.chosen(); return }  // throws the packages to install
            let timing = Timing(iterations: iterations)
            let measured = try backends.map { try Self.measure(atlasScene, library: library, backend: $0, timing: timing) }
            let figures = measured.map(\.0)
            let paired = try measured.count == 2
                ? Self.pairedLitRatio(atlasScene.scene, measured[0].1, measured[1].1, timing: timing) : nil
            let context = try GLContext(width: request.width, height: request.height, backend: preferred)
            let image = try context.renderImage(atlasScene.scene, shading: .lit)
            let png = try timing.median(iterations) { _ = try image.png(transparent: false) }
            let text = try BenchTextFigures.measure(atlasScene, context: context, timing: timing)
            if json { return try CommandOutput.printJSON(Report(sceneBuildMs: buildMs, pngFastMs: png, backends: figures,
                                                                   eglOverOSMesaLitPaired: paired, text: text)) }
            print(BenchRenderTable(figures: figures, sceneBuildMs: buildMs, loadParts: loadParts, pngMs: png,
                                   pairedLitRatio: paired).text)
            print(text.line)
        }
    }
}
