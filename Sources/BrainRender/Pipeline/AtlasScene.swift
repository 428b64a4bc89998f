import BrainAtlas
import BrainFormats
import Foundation
import BrainMaps

/// A scene built from a request: the drawable `Scene` plus, for each layer and range, the region
/// it shows, so picks and pixel counts can be reported as region objects.
public struct AtlasScene: Sendable {
    /// What a layer is and what its ranges mean.
    public struct LayerInfo: Sendable {
        /// The catalog mesh drawn, nil for a user's file or an MRI plane.
        public let mesh: MeshID?
        /// The mesh's name (`MeshID.name`), the user file's name or the plane's (`axial`, …).
        public let name: String
        /// Region per grouping range; nil for unlabelled cortex and plain colours.
        public let regions: [Region?]

        init(mesh: MeshID?, name: String? = nil, regions: [Region?]) {
            self.mesh = mesh
            self.name = name ?? mesh?.name ?? ""
            self.regions = regions
        }
    }

    public let request: SceneRequest
    public internal(set) var scene: Scene
    public let layers: [LayerInfo]
    /// The hemisphere(s) actually shown.
    public let hemisphere: SceneRequest.HemisphereChoice
    /// The regions `--highlight` matched (outlined in the colour pass).
    public var highlighted: Set<Region> = []
    /// The statistical map coloured onto the cortex (`request.overlay`), for its colour bar.
    public internal(set) var map: MapOverlay?
    /// The map's colour bar is drawn once for several figures (`sharingItsColorBar`), not on this one.
    public internal(set) var colorBarShared = false
    /// What the picture cannot show of what was asked, for front ends to tell the user (stderr,
    /// `render --json`): an atlas that labels volumes only colours no surface.
    public internal(set) var notes: [String] = []

    /// Unlabelled cortex.
    public static let unlabelledColor = RGB(212, 212, 212)
    public static let headColor = RGB(226, 190, 166)
    public static let headOpacity: Float = 0.3
    public static let dimTint: Float = 0.75
    public static let softTint: Float = 0.35

    /// Builds the scene for `request` from the source it names (`SceneSource`), with `assets`
    /// as the bundled data (evaluated only when the request draws it).
    public static func build(_ request: SceneRequest, assets: @autoclosure () throws -> SceneAssets) throws -> AtlasScene {
        try SceneSource.of(request, bundled: assets).scene(request)
    }

