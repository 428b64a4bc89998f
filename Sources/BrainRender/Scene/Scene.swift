import BrainAtlas

/// What one image shows: layers of labelled geometry with per-range colours, seen from one side.
public struct Scene: Sendable {
    /// One geometry with a colour per grouping range (`geometry.grouping.ranges`).
    public struct Layer: Sendable {
        public let geometry: SurfaceGeometry
        public var colors: [RGB]
        /// Below 1 the layer is blended over the others in the lit pass and left out of picking
        /// (the head is see-through and picks reach the brain under it).
        public var opacity: Float
        /// Range indices left out of every pass and of the camera framing (the subcortical mesh's
        /// other side when one hemisphere is shown); their pick ids stay reserved but never appear.
        public var hiddenRanges: Set<Int>
        /// Whether the lit pass shades the folding (`CurvatureShading`); only meshes that carry
        /// curvature can (`RenderMesh.curvature`). Flat and pick passes ignore it.
        public var curvature: Bool
        /// Whether the lit pass darkens shut-in vertices (`AmbientOcclusion`); only meshes that
        /// carry openness can (`RenderMesh.occlusion`). Flat and pick passes ignore it.
        public var occlusion: Bool
        /// A statistical map per vertex, packed RGBA (red in the lowest byte): the map's colour, and
        /// in alpha 1 − w, w rising through ½ where the value crosses the threshold: the lit pass
        /// shows the colour where the interpolated alpha is ≤ ½ (`OverlayColoring`). nil: no map.
        /// Flat and pick passes ignore it.
        public var overlay: [UInt32]?
        /// An MRI plane of the slicing mode, drawn with the plane shaders instead of a colour per
        /// range; its pick ids are `first + label id`, one per id of its palette.
        public var plane: PlaneSection?
        /// The camera-facing part the slicing mode cuts away from this layer (the head), in every pass.
        public var cutAway: CutAway?

        public init(geometry: SurfaceGeometry, colors: [RGB], opacity: Float = 1, hiddenRanges: Set<Int> = [],
                    curvature: Bool = false, occlusion: Bool = false, overlay: [UInt32]? = nil) {
            self.overlay = overlay
            self.geometry = geometry
            self.colors = colors
            self.opacity = opacity
            self.hiddenRanges = hiddenRanges
            self.curvature = curvature && geometry.mesh.curvature != nil
            self.occlusion = occlusion && geometry.mesh.occlusion != nil
        }
        public var isPickable: Bool { opacity >= 1 }
        /// The pick ids the layer takes when pickable: one per range, or per region id of a plane.
        var pickIDCount: Int { plane?.palette.idCount ?? geometry.grouping.ranges.count }

        /// The positions the camera frames: the whole mesh, or the vertices of the shown ranges.
        var framingPositions: [SIMD3<Float>] {
            let mesh = geometry.mesh
            guard !hiddenRanges.isEmpty else { return mesh.positions }
            var used = [Bool](repeating: false, count: mesh.vertexCount)
            let grouping = geometry.grouping
            for (index, range) in grouping.ranges.enumerated() where !hiddenRanges.contains(index) {
                for i in (3 * range.triangleStart)..<(3 * (range.triangleStart + range.triangleCount)) {
                    used[Int(grouping.sortedTriangles[i])] = true
                }
            }
            return mesh.positions.indices.compactMap { used[$0] ? mesh.positions[$0] : nil }
        }
    }

    /// A picked range: the layer index in `layers` and the range index in its grouping (on a
    /// plane layer: the label id).
    public struct PickTarget: Sendable, Equatable {
        public let layer: Int
        public let range: Int
    }

    public let layers: [Layer]
    public let direction: ViewDirection
    public let background: Background
    /// The camera framing every layer (computed once: picks reuse it).
    public let camera: Camera
    /// Where in the image the camera frames the layers (`FramingArea.whole` unless a legend needs room).
    public var framingArea: FramingArea { camera.area }
    public let width: Int
    public let height: Int

    public init(layers: [Layer], direction: ViewDirection, width: Int, height: Int,
                background: Background = .color(RGB(255, 255, 255)), framingArea: FramingArea = .whole) throws(RenderError) {
        try RenderError.checkImageSize(width: width, height: height)
        for layer in layers where layer.colors.count != layer.geometry.grouping.ranges.count {
            throw .emptyScene("layer has \(layer.colors.count) colours for \(layer.geometry.grouping.ranges.count) ranges")
        }
        self.layers = layers
        self.direction = direction
        self.width = width
        self.height = height
        self.background = background
        camera = Camera(direction: direction, framing: layers.map(\.framingPositions), width: width, height: height,
                        area: framingArea)
        pickIDs = PickIDs(layers: layers)
    }

    /// Pick ids number the pickable ranges 1, 2, … in layer order; 0 is the background.
    let pickIDs: PickIDs

    /// The first pick id of each layer (0 when not pickable), numbered by `RendererContract`.
    public var firstPickIDs: [UInt32] { pickIDs.first }
    /// The first pick id of the planes: the first plane layer's, or the next free one.
    public var firstPlanePickID: UInt32 {
        layers.indices.first { layers[$0].plane != nil && layers[$0].isPickable }.map { pickIDs.first[$0] }
            ?? RendererContract.firstPickID + UInt32(pickIDs.targets.count)
    }

    /// The range a pick id names (a table read), nil for the background or an unknown id.
    public func pickTarget(id: UInt32) -> PickTarget? {
        guard id > 0, Int(id) <= pickIDs.targets.count else { return nil }
        return pickIDs.targets[Int(id) - 1]
    }

    /// The pick ids of one scene both ways: first id per layer, and the target of every id.
    struct PickIDs: Sendable {
        /// First pick id of each layer (0 for layers that are not pickable).
        let first: [UInt32]
        /// Entry `id − 1` is the range pick id `id` names.
        let targets: [PickTarget]

        init(layers: [Layer]) {
            let counts = layers.map { $0.isPickable ? $0.pickIDCount : nil }
            first = RendererContract.firstPickIDs(counts: counts)
            targets = counts.enumerated().flatMap { index, count in
                (0..<(count ?? 0)).map { PickTarget(layer: index, range: $0) }
            }
        }
    }
}

extension RGB {
    /// Mixes toward `other` by `amount` (0 = self, 1 = other), rounding to nearest.
    public func mixed(with other: RGB, amount: Float) -> RGB {
        func m(_ a: UInt8, _ b: UInt8) -> UInt8 { UInt8((Float(a) * (1 - amount) + Float(b) * amount).rounded()) }
        return RGB(m(r, other.r), m(g, other.g), m(b, other.b))
    }
}

/// The image background: a colour, or transparent (RGBA PNG with alpha).
public enum Background: Sendable, Equatable {
    case color(RGB)
    case transparent

    /// Parses `#RRGGBB` or `transparent`.
    public static func parse(_ text: String) throws(FieldError) -> Background {
        if text.lowercased() == "transparent" { return .transparent }
        let hex = text.hasPrefix("#") ? String(text.dropFirst()) : text
        guard hex.count == 6, let value = UInt32(hex, radix: 16) else {
            throw FieldError("background", value: text, "is neither #RRGGBB nor 'transparent'")
        }
        return .color(RGB(UInt8(value >> 16), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)))
    }

    /// The background as `parse` reads it (`#FFFFFF`, `transparent`).
    public var text: String {
        switch self {
        case .transparent: "transparent"
        case .color(let c):
            "#" + [c.r, c.g, c.b].map { let hex = String($0, radix: 16, uppercase: true); return $0 < 16 ? "0" + hex : hex }.joined()
        }
    }
}
