import COSMesa

/// The plane shaders (`plane.vert`, `plane.frag`) with their uniform locations.
struct PlaneProgram {
    let base: ShaderPrograms.Program
    let texS: GLint, texT: GLint
    let grey: GLint, ids: GLint, palette: GLint, paletteRows: GLint
    let window: GLint, pick: GLint, pickBase: GLint, cut: GLint, cutSide: GLint, darken: GLint
    let idSize: GLint, line: GLint

    init(gl: GLFunctions) throws(RenderError) {
        let sources = try ShaderSources.load()
        let linked = try ShaderPrograms.link(gl, name: "plane", vertex: sources.planeVertex, fragment: sources.planeFragment,
                                             normals: false)
        base = linked
        let location = { (name: String) -> GLint in gl.getUniformLocation(linked.id, name) }
        (texS, texT) = (location("uTexS"), location("uTexT"))
        (grey, ids, palette, paletteRows) = (location("uGrey"), location("uIDs"), location("uPalette"), location("uPaletteRows"))
        (window, pick, pickBase) = (location("uWindow"), location("uPick"), location("uPickBase"))
        (cut, cutSide, darken) = (location("uCut"), location("uCutSide"), location("uDarken"))
        (idSize, line) = (location("uIDSize"), location("uLine"))
    }
}

extension GLContext {
    /// Draws the scene's plane layers (`PlaneSection`) with the camera: MRI and atlas colours in
    /// the colour pass, `first pick id + region id` per pixel in the pick pass. The textures are
    /// made for the pass and deleted after it (three small planes: well under a millisecond).
    func drawPlanes(_ scene: Scene, pick: Bool) throws(RenderError) {
        let planes = scene.layers.indices.filter { scene.layers[$0].plane != nil }
        guard let firstPlane = planes.first, let palette = scene.layers[firstPlane].plane?.palette else { return }
        if programs.plane == nil { programs.plane = try PlaneProgram(gl: gl) }
        let program = programs.plane!
        gl.useProgram(program.base.id)
        scene.camera.mvp.withUnsafeBufferPointer { gl.uniformMatrix4fv(program.base.mvp, 1, 0, $0.baseAddress) }
        gl.uniform1f(program.pick, pick ? 1 : 0)
        gl.uniform2f(program.window, Float(PlaneSection.greyWindow.low), Float(PlaneSection.greyWindow.high))
        gl.uniform1i(program.grey, 0)
        gl.uniform1i(program.ids, 1)
        gl.uniform1i(program.palette, 2)
        gl.uniform1f(program.paletteRows, Float(palette.height))
        // Border lines one output pixel wide: the orthographic camera's millimetres (texels) per pixel.
        gl.uniform1f(program.line, pick ? 0 : 2 * scene.camera.halfHeight / Float(scene.height))
        // The planes show where the head is cut open (the scene's one cut), whole without one.
        if let cut = scene.layers.lazy.compactMap(\.cutAway).first {
            gl.uniform4f(program.cut, cut.corner.x, cut.corner.y, cut.corner.z, 1)
            gl.uniform3f(program.cutSide, cut.side.x, cut.side.y, cut.side.z)
        } else {
            gl.uniform4f(program.cut, 0, 0, 0, 0)
        }
        gl.pixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
        var textures = [GLuint](repeating: 0, count: 3)
        gl.genTextures(3, &textures)
        upload(textures[2], unit: 2, width: PlanePalette.width, height: palette.height, format: GL_RGBA,
               filter: GL_NEAREST, bytes: palette.rgba)
        for index in planes {
            let layer = scene.layers[index], plane = layer.plane!
            upload(textures[0], unit: 0, width: plane.width, height: plane.height, format: GL_LUMINANCE_ALPHA,
                   filter: GL_LINEAR, bytes: plane.grey)
            upload(textures[1], unit: 1, width: plane.width, height: plane.height, format: GL_RGBA,
                   filter: GL_NEAREST, bytes: plane.ids)
            let rows = plane.textureRows
            gl.uniform4f(program.texS, rows.s.x, rows.s.y, rows.s.z, rows.s.w)
            gl.uniform4f(program.texT, rows.t.x, rows.t.y, rows.t.z, rows.t.w)
            gl.uniform1f(program.pickBase, Float(scene.pickIDs.first[index]))
            gl.uniform1f(program.darken, RendererContract.darkening(plane.orientation))
            gl.uniform2f(program.idSize, Float(plane.width), Float(plane.height))
            let b = buffers.buffers(for: layer.geometry, gl: gl)
            let range = layer.geometry.grouping.ranges[0]
            drawRanges(vertexBuffer: b.vertexBuffer, indexBuffer: b.indexBuffer, closed: false, program: program.base,
                       normals: false, ranges: [(range.triangleStart, range.triangleCount, (0, 0, 0, 1))])
        }
        gl.deleteTextures(3, &textures)
        gl.activeTexture(GLenum(GL_TEXTURE0))
    }

    /// Fills texture `id` on `unit` (clamped, no mipmaps: any size works in WebGL 1 too).
    private func upload(_ id: GLuint, unit: Int32, width: Int, height: Int, format: Int32, filter: Int32, bytes: [UInt8]) {
        gl.activeTexture(GLenum(GL_TEXTURE0 + unit))
        gl.bindTexture(GLenum(GL_TEXTURE_2D), id)
        let target = GLenum(GL_TEXTURE_2D)
        gl.texParameteri(target, GLenum(GL_TEXTURE_MIN_FILTER), filter)
        gl.texParameteri(target, GLenum(GL_TEXTURE_MAG_FILTER), filter)
        gl.texParameteri(target, GLenum(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_EDGE)
        gl.texParameteri(target, GLenum(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_EDGE)
        bytes.withUnsafeBytes {
            gl.texImage2D(target, 0, GLint(format), GLsizei(width), GLsizei(height), 0, GLenum(format),
                          GLenum(GL_UNSIGNED_BYTE), $0.baseAddress)
        }
    }
}
