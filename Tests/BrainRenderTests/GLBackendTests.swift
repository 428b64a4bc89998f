import BrainAtlas
import Foundation
import Testing
@testable import BrainRender

/// The two GL backends draw the same pictures and the same picks: each scene is drawn on OSMesa
/// and on EGL (both llvmpipe here) and compared pixel by pixel, on every preset view. Backends
/// that do not load on the machine are left out (the comparison then reports skipped).
@Suite(.serialized)
struct GLBackendTests {
    static let available = GLBackend.allCases.filter { (try? $0.load()) != nil }

    /// The lit and flat colour passes and the pick image of `scene` on `backend`.
    static func draw(_ scene: Scene, on backend: GLBackend) throws -> (lit: [UInt8], flat: [UInt8], picks: [UInt32]) {
        let context = try GLContext(width: scene.width, height: scene.height, backend: backend)
        #expect(context.backend == backend)
        return (try context.renderImage(scene, shading: .lit).rgba, try context.renderImage(scene, shading: .flat).rgba,
                try context.renderPickImage(scene).ids)
    }

    /// How two colour passes differ: the largest difference of any channel and the bytes that differ.
    static func difference(_ a: [UInt8], _ b: [UInt8]) -> (largest: Int, bytes: Int) {
        var largest = 0, bytes = 0
        for (x, y) in zip(a, b) where x != y {
            largest = max(largest, abs(Int(x) - Int(y)))
            bytes += 1
        }
        return (largest, bytes)
    }

    /// Identical pick images and flat colour passes on every available backend; lit passes
    /// within 2 per channel. (Here llvmpipe rounds a few lit bytes, under 0.01 %, one level
    /// apart between its OpenGL ES and desktop contexts; a misplaced or mis-blended layer would
    /// change thousands.)
    static func expectSame(_ scene: Scene, _ what: String) throws {
        let drawn = try available.map { try draw(scene, on: $0) }
        guard let first = drawn.first else { return }
        #expect(first.picks.contains { $0 != 0 }, "\(what): the scene covers pixels")
        for (backend, other) in zip(available, drawn).dropFirst() {
            let lit = difference(first.lit, other.lit), flat = difference(first.flat, other.flat)
            #expect(lit.largest <= 2 && lit.bytes * 2000 < first.lit.count, "\(what): lit pass on \(backend): \(lit.bytes) bytes differ, by up to \(lit.largest)")
            #expect(flat.bytes == 0, "\(what): flat pass on \(backend): \(flat.bytes) bytes differ, by up to \(flat.largest)")
            let picks = zip(first.picks, other.picks).filter { $0 != $1 }.count
            #expect(picks == 0, "\(what): pick pass on \(backend): \(picks) pixels differ")
        }
    }

    @Test(.enabled(if: available.count == 2, "OSMesa and EGL are not both installed"))
    func syntheticBrainIsTheSameOnEveryView() throws {
        let layers = try SyntheticBrain.layers([true, false])
        for view in ViewName.allCases {
            let scene = try Scene(layers: layers, direction: .named(view, hemisphereIsLeft: true), width: 160, height: 120)
            try Self.expectSame(scene, "synthetic \(view)")
        }
    }

    @Test(.enabled(if: available.count == 2 && BundledAtlas.assets != nil, "needs both backends and AtlasData"))
    func atlasWithSeeThroughHeadIsTheSameOnEveryView() throws {
        for view in ViewName.allCases {
            let request = try SceneRequest(["atlas": "gyri", "view": view.rawValue, "size": "320x240", "head": "on"])
            let scene = try AtlasScene.build(request, assets: BundledAtlas.assets!)
            try Self.expectSame(scene.scene, "gyri \(view) with the head")
        }
    }

