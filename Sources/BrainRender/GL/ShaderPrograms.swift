import COSMesa

/// The two programs, each linked on first use: lit (normals + lights) and flat (one colour:
/// region colour or pick id). A one-shot command links only the one it draws with (~3 ms each).
struct ShaderPrograms {
    struct Program {
        let id: GLuint
        let mvp: GLint
        let normalMatrix: GLint
        let color: GLint
        /// `uCurvature` (sulcus, gyrus strengths; `CurvatureShading`), −1 in the flat program.
        let curvature: GLint
        /// `uOcclusion` (ambient occlusion strength; `AmbientOcclusion`), −1 in the flat program.
        let occlusion: GLint
        /// `uCut` and `uCutSide` of the cut-away variants (`CutAway`), −1 in the others.
        let cut: GLint
        let cutSide: GLint
    }

    /// `litCut`/`flatCut`: the same shaders compiled with `CUT_AWAY`, for the slicing mode's head.
    enum Kind { case lit, flat, litCut, flatCut }

    static let positionAttribute: GLuint = 0
    static let normalAttribute: GLuint = 1
    static let curvatureAttribute: GLuint = 2
    /// `aOverlay`: a statistical map's premultiplied colour per vertex (`Scene.Layer.overlay`).
    static let overlayAttribute: GLuint = 3
    /// `aOcclusion`: per-vertex ambient openness (`RenderMesh.occlusion`).
    static let occlusionAttribute: GLuint = 4

    private var linked: [Kind: Program] = [:]
    /// The slicing mode's plane program (`PlaneProgram`), linked on first use.
    var plane: PlaneProgram?

    mutating func program(_ kind: Kind, gl: GLFunctions) throws(RenderError) -> Program {
        if let program = linked[kind] { return program }
        let sources = try ShaderSources.load()
        let program = switch kind {
        case .lit: try Self.link(gl, name: "lit", vertex: sources.litVertex, fragment: sources.litFragment, normals: true)
        case .flat: try Self.link(gl, name: "pick", vertex: sources.pickVertex, fragment: sources.pickFragment, normals: false)
        case .litCut: try Self.link(gl, name: "lit", vertex: Self.cutAway(sources.litVertex),
                                    fragment: Self.cutAway(sources.litFragment), normals: true)
        case .flatCut: try Self.link(gl, name: "pick", vertex: Self.cutAway(sources.pickVertex),
                                     fragment: Self.cutAway(sources.pickFragment), normals: false)
        }
        linked[kind] = program
        return program
    }

    /// The source with `CUT_AWAY` defined on the line after `#version` (which must stay first).
    static func cutAway(_ source: String) -> String {
        guard let end = source.firstIndex(of: "\n") else { return source }
        return source[...end] + "#define CUT_AWAY 1\n" + source[source.index(after: end)...]
    }

    static func link(_ gl: GLFunctions, name: String, vertex: String, fragment: String,
                             normals: Bool) throws(RenderError) -> Program {
        let vs = try compile(gl, name: name + ".vert", type: GLenum(GL_VERTEX_SHADER), source: vertex)
        let fs = try compile(gl, name: name + ".frag", type: GLenum(GL_FRAGMENT_SHADER), source: fragment)
        let program = gl.createProgram()
        gl.attachShader(program, vs)
        gl.attachShader(program, fs)
        gl.bindAttribLocation(program, positionAttribute, "aPosition")
        if normals {
            gl.bindAttribLocation(program, normalAttribute, "aNormal")
            gl.bindAttribLocation(program, curvatureAttribute, "aCurvature")
            gl.bindAttribLocation(program, overlayAttribute, "aOverlay")
            gl.bindAttribLocation(program, occlusionAttribute, "aOcclusion")
        }
        gl.linkProgram(program)
        gl.deleteShader(vs)
        gl.deleteShader(fs)
        var ok: GLint = 0
        gl.getProgramiv(program, GLenum(GL_LINK_STATUS), &ok)
        if ok == 0 {
            let log = infoLog(gl, program, gl.getProgramiv, gl.getProgramInfoLog)
            gl.deleteProgram(program)
            throw .shaderCompile(name: name, log: log)
        }
        return Program(id: program,
                       mvp: gl.getUniformLocation(program, "uMVP"),
                       normalMatrix: gl.getUniformLocation(program, "uNormalMatrix"),
                       color: gl.getUniformLocation(program, "uColor"),
                       curvature: gl.getUniformLocation(program, "uCurvature"),
                       occlusion: gl.getUniformLocation(program, "uOcclusion"),
                       cut: gl.getUniformLocation(program, "uCut"),
                       cutSide: gl.getUniformLocation(program, "uCutSide"))
    }

    private static func compile(_ gl: GLFunctions, name: String, type: GLenum, source: String) throws(RenderError) -> GLuint {
        let shader = gl.createShader(type)
        source.withCString { text in
            var pointer: UnsafePointer<GLchar>? = text
            gl.shaderSource(shader, 1, &pointer, nil)
        }
        gl.compileShader(shader)
        var ok: GLint = 0
        gl.getShaderiv(shader, GLenum(GL_COMPILE_STATUS), &ok)
        if ok == 0 {
            let log = infoLog(gl, shader, gl.getShaderiv, gl.getShaderInfoLog)
            gl.deleteShader(shader)
            throw .shaderCompile(name: name, log: log)
        }
        return shader
    }

    private static func infoLog(_ gl: GLFunctions, _ object: GLuint, _ getIv: GLFunctions.GetIv,
                                _ getLog: GLFunctions.GetLog) -> String {
        var length: GLint = 0
        getIv(object, GLenum(GL_INFO_LOG_LENGTH), &length)
        guard length > 0 else { return "(no log)" }
        var buffer = [GLchar](repeating: 0, count: Int(length) + 1)
        var written: GLsizei = 0
        getLog(object, GLsizei(length), &written, &buffer)
        let bytes = buffer.prefix(Int(max(0, written))).map { UInt8(bitPattern: $0) }
        return String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

import Foundation