    /// The scene of the bundled meshes; `request` was checked as it was made.
    static func bundledScene(_ request: SceneRequest, assets: SceneAssets) throws -> AtlasScene {
        let hemisphere = try request.resolvedHemisphere()
        let library = assets.library
        let atlas = request.atlas == SceneRequest.noAtlas ? nil : try library.atlas(named: request.atlas)
        let isSubcorticalAtlas = atlas?.name == "subcortical"
        let showSubcortical = request.subcortical || isSubcorticalAtlas
        var layers: [Scene.Layer] = []
        var infos: [LayerInfo] = []
        let highlighted = try highlightSet(request, library: library, shown: hemisphere)

        // The cortex is always drawn; with the subcortical atlas it is see-through glass (left out
        // of picks), as in the web viewer, so the structures show in every view.
        let sides: [Hemisphere] = hemisphere == .both ? [.left, .right] : [hemisphere == .left ? .left : .right]
        let labelled = atlas.map { $0.kind == .cortical || (try? $0.surfaceLabels(sides[0])) != nil } ?? false
        let map = try request.overlay.isRequested ? RenderError.fromField { try assets.maps.overlay(request.overlay) } : nil
        for side in sides where request.showsCortex {
            let mesh = MeshID.cortex(request.surface, side)
            let geometry = try assets.geometry(mesh: mesh, atlas: labelled ? atlas : nil)
            let regions = geometry.grouping.ranges.map { range in atlas.flatMap { $0.region(id: Int(range.label)) } }
            let opacity: Float = isSubcorticalAtlas ? 0.3 : 1
            if request.curvature == true && geometry.mesh.curvature == nil {
                throw RenderError.invalid(FieldError("curvature", value: "on",
                    "needs cortex meshes with curvature greys, and \(mesh) has none (AtlasData predates them: rebuild it with build-atlas)"))
            }
            // Under a map the atlas shows as borders only (`--outline`): its fill would fight the map's colours.
            let fill = map == nil ? colors(regions, highlighted, request) : regions.map { _ in unlabelledColor }
            var layer = Scene.Layer(geometry: geometry, colors: fill, opacity: opacity,
                                    curvature: request.showsCurvature, occlusion: request.ambientOcclusion,
                                    overlay: try map.map { try overlayColors($0, geometry: geometry, side: side, assets: assets) })
            // In the slicing mode the cortex is cut open with the head, or it would hide the planes.
            if let planes = request.planes { layer.cutAway = CutAway(planes: planes, forward: try request.direction().forward) }
            layers.append(layer)
            infos.append(LayerInfo(mesh: mesh, regions: regions))
        }
        if showSubcortical {
            let sub = try library.atlas(named: "subcortical")
            let geometry = try assets.geometry(mesh: .subcortical, atlas: sub)
            let regions = geometry.grouping.ranges.map { sub.region(id: Int($0.label)) }
            layers.append(Scene.Layer(geometry: geometry, colors: colors(regions, highlighted, request),
                                      hiddenRanges: otherSide(regions, shown: hemisphere)))
            infos.append(LayerInfo(mesh: .subcortical, regions: regions))
        }
        // The request refused planes without an atlas as it was made.
        if let planes = request.planes, let atlas {
            let added = try planeLayers(planes, request: request, atlas: atlas, library: library, highlighted: highlighted,
                                        assets: assets)
            layers += added.layers
            infos += added.infos
        } else if request.head {
            let geometry = try assets.geometry(mesh: .head, atlas: nil)
            layers.append(Scene.Layer(geometry: geometry, colors: geometry.grouping.ranges.map { _ in headColor },
                                      opacity: headOpacity))
            infos.append(LayerInfo(mesh: .head, regions: geometry.grouping.ranges.map { _ in nil }))
        }
        let scene = try Scene(layers: layers, direction: try request.direction(), width: request.width,
                              height: request.height, background: request.background,
                              framingArea: map == nil ? .whole : colorBarFraming(width: request.width, height: request.height))
        var built = AtlasScene(request: request, scene: scene, layers: infos, hemisphere: hemisphere)
        built.highlighted = highlighted
        built.map = map
        if let atlas, !labelled, !isSubcorticalAtlas, request.planes == nil {
            built.notes.append(volumeOnlyNote(atlas.name))
        }
        return built
    }

    /// The note for an atlas that labels volumes only: its regions are on no surface, so the
    /// cortex is drawn grey; slices and the slicing mode's planes show them.
    static func volumeOnlyNote(_ atlas: String) -> String {
        "atlas \(atlas) labels volumes only and has no surface labels, so the cortex is drawn unlabelled grey; "
            + "see its regions on slices (slice --atlas \(atlas)) or on the planes of the slicing mode "
            + "(render --atlas \(atlas) --planes X,Y,Z)"
    }