    @Test(.enabled(if: available.count == 2, "OSMesa and EGL are not both installed"))
    func transparentBackgroundAndOnePixelPicksAgree() throws {
        let scene = try Scene(layers: SyntheticBrain.layers([true]), direction: .named(.lateral, hemisphereIsLeft: true),
                              width: 96, height: 72, background: .transparent)
        try Self.expectSame(scene, "transparent lateral")
        let contexts = try GLBackend.allCases.map { try GLContext(width: 96, height: 72, backend: $0) }
        for y in stride(from: 0, to: 72, by: 7) {
            for x in stride(from: 0, to: 96, by: 5) {
                let ids = try contexts.map { try $0.pickID(scene, x: x, y: y) }
                #expect(ids[0] == ids[1], "one-pixel pick at \(x), \(y)")
            }
        }
    }

    /// Contexts of both backends used in turn on one thread, each with its own programs and
    /// buffers (linked in a different order), draw what fresh contexts draw: each pass makes
    /// its own context current, though both switch the same per-thread GL dispatch.
    @Test(.enabled(if: available.count == 2, "OSMesa and EGL are not both installed"))
    func interleavedBackendsOnOneThreadKeepTheirOwnState() throws {
        let layers = try SyntheticBrain.layers([true, false])
        let lateral = try Scene(layers: layers, direction: .named(.lateral, hemisphereIsLeft: true), width: 80, height: 60)
        let superior = try Scene(layers: layers, direction: .named(.superior, hemisphereIsLeft: true), width: 100, height: 70)
        let expected = try (Self.draw(lateral, on: .osmesa), Self.draw(superior, on: .egl))
        let osmesa = try GLContext(width: 80, height: 60, backend: .osmesa)
        let egl = try GLContext(width: 100, height: 70, backend: .egl)
        _ = try osmesa.renderImage(lateral, shading: .lit)
        _ = try egl.renderPickImage(superior)
        for _ in 0..<2 {
            #expect(try osmesa.renderPickImage(lateral).ids == expected.0.picks)
            #expect(try egl.renderImage(superior, shading: .lit).rgba == expected.1.lit)
            #expect(try osmesa.renderImage(lateral, shading: .flat).rgba == expected.0.flat)
            #expect(try egl.renderPickImage(superior).ids == expected.1.picks)
        }
    }

    @Test(.enabled(if: GLBackendTests.available.contains(.egl), "EGL is not installed"))
    func osmesaThatFailsToLoadFallsBackToEGL() throws {
        let hidden = RenderError.libraryMissing(name: "libNoSuchOSMesa.so.8", reason: "hidden by the test")
        let chosen = try GLBackend.automatic(osmesa: { () throws(RenderError) in throw hidden },
                                             egl: { () throws(RenderError) in try GLBackend.egl.load() })
        #expect(chosen == .egl)
        // End to end on the chosen backend: a scene drawn and picked, with regions where they belong.
        let scene = try Scene(layers: SyntheticBrain.layers([true]), direction: .named(.lateral, hemisphereIsLeft: true),
                              width: 120, height: 90)
        let context = try GLContext(width: 120, height: 90, backend: chosen)
        let picks = try context.renderPickImage(scene)
        #expect(try picks.id(x: 60, y: 45) != 0 && (try picks.id(x: 0, y: 0)) == 0)
        #expect(try context.pickID(scene, x: 60, y: 45) == (try picks.id(x: 60, y: 45)))
        #expect(context.driverInfo.summary.hasPrefix("egl ("))
    }

