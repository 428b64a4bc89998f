/// The triangles of a drawn scene's pickable layers by screen tile, made once per scene, so that
/// repeated picks of the scene (a server's, from its cached pick image) ray-cast the few triangles
/// of the picked region that lie under the pixel instead of all of that region's thousands.
///
/// A triangle is listed in every tile its screen bounds, widened by a pixel, touch: the ray through
/// a pixel centre can only hit a triangle whose bounds hold that centre, so the nearest hit among a
/// tile's triangles is the nearest hit among the region's. When none is hit (a centre on a shared
/// edge), the pick searches the whole region as it always did.
public struct PickTriangleGrid: Sendable {
    /// Tile side in pixels: small enough that a tile holds tens of triangles, large enough that a
    /// triangle rarely spans more than four tiles.
    static let tileSide = 16

    private let columns: Int
    private let rows: Int
    /// Entries of tile `i` (row-major, rows from the bottom as GL counts them) are
    /// `entries[starts[i]..<starts[i + 1]]`.
    private let starts: [Int32]
    /// Layer in the top 8 bits, the triangle's index in the layer's sorted order in the low 24.
    private let entries: [UInt32]

    /// The bytes this grid keeps alive, for a cache that accounts for what it holds.
    public var bytes: Int { starts.count * MemoryLayout<Int32>.size + entries.count * MemoryLayout<UInt32>.size }

    public init(_ scene: AtlasScene) { self.init(scene.scene) }

    init(_ scene: Scene) {
        let screen = ScreenPositions(scene: scene)
        columns = max(1, (scene.width + Self.tileSide - 1) / Self.tileSide)
        rows = max(1, (scene.height + Self.tileSide - 1) / Self.tileSide)
        let tiles = columns * rows
        // Two passes over the triangles (count, then fill) keep the grid in two flat arrays.
        var counts = [Int32](repeating: 0, count: tiles + 1)
        guard Self.fits(scene) else {
            // Too large to name in an entry: no tile lists anything, and every pick searches its region.
            (starts, entries) = (counts, [])
            return
        }
        Self.visit(scene, screen, columns: columns, rows: rows) { tile, _ in counts[tile + 1] += 1 }
        for i in 0..<tiles { counts[i + 1] += counts[i] }
        var next = counts
        var filled = [UInt32](repeating: 0, count: Int(counts[tiles]))
        Self.visit(scene, screen, columns: columns, rows: rows) { tile, entry in
            filled[Int(next[tile])] = entry
            next[tile] += 1
        }
        starts = counts
        entries = filled
    }

    /// Calls `body(tile, entry)` for every tile each pickable triangle's widened bounds touch.
    private static func visit(_ scene: Scene, _ screen: ScreenPositions, columns: Int, rows: Int,
                              _ body: (Int, UInt32) -> Void) {
        let side = Float(tileSide)
        for (layerIndex, layer) in scene.layers.enumerated() where layer.isPickable && layer.plane == nil {
            let sorted = layer.geometry.grouping.sortedTriangles
            let wx = screen.x[layerIndex], wy = screen.y[layerIndex]
            for t in 0..<sorted.count / 3 {
                let a = Int(sorted[3 * t]), b = Int(sorted[3 * t + 1]), c = Int(sorted[3 * t + 2])
                let low = SIMD2(min(wx[a], wx[b], wx[c]), min(wy[a], wy[b], wy[c])) - 1
                let high = SIMD2(max(wx[a], wx[b], wx[c]), max(wy[a], wy[b], wy[c])) + 1
                // NaN corners or bounds off the image: such a triangle is in no tile (a pick that
                // misses every listed triangle searches the whole region).
                guard low.x.isFinite, low.y.isFinite, high.x.isFinite, high.y.isFinite,
                      high.x >= 0, high.y >= 0, low.x < Float(columns) * side, low.y < Float(rows) * side else { continue }
                let c0 = max(0, Int(low.x / side)), c1 = min(columns - 1, Int(high.x / side))
                let r0 = max(0, Int(low.y / side)), r1 = min(rows - 1, Int(high.y / side))
                let entry = UInt32(layerIndex) << 24 | UInt32(t)
                for row in r0...r1 {
                    for column in c0...c1 { body(row * columns + column, entry) }
                }
            }
        }
    }

    /// Whether this grid can name a scene's triangles: 8 bits of layer, 24 of triangle.
    static func fits(_ scene: Scene) -> Bool {
        scene.layers.count < 256 && scene.layers.allSatisfy { $0.geometry.grouping.sortedTriangles.count / 3 < 1 << 24 }
    }

    /// The triangles of `target`'s range listed in the tile of `pixel`, as vertex indices.
    func triangles(of target: Scene.PickTarget, at pixel: Pixel, in scene: Scene) -> [(Int, Int, Int)] {
        let column = min(columns - 1, pixel.x / Self.tileSide), row = min(rows - 1, pixel.glRow / Self.tileSide)
        let tile = row * columns + column
        let grouping = scene.layers[target.layer].geometry.grouping
        let range = grouping.ranges[target.range]
        let first = range.triangleStart, end = range.triangleStart + range.triangleCount
        let sorted = grouping.sortedTriangles
        var found: [(Int, Int, Int)] = []
        for i in Int(starts[tile])..<Int(starts[tile + 1]) {
            let entry = entries[i]
            guard Int(entry >> 24) == target.layer else { continue }
            let t = Int(entry & 0xFF_FFFF)
            guard t >= first && t < end else { continue }
            found.append((Int(sorted[3 * t]), Int(sorted[3 * t + 1]), Int(sorted[3 * t + 2])))
        }
        return found
    }
}
