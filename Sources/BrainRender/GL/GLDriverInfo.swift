import COSMesa

/// What a context reports about its driver: for `braintutor doctor`, `--version`, bench reports
/// and the CPU pick's error bounds.
public struct GLDriverInfo: Sendable, Equatable {
    public let backend: GLBackend
    /// `GL_RENDERER`, e.g. "llvmpipe (LLVM 15.0.6, 256 bits)".
    public let renderer: String
    /// `GL_VERSION`, e.g. "OpenGL ES 3.2 Mesa 22.3.6".
    public let version: String
    /// `GL_SUBPIXEL_BITS`: the precision of the driver's vertex snapping.
    public let subpixelBits: Int
    /// For EGL, how the display was found ("surfaceless", "device 0 of 2"); empty for OSMesa.
    public let platform: String

    /// The error bounds the CPU pick may assume for this driver (`PickErrorModel.of`).
    public var errorModel: PickErrorModel { .of(renderer: renderer, subpixelBits: subpixelBits) }

    /// One line for people: "egl (surfaceless): llvmpipe (…), OpenGL ES 3.2 Mesa 22.3.6".
    public var summary: String {
        let name = platform.isEmpty ? backend.rawValue : "\(backend.rawValue) (\(platform))"
        return "\(name): \(renderer), \(version)"
    }
}

extension GLContext {
    /// The driver this context draws with.
    public var driverInfo: GLDriverInfo {
        var bits: GLint = 0
        gl.getIntegerv(GLenum(GL_SUBPIXEL_BITS), &bits)
        let platform: String
        switch backend {
        case .osmesa: platform = ""
        case .egl: platform = (try? EGLDisplayConnection.shared().platform) ?? ""
        }
        return GLDriverInfo(backend: backend, renderer: string(GLenum(GL_RENDERER)), version: string(GLenum(GL_VERSION)),
                            subpixelBits: Int(bits), platform: platform)
    }

    /// The GL renderer string (for reports), e.g. "llvmpipe (LLVM 15.0.6, 256 bits)".
    public var rendererName: String { string(GLenum(GL_RENDERER)) }

    private func string(_ name: GLenum) -> String {
        gl.getString(name).map { String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) } ?? "?"
    }
}
