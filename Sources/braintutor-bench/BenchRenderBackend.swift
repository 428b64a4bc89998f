import CommandLineSupport
import BrainAtlas
import BrainRender
import Foundation

/// Medians of repeated timings, in milliseconds.
struct Timing {
    let iterations: Int
    private let clock = ContinuousClock()

    init(iterations: Int) { self.iterations = iterations }

    static func ms(_ d: Duration) -> Double { Double(d.components.attoseconds) / 1e15 + Double(d.components.seconds) * 1e3 }

    func once(_ body: () throws -> Void) rethrows -> Double { Self.ms(try clock.measure(body)) }

    func median(_ n: Int, _ body: () throws -> Void) rethrows -> Double {
        var times: [Double] = []
        for _ in 0..<max(1, n) { times.append(try once(body)) }
        return times.sorted()[times.count / 2]
    }
}

extension BenchRenderCommand {
    /// The GL figures of one backend: context, frames, pick pass, repeated and CPU picks.
    static func measure(_ atlasScene: AtlasScene, library: AtlasLibrary?, backend: GLBackend,
                        timing: Timing) throws -> (Figures, GLContext) {
        let scene = atlasScene.scene
        let w = scene.width, h = scene.height, n = timing.iterations
        var made: GLContext?
        let contextMs = try timing.once { made = try GLContext(width: w, height: h, backend: backend) }
        let context = made!
        // The first frame links the program, builds llvmpipe's shader variants and uploads
        // the meshes: what a one-shot render pays on top of a frame.
        let firstLit = try timing.once { _ = try context.renderImage(scene, shading: .lit) }
        let lit = try timing.median(n) { _ = try context.renderImage(scene, shading: .lit) }
        let flat = try timing.median(n) { _ = try context.renderImage(scene, shading: .flat) }
        // What anti-aliasing costs a lit PNG render: `--aa off` against the default supersampling.
        let litPNG = try timing.median(n) { _ = try context.renderPNG(scene, shading: .lit, antialias: 1) }
        let aaPNG = try timing.median(n) {
            _ = try context.renderPNG(scene, shading: .lit, antialias: Supersampling.defaultFactor)
        }
        let pickPass = try timing.median(n) { _ = try context.renderPickImage(scene) }
        let onePixel = try timing.median(n) { _ = try context.pickID(scene, x: w / 2, y: h / 2) }
        let index = try context.renderPickImage(scene)
        let pixels = brainPixels(index, width: w, height: h)
        var k = 0
        let repeated = try timing.median(pixels.count) {
            let (x, y) = pixels[k % pixels.count]
            k += 1
            _ = try atlasScene.pickReport(index: index, x: x, y: y, library: library)
        }
        // One-shot picks decide most pixels on the CPU, with this driver's error model; the
        // rest (near triangle edges) need GL.
        let model = context.driverInfo.errorModel
        var decided = 0, differing = 0
        for (x, y) in pixels {
            guard let id = try scene.certainPickID(x: x, y: y, model: model) else { continue }
            decided += 1
            if id != index.ids[y * w + x] { differing += 1 }
        }
        k = 0
        let cpuPick = try timing.median(pixels.count) {
            let (x, y) = pixels[k % pixels.count]
            k += 1
            _ = try scene.certainPickID(x: x, y: y, model: model)
        }
        let figures = Figures(backend: backend.rawValue, renderer: context.rendererName, size: [w, h], contextMs: contextMs,
                       firstLitFrameMs: firstLit, litFrameMs: lit, flatFrameMs: flat,
                       litPNGMs: litPNG, antialiasedLitPNGMs: aaPNG, pickPassMs: pickPass,
                       onePixelPickMs: onePixel, repeatedPickMs: repeated, repeatedPickSamples: pixels.count,
                       cpuPickMs: cpuPick, cpuSubpixelBits: model.subpixelBits, cpuDecidedPixels: decided,
                       cpuDifferingPixels: differing)
        return (figures, context)
    }

    /// The median ratio of the second context's lit frame to the first's, drawn in turn, so
    /// the load of a shared machine weighs on both alike.
    static func pairedLitRatio(_ scene: Scene, _ first: GLContext, _ second: GLContext, timing: Timing) throws -> Double {
        var ratios: [Double] = []
        for _ in 0..<max(1, timing.iterations) {
            let a = try timing.once { _ = try first.renderImage(scene, shading: .lit) }
            let b = try timing.once { _ = try second.renderImage(scene, shading: .lit) }
            ratios.append(b / a)
        }
        return ratios.sorted()[ratios.count / 2]
    }

