import BrainAtlas
import COSMesa

/// How the colour pass shades: `lit` (Blinn-Phong) or `flat` (exact region colours).
public enum Shading: String, Sendable, CaseIterable {
    case lit, flat
}

extension GLContext {
    /// Draws the colour pass and returns the image, rows top-down.
    public func renderImage(_ scene: Scene, shading: Shading) throws(RenderError) -> RenderedImage {
        try resize(width: scene.width, height: scene.height)
        let camera = scene.camera
        setCommonState()
        switch scene.background {
        case .color(let c): gl.clearColor(Float(c.r) / 255, Float(c.g) / 255, Float(c.b) / 255, 1)
        case .transparent: gl.clearColor(0, 0, 0, 0)
        }
        gl.clear(GLbitfield(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT))
        let program = shading == .lit ? programs.lit : programs.flat
        gl.useProgram(program.id)
        camera.mvp.withUnsafeBufferPointer { gl.uniformMatrix4fv(program.mvp, 1, 0, $0.baseAddress) }
        if program.normalMatrix >= 0 {
            camera.normalMatrix.withUnsafeBufferPointer { gl.uniformMatrix4fv(program.normalMatrix, 1, 0, $0.baseAddress) }
        }
        // Opaque layers first, then see-through ones blended over them without writing depth.
        for layer in scene.layers where layer.opacity >= 1 {
            drawLayer(layer, program: program, normals: shading == .lit) { range, _ in
                let c = layer.colors[range]
                return (Float(c.r) / 255, Float(c.g) / 255, Float(c.b) / 255, 1)
            }
        }
        let translucent = scene.layers.filter { $0.opacity < 1 }
        if !translucent.isEmpty {
            gl.enable(GLenum(GL_BLEND))
            // Colour: "over" with straight source alpha. Alpha: the coverage of both (a + (1 − a)·dst),
            // so over a transparent background the buffer holds premultiplied colour and the true
            // alpha (the PNG writer un-premultiplies); over opaque pixels alpha stays 1.
            gl.blendFuncSeparate(GLenum(GL_SRC_ALPHA), GLenum(GL_ONE_MINUS_SRC_ALPHA),
                                 GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
            gl.depthMask(GLboolean(GL_FALSE))
            for layer in translucent {
                drawLayer(layer, program: program, normals: shading == .lit) { range, _ in
                    let c = layer.colors[range]
                    return (Float(c.r) / 255, Float(c.g) / 255, Float(c.b) / 255, layer.opacity)
                }
            }
            gl.depthMask(GLboolean(GL_TRUE))
            gl.disable(GLenum(GL_BLEND))
        }
        gl.finish()
        try check("colour pass")
        return RenderedImage(width: scene.width, height: scene.height, bottomUp: pixels!)
    }

    /// Draws the pick pass over the whole image and returns the pick id of every pixel.
    public func renderPickImage(_ scene: Scene) throws(RenderError) -> IndexImage {
        try drawPickPass(scene, scissor: nil)
        return IndexImage(width: scene.width, height: scene.height, bottomUp: pixels!)
    }

    /// Draws the pick pass for one pixel only (scissored; same camera, viewport and culling as
    /// the full pass) and returns its pick id: the cheap path for a one-shot `pick`.
    public func pickID(_ scene: Scene, x: Int, y: Int) throws(RenderError) -> UInt32 {
        guard (0..<scene.width).contains(x), (0..<scene.height).contains(y) else {
            throw .pixelOutside(x: x, y: y, width: scene.width, height: scene.height)
        }
        let row = scene.height - 1 - y
        try drawPickPass(scene, scissor: (x, row))
        let p = pixels!.advanced(by: (row * scene.width + x) * 4).assumingMemoryBound(to: UInt8.self)
        return IndexImage.decode(p[0], p[1], p[2])
    }

    private func drawPickPass(_ scene: Scene, scissor: (Int, Int)?) throws(RenderError) {
        try resize(width: scene.width, height: scene.height)
        let camera = scene.camera
        setCommonState()
        if let (x, row) = scissor {
            gl.enable(GLenum(GL_SCISSOR_TEST))
            gl.scissor(GLint(x), GLint(row), 1, 1)
        }
        gl.clearColor(0, 0, 0, 0)
        gl.clear(GLbitfield(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT))
        let program = programs.flat
        gl.useProgram(program.id)
        camera.mvp.withUnsafeBufferPointer { gl.uniformMatrix4fv(program.mvp, 1, 0, $0.baseAddress) }
        let firstIDs = scene.firstPickIDs
        for (index, layer) in scene.layers.enumerated() where layer.isPickable {
            let first = firstIDs[index]
            drawLayer(layer, program: program, normals: false) { range, _ in
                let id = first + UInt32(range)
                return (Float(id & 0xFF) / 255, Float((id >> 8) & 0xFF) / 255, Float((id >> 16) & 0xFF) / 255, 1)
            }
        }
        gl.disable(GLenum(GL_SCISSOR_TEST))
        gl.finish()
        try check("pick pass")
    }

    /// State every pass shares; exact ids need dithering, blending and multisampling off.
    private func setCommonState() {
        gl.disable(GLenum(GL_DITHER))
        gl.disable(GLenum(GL_BLEND))
        gl.disable(GLenum(GL_MULTISAMPLE))
        gl.disable(GLenum(GL_SCISSOR_TEST))
        gl.enable(GLenum(GL_DEPTH_TEST))
        gl.depthFunc(GLenum(GL_LESS))
        gl.depthMask(GLboolean(GL_TRUE))
        gl.frontFace(GLenum(GL_CCW))
        gl.cullFace(GLenum(GL_BACK))
    }

    private func drawLayer(_ layer: Scene.Layer, program: ShaderPrograms.Program, normals: Bool,
                           color: (Int, RegionGrouping.Range) -> (Float, Float, Float, Float)) {
        let geometry = layer.geometry
        if geometry.mesh.isClosed { gl.enable(GLenum(GL_CULL_FACE)) } else { gl.disable(GLenum(GL_CULL_FACE)) }
        let b = buffers.buffers(for: geometry, gl: gl)
        gl.bindBuffer(GLenum(GL_ARRAY_BUFFER), b.vertexBuffer)
        gl.bindBuffer(GLenum(GL_ELEMENT_ARRAY_BUFFER), b.indexBuffer)
        let stride = GLsizei(6 * MemoryLayout<Float>.size)
        gl.enableVertexAttribArray(ShaderPrograms.positionAttribute)
        gl.vertexAttribPointer(ShaderPrograms.positionAttribute, 3, GLenum(GL_FLOAT), 0, stride, nil)
        if normals {
            gl.enableVertexAttribArray(ShaderPrograms.normalAttribute)
            gl.vertexAttribPointer(ShaderPrograms.normalAttribute, 3, GLenum(GL_FLOAT), 0, stride,
                                   UnsafeRawPointer(bitPattern: 3 * MemoryLayout<Float>.size))
        }
        for (index, range) in geometry.grouping.ranges.enumerated() where !layer.hiddenRanges.contains(index) {
            let (r, g, bl, a) = color(index, range)
            gl.uniform4f(program.color, r, g, bl, a)
            gl.drawElements(GLenum(GL_TRIANGLES), GLsizei(range.triangleCount * 3), GLenum(GL_UNSIGNED_INT),
                            UnsafeRawPointer(bitPattern: range.triangleStart * 12))
        }
        if normals { gl.disableVertexAttribArray(ShaderPrograms.normalAttribute) }
        gl.disableVertexAttribArray(ShaderPrograms.positionAttribute)
    }
}
