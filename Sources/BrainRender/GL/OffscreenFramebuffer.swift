import COSMesa

/// The framebuffer object every context draws into (RGBA8 colour and 24-bit depth renderbuffers),
/// its storage replaced when the size changes.
///
/// OSMesa draws into it too, not into the buffer `OSMesaMakeCurrent` is given: Mesa keeps one set
/// of colour and depth buffers for every distinct size that call has seen, in a process-wide list it
/// never frees, so a server rendering many image sizes grew by ~36 bytes per pixel of every new
/// size (2×2 supersampled colour and depth, plus the pick pass). A renderbuffer's storage, by
/// contrast, is freed when it is replaced; the OSMesa surface stays at one fixed size.
final class OffscreenFramebuffer {
    private let fbo: FramebufferFunctions
    private let ids: (framebuffer: GLuint, color: GLuint, depth: GLuint)
    private(set) var size = (width: 0, height: 0)

    /// Creates the object names; the context they belong to must be current.
    init(_ loader: some GLProcLoader) throws(RenderError) {
        fbo = try FramebufferFunctions(loader)
        var framebuffer: GLuint = 0
        var renderbuffers: [GLuint] = [0, 0]
        fbo.genFramebuffers(1, &framebuffer)
        fbo.genRenderbuffers(2, &renderbuffers)
        ids = (framebuffer, renderbuffers[0], renderbuffers[1])
    }

    /// Binds the framebuffer at width × height on the current context, giving it new storage when the size changed.
    func bind(width: Int, height: Int) throws(RenderError) {
        fbo.bindFramebuffer(GLenum(GL_FRAMEBUFFER), ids.framebuffer)
        guard size != (width, height) else { return }
        let w = GLsizei(width), h = GLsizei(height)
        fbo.bindRenderbuffer(GLenum(GL_RENDERBUFFER), ids.color)
        fbo.renderbufferStorage(GLenum(GL_RENDERBUFFER), GLenum(GL_RGBA8), w, h)
        fbo.framebufferRenderbuffer(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_RENDERBUFFER), ids.color)
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
}

/// The framebuffer-object entry points, looked up on either backend.
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
