import CEGL
import COSMesa

/// One OpenGL ES 2 context on the EGL display, drawing into an `OffscreenFramebuffer` resized to
/// each scene.
final class EGLOffscreen {
    let connection: EGLDisplayConnection
    private let context: EGLContext
    private let framebuffer: OffscreenFramebuffer

    init() throws(RenderError) {
        connection = try EGLDisplayConnection.shared()
        let egl = connection.library
        let attributes: [EGLint] = [EGL_CONTEXT_CLIENT_VERSION, 2, EGL_NONE]
        guard let context = egl.createContext(connection.display, connection.config, nil, attributes) else {
            throw .contextFailed("eglCreateContext (OpenGL ES 2) failed on the \(connection.platform) display: \(egl.lastError)")
        }
        self.context = context
        do throws(RenderError) {
            try Self.makeCurrent(context, on: connection)
            framebuffer = try OffscreenFramebuffer(egl)
        } catch {
            _ = egl.destroyContext(connection.display, context)
            throw error
        }
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
        try framebuffer.bind(width: width, height: height)
    }

    private static func makeCurrent(_ context: EGLContext, on connection: EGLDisplayConnection) throws(RenderError) {
        let egl = connection.library
        // No surface: EGL_KHR_surfaceless_context, which Mesa has on every platform.
        guard egl.makeCurrent(connection.display, nil, nil, context) != 0 else {
            throw .contextFailed("eglMakeCurrent without a surface failed: \(egl.lastError)")
        }
    }
}
