import COSMesa

/// One OSMesa context with its own colour buffer; use it on one thread only (OSMesa binds per thread).
///
/// The server keeps one per worker thread for the thread's whole life.
public final class GLContext {
    /// Largest width or height accepted, well below OSMesa's own limit.
    public static let maxSide = 4096

    let library: OSMesaLibrary
    let gl: GLFunctions
    private let context: OSMesaContext
    private(set) var width = 0
    private(set) var height = 0
    /// OSMesa draws into this buffer, rows bottom-up (GL order).
    private var buffer: PixelBuffer
    var pixels: UnsafeMutableRawPointer? { buffer.base }
    var programs = ShaderPrograms()
    /// GPU copies of geometries drawn before, keyed by the geometry object.
    var buffers = GeometryBufferCache()

    /// Creates a context and makes it current on the calling thread.
    public init(width: Int = 1024, height: Int = 768) throws(RenderError) {
        try Self.checkSize(width: width, height: height)
        library = try OSMesaLibrary.shared()
        guard let context = library.createContextExt(GLenum(OSMESA_RGBA), 24, 0, 0, nil) else {
            throw .contextFailed("OSMesaCreateContextExt failed (RGBA, 24-bit depth)")
        }
        self.context = context
        do throws(RenderError) {
            gl = try GLFunctions(library)
            buffer = try PixelBuffer(byteCount: width * height * 4)
        } catch {
            library.destroyContext(context)
            throw error
        }
        try resize(width: width, height: height)
    }

    deinit {
        buffers.releaseAll(gl)
        library.destroyContext(context)
    }

    private static func checkSize(width: Int, height: Int) throws(RenderError) {
        guard (1...maxSide).contains(width), (1...maxSide).contains(height) else {
            throw .badSize(width: width, height: height, limit: maxSide)
        }
    }

    /// Sets the drawing size and makes the context current on this thread.
    func resize(width: Int, height: Int) throws(RenderError) {
        try Self.checkSize(width: width, height: height)
        let needed = width * height * 4
        if needed > buffer.byteCount { buffer = try PixelBuffer(byteCount: needed) }
        guard library.makeCurrent(context, pixels, GLenum(GL_UNSIGNED_BYTE), GLsizei(width), GLsizei(height)) != 0 else {
            throw .contextFailed("OSMesaMakeCurrent failed for \(width)x\(height)")
        }
        self.width = width
        self.height = height
        gl.viewport(0, 0, GLsizei(width), GLsizei(height))
    }

    /// The GL renderer string (for reports), e.g. "llvmpipe (LLVM 15.0.6, 256 bits)".
    public var rendererName: String {
        gl.getString(GLenum(GL_RENDERER)).map { String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) } ?? "?"
    }

    func check(_ call: String) throws(RenderError) {
        let code = gl.getError()
        if code != GLenum(GL_NO_ERROR) { throw .glError(call: call, code: UInt32(code)) }
    }
}
