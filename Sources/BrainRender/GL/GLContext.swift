import BrainAtlas
import COSMesa

/// One GL context with its own colour buffer, on the backend `GLBackend` chose; use it on one
/// thread only (both OSMesa and EGL bind contexts per thread).
///
/// The server keeps one per worker thread for the thread's whole life.
public final class GLContext {
    /// Largest width or height accepted: the request limit, well below OSMesa's own.
    public static let maxSide = RequestLimits.maximumImageSide

    /// Where the passes draw: on both backends a framebuffer object sized to the scene
    /// (`OffscreenFramebuffer`), which `readBack` copies into `buffer`. OSMesa's own surface stays
    /// at one small fixed size: Mesa never frees the buffers it makes for each new surface size.
    private enum Target {
        case osmesa(OSMesaLibrary, OSMesaContext, surface: PixelBuffer, framebuffer: OffscreenFramebuffer)
        case egl(EGLOffscreen)
    }

    /// The side of OSMesa's fixed surface, which nothing is drawn on.
    private static let osmesaSurfaceSide = 16

    /// The backend this context draws with.
    public let backend: GLBackend
    let gl: GLFunctions
    private let target: Target
    private(set) var width = 0
    private(set) var height = 0
    /// The drawn pixels, rows bottom-up (GL order).
    private var buffer: PixelBuffer
    var pixels: UnsafeMutableRawPointer? { buffer.base }
    var programs = ShaderPrograms()
    /// GPU copies of geometries drawn before, keyed by the geometry object.
    var buffers = GeometryBufferCache()

    /// Creates a context on `GLBackend.chosen(backend)` (`backend` nil: the default one) and makes
    /// it current on the calling thread.
    public init(width: Int = 1024, height: Int = 768, backend: GLBackend? = nil) throws(RenderError) {
        try RenderError.checkImageSize(width: width, height: height)
        self.backend = try GLBackend.chosen(backend)
        let loader: any GLProcLoader
        switch self.backend {
        case .osmesa:
            let library = try OSMesaLibrary.shared()
            guard let context = library.createContextExt(GLenum(OSMESA_RGBA), 24, 0, 0, nil) else {
                throw .contextFailed("OSMesaCreateContextExt failed (RGBA, 24-bit depth)")
            }
            let side = Self.osmesaSurfaceSide
            do throws(RenderError) {
                let surface = try PixelBuffer(byteCount: side * side * 4)
                guard library.makeCurrent(context, surface.base, GLenum(GL_UNSIGNED_BYTE), GLsizei(side), GLsizei(side)) != 0 else {
                    throw .contextFailed("OSMesaMakeCurrent failed for its \(side)x\(side) surface")
                }
                target = .osmesa(library, context, surface: surface, framebuffer: try OffscreenFramebuffer(library))
            } catch {
                library.destroyContext(context)
                throw error
            }
            loader = library
        case .egl:
            let offscreen = try EGLOffscreen()
            target = .egl(offscreen)
            loader = offscreen.loader
        }
        do throws(RenderError) {
            gl = try GLFunctions(loader)
            buffer = try PixelBuffer(byteCount: width * height * 4)
        } catch {
            Self.destroy(target)
            throw error
        }
        try resize(width: width, height: height)
    }

    deinit {
        // GL calls go to whichever context is current on this thread: with two backends in one
        // process that may be another one, so this context is made current before its buffers go.
        if (try? makeCurrent()) != nil { buffers.releaseAll(gl) }
        Self.destroy(target)
    }

    private static func destroy(_ target: Target) {
        switch target {
        case .osmesa(let library, let context, _, _): library.destroyContext(context)
        case .egl(let offscreen): offscreen.destroy()
        }
    }


    /// Sets the drawing size and makes the context current on this thread.
    func resize(width: Int, height: Int) throws(RenderError) {
        try RenderError.checkImageSize(width: width, height: height)
        let needed = width * height * 4
        if needed > buffer.byteCount { buffer = try PixelBuffer(byteCount: needed) }
        self.width = width
        self.height = height
        try makeCurrent()
        gl.viewport(0, 0, GLsizei(width), GLsizei(height))
    }

    /// The most pixels a context keeps room for between renders: the colour pass of a default 1024×768
    /// lit render (drawn 2×2). A larger render's framebuffer and read-back buffer, 12 bytes a pixel
    /// (about 200 MB at 4096×4096), would otherwise stay with an idle context until its next render.
    public static let keptPixels = 2048 * 1536

    /// After a render: when the drawing size or the read-back buffer is above `keptPixels`, gives both
    /// back (the framebuffer's storage is replaced at a small size, the buffer unmapped), so an idle
    /// context holds little; the next render sizes them again. Smaller sizes are kept, and reused.
    public func releaseLargeBuffers() throws(RenderError) {
        guard width * height > Self.keptPixels || buffer.byteCount > Self.keptPixels * 4 else { return }
        let side = Self.osmesaSurfaceSide
        buffer = try PixelBuffer(byteCount: side * side * 4)
        try resize(width: side, height: side)
        // Mesa lets go of the old storage only when the framebuffer is next used: a clear of the small one does it now.
        gl.clear(GLbitfield(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT))
        gl.finish()
        try check("glClear after releasing large buffers")
    }

    /// Makes the context current on this thread at the current size, every time: OSMesa and
    /// EGL switch the same per-thread GL dispatch, so neither may trust its own idea of what
    /// is current once the other has run on the thread (`EGLOffscreen.bind`).
    private func makeCurrent() throws(RenderError) {
        switch target {
        case .osmesa(let library, let context, let surface, let framebuffer):
            let side = GLsizei(Self.osmesaSurfaceSide)
            guard library.makeCurrent(context, surface.base, GLenum(GL_UNSIGNED_BYTE), side, side) != 0 else {
                throw .contextFailed("OSMesaMakeCurrent failed")
            }
            try framebuffer.bind(width: width, height: height)
        case .egl(let offscreen):
            try offscreen.bind(width: width, height: height)
        }
    }

    /// Brings the drawn pixels into `pixels`: the whole image, or the one pixel at (x, GL row),
    /// as bottom-up rows.
    func readBack(pixel: (x: Int, row: Int)?) {
        let (x, row, w, h) = pixel.map { ($0.x, $0.row, 1, 1) } ?? (0, 0, width, height)
        gl.readPixels(GLint(x), GLint(row), GLsizei(w), GLsizei(h), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE),
                      buffer.base.advanced(by: (row * width + x) * 4))
    }

    /// Whether `GL_MULTISAMPLE` can be switched: desktop GL has the switch, OpenGL ES has none
    /// (and its framebuffer object has one sample anyway).
    var hasMultisampleSwitch: Bool { backend == .osmesa }

    func check(_ call: String) throws(RenderError) {
        let code = gl.getError()
        if code != GLenum(GL_NO_ERROR) { throw .glError(call: call, code: UInt32(code)) }
    }
}
