import Foundation

extension FormatConverter {
    /// NIfTI-1 map(s) in MNI/Talairach millimetres → NR-VMP on the canonical cube (trilinear; one map per volume).
    public static let niftiToVMP = FormatConverter(from: "nifti", to: "vmp") { doc, options in
        guard let image = doc as? NIfTIFile else { throw FormatError(file: options.sourceFileName, field: "convert", message: "not a NIfTI image") }
        return try NIfTIToVMP.vmp(from: image)
    }
}

/// Resamples NIfTI volumes into a VMP box of the canonical frame at the image's own resolution.
public enum NIfTIToVMP {
    /// Most volumes a 4-D image may turn into maps.
    public static let maxMaps = 1000

    public static func vmp(from image: NIfTIFile) throws -> VMPFile {
        let volumes = image.dims.dropFirst(3).reduce(1, *)
        guard volumes <= maxMaps else {
            throw FormatError(file: image.fileName, field: "dim[4]", message: "\(volumes) volumes; at most \(maxMaps) become VMP maps")
        }
        let size = image.voxelSize.prefix(3).map(abs).reduce(0, +) / 3
        let resolution = Int32(min(3, max(1, size.rounded())))
        let (start, end) = try box(of: image, resolution: resolution)
        var vmp = VMPFile(maps: [], start: start, end: end, resolution: resolution, values: MapValues([]))
        let toVoxel = try NIfTIResampling.inverseAffine(image.affine, file: image.fileName)
        let affine = vmp.canonicalAffine
        // Map voxel → NIfTI voxel, composed once: column c is where a step along map axis c lands.
        var column = [SIMD3<Double>](repeating: .zero, count: 4)
        for c in 0..<4 {
            for r in 0..<3 {
                var sum: Double = c == 3 ? toVoxel[r][3] : 0
                for m in 0..<3 { sum += toVoxel[r][m] * affine[m][c] }
                column[c][r] = sum
            }
        }
        let d = vmp.dims
        let source = image.floatValues()
        let perVolume = image.volumeVoxelCount
        var values = [Float](repeating: 0, count: d.x * d.y * d.z * volumes)
        var at = 0
        for volume in 0..<volumes {
            let base = volume * perVolume
            for k in 0..<d.z { for j in 0..<d.y { for i in 0..<d.x {
                let step: SIMD3<Double> = column[0] * Double(i) + column[1] * Double(j) + column[2] * Double(k)
                let value = trilinear(source, base: base, dims: image.dims, at: column[3] + step)
                // BrainVoyager writes 0 where a map has no value; a NaN would poison its statistics and colours.
                values[at] = value.isNaN ? 0 : value
                at += 1
            } } }
        }
        vmp.maps = (0..<volumes).map { map(for: image, volume: $0, values: values[($0 * d.x * d.y * d.z)..<(($0 + 1) * d.x * d.y * d.z)]) }
        vmp.values = MapValues(values)
        return vmp
    }

    /// Map header from the NIfTI intent (t, F, z, r; other images become t maps) with the values' extent as the colour range.
    static func map(for image: NIfTIFile, volume: Int, values: ArraySlice<Float>) -> VMPMap {
        let (code, p1, p2) = image.intent
        let type: Int32 = switch code { case 2: 2; case 4: 4; case 5: 5; default: 1 }
        let peak = values.reduce(Float(0)) { $0 > abs($1) || !$1.isFinite ? $0 : abs($1) }
        var map = VMPMap(type: MapType(code: type), name: RawString("\(image.fileName) volume \(volume + 1)"),
                         threshold: 0, upperThreshold: peak)
        map.degreesOfFreedom1 = Int32(clamping: Int(p1.isFinite ? p1 : 0))
        map.degreesOfFreedom2 = Int32(clamping: Int(p2.isFinite ? p2 : 0))
        return map
    }

