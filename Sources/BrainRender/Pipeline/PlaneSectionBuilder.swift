import BrainAtlas
import BrainFormats
import Foundation

/// Cuts the slicing mode's planes out of the template and the atlas's label volume: per plane a
/// grey texture and an id texture over the head's cross-section (the id of a voxel is what
/// `where` reads there: the same label volume, the same voxel), and the atlas's region palette.
enum PlaneSectionBuilder {
    /// The sections for `planes`, with the palette tinted as slices tint an overlay around a
    /// highlight. A plane that misses the head entirely is left out.
    static func sections(_ planes: ScenePlanes, atlas: Atlas, assets: SceneAssets,
                         highlighted: Set<Region>, dimOthers: Bool) throws -> [PlaneSection] {
        let template = try assets.templateVolume()
        let labels = atlas.hasLabelVolume ? try atlas.labelVolume() : nil
        let palette = PlanePalette(idCount: atlas.regions.count + 1) { id in
            guard let region = atlas.region(id: id) else { return nil }
            return OverlayTint.tint(region.color, opacity: OverlayTint.defaultOpacity,
                                    highlighted: highlighted.isEmpty ? nil : highlighted.contains(region),
                                    dimOthers: dimOthers)
        }
        return planes.orientations.compactMap { orientation in
            section(orientation, at: planes.positions[orientation]!, template: template, labels: labels, palette: palette)
        }
    }

    /// The bundled T1 template, checked to fill the canonical 256³ frame the planes index.
    static func template(_ library: AtlasLibrary) throws -> VMRFile {
        let url = try library.url(library.catalog.template)
        let template = try VMRFile.read(from: url)
        let n = CanonicalFrame.size
        guard template.dims == SIMD3(repeating: n) else {
            throw RenderError.badMesh(file: url.lastPathComponent, field: "dims",
                                      problem: "\(template.dims.x)×\(template.dims.y)×\(template.dims.z) is not the \(n)³ template frame")
        }
        return template
    }

    /// One plane over the whole frame, then cropped to the head's cross-section.
    static func section(_ orientation: ScenePlanes.Orientation, at position: Int, template: VMRFile,
                                labels: LabelVolume?, palette: PlanePalette) -> PlaneSection? {
        let n = CanonicalFrame.size
        let low = CanonicalFrame.centre - n + 1  // the lowest voxel centre on every MNI axis
        let (u, v) = orientation.inPlaneAxes
        var grey = [UInt8](repeating: 0, count: n * n)
        var ids = [UInt16](repeating: 0, count: n * n)
        template.voxels.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            var mni = [0, 0, 0]
            mni[orientation.axis] = position
            for j in 0..<n {
                mni[v] = low + j
                for i in 0..<n {
                    mni[u] = low + i
                    let voxel = CanonicalFrame.voxel(mniX: mni[0], mniY: mni[1], mniZ: mni[2])
                    grey[j * n + i] = raw[CanonicalFrame.index(voxel.x, voxel.y, voxel.z)]
                    ids[j * n + i] = UInt16(truncatingIfNeeded: labels?.label(x: voxel.x, y: voxel.y, z: voxel.z) ?? 0)
                }
            }
        }
        let inside = HeadMask(grey: grey, side: n, threshold: UInt8(PlaneSection.greyWindow.low))
        guard let tight = inside.bounds else { return nil }
        // The smoothed edge reaches a little past the inside texels.
        let m = HeadMask.edgeMargin
        let box = (i0: max(0, tight.i0 - m), j0: max(0, tight.j0 - m), i1: min(n - 1, tight.i1 + m), j1: min(n - 1, tight.j1 + m))
        let edge = inside.smoothedEdge()
        let width = box.i1 - box.i0 + 1, height = box.j1 - box.j0 + 1
        var croppedGrey = [UInt8](repeating: 0, count: width * height * 2)
        var croppedIDs = [UInt8](repeating: 0, count: width * height * 4)
        for j in 0..<height {
            for i in 0..<width {
                let from = (box.j0 + j) * n + box.i0 + i, to = j * width + i
                croppedGrey[2 * to] = grey[from]
                croppedGrey[2 * to + 1] = edge[from]
                croppedIDs[4 * to] = UInt8(ids[from] & 0xFF)
                croppedIDs[4 * to + 1] = UInt8(ids[from] >> 8)
                croppedIDs[4 * to + 3] = inside.contains(from) ? 255 : 0
            }
        }
        return PlaneSection(orientation: orientation, position: position, width: width, height: height,
                            uLow: low + box.i0, vLow: low + box.j0, grey: croppedGrey, ids: croppedIDs, palette: palette)
    }
}

