import CEGL
import COSMesa

/// One OpenGL ES 2 context on the EGL display, drawing into a framebuffer object (RGBA8 colour
/// and 24-bit depth renderbuffers, as OSMesa's buffer has) resized to each scene.
final class EGLOffscreen {
    let connection: EGLDisplayConnection
    private let context: EGLContext
    private let fbo: FramebufferFunctions
    private let ids: (framebuffer: GLuint, colour: GLuint, depth: GLuint)
    private var size = (width: 0, height: 0)

    init() throws(RenderError) {
        connection = try EGLDisplayConnection.shared()
        let egl = connection.library
        let attributes: [EGLint] = [EGL_CONTEXT_CLIENT_VERSION, 2, EGL_NONE]
        guard let context = egl.createContext(connection.display, connection.config, nil, attributes) else {
            throw .contextFailed("eglCreateContext (OpenGL ES 2) failed on the \(connection.platform) display: \(egl.lastError)")
        }
        self.context = context
        do throws(RenderError) {
            fbo = try FramebufferFunctions(egl)
            try Self.makeCurrent(context, on: connection)
        } catch {
            _ = egl.destroyContext(connection.display, context)
            throw error
        }
        var framebuffer: GLuint = 0
        var renderbuffers: [GLuint] = [0, 0]
        fbo.genFramebuffers(1, &framebuffer)
        fbo.genRenderbuffers(2, &renderbuffers)
        ids = (framebuffer, renderbuffers[0], renderbuffers[1])
    }

    /// Destroys the context, and with it the framebuffer and every buffer it holds (no context
    /// shares them); Mesa defers this while another thread still has it current.
    func destroy() {
        let egl = connection.library
        if egl.getCurrentContext() == context { _ = egl.makeCurrent(connection.display, nil, nil, nil) }
        _ = egl.destroyContext(connection.display, context)
    }

    /// The GL entry points for this context.
    var loader: any GLProcLoader { connection.library }

    /// Makes the context current on this thread with the framebuffer bound at width × height.
    func bind(width: Int, height: Int) throws(RenderError) {
        let egl = connection.library
        // EGL skips making current a context it thinks is current, but an OSMesa context made
        // current since on this thread has taken the GL dispatch: release and bind again then.
        if egl.getCurrentContext() == context, OSMesaLibrary.isInProcess {
            _ = egl.makeCurrent(connection.display, nil, nil, nil)
        }
        try Self.makeCurrent(context, on: connection)
        guard size != (width, height) else { return }
        let w = GLsizei(width), h = GLsizei(height)
        fbo.bindFramebuffer(GLenum(GL_FRAMEBUFFER), ids.framebuffer)
        fbo.bindRenderbuffer(GLenum(GL_RENDERBUFFER), ids.colour)
        fbo.renderbufferStorage(GLenum(GL_RENDERBUFFER), GLenum(GL_RGBA8), w, h)
        fbo.framebufferRenderbuffer(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_RENDERBUFFER), ids.colour)
        fbo.bindRenderbuffer(GLenum(GL_RENDERBUFFER), ids.depth)
        fbo.renderbufferStorage(GLenum(GL_RENDERBUFFER), GLenum(GL_DEPTH_COMPONENT24), w, h)
        fbo.framebufferRenderbuffer(GLenum(GL_FRAMEBUFFER), GLenum(GL_DEPTH_ATTACHMENT), GLenum(GL_RENDERBUFFER), ids.depth)
        let status = fbo.checkFramebufferStatus(GLenum(GL_FRAMEBUFFER))
        guard status == GLenum(GL_FRAMEBUFFER_COMPLETE) else {
            size = (0, 0)
            throw .contextFailed("framebuffer \(width)x\(height) (RGBA8 + 24-bit depth) incomplete: status 0x\(String(status, radix: 16))")
        }
        size = (width, height)
    }

    private static func makeCurrent(_ context: EGLContext, on connection: EGLDisplayConnection) throws(RenderError) {
        let egl = connection.library
        // No surface: EGL_KHR_surfaceless_context, which Mesa has on every platform.
        guard egl.makeCurrent(connection.display, nil, nil, context) != 0 else {
            throw .contextFailed("eglMakeCurrent without a surface failed: \(egl.lastError)")
        }
    }
}

/// The framebuffer-object calls only the EGL backend needs.
struct FramebufferFunctions {
    typealias Gen = @convention(c) (GLsizei, UnsafeMutablePointer<GLuint>?) -> Void
    typealias Bind = @convention(c) (GLenum, GLuint) -> Void
    typealias Storage = @convention(c) (GLenum, GLenum, GLsizei, GLsizei) -> Void
    typealias Attach = @convention(c) (GLenum, GLenum, GLenum, GLuint) -> Void
    typealias Status = @convention(c) (GLenum) -> GLenum

    let genFramebuffers: Gen, bindFramebuffer: Bind
    let genRenderbuffers: Gen, bindRenderbuffer: Bind
    let renderbufferStorage: Storage, framebufferRenderbuffer: Attach, checkFramebufferStatus: Status

    init(_ lib: some GLProcLoader) throws(RenderError) {
        genFramebuffers = try lib.proc("glGenFramebuffers", as: Gen.self)
        bindFramebuffer = try lib.proc("glBindFramebuffer", as: Bind.self)
        genRenderbuffers = try lib.proc("glGenRenderbuffers", as: Gen.self)
        bindRenderbuffer = try lib.proc("glBindRenderbuffer", as: Bind.self)
        renderbufferStorage = try lib.proc("glRenderbufferStorage", as: Storage.self)
        framebufferRenderbuffer = try lib.proc("glFramebufferRenderbuffer", as: Attach.self)
        checkFramebufferStatus = try lib.proc("glCheckFramebufferStatus", as: Status.self)
    }
}
