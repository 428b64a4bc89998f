import Foundation
import Testing
@testable import BrainRender

/// A context that draws many image sizes holds the buffers of one size at a time. OSMesa's own surfaces
/// once kept colour and depth for every size ever drawn (a server grew by gigabytes over a few hundred
/// distinct render sizes); every backend now draws into one framebuffer object whose storage is replaced.
/// It reads this process's resident memory, so the test command runs it on its own, not beside
/// the other suites, whose allocations would count.
@Suite(.serialized) struct FramebufferMemoryTests {
    /// Resident bytes of this process (`/proc/self/statm`, second field in pages).
    static func residentBytes() throws -> Int {
        let fields = try String(contentsOfFile: "/proc/self/statm", encoding: .utf8).split(separator: " ")
        return Int(fields[1])! * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// Draws the synthetic brain's lateral view at `width` × `height` in `context`.
    static func draw(_ layers: [Scene.Layer], in context: GLContext, _ width: Int, _ height: Int) throws -> RenderedImage {
        let scene = try Scene(layers: layers, direction: .named(.lateral, hemisphereIsLeft: true), width: width, height: height)
        let image = try context.renderImage(scene, shading: .flat)
        #expect(image.width == width && image.height == height)
        return image
    }

    @Test(arguments: GLBackendTests.available)
    func distinctSizesDoNotAccumulate(_ backend: GLBackend) throws {
        let layers = try SyntheticBrain.layers([true])
        let context = try GLContext(width: 64, height: 64, backend: backend)
        func draw(_ width: Int, _ height: Int) throws { _ = try Self.draw(layers, in: context, width, height) }
        // The largest size first, so every later buffer fits where one has been.
        try draw(1400, 1050)
        let before = try Self.residentBytes()
        // 60 distinct sizes of 0.4–1.4 megapixels: kept per size, colour and depth alone would be ~8 bytes a pixel,
        // about 420 MB in all.
        for step in 0 ..< 60 { try draw(1400 - 9 * step, 1050 - 7 * step) }
        let grown = try Self.residentBytes() - before
        #expect(grown < 96 << 20, "resident memory grew by \(grown >> 20) MB over 60 sizes on \(backend)")
        // The last size still draws the same picture as a fresh context.
        let scene = try Scene(layers: layers, direction: .named(.lateral, hemisphereIsLeft: true), width: 300, height: 200)
        let fresh = try GLContext(width: 300, height: 200, backend: backend)
        #expect(try context.renderImage(scene, shading: .flat).rgba == fresh.renderImage(scene, shading: .flat).rgba)
    }

    /// After a render above `GLContext.keptPixels`, `releaseLargeBuffers` gives its framebuffer and read-back
    /// buffer back (12 bytes a pixel: ~150 MB at 4096×3072), so an idle server worker does not hold them; a
    /// render within the kept size keeps its buffers for the next one.
    @Test(arguments: GLBackendTests.available)
    func aLargeRendersBuffersAreGivenBack(_ backend: GLBackend) throws {
        let layers = try SyntheticBrain.layers([true])
        let context = try GLContext(width: 64, height: 64, backend: backend)
        func draw(_ width: Int, _ height: Int) throws { _ = try Self.draw(layers, in: context, width, height) }
        try draw(800, 600)
        try context.releaseLargeBuffers()
        #expect(context.width == 800 && context.height == 600, "a size within the kept pixels stays")
        let before = try Self.residentBytes()
        try draw(4096, 3072)
        let drawn = try Self.residentBytes()
        try context.releaseLargeBuffers()
        let after = try Self.residentBytes()
        #expect(context.width * context.height <= GLContext.keptPixels)
        // Colour, depth and read-back alone are 151 MB; what stays must be a small part of them.
        #expect(drawn - before > 120 << 20, "the large render raised resident memory by only \((drawn - before) >> 20) MB on \(backend)")
        #expect(after - before < 32 << 20, "\((after - before) >> 20) MB of the large render stayed on \(backend)")
        // The context still draws, at any size.
        try draw(1000, 700)
    }
}
