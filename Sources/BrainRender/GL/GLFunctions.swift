import COSMesa

/// GL entry points resolved through the backend's loader (the module never links a GL library).
struct GLFunctions {
    typealias V_E = @convention(c) (GLenum) -> Void
    typealias V_EEEE = @convention(c) (GLenum, GLenum, GLenum, GLenum) -> Void
    typealias V_B = @convention(c) (GLbitfield) -> Void
    typealias V_F4 = @convention(c) (GLfloat, GLfloat, GLfloat, GLfloat) -> Void
    typealias V_I4 = @convention(c) (GLint, GLint, GLsizei, GLsizei) -> Void
    typealias V_Bool = @convention(c) (GLboolean) -> Void
    typealias V_U = @convention(c) (GLuint) -> Void
    typealias V_UU = @convention(c) (GLuint, GLuint) -> Void
    typealias V_Void = @convention(c) () -> Void
    typealias E_Void = @convention(c) () -> GLenum
    typealias U_E = @convention(c) (GLenum) -> GLuint
    typealias U_Void = @convention(c) () -> GLuint
    typealias ReadPixels = @convention(c) (GLint, GLint, GLsizei, GLsizei, GLenum, GLenum, UnsafeMutableRawPointer?) -> Void
    typealias GetString = @convention(c) (GLenum) -> UnsafePointer<GLubyte>?
    typealias ShaderSource = @convention(c) (GLuint, GLsizei, UnsafePointer<UnsafePointer<GLchar>?>?, UnsafePointer<GLint>?) -> Void
    typealias GetIv = @convention(c) (GLuint, GLenum, UnsafeMutablePointer<GLint>?) -> Void
    typealias GetLog = @convention(c) (GLuint, GLsizei, UnsafeMutablePointer<GLsizei>?, UnsafeMutablePointer<GLchar>?) -> Void
    typealias BindAttrib = @convention(c) (GLuint, GLuint, UnsafePointer<GLchar>?) -> Void
    typealias GetUniform = @convention(c) (GLuint, UnsafePointer<GLchar>?) -> GLint
    typealias Uniform2f = @convention(c) (GLint, GLfloat, GLfloat) -> Void
    typealias Uniform3f = @convention(c) (GLint, GLfloat, GLfloat, GLfloat) -> Void
    typealias VertexAttrib1f = @convention(c) (GLuint, GLfloat) -> Void
    typealias VertexAttrib4f = @convention(c) (GLuint, GLfloat, GLfloat, GLfloat, GLfloat) -> Void
    typealias Uniform4f = @convention(c) (GLint, GLfloat, GLfloat, GLfloat, GLfloat) -> Void
    typealias UniformMatrix = @convention(c) (GLint, GLsizei, GLboolean, UnsafePointer<GLfloat>?) -> Void
    typealias GenBuffers = @convention(c) (GLsizei, UnsafeMutablePointer<GLuint>?) -> Void
    typealias BufferData = @convention(c) (GLenum, GLsizeiptr, UnsafeRawPointer?, GLenum) -> Void
    typealias AttribPointer = @convention(c) (GLuint, GLint, GLenum, GLboolean, GLsizei, UnsafeRawPointer?) -> Void
    typealias GetIntegerv = @convention(c) (GLenum, UnsafeMutablePointer<GLint>?) -> Void
    typealias DrawElements = @convention(c) (GLenum, GLsizei, GLenum, UnsafeRawPointer?) -> Void

    let viewport: V_I4, scissor: V_I4, clearColor: V_F4, clear: V_B
    let enable: V_E, disable: V_E, cullFace: V_E, frontFace: V_E, depthFunc: V_E
    let depthMask: V_Bool, blendFuncSeparate: V_EEEE, finish: V_Void, getError: E_Void
    typealias V_Bool4 = @convention(c) (GLboolean, GLboolean, GLboolean, GLboolean) -> Void
    let colorMask: V_Bool4
    let readPixels: ReadPixels, getString: GetString, getIntegerv: GetIntegerv
    let createShader: U_E, shaderSource: ShaderSource, compileShader: V_U
    let getShaderiv: GetIv, getShaderInfoLog: GetLog, deleteShader: V_U
    let createProgram: U_Void, attachShader: V_UU, bindAttribLocation: BindAttrib
    let linkProgram: V_U, getProgramiv: GetIv, getProgramInfoLog: GetLog, useProgram: V_U
    let deleteProgram: V_U, getUniformLocation: GetUniform
    let uniform2f: Uniform2f, uniform3f: Uniform3f, uniform4f: Uniform4f, uniformMatrix4fv: UniformMatrix
    let genBuffers: GenBuffers, deleteBuffers: GenBuffers, bindBuffer: V_EU, bufferData: BufferData
    let vertexAttribPointer: AttribPointer, enableVertexAttribArray: V_U, disableVertexAttribArray: V_U
    let vertexAttrib1f: VertexAttrib1f
    let vertexAttrib4f: VertexAttrib4f
    let drawElements: DrawElements
    /// Textures (the slicing mode's planes).
    typealias TexImage2D = @convention(c) (GLenum, GLint, GLint, GLsizei, GLsizei, GLint, GLenum, GLenum, UnsafeRawPointer?) -> Void
    typealias V_EEI = @convention(c) (GLenum, GLenum, GLint) -> Void
    typealias V_EI = @convention(c) (GLenum, GLint) -> Void
    typealias V_II = @convention(c) (GLint, GLint) -> Void
    typealias V_IF = @convention(c) (GLint, GLfloat) -> Void
    let genTextures: GenBuffers, deleteTextures: GenBuffers, bindTexture: V_EU, activeTexture: V_E
    let texImage2D: TexImage2D, texParameteri: V_EEI, pixelStorei: V_EI, uniform1i: V_II, uniform1f: V_IF

