/// Region fill and border lines on an interpolated slice, anti-aliased from the label map rather
/// than drawn as voxel steps. Each pixel reads the 2 × 2 voxels around it with bilinear weights;
/// the label with the most weight wins, so borders run along the bilinear iso-line between
/// labels instead of voxel edges. The weight lead over the runner-up, times half a voxel in
/// pixels, is the pixel's distance to that border: it gives the fill's coverage and the
/// coverage of each side's border line (`RegionOverlay.Line`). A lone voxel (no labelled voxel
/// among its eight neighbours on the slice) is filled without a line: a one-pixel-wide patch
/// ringed in its darker border colour reads as a ring around nothing, not as a bit of a region.
struct SmoothOverlayStage: SliceStage {
    let grid: SliceGrid
    /// Region id per slice voxel, `width × height`, row-major like the image.
    let labels: [UInt16]
    let overlay: RegionOverlay
    let columns: SampleTaps
    let rows: SampleTaps
    /// Per slice voxel: labelled with no labelled voxel among its eight neighbours on the slice.
    let lone: [Bool]

    init(grid: SliceGrid, labels: [UInt16], overlay: RegionOverlay) {
        self.grid = grid
        self.labels = labels
        self.overlay = overlay
        columns = SampleTaps(count: grid.orientation.width, scale: grid.scale, interpolation: .linear)
        rows = SampleTaps(count: grid.orientation.height, scale: grid.scale, interpolation: .linear)
        lone = Self.loneVoxels(labels, width: grid.orientation.width, height: grid.orientation.height)
    }

    /// Which voxels are labelled with only unlabelled neighbours (the slice's edge counts as unlabelled).
    static func loneVoxels(_ labels: [UInt16], width: Int, height: Int) -> [Bool] {
        var lone = [Bool](repeating: false, count: labels.count)
        for y in 0..<height {
            for x in 0..<width where labels[y * width + x] != 0 {
                var alone = true
                for dy in -1...1 where y + dy >= 0 && y + dy < height {
                    for dx in -1...1 where (dx, dy) != (0, 0) && x + dx >= 0 && x + dx < width
                        && labels[(y + dy) * width + x + dx] != 0 { alone = false }
                }
                lone[y * width + x] = alone
            }
        }
        return lone
    }

    func draw(row: UnsafeMutableBufferPointer<UInt32>, y: Int) {
        let w = grid.orientation.width
        let halfVoxel = Float(grid.scale) / 2
        let widths = (thin: Float(1), bold: max(Float(2), Float(grid.scale) / 4))
        // Linear taps use slots 1 and 2 (slots 0 and 3 weigh nothing).
        let r0 = Int(rows.indices[4 * y + 1]) * w, r1 = Int(rows.indices[4 * y + 2]) * w
        let wy0 = rows.weights[4 * y + 1], wy1 = rows.weights[4 * y + 2]
        labels.withUnsafeBufferPointer { lab in
            overlay.entries.withUnsafeBufferPointer { ov in
                columns.indices.withUnsafeBufferPointer { ci in
                    columns.weights.withUnsafeBufferPointer { cw in
                        for px in 0..<row.count {
                            let c0 = Int(ci[4 * px + 1]), c1 = Int(ci[4 * px + 2])
                            let l = SIMD4<UInt16>(lab[r0 + c0], lab[r0 + c1], lab[r1 + c0], lab[r1 + c1])
                            let grey = row[px]
                            if l == SIMD4(repeating: l[0]) {
                                if let e = Self.entry(ov, l[0]) { row[px] = Self.pack(Self.fill(grey, e)) }
                                continue
                            }
                            let wx0 = cw[4 * px + 1], wx1 = cw[4 * px + 2]
                            let weights = SIMD4<Float>(wy0 * wx0, wy0 * wx1, wy1 * wx0, wy1 * wx1)
                            let (best, second, lead) = Self.leaders(l, weights)
                            let taps = SIMD4<Int>(r0 + c0, r0 + c1, r1 + c0, r1 + c1)
                            // Distance into the winning region, in pixels; the pixel spans s ± ½.
                            let s = lead * halfVoxel
                            let cover = min(1, max(0, 0.5 + s))
                            let eb = Self.entry(ov, best), es = Self.entry(ov, second)
                            let gb = Self.unpack(grey)
                            var color = (eb.map { Self.fill(grey, $0) } ?? gb) * cover
                                + (es.map { Self.fill(grey, $0) } ?? gb) * (1 - cover)
                            let lineB = isLone(best, l, taps) ? 0 : Self.overlap(s, from: 0, to: Self.width(eb, widths))
                            let lineS = isLone(second, l, taps) ? 0 : Self.overlap(s, from: -Self.width(es, widths), to: 0)
                            if let eb, lineB > 0 { color += (Self.unpack(eb.contour) - color) * lineB }
                            if let es, lineS > 0 { color += (Self.unpack(es.contour) - color) * lineS }
                            row[px] = Self.pack(color)
                        }
                    }
                }
            }
        }
    }

    /// Whether `label` among the 2 × 2 voxels `l` (slice indices `taps`) is a lone voxel's.
    private func isLone(_ label: UInt16, _ l: SIMD4<UInt16>, _ taps: SIMD4<Int>) -> Bool {
        for k in 0..<4 where l[k] == label { return lone[taps[k]] }
        return false
    }

    /// The label with the most weight, the runner-up among the other labels and the difference
    /// of their weights (0…1).
    static func leaders(_ l: SIMD4<UInt16>, _ w: SIMD4<Float>) -> (UInt16, UInt16, Float) {
        var total = SIMD4<Float>(repeating: 0)
        for i in 0..<4 { for j in 0..<4 where l[j] == l[i] { total[i] += w[j] } }
        var b = 0
        for i in 1..<4 where total[i] > total[b] { b = i }
        var s = -1
        for i in 0..<4 where l[i] != l[b] && (s < 0 || total[i] > total[s]) { s = i }
        return (l[b], l[s], total[b] - total[s])
    }

    /// Length of [a, b] inside the pixel [s − ½, s + ½].
    static func overlap(_ s: Float, from a: Float, to b: Float) -> Float {
        max(0, min(s + 0.5, b) - max(s - 0.5, a))
    }

    static func width(_ e: RegionOverlay.Entry?, _ widths: (thin: Float, bold: Float)) -> Float {
        switch e?.line ?? .none {
        case .none: 0
        case .thin: widths.thin
        case .bold: widths.bold
        }
    }

    static func entry(_ ov: UnsafeBufferPointer<RegionOverlay.Entry>, _ label: UInt16) -> RegionOverlay.Entry? {
        let i = Int(label)
        return i != 0 && i < ov.count && ov[i].visible ? ov[i] : nil
    }

    static func fill(_ grey: UInt32, _ e: RegionOverlay.Entry) -> SIMD3<Float> {
        let inv = Float(e.inverse)
        let p = SIMD3<Float>(Float(e.premultiplied.0), Float(e.premultiplied.1), Float(e.premultiplied.2))
        return (unpack(grey) * inv + p) / 256
    }

    static func unpack(_ c: UInt32) -> SIMD3<Float> {
        SIMD3(Float(c & 0xFF), Float((c >> 8) & 0xFF), Float((c >> 16) & 0xFF))
    }

    static func pack(_ c: SIMD3<Float>) -> UInt32 {
        let v = (c + 0.5).clamped(lowerBound: SIMD3(repeating: 0), upperBound: SIMD3(repeating: 255))
        return UInt32(v.x) | UInt32(v.y) << 8 | UInt32(v.z) << 16 | 0xFF00_0000
    }
}