    /// Up to 500 brain pixels spread over the image (a deterministic sequence, the same for
    /// every backend since their pick images agree).
    static func brainPixels(_ index: IndexImage, width w: Int, height h: Int) -> [(Int, Int)] {
        var pixels: [(Int, Int)] = []
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        while pixels.count < 500 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let x = Int(state >> 33) % w, y = Int(state >> 13) % h
            if index.ids[y * w + x] != 0 { pixels.append((x, y)) }
            if pixels.isEmpty && state & 0xFFFF == 0 { break }
        }
        return pixels
    }
}

/// `bench render`'s text report: one column per backend, and EGL's figures as a share of OSMesa's.
struct BenchRenderTable {
    let figures: [BenchRenderCommand.Figures]
    let sceneBuildMs: Double
    let loadParts: [String]
    let pngMs: Double
    /// EGL's lit frame over OSMesa's, drawn in turn (nil unless both were measured).
    let pairedLitRatio: Double?

    var text: String {
        func f(_ v: Double, _ digits: Int = 2) -> String { String(format: "%.\(digits)f", v) }
        let header = figures.map { $0.backend }
        var rows: [(String, [String], String)] = [
            ("GL context", figures.map { f($0.contextMs) }, "ms (dlopen, create the context; the second backend finds LLVM loaded)"),
            ("first lit frame", figures.map { f($0.firstLitFrameMs) }, "ms (link shaders, build shader variants, upload meshes)"),
            ("lit frame", figures.map { f($0.litFrameMs) }, "ms median (draw + read back)"),
            ("flat frame", figures.map { f($0.flatFrameMs) }, "ms median"),
            ("lit PNG, aa off", figures.map { f($0.litPNGMs) }, "ms median (frame + PNG, --aa off)"),
            ("lit PNG, aa on", figures.map { f($0.antialiasedLitPNGMs) },
             "ms median (\(Supersampling.defaultFactor)×\(Supersampling.defaultFactor) supersampled; "
                + figures.map { "\($0.backend) ×\(f($0.antialiasedLitPNGMs / max($0.litPNGMs, 1e-9), 1))" }.joined(separator: ", ") + ")"),
            ("pick pass", figures.map { f($0.pickPassMs) }, "ms median (full index image)"),
            ("one-pixel pick", figures.map { f($0.onePixelPickMs) }, "ms median (scissored pass)"),
            ("repeated pick", figures.map { f($0.repeatedPickMs, 4) }, "ms median (cached index image + ray cast)"),
            ("CPU pick", figures.map { f($0.cpuPickMs, 4) }, "ms median (one-shot decision without GL)"),
            ("CPU decided", figures.map { "\($0.cpuDecidedPixels)/\($0.repeatedPickSamples)" },
             "brain pixels (\(figures.map { "\($0.cpuSubpixelBits) bits, \($0.cpuDifferingPixels) unlike the pass" }.joined(separator: "; ")))"),
        ]
        if let o = figures.first(where: { $0.backend == "osmesa" }), let e = figures.first(where: { $0.backend == "egl" }) {
            let lit = pairedLitRatio.map { "lit \(f(100 * $0, 0)) % paired" } ?? "lit \(f(100 * e.litFrameMs / o.litFrameMs, 0)) %"
            rows.append(("EGL / OSMesa", [lit,
                                          "repeated pick \(f(100 * e.repeatedPickMs / o.repeatedPickMs, 0)) %"], ""))
        }
        let widths = header.indices.map { i in max(header[i].count, rows.map { $0.1[i].count }.max() ?? 0) }
        func line(_ name: String, _ cells: [String], _ note: String) -> String {
            let padded = cells.enumerated().map { $0.element.padding(toLength: widths[$0.offset], withPad: " ", startingAt: 0) }
            let text = name.padding(toLength: 18, withPad: " ", startingAt: 0) + padded.joined(separator: "  ") + "  " + note
            return String(text.reversed().drop { $0 == " " }.reversed())
        }
        var lines = figures.map { "renderer (\($0.backend))".padding(toLength: 18, withPad: " ", startingAt: 0) + "\($0.renderer) (\($0.size[0])x\($0.size[1]))" }
        lines.append("scene build       \(f(sceneBuildMs)) ms (one hemisphere: \(loadParts.joined(separator: ", ")))")
        lines.append("PNG (fast)        \(f(pngMs)) ms median")
        lines.append(line("", header, ""))
        lines += rows.map { line($0.0, $0.1, $0.2) }
        return lines.joined(separator: "\n")
    }
}
