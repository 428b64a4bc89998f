import ArgumentParser
import BrainAtlas
import BrainFormats
import BrainRender
import Foundation

/// `braintutor bench render`: in-process renderer figures (lit frame, pick pass, repeated pick).
struct BenchRenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "In-process render figures: lit frame, PNG, pick pass, repeated pick (build with -c release).")

    @OptionGroup var scene: SceneOptions
    @Option(help: "Frames per measurement.") var iterations = 30
    @Flag(help: "Print JSON.") var json = false
    @Option(name: .customLong("export-ply"), help: ArgumentHelp("Also write the scene as binary PLY (for the VTK comparison).", valueName: "file.ply"))
    var exportPLY: String?

    struct Figures: Encodable {
        let renderer: String
        let size: [Int]
        let sceneBuildMs: Double
        let contextMs: Double
        let firstLitFrameMs: Double
        let litFrameMs: Double
        let flatFrameMs: Double
        let pngFastMs: Double
        /// Lit frame + PNG without and with anti-aliasing (`Supersampling.defaultFactor`).
        let litPNGMs: Double
        let antialiasedLitPNGMs: Double
        let pickPassMs: Double
        let onePixelPickMs: Double
        let repeatedPickMs: Double
        let repeatedPickSamples: Int
        let cpuPickMs: Double
        let cpuDecidedPixels: Int
        let cpuDifferingPixels: Int
    }

    func run() throws {
        try CommandOutput.run {
            let request = try scene.request()
            let library = request.meshFile == nil ? try scene.data.library() : nil
            let clock = ContinuousClock()
            func ms(_ d: Duration) -> Double { Double(d.components.attoseconds) / 1e15 + Double(d.components.seconds) * 1e3 }
            func median(_ n: Int, _ body: () throws -> Void) rethrows -> Double {
                var times: [Double] = []
                for _ in 0..<max(1, n) { times.append(ms(try clock.measure(body))) }
                return times.sorted()[times.count / 2]
            }
            // Load phases apart (first use, so these are the one-shot costs), for the report.
            var loadParts: [String] = []
            if request.meshFile == nil {
                // A library of its own, so its caches do not shorten the scene build measured below.
                let library = try scene.data.library()
                let assets = SceneAssets(library: library)
                let side: Hemisphere = try request.resolvedHemisphere() == .right ? .right : .left
                let mesh = "\(request.surface.rawValue)-\(side.rawValue)"
                loadParts.append("SRF \(String(format: "%.1f", ms(try clock.measure { _ = try assets.mesh(named: mesh) }))) ms")
                let atlas = try library.atlas(named: request.atlas)
                loadParts.append("POI labels \(String(format: "%.1f", ms(try clock.measure { _ = try atlas.surfaceLabels(side) }))) ms")
                loadParts.append("grouping \(String(format: "%.1f", ms(try clock.measure { _ = try assets.geometry(mesh: mesh, atlas: atlas, side: side) }))) ms")
            }
            var built: AtlasScene?
            let buildMs = ms(try clock.measure {
                built = try library.map { try AtlasScene.build(request, assets: SceneAssets(library: $0)) }
                    ?? AtlasScene.buildUserScene(request)
            })
            let atlasScene = built!
            if let exportPLY {
                try AtomicFile.writeRaw(atlasScene.plyData(), to: URL(fileURLWithPath: exportPLY))
            }
            var made: GLContext?
            let contextMs = ms(try clock.measure { made = try GLContext(width: request.width, height: request.height) })
            let context = made!
            // The first frame links the program, builds llvmpipe's shader variants and uploads
            // the meshes: what a one-shot render pays on top of a frame.
            let firstLit = ms(try clock.measure { _ = try context.renderImage(atlasScene.scene, shading: .lit) })
            let lit = try median(iterations) { _ = try context.renderImage(atlasScene.scene, shading: .lit) }
            let flat = try median(iterations) { _ = try context.renderImage(atlasScene.scene, shading: .flat) }
            let image = try context.renderImage(atlasScene.scene, shading: .lit)
            let png = try median(iterations) { _ = try image.png(transparent: false) }
            let litPNG = try median(iterations) { _ = try context.renderPNG(atlasScene.scene, shading: .lit, antialias: 1) }
            let aaPNG = try median(iterations) {
                _ = try context.renderPNG(atlasScene.scene, shading: .lit, antialias: Supersampling.defaultFactor)
            }
            let pickPass = try median(iterations) { _ = try context.renderPickImage(atlasScene.scene) }
            let w = request.width, h = request.height
            let onePixel = try median(iterations) { _ = try context.pickID(atlasScene.scene, x: w / 2, y: h / 2) }
            let index = try context.renderPickImage(atlasScene.scene)
            // Repeated picks at brain pixels spread over the image (deterministic sequence).
            var pixels: [(Int, Int)] = []
            var state: UInt64 = 0x9E37_79B9_7F4A_7C15
            while pixels.count < 500 {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let x = Int(state >> 33) % w, y = Int(state >> 13) % h
                if index.ids[y * w + x] != 0 { pixels.append((x, y)) }
                if pixels.isEmpty && state & 0xFFFF == 0 { break }
            }
            var k = 0
            let repeated = try median(pixels.count) {
                let (x, y) = pixels[k % pixels.count]
                k += 1
                _ = try atlasScene.pickReport(index: index, x: x, y: y, library: library)
            }
            // One-shot picks decide most pixels on the CPU; the rest (near triangle edges) need GL.
            var decided = 0, differing = 0
            for (x, y) in pixels {
                guard let id = try atlasScene.scene.certainPickID(x: x, y: y) else { continue }
                decided += 1
                if id != index.ids[y * w + x] { differing += 1 }
            }
            k = 0
            let cpuPick = try median(pixels.count) {
                let (x, y) = pixels[k % pixels.count]
                k += 1
                _ = try atlasScene.scene.certainPickID(x: x, y: y)
            }
            let figures = Figures(renderer: context.rendererName, size: [w, h], sceneBuildMs: buildMs, contextMs: contextMs,
                                  firstLitFrameMs: firstLit, litFrameMs: lit, flatFrameMs: flat, pngFastMs: png,
                                  litPNGMs: litPNG, antialiasedLitPNGMs: aaPNG, pickPassMs: pickPass,
                                  onePixelPickMs: onePixel, repeatedPickMs: repeated, repeatedPickSamples: pixels.count,
                                  cpuPickMs: cpuPick, cpuDecidedPixels: decided, cpuDifferingPixels: differing)
            if json { return try CommandOutput.printJSON(figures) }
            func f(_ v: Double, _ digits: Int = 2) -> String { String(format: "%.\(digits)f", v) }
            print("""
                renderer          \(figures.renderer) (\(w)x\(h))
                scene build       \(f(buildMs)) ms (mesh + labels load, grouping; one hemisphere: \(loadParts.joined(separator: ", ")))
                GL context        \(f(contextMs)) ms (dlopen Mesa, create the context)
                first lit frame   \(f(firstLit)) ms (link shaders, build shader variants, upload meshes)
                lit frame         \(f(lit)) ms median (draw + read back)
                flat frame        \(f(flat)) ms median
                PNG (fast)        \(f(png)) ms median
                lit PNG           \(f(litPNG)) ms median; anti-aliased (\(Supersampling.defaultFactor)×\(Supersampling.defaultFactor)) \(f(aaPNG)) ms
                pick pass         \(f(pickPass)) ms median (full index image)
                one-pixel pick    \(f(onePixel)) ms median (scissored pass)
                repeated pick     \(f(repeated, 4)) ms median over \(pixels.count) brain pixels (cached index image + ray cast)
                CPU pick          \(f(cpuPick)) ms median (one-shot decision without GL); decided \(decided) of \(pixels.count) brain pixels, \(differing) unlike the pick pass
                """)
        }
    }
}