    typealias V_EU = @convention(c) (GLenum, GLuint) -> Void

    init(_ lib: any GLProcLoader) throws(RenderError) {
        viewport = try lib.proc("glViewport", as: V_I4.self)
        scissor = try lib.proc("glScissor", as: V_I4.self)
        clearColor = try lib.proc("glClearColor", as: V_F4.self)
        clear = try lib.proc("glClear", as: V_B.self)
        enable = try lib.proc("glEnable", as: V_E.self)
        disable = try lib.proc("glDisable", as: V_E.self)
        cullFace = try lib.proc("glCullFace", as: V_E.self)
        frontFace = try lib.proc("glFrontFace", as: V_E.self)
        depthFunc = try lib.proc("glDepthFunc", as: V_E.self)
        depthMask = try lib.proc("glDepthMask", as: V_Bool.self)
        colorMask = try lib.proc("glColorMask", as: V_Bool4.self)
        blendFuncSeparate = try lib.proc("glBlendFuncSeparate", as: V_EEEE.self)
        finish = try lib.proc("glFinish", as: V_Void.self)
        getError = try lib.proc("glGetError", as: E_Void.self)
        readPixels = try lib.proc("glReadPixels", as: ReadPixels.self)
        getString = try lib.proc("glGetString", as: GetString.self)
        getIntegerv = try lib.proc("glGetIntegerv", as: GetIntegerv.self)
        createShader = try lib.proc("glCreateShader", as: U_E.self)
        shaderSource = try lib.proc("glShaderSource", as: ShaderSource.self)
        compileShader = try lib.proc("glCompileShader", as: V_U.self)
        getShaderiv = try lib.proc("glGetShaderiv", as: GetIv.self)
        getShaderInfoLog = try lib.proc("glGetShaderInfoLog", as: GetLog.self)
        deleteShader = try lib.proc("glDeleteShader", as: V_U.self)
        createProgram = try lib.proc("glCreateProgram", as: U_Void.self)
        attachShader = try lib.proc("glAttachShader", as: V_UU.self)
        bindAttribLocation = try lib.proc("glBindAttribLocation", as: BindAttrib.self)
        linkProgram = try lib.proc("glLinkProgram", as: V_U.self)
        getProgramiv = try lib.proc("glGetProgramiv", as: GetIv.self)
        getProgramInfoLog = try lib.proc("glGetProgramInfoLog", as: GetLog.self)
        useProgram = try lib.proc("glUseProgram", as: V_U.self)
        deleteProgram = try lib.proc("glDeleteProgram", as: V_U.self)
        getUniformLocation = try lib.proc("glGetUniformLocation", as: GetUniform.self)
        uniform2f = try lib.proc("glUniform2f", as: Uniform2f.self)
        uniform3f = try lib.proc("glUniform3f", as: Uniform3f.self)
        uniform4f = try lib.proc("glUniform4f", as: Uniform4f.self)
        uniformMatrix4fv = try lib.proc("glUniformMatrix4fv", as: UniformMatrix.self)
        genBuffers = try lib.proc("glGenBuffers", as: GenBuffers.self)
        deleteBuffers = try lib.proc("glDeleteBuffers", as: GenBuffers.self)
        bindBuffer = try lib.proc("glBindBuffer", as: V_EU.self)
        bufferData = try lib.proc("glBufferData", as: BufferData.self)
        vertexAttribPointer = try lib.proc("glVertexAttribPointer", as: AttribPointer.self)
        enableVertexAttribArray = try lib.proc("glEnableVertexAttribArray", as: V_U.self)
        disableVertexAttribArray = try lib.proc("glDisableVertexAttribArray", as: V_U.self)
        vertexAttrib1f = try lib.proc("glVertexAttrib1f", as: VertexAttrib1f.self)
        vertexAttrib4f = try lib.proc("glVertexAttrib4f", as: VertexAttrib4f.self)
        drawElements = try lib.proc("glDrawElements", as: DrawElements.self)
        genTextures = try lib.proc("glGenTextures", as: GenBuffers.self)
        deleteTextures = try lib.proc("glDeleteTextures", as: GenBuffers.self)
        bindTexture = try lib.proc("glBindTexture", as: V_EU.self)
        activeTexture = try lib.proc("glActiveTexture", as: V_E.self)
        texImage2D = try lib.proc("glTexImage2D", as: TexImage2D.self)
        texParameteri = try lib.proc("glTexParameteri", as: V_EEI.self)
        pixelStorei = try lib.proc("glPixelStorei", as: V_EI.self)
        uniform1i = try lib.proc("glUniform1i", as: V_II.self)
        uniform1f = try lib.proc("glUniform1f", as: V_IF.self)
    }
}
