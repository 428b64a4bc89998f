import BrainAtlas
import COSMesa

/// How the colour pass shades: `lit` (Blinn-Phong) or `flat` (exact region colours).
public enum Shading: String, Sendable, CaseIterable {
    case lit, flat
}

extension GLContext {
    /// Draws the colour pass and returns the image, rows top-down.
    public func renderImage(_ scene: Scene, shading: Shading) throws(RenderError) -> RenderedImage {
        try drawColorPass(scene, shading: shading, scissor: nil)
        return RenderedImage(width: scene.width, height: scene.height, bottomUp: pixels!)
    }

    /// The colour pass, over the whole image or (warm-up) one scissored pixel at (x, GL row).
    func drawColorPass(_ scene: Scene, shading: Shading, scissor: (Int, Int)?) throws(RenderError) {
        try resize(width: scene.width, height: scene.height)
        let camera = scene.camera
        setCommonState()
        setScissor(scissor)
        switch scene.background {
        case .color(let c): gl.clearColor(Float(c.r) / 255, Float(c.g) / 255, Float(c.b) / 255, 1)
        case .transparent: gl.clearColor(0, 0, 0, 0)
        }
        gl.clear(GLbitfield(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT))
        let kind: ShaderPrograms.Kind = shading == .lit ? .lit : .flat
        // Opaque layers first, then see-through ones blended over them (`SeeThroughOrder`).
        for layer in scene.layers where layer.opacity >= 1 && layer.plane == nil {
            let program = try useProgram(kind, cut: layer.cutAway, camera: camera)
            drawLayer(layer, program: program, normals: shading == .lit, curvature: shading == .lit) { range, _ in
                let c = layer.colors[range]
                return (Float(c.r) / 255, Float(c.g) / 255, Float(c.b) / 255, 1)
            }
        }
        try drawPlanes(scene, pick: false)
        let translucent = SeeThroughOrder.farthestFirst(scene.layers, forward: camera.direction.forward)
        if !translucent.isEmpty {
            let program = try useProgram(kind, cut: nil, camera: camera)
            // Colour: "over" with straight source alpha. Alpha: the coverage of both (a + (1 − a)·dst),
            // so over a transparent background the buffer holds premultiplied colour and the true
            // alpha (the PNG writer un-premultiplies); over opaque pixels alpha stays 1.
            gl.blendFuncSeparate(GLenum(GL_SRC_ALPHA), GLenum(GL_ONE_MINUS_SRC_ALPHA),
                                 GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
            for index in translucent {
                let layer = scene.layers[index]
                let color: (Int, RegionGrouping.Range) -> (Float, Float, Float, Float) = { range, _ in
                    let c = layer.colors[range]
                    return (Float(c.r) / 255, Float(c.g) / 255, Float(c.b) / 255, layer.opacity)
                }
                // Depth pre-pass with the same program (the same depths): the layer's nearest
                // surface only, then its colour where the depth equals that surface's.
                gl.colorMask(GLboolean(GL_FALSE), GLboolean(GL_FALSE), GLboolean(GL_FALSE), GLboolean(GL_FALSE))
                drawLayer(layer, program: program, normals: shading == .lit, curvature: shading == .lit, color: color)
                gl.colorMask(GLboolean(GL_TRUE), GLboolean(GL_TRUE), GLboolean(GL_TRUE), GLboolean(GL_TRUE))
                gl.enable(GLenum(GL_BLEND))
                gl.depthMask(GLboolean(GL_FALSE))
                gl.depthFunc(GLenum(GL_LEQUAL))
                drawLayer(layer, program: program, normals: shading == .lit, curvature: shading == .lit, color: color)
                gl.depthFunc(GLenum(GL_LESS))
                gl.depthMask(GLboolean(GL_TRUE))
                gl.disable(GLenum(GL_BLEND))
            }
        }
        gl.disable(GLenum(GL_SCISSOR_TEST))
        gl.finish()
        try check("colour pass")
        readBack(pixel: scissor.map { (x: $0.0, row: $0.1) })
    }

    /// Draws the pick pass over the whole image and returns the pick id of every pixel.
    public func renderPickImage(_ scene: Scene) throws(RenderError) -> IndexImage {
        try drawPickPass(scene, scissor: nil)
        return IndexImage(width: scene.width, height: scene.height, bottomUp: pixels!)
    }

    /// Draws the pick pass for one pixel only and returns its pick id: the cheap path for a
    /// one-shot `pick`. Scissored to the pixel, same camera, viewport, state and culling as the
    /// full pass, drawing only the triangles whose screen bounds hold the pixel (`PixelTriangles`).
    public func pickID(_ scene: Scene, x: Int, y: Int) throws(RenderError) -> UInt32 {
        let pixel = try scene.pixel(x: x, y: y)
        return try pickID(scene, pixel: pixel, candidates: PixelCandidates(scene: scene, pixel: pixel))
    }

    /// `pickID(_:x:y:)` with the pixel's candidate triangles already gathered.
    func pickID(_ scene: Scene, pixel: Pixel, candidates: PixelCandidates) throws(RenderError) -> UInt32 {
        let (x, row) = (pixel.x, pixel.glRow)
        // Planes pick by texture and the cut head by position: the whole pass, scissored to the pixel.
        if scene.layers.contains(where: { $0.plane != nil || $0.cutAway != nil }) {
            try drawPickPass(scene, scissor: (x, row))
            let p = pixels!.advanced(by: (row * scene.width + x) * 4).assumingMemoryBound(to: UInt8.self)
            return IndexImage.decode(p[0], p[1], p[2])
        }
        let near = PixelTriangles(scene: scene, candidates: candidates)
        try beginPickPass(scene, scissor: (x, row))
        let b = GeometryBufferCache.upload(vertices: near.interleaved, indices: near.indices,
                                           usage: GLenum(GL_STREAM_DRAW), gl: gl)
        let program = try programs.program(.flat, gl: gl)
        for part in near.parts {
            drawRanges(vertexBuffer: b.vertexBuffer, indexBuffer: b.indexBuffer,
                       closed: scene.layers[part.layer].geometry.mesh.isClosed, program: program, normals: false,
                       ranges: [(part.triangleStart, part.triangleCount, Self.idColor(part.pickID))])
        }
        GeometryBufferCache.free(b.vertexBuffer, b.indexBuffer, gl: gl)
        try endPass("pick pass", pixel: (x, row))
        let p = pixels!.advanced(by: (row * scene.width + x) * 4).assumingMemoryBound(to: UInt8.self)
        return IndexImage.decode(p[0], p[1], p[2])
    }

    private func drawPickPass(_ scene: Scene, scissor: (Int, Int)?) throws(RenderError) {
        try beginPickPass(scene, scissor: scissor)
        let firstIDs = scene.pickIDs.first
        for (index, layer) in scene.layers.enumerated() where layer.isPickable && layer.plane == nil {
            let first = firstIDs[index]
            let program = try useProgram(.flat, cut: layer.cutAway, camera: scene.camera)
            drawLayer(layer, program: program, normals: false) { range, _ in Self.idColor(first + UInt32(range)) }
        }
        try drawPlanes(scene, pick: true)
        try endPass("pick pass", pixel: scissor.map { (x: $0.0, row: $0.1) })
    }

    /// Size, shared state, scissor, cleared buffers, and the flat program with the camera.
    private func beginPickPass(_ scene: Scene, scissor: (Int, Int)?) throws(RenderError) {
        try resize(width: scene.width, height: scene.height)
        setCommonState()
        setScissor(scissor)
        gl.clearColor(0, 0, 0, 0)
        gl.clear(GLbitfield(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT))
        let program = try programs.program(.flat, gl: gl)
        gl.useProgram(program.id)
        scene.camera.mvp.withUnsafeBufferPointer { gl.uniformMatrix4fv(program.mvp, 1, 0, $0.baseAddress) }
    }

    /// Ends a pass and reads back what it drew: the whole image, or its one scissored pixel.
    private func endPass(_ name: String, pixel: (x: Int, row: Int)?) throws(RenderError) {
        gl.disable(GLenum(GL_SCISSOR_TEST))
        gl.finish()
        try check(name)
        readBack(pixel: pixel)
    }

    /// A pick id as the RGB colour the pass writes (`IndexImage.decode` reads it back).
    private static func idColor(_ id: UInt32) -> (Float, Float, Float, Float) {
        let c = RendererContract.pickColor(id)
        return (Float(c.r) / 255, Float(c.g) / 255, Float(c.b) / 255, 1)
    }

    /// Makes `kind` (its cut-away variant for a layer with `cut`) current with the camera, and
    /// the cut's corner and side set.
    private func useProgram(_ kind: ShaderPrograms.Kind, cut: CutAway?, camera: Camera) throws(RenderError) -> ShaderPrograms.Program {
        let variant: ShaderPrograms.Kind = cut == nil ? kind : kind == .lit ? .litCut : .flatCut
        let program = try programs.program(variant, gl: gl)
        gl.useProgram(program.id)
        camera.mvp.withUnsafeBufferPointer { gl.uniformMatrix4fv(program.mvp, 1, 0, $0.baseAddress) }
        if program.normalMatrix >= 0 {
            camera.normalMatrix.withUnsafeBufferPointer { gl.uniformMatrix4fv(program.normalMatrix, 1, 0, $0.baseAddress) }
        }
        if let cut {
            gl.uniform4f(program.cut, cut.corner.x, cut.corner.y, cut.corner.z, 1)
            gl.uniform3f(program.cutSide, cut.side.x, cut.side.y, cut.side.z)
        }
        return program
    }

    /// State every pass shares; exact ids need dithering, blending and multisampling off.
    private func setCommonState() {
        gl.disable(GLenum(GL_DITHER))
        gl.disable(GLenum(GL_BLEND))
        if hasMultisampleSwitch { gl.disable(GLenum(GL_MULTISAMPLE)) }
        gl.disable(GLenum(GL_SCISSOR_TEST))
        gl.enable(GLenum(GL_DEPTH_TEST))
        gl.depthFunc(GLenum(GL_LESS))
        gl.depthMask(GLboolean(GL_TRUE))
        gl.frontFace(GLenum(GL_CCW))
        gl.cullFace(GLenum(GL_BACK))
    }

    private func setScissor(_ scissor: (Int, Int)?) {
        guard let (x, row) = scissor else { return }
        gl.enable(GLenum(GL_SCISSOR_TEST))
        gl.scissor(GLint(x), GLint(row), 1, 1)
    }

    /// `curvature`: the lit pass, which shades layers that ask for it (`Scene.Layer.curvature`)
    /// and sets a neutral convexity for the others.
    private func drawLayer(_ layer: Scene.Layer, program: ShaderPrograms.Program, normals: Bool, curvature: Bool = false,
                           color: (Int, RegionGrouping.Range) -> (Float, Float, Float, Float)) {
        let geometry = layer.geometry
        let b = buffers.buffers(for: geometry, gl: gl)
        let ranges = geometry.grouping.ranges.enumerated().compactMap { index, range in
            layer.hiddenRanges.contains(index) ? nil : (range.triangleStart, range.triangleCount, color(index, range))
        }
        if curvature {
            setCurvature(layer.curvature ? b.curvatureBuffer : 0, program: program)
            setOcclusion(layer.occlusion ? b.occlusionBuffer : 0, program: program)
        }
        let overlay = curvature ? setOverlay(layer.overlay) : 0
        drawRanges(vertexBuffer: b.vertexBuffer, indexBuffer: b.indexBuffer, closed: geometry.mesh.isClosed,
                   program: program, normals: normals, ranges: ranges)
        if curvature {
            gl.disableVertexAttribArray(ShaderPrograms.curvatureAttribute)
            gl.disableVertexAttribArray(ShaderPrograms.occlusionAttribute)
        }
        if overlay != 0 {
            gl.disableVertexAttribArray(ShaderPrograms.overlayAttribute)
            var id = overlay
            gl.deleteBuffers(1, &id)
        }
    }

    /// Feeds `aOverlay` from the layer's per-vertex map colours (a buffer made for this draw, returned
    /// for deleting), or the constant (0, 0, 0, 1) that leaves region colours as they are.
    private func setOverlay(_ colors: [UInt32]?) -> GLuint {
        let attribute = ShaderPrograms.overlayAttribute
        guard let colors else {
            gl.disableVertexAttribArray(attribute)
            gl.vertexAttrib4f(attribute, 0, 0, 0, 1)
            return 0
        }
        var id: GLuint = 0
        gl.genBuffers(1, &id)
        gl.bindBuffer(GLenum(GL_ARRAY_BUFFER), id)
        colors.withUnsafeBytes { gl.bufferData(GLenum(GL_ARRAY_BUFFER), GLsizeiptr($0.count), $0.baseAddress, GLenum(GL_STREAM_DRAW)) }
        gl.enableVertexAttribArray(attribute)
        gl.vertexAttribPointer(attribute, 4, GLenum(GL_UNSIGNED_BYTE), GLboolean(GL_TRUE), 0, nil)
        return id
    }

    /// Feeds `aCurvature` from `buffer` with the standard strengths, or (buffer 0) a constant 0
    /// with no shading, so meshes without curvature draw exactly as before.
    private func setCurvature(_ buffer: GLuint, program: ShaderPrograms.Program) {
        let strength = buffer != 0 ? CurvatureShading.standard : .off
        gl.uniform2f(program.curvature, strength.sulcus, strength.gyrus)
        setFloatAttribute(ShaderPrograms.curvatureAttribute, buffer: buffer, constant: 0)
    }

    /// Feeds `aOcclusion` from `buffer` at the standard strength, or (buffer 0) a constant 1
    /// (open) with strength 0, so meshes without openness draw exactly as before.
    private func setOcclusion(_ buffer: GLuint, program: ShaderPrograms.Program) {
        gl.uniform1f(program.occlusion, buffer != 0 ? AmbientOcclusion.strength : 0)
        setFloatAttribute(ShaderPrograms.occlusionAttribute, buffer: buffer, constant: 1)
    }

    /// One float per vertex for `attribute` from `buffer`, or (buffer 0) `constant` everywhere.
    private func setFloatAttribute(_ attribute: GLuint, buffer: GLuint, constant: Float) {
        if buffer != 0 {
            gl.bindBuffer(GLenum(GL_ARRAY_BUFFER), buffer)
            gl.enableVertexAttribArray(attribute)
            gl.vertexAttribPointer(attribute, 1, GLenum(GL_FLOAT), 0, 0, nil)
        } else {
            gl.disableVertexAttribArray(attribute)
            gl.vertexAttrib1f(attribute, constant)
        }
    }

    /// Draws triangle ranges of an interleaved vertex buffer (position, normal), one uniform
    /// colour per range.
    func drawRanges(vertexBuffer: GLuint, indexBuffer: GLuint, closed: Bool, program: ShaderPrograms.Program,
                            normals: Bool, ranges: [(start: Int, count: Int, color: (Float, Float, Float, Float))]) {
        if closed { gl.enable(GLenum(GL_CULL_FACE)) } else { gl.disable(GLenum(GL_CULL_FACE)) }
        gl.bindBuffer(GLenum(GL_ARRAY_BUFFER), vertexBuffer)
        gl.bindBuffer(GLenum(GL_ELEMENT_ARRAY_BUFFER), indexBuffer)
        let stride = GLsizei(6 * MemoryLayout<Float>.size)
        gl.enableVertexAttribArray(ShaderPrograms.positionAttribute)
        gl.vertexAttribPointer(ShaderPrograms.positionAttribute, 3, GLenum(GL_FLOAT), 0, stride, nil)
        if normals {
            gl.enableVertexAttribArray(ShaderPrograms.normalAttribute)
            gl.vertexAttribPointer(ShaderPrograms.normalAttribute, 3, GLenum(GL_FLOAT), 0, stride,
                                   UnsafeRawPointer(bitPattern: 3 * MemoryLayout<Float>.size))
        }
        for range in ranges {
            let (r, g, b, a) = range.color
            gl.uniform4f(program.color, r, g, b, a)
            gl.drawElements(GLenum(GL_TRIANGLES), GLsizei(range.count * 3), GLenum(GL_UNSIGNED_INT),
                            UnsafeRawPointer(bitPattern: range.start * 12))
        }
        if normals { gl.disableVertexAttribArray(ShaderPrograms.normalAttribute) }
        gl.disableVertexAttribArray(ShaderPrograms.positionAttribute)
    }
}