    /// A user's SRF `path`, coloured by its POI (one region per POI) or by its own vertex colours.
    static func userScene(_ request: SceneRequest, file path: String, maps: MapOverlayStore) throws -> AtlasScene {
        let hemisphere = try request.resolvedHemisphere()
        let srf = try MeshLoading.readSRF(path)
        let mesh = try MeshLoading.renderMesh(srf: srf, file: path)
        let map = try request.overlay.isRequested ? RenderError.fromField { try maps.overlay(request.overlay) } : nil
        let name = URL(fileURLWithPath: path).lastPathComponent
        let geometry: SurfaceGeometry
        let regions: [Region?]
        let colors: [RGB]
        var highlighted: Set<Region> = []
        if let poiPath = request.poiFile {
            let poi = try UserPatches.read(poiPath, vertexCount: mesh.vertexCount)
            geometry = try SurfaceGeometry(mesh: mesh, vertexLabels: poi.labels)
            regions = geometry.grouping.ranges.map { poi.region(label: $0.label) }
            highlighted = try request.highlight.map { try poi.matching($0) } ?? []
            colors = Self.colors(regions, highlighted, request)
        } else {
            let (labels, palette) = MeshLoading.colorLabels(srf: srf)
            geometry = try SurfaceGeometry(mesh: mesh, vertexLabels: labels)
            regions = geometry.grouping.ranges.map { _ in nil }
            colors = geometry.grouping.ranges.map { $0.label == 0 ? unlabelledColor : palette[Int($0.label) - 1] }
        }
        let overlay = try map.map { try userMeshOverlay($0, mesh: mesh, geometry: geometry, file: name) }
        let scene = try Scene(layers: [Scene.Layer(geometry: geometry, colors: map == nil ? colors : colors.map { _ in unlabelledColor },
                                                   overlay: overlay)],
                              direction: try request.direction(), width: request.width, height: request.height,
                              background: request.background,
                              framingArea: map == nil ? .whole : colorBarFraming(width: request.width, height: request.height))
        var built = AtlasScene(request: request, scene: scene, layers: [LayerInfo(mesh: nil, name: name, regions: regions)],
                               hemisphere: hemisphere)
        built.highlighted = highlighted
        built.map = map
        return built
    }

    /// With one hemisphere shown, the ranges of regions on the other side (midline `none`
    /// structures such as the brainstem and unlabelled ranges stay).
    static func otherSide(_ regions: [Region?], shown: SceneRequest.HemisphereChoice) -> Set<Int> {
        guard shown != .both else { return [] }
        let hidden: Hemisphere = shown == .left ? .right : .left
        return Set(regions.indices.filter { regions[$0]?.hemisphere == hidden })
    }

    static func highlightSet(_ request: SceneRequest, library: AtlasLibrary,
                             shown: SceneRequest.HemisphereChoice = .both) throws -> Set<Region> {
        guard let query = request.highlight else { return [] }
        // One side shown: a query without a side means that side, and suggestions come from it.
        let side: Hemisphere? = shown == .left ? .left : shown == .right ? .right : nil
        do {
            return Set(try RegionSearch(library: library, atlas: request.atlas, side: side).highlight(query))
        } catch AtlasError.noMatch(_, let suggestions) {
            throw RenderError.unknownRegion(query, suggestions: suggestions)
        }
    }

    /// Region colours; with a highlight the others are lightened (strongly with `dimOthers`):
    /// mixed toward white in flat frames, by `HighlightColors` in lit ones (as the viewer does).
    static func colors(_ regions: [Region?], _ highlighted: Set<Region>, _ request: SceneRequest) -> [RGB] {
        let white = RGB(255, 255, 255)
        let tint = request.dimOthers ? dimTint : softTint
        let lit = request.shading == .lit
        return regions.map { region in
            // Unlabelled cortex stays grey: only regions are tinted around a highlight.
            guard let region else { return unlabelledColor }
            let base = region.color(in: request.palette)
            if highlighted.isEmpty { return base }
            if highlighted.contains(region) { return lit ? HighlightColors.emphasised(base) : base }
            return lit ? HighlightColors.faded(base, tint: tint) : base.mixed(with: white, amount: tint)
        }
    }

    /// The pick ids of the highlighted regions' visible ranges.
    public var highlightedIDs: Set<UInt32> {
        guard !highlighted.isEmpty else { return [] }
        var ids: Set<UInt32> = []
        for (index, info) in layers.enumerated() where scene.layers[index].isPickable {
            let first = scene.pickIDs.first[index]
            for (range, region) in info.regions.enumerated() where region.map(highlighted.contains) == true
                && !scene.layers[index].hiddenRanges.contains(range) {
                ids.insert(first + UInt32(range))
            }
        }
        return ids
    }

    /// The region and layer behind a pick id, nil for the background.
    public func target(id: UInt32) -> (layer: Int, range: Int, region: Region?)? {
        guard let t = scene.pickTarget(id: id) else { return nil }
        return (t.layer, t.range, layers[t.layer].regions[t.range])
    }
}