/// The head's cross-section on a plane: everything the air around the head (dark texels joined
/// to the border) does not reach, so dark tissue inside (ventricles, CSF) stays on the plane,
/// less the pieces smaller than `smallestPiece` texels (4-connected), which are specks in the air.
struct HeadMask {
    private let inside: [Bool]
    private let side: Int

    init(grey: [UInt8], side: Int, threshold: UInt8, smallestPiece: Int = PlaneSection.smallestPiece) {
        self.side = side
        var outside = [Bool](repeating: false, count: side * side)
        var stack: [Int] = []
        for k in 0..<side {
            stack += [k, (side - 1) * side + k, k * side, k * side + side - 1]
        }
        while let index = stack.popLast() {
            guard !outside[index], grey[index] < threshold else { continue }
            outside[index] = true
            let i = index % side, j = index / side
            if i > 0 { stack.append(index - 1) }
            if i < side - 1 { stack.append(index + 1) }
            if j > 0 { stack.append(index - side) }
            if j < side - 1 { stack.append(index + side) }
        }
        var inside = outside.map { !$0 }
        Self.dropPieces(smallerThan: smallestPiece, of: &inside, side: side)
        self.inside = inside
    }

    /// Clears every 4-connected piece of `inside` with fewer than `limit` texels.
    private static func dropPieces(smallerThan limit: Int, of inside: inout [Bool], side: Int) {
        guard limit > 1 else { return }
        var seen = [Bool](repeating: false, count: inside.count)
        var piece: [Int] = [], stack: [Int] = []
        for start in inside.indices where inside[start] && !seen[start] {
            piece.removeAll(keepingCapacity: true)
            stack.append(start)
            seen[start] = true
            while let index = stack.popLast() {
                piece.append(index)
                let i = index % side, j = index / side
                func visit(_ next: Int) {
                    guard inside[next], !seen[next] else { return }
                    seen[next] = true
                    stack.append(next)
                }
                if i > 0 { visit(index - 1) }
                if i < side - 1 { visit(index + 1) }
                if j > 0 { visit(index - side) }
                if j < side - 1 { visit(index + side) }
            }
            if piece.count < limit { for index in piece { inside[index] = false } }
        }
    }

    /// How far (texels) the smoothed edge reaches beyond the inside: the blur's radius.
    static let edgeMargin = 2

    /// The inside flag (0…255) blurred by a 5-tap binomial filter across and down (σ = 1 texel),
    /// so its one-half contour, sampled linearly, runs smoothly instead of along voxel steps.
    func smoothedEdge() -> [UInt8] {
        let taps: [Float] = [1, 4, 6, 4, 1].map { $0 / 16 }
        let r = Self.edgeMargin
        var across = [Float](repeating: 0, count: side * side)
        for j in 0..<side {
            for i in 0..<side {
                var sum: Float = 0
                for k in -r...r where i + k >= 0 && i + k < side && inside[j * side + i + k] { sum += taps[k + r] }
                across[j * side + i] = sum
            }
        }
        var edge = [UInt8](repeating: 0, count: side * side)
        for j in 0..<side {
            for i in 0..<side {
                var sum: Float = 0
                for k in -r...r where j + k >= 0 && j + k < side { sum += taps[k + r] * across[(j + k) * side + i] }
                edge[j * side + i] = UInt8((sum * 255).rounded())
            }
        }
        return edge
    }

    /// Whether texel `index` (row-major) lies inside.
    func contains(_ index: Int) -> Bool { inside[index] }

    /// The inclusive texel box of the inside, nil when the plane misses the head.
    var bounds: (i0: Int, j0: Int, i1: Int, j1: Int)? {
        var box: (i0: Int, j0: Int, i1: Int, j1: Int)?
        for index in inside.indices where inside[index] {
            let i = index % side, j = index / side
            box = box.map { (min($0.i0, i), min($0.j0, j), max($0.i1, i), max($0.j1, j)) } ?? (i, j, i, j)
        }
        return box
    }
}
