extension SRFFile {
    /// The frame that places this mesh in RAS mm: the VMR's when known; otherwise canonical
    /// (MeshCenter is trusted only at 128,128,128; other values are voxel-box centres, not origins).
    public func frame(vmr: VMRFile? = nil) -> (frame: VolumeFrame, trustedCentre: Bool) {
        if let vmr { return (vmr.frame, true) }
        return (.canonical, meshCenter == SIMD3(repeating: Float(CanonicalFrame.centre)))
    }

    /// Vertex positions in RAS mm (`(cZ − vZ, cX − vX, cY − vY)`). The BV→RAS map has determinant −1,
    /// so keeping the triangle index order gives outward, counter-clockwise front faces in RAS.
    public func rasPositions(frame: VolumeFrame = .canonical) -> [SIMD3<Float>] {
        let c = SIMD3<Float>(frame.centre)
        return vertices.map { SIMD3(c.z - $0.z, c.x - $0.x, c.y - $0.y) }
    }

    /// Outward unit normals in RAS: BV normals point inward, so they are converted and negated.
    public func rasNormals() -> [SIMD3<Float>] {
        normals.map { SIMD3($0.z, $0.x, $0.y) }
    }

    /// Interleaved `x y z nx ny nz` floats in RAS (outward normals) for GPU upload, in one pass.
    public func rasInterleaved(frame: VolumeFrame = .canonical) -> [Float] {
        let c = SIMD3<Float>(frame.centre)
        var out = [Float](repeating: 0, count: 6 * vertices.count)
        out.withUnsafeMutableBufferPointer { buf in
            for i in vertices.indices {
                let v = vertices[i], n = normals[i]
                buf[6 * i] = c.z - v.z
                buf[6 * i + 1] = c.x - v.x
                buf[6 * i + 2] = c.y - v.y
                buf[6 * i + 3] = n.z
                buf[6 * i + 4] = n.x
                buf[6 * i + 5] = n.y
            }
        }
        return out
    }
}