    /// The canonical-frame box (end exclusive) whose map voxels, `resolution` wide, stand on the image's
    /// corner voxels when the grids agree (so a VMP → NIfTI → VMP trip keeps the box and the values).
    static func box(of image: NIfTIFile, resolution: Int32) throws -> (SIMD3<Int32>, SIMD3<Int32>) {
        let unit = VMPFile(maps: [], start: .zero, end: SIMD3(repeating: Int32(CanonicalFrame.size)), resolution: 1, values: MapValues([]))
        let toFrame = try NIfTIResampling.inverseAffine(unit.canonicalAffine, file: image.fileName)
        var low = SIMD3<Double>(repeating: .infinity), high = SIMD3<Double>(repeating: -.infinity)
        for corner in 0..<8 {
            let i = corner & 1 == 0 ? 0 : Double(image.dims[0] - 1)
            let j = corner & 2 == 0 ? 0 : Double(image.dims[1] - 1)
            let k = corner & 4 == 0 ? 0 : Double(image.dims[2] - 1)
            let p = image.rasPosition(i, j, k)
            guard p.x.isFinite, p.y.isFinite, p.z.isFinite, abs(p.x) < 1e6, abs(p.y) < 1e6, abs(p.z) < 1e6 else {
                throw FormatError(file: image.fileName, field: "affine", message: "a corner voxel of the image lies at (\(p.x), \(p.y), \(p.z)) mm")
            }
            let v = SIMD3((0..<3).map { r in toFrame[r][0] * p.x + toFrame[r][1] * p.y + toFrame[r][2] * p.z + toFrame[r][3] })
            low = pointwiseMin(low, v)
            high = pointwiseMax(high, v)
        }
        let edge = CanonicalFrame.size, r = Int(resolution)
        var start = SIMD3<Int32>(), end = SIMD3<Int32>()
        for axis in 0..<3 {
            let s = min(max(Int(low[axis].rounded()), 0), edge)
            let e = min(max(Int(high[axis].rounded()) + r, 0), edge)
            guard e > s else {
                throw FormatError(file: image.fileName, field: "affine", message: "the image lies outside the 256 mm cube around MNI (0, 0, 0)")
            }
            let width = min((e - s + r - 1) / r * r, edge / r * r)
            let first = max(0, min(s, edge - width))
            start[axis] = Int32(first)
            end[axis] = Int32(first + width)
        }
        return (start, end)
    }

    /// Trilinear value at continuous voxel `p` of one volume; 0 outside (a half-voxel tolerance keeps edge centres in).
    public static func trilinear(_ src: [Float], base: Int, dims: [Int], at point: SIMD3<Double>) -> Float {
        let (nx, ny, nz) = (dims[0], dims[1], dims[2])
        // Positions within rounding of a grid point take its value exactly (grids that agree copy values unchanged).
        let nearest = point.rounded(.toNearestOrAwayFromZero)
        let offset: SIMD3<Double> = point - nearest
        let onGrid = (offset * offset) .< SIMD3<Double>(repeating: 1e-12)
        let p = point.replacing(with: nearest, where: onGrid)
        guard p.x > -1e-6, p.y > -1e-6, p.z > -1e-6,
              p.x < Double(nx - 1) + 1e-6, p.y < Double(ny - 1) + 1e-6, p.z < Double(nz - 1) + 1e-6 else { return 0 }
        let i0 = min(Int(max(p.x, 0)), max(nx - 2, 0)), j0 = min(Int(max(p.y, 0)), max(ny - 2, 0)), k0 = min(Int(max(p.z, 0)), max(nz - 2, 0))
        let sx = nx > 1 ? 1 : 0, sy = ny > 1 ? nx : 0, sz = nz > 1 ? nx * ny : 0
        let fx = Float(sx == 0 ? 0 : p.x - Double(i0)), fy = Float(sy == 0 ? 0 : p.y - Double(j0)), fz = Float(sz == 0 ? 0 : p.z - Double(k0))
        let b = base + i0 + nx * (j0 + ny * k0)
        func lerp(_ a: Float, _ c: Float, _ t: Float) -> Float { t == 0 ? a : t == 1 ? c : a + (c - a) * t }
        let c0 = lerp(lerp(src[b], src[b + sx], fx), lerp(src[b + sy], src[b + sy + sx], fx), fy)
        let c1 = lerp(lerp(src[b + sz], src[b + sz + sx], fx), lerp(src[b + sz + sy], src[b + sz + sy + sx], fx), fy)
        return lerp(c0, c1, fz)
    }
}