    @Test func neitherBackendLoadingNamesBothBackendsPackages() {
        func missing(_ backend: GLBackend) -> RenderError {
            .libraryMissing(name: backend.rawValue, reason: "it comes in \(backend.packages)")
        }
        #expect {
            _ = try GLBackend.automatic(osmesa: { () throws(RenderError) in throw missing(.osmesa) },
                                        egl: { () throws(RenderError) in throw missing(.egl) })
        } throws: { error in
            let text = "\(error)"
            return text.hasPrefix("no GL backend loads") && text.contains("libosmesa6")
                && text.contains("libegl-mesa0") && text.contains("mesa-libEGL") && text.contains("Arch")
        }
    }

    @Test func forcedBackendIsParsedFromTheEnvironment() throws {
        #expect(try GLBackend.forced(environment: [:]) == nil)
        #expect(try GLBackend.forced(environment: ["BRAINTUTOR_GL": "EGL"]) == .egl)
        #expect(try GLBackend.forced(environment: ["BRAINTUTOR_GL": "osmesa"]) == .osmesa)
        #expect(throws: RenderError.badSetting(name: "BRAINTUTOR_GL", value: "vulkan", problem: "is neither 'osmesa' nor 'egl'")) {
            try GLBackend.forced(environment: ["BRAINTUTOR_GL": "vulkan"])
        }
    }

    /// The CPU pick's bound must never be finer than the grid of the driver it stands in for.
    @Test(.enabled(if: !available.isEmpty, "no GL backend installed"))
    func expectedErrorModelIsNoFinerThanTheLoadedDriver() throws {
        for backend in Self.available {
            let info = try GLContext(width: 8, height: 8, backend: backend).driverInfo
            #expect(info.backend == backend && !info.version.isEmpty && info.version != "?")
            if info.renderer.hasPrefix("llvmpipe") {
                #expect(info.subpixelBits == PickErrorModel.llvmpipe.subpixelBits, "\(backend): \(info.renderer)")
            }
            #expect(PickErrorModel.expectedHere.subpixelBits <= info.errorModel.subpixelBits, "\(backend): \(info.summary)")
        }
    }

    @Test func errorModelFollowsTheDriver() {
        #expect(PickErrorModel.of(renderer: "llvmpipe (LLVM 15.0.6, 256 bits)", subpixelBits: 8) == .llvmpipe)
        #expect(PickErrorModel.of(renderer: "AMD Radeon RX 6600 (radeonsi)", subpixelBits: 8) == .coarsest)
        // A GPU reachable through EGL, or another Gallium driver, means the GL minimum.
        #expect(PickErrorModel.expected(environment: [:], hasRenderNode: false) == .llvmpipe)
        #expect(PickErrorModel.expected(environment: [:], hasRenderNode: true) == .coarsest)
        #expect(PickErrorModel.expected(environment: ["BRAINTUTOR_GL": "osmesa"], hasRenderNode: true) == .llvmpipe)
        #expect(PickErrorModel.expected(environment: ["LIBGL_ALWAYS_SOFTWARE": "1"], hasRenderNode: true) == .llvmpipe)
        #expect(PickErrorModel.expected(environment: ["GALLIUM_DRIVER": "softpipe"], hasRenderNode: false) == .coarsest)
    }

    /// With the GL minimum's coarser bound the CPU decides fewer pixels, and still never
    /// differently from the pick pass of either backend.
    @Test(.enabled(if: !available.isEmpty, "no GL backend installed"))
    func certainPicksMatchEveryBackendsPickPass() throws {
        let scene = try Scene(layers: SyntheticBrain.layers([true, false]), direction: .named(.superior, hemisphereIsLeft: true),
                              width: 128, height: 96)
        for backend in Self.available {
            let context = try GLContext(width: 128, height: 96, backend: backend)
            let picks = try context.renderPickImage(scene)
            let models = [PickErrorModel.coarsest, context.driverInfo.errorModel]
            var decided = [0, 0], sampled = 0
            for y in stride(from: 1, to: 96, by: 3) {
                for x in stride(from: 0, to: 128, by: 3) {
                    sampled += 1
                    for (k, model) in models.enumerated() {
                        guard let id = try scene.certainPickID(x: x, y: y, model: model) else { continue }
                        decided[k] += 1
                        #expect(id == (try picks.id(x: x, y: y)), "\(backend) \(model.subpixelBits) bits at \(x), \(y)")
                    }
                }
            }
            #expect(decided[0] > sampled * 3 / 4 && decided[0] <= decided[1], "\(backend): \(decided) of \(sampled)")
        }
    }
}
