import BrainAtlas
import BrainFormats
import BrainImage
import BrainMaps
import Foundation
import Synchronization

/// Turns a `SliceRequest` into a `SliceResult`. Holds the atlas library and the mapped template
/// once, so a server can reuse them across requests; the library is opened only when needed.
public final class Slicer: Sendable {
    private let openLibrary: @Sendable () throws -> AtlasLibrary
    private struct Caches: Sendable {
        var library: AtlasLibrary?
        var template: SliceVolume?
        var templateSurvey: VolumeSurvey?
        var typeface: Typeface?
    }
    /// Held while a cache is filled, so each is made once; a cached value never changes.
    private let caches: Mutex<Caches>

    /// The statistical maps slices draw, each read once.
    public let maps: MapOverlayStore

    /// Uses an already opened library (server), and `maps` when given (shared with a scene's assets).
    public init(library: AtlasLibrary, maps: MapOverlayStore = MapOverlayStore()) {
        openLibrary = { library }
        caches = Mutex(Caches(library: library))
        self.maps = maps
    }

    /// Locates AtlasData (`--data`, `$BRAINTUTOR_DATA`, …) the first time it is needed.
    public init(dataPath: String? = nil) {
        openLibrary = { try AtlasLibrary.open(data: dataPath) }
        caches = Mutex(Caches())
        maps = MapOverlayStore()
    }

    public func library() throws -> AtlasLibrary {
        try caches.withLock { caches in
            if let library = caches.library { return library }
            let library = try openLibrary()
            caches.library = library
            return library
        }
    }

    func template() throws -> SliceVolume {
        let library = try library()
        return try caches.withLock { caches in
            if let template = caches.template { return template }
            let volume = try SliceVolume.template(of: library)
            caches.template = volume
            return volume
        }
    }

    /// The font the slice text is drawn with, read once.
    func typeface() throws -> Typeface {
        try caches.withLock { caches in
            if let typeface = caches.typeface { return typeface }
            let typeface = try Typeface.system()
            caches.typeface = typeface
            return typeface
        }
    }

    /// The survey of the template (made once) or of a user's volume (made per request).
    func survey(of volume: SliceVolume, isTemplate: Bool) -> VolumeSurvey {
        guard isTemplate else { return VolumeSurvey(voxels: volume.vmr.voxels, dims: volume.dims) }
        return caches.withLock { caches in
            if let survey = caches.templateSurvey { return survey }
            let survey = VolumeSurvey(voxels: volume.vmr.voxels, dims: volume.dims)
            caches.templateSurvey = survey
            return survey
        }
    }

    /// `colorBar` false leaves a map's colour bar out, for figures that share one drawn apart.
    public func render(_ request: SliceRequest, colorBar: Bool = true) throws -> SliceResult {
        try render(plan(request, colorBar: colorBar), request)
    }

    /// Draws a planned slice.
    func render(_ plan: SlicePlan, _ request: SliceRequest) throws -> SliceResult {
        guard let drawing = plan.drawing else {
            let recipe = SliceRecipe.standard(grid: SliceGrid(orientation: plan.layout.orientation), voxels: plan.volume.vmr.voxels,
                                              colorMap: .identity)
            return SliceResult(image: try recipe.render(), plane: request.plane, index: plan.index, millimetres: plan.millimetres,
                               space: plan.volume.space, regions: [], layout: plan.layout)
        }
        let layout = plan.layout, scale = layout.scale
        var annotations = SliceAnnotations.none
        if let crosshair = plan.crosshair {
            let p = layout.pixel(ofVoxel: crosshair)
            annotations = annotations.withCrosshair(x: p.x - layout.originX, y: p.y - layout.originY, gap: 3 * scale,
                                                    width: max(1, scale / 3))
        }
        let grid = SliceGrid(orientation: layout.orientation, scale: scale, interpolation: request.interpolation)
        let map = drawing.map.map { MapOverlayStage(grid: grid, values: MapOverlayStage.values($0, volume: plan.volume,
                                                                                              orientation: layout.orientation),
                                                    overlay: $0) }
        let recipe = SliceRecipe.standard(grid: grid,
                                          voxels: plan.volume.vmr.voxels,
                                          colorMap: ColorMap(window: request.window ?? drawing.window),
                                          labels: plan.layers?.plane, overlay: plan.layers?.overlay,
                                          outline: request.outline || map != nil,
                                          annotations: annotations, layout: layout, map: map)
        var image = try recipe.render()
        if let decorations = drawing.decorations, let text = drawing.text { decorations.draw(into: &image, text: text) }
        return SliceResult(image: image, plane: request.plane, index: plan.index, millimetres: plan.millimetres,
                           space: plan.volume.space, regions: plan.visible, layout: layout,
                           letterBoxes: plan.letterBoxes, captionBox: plan.captionBox,
                           legend: drawing.decorations?.legend, legendBox: plan.legendBox)
    }

    /// Everything about a slice but its pixels: the volume, the plane, the layout (crop, scale,
    /// bands) and the label plane. `render` draws it; `pick` answers from it without drawing, so
    /// both read the same layout.
    /// `colorBar` false leaves a map's colour bar out (a mosaic draws one for all its tiles).
    func plan(_ request: SliceRequest, colorBar: Bool = true) throws -> SlicePlan {
        let volume = try request.vmrPath.map { try SliceVolume.read(path: $0) } ?? template()
        let (index, crosshair) = try locate(request, in: volume)
        let whole = SliceOrientation(plane: request.plane, index: index, dims: volume.dims,
                                     radiological: request.radiological)
        // Rounded to µm: anisotropic voxel sizes otherwise print float noise in --json.
        let mm = (volume.frame.ras(voxel: SIMD3<Double>(whole.voxel(column: 0, row: 0)))[request.plane.rasAxis] * 1000).rounded() / 1000

        if request.raw {
            return SlicePlan(volume: volume, index: index, millimetres: mm, crosshair: nil,
                             layout: SliceLayout(orientation: whole, scale: 1, frame: volume.frame), layers: nil, visible: [],
                             drawing: nil)
        }

        let crop = request.crop ?? .head
        let survey = survey(of: volume, isTemplate: request.vmrPath == nil)
        var orientation = whole
        var missing = (left: 0, top: 0, right: 0, bottom: 0)
        if crop == .head { (orientation, missing) = SliceOrientation.head(of: whole, survey: survey, frame: volume.frame) }
        let scale = try outputScale(request, orientation)
        let layers = try overlayLayers(request, volume: volume, orientation: orientation)
        let map = try mapOverlay(request, volume: volume)
        let base = SliceLayout(orientation: orientation, scale: scale, frame: volume.frame,
                               bands: SliceBands(left: missing.left * scale, top: missing.top * scale,
                                                 right: missing.right * scale, bottom: missing.bottom * scale))
        var visible: [(region: Region, pixels: Int)] = []
        if let layers {
            let counts = LabelPlane.counts(layers.plane, maxId: layers.regions.count)
            for region in layers.regions where region.id < counts.count && counts[region.id] > 0 {
                visible.append((region, counts[region.id] * scale * scale))
            }
        }

        // Text: letters, caption and legend may grow the canvas, so they are laid out before drawing.
        var decorations: SliceDecorations?
        var text: TextRenderer?
        if request.letters || request.caption || request.legend || map != nil {
            let renderer = try TextRenderer(typeface: typeface())
            let head = survey.headLow.flatMap { low in survey.headHigh.map { base.box(low: low, high: $0) } } ?? base.sliceBox
            let entries = request.legend ? layers.map { Self.legendEntries(visible, overlay: $0.overlay) } ?? [] : []
            decorations = SliceDecorations(
                base: base, head: head, letters: request.letters, sideLetters: request.sideLetters,
                caption: request.caption ? SliceCaption.text(plane: request.plane, index: index, millimetres: mm, space: volume.space) : nil,
                legend: entries, colorBar: colorBar ? map?.colorBar : nil, text: renderer)
            text = renderer
        }
        let layout = decorations?.layout ?? base
        try Self.checkImageSides(layout.width, layout.height, scale: scale)
        return SlicePlan(volume: volume, index: index, millimetres: mm, crosshair: crosshair, layout: layout, layers: layers,
                         visible: visible, drawing: SlicePlan.Drawing(window: survey.window, decorations: decorations, text: text,
                                                                      map: map))
    }

    /// The legend's rows for the regions on the slice in their drawn colours (`Legend.entries`):
    /// short names as labels write them, a side where homologues are drawn in two colours.
    static func legendEntries(_ visible: [(region: Region, pixels: Int)], overlay: RegionOverlay) -> [Legend.Entry] {
        Legend.entries(visible.compactMap { region, pixels in
            overlay.drawnColor(region.id).map {
                Legend.Item(name: region.labelName, side: region.hemisphere == .none ? nil : region.hemisphere.rawValue,
                            color: $0, pixels: pixels, rank: region.legendRank, group: region.networkHeading)
            }
        })
    }

    /// The plane index and, for `--at`, the marked voxel.
    func locate(_ request: SliceRequest, in volume: SliceVolume) throws -> (Int, SIMD3<Int>?) {
        let axis = request.plane.axis
        let depth = volume.dims[axis]
        let axisName = ["x", "y", "z"][axis]
        switch request.position {
        case .index(let index):
            guard index >= 0, index < depth else {
                throw SliceError.indexOutOfRange(file: volume.name, plane: request.plane, axis: axisName, index: index, count: depth)
            }
            return (index, nil)
        case .millimetres(let mm):
            guard volume.space.isStereotaxic else {
                throw SliceError.field("mni", "needs a VMR in MNI or Talairach space; \(volume.name) is \(volume.space) (use {index})")
            }
            var p = SIMD3<Double>(repeating: 0)
            p[request.plane.rasAxis] = mm
            // The MNI point on the axis, in the volume's own space (Talairach VMRs convert it).
            p = volume.ownMillimetres(p, from: .mni)
            guard let v = volume.voxel(ofMillimetres: p), v[axis] >= 0, v[axis] < depth else {
                let v = volume.voxel(ofMillimetres: p)?[axis] ?? -1
                throw SliceError.field("mni", value: Slicer.number(mm), "mm is BV \(axisName) index \(v), outside \(volume.name)'s 0…\(depth - 1)")
            }
            return (v[axis], nil)
        case .point(let p, let space):
            let voxel: SIMD3<Int>?
            switch space {
            case .voxel:
                let rounded = p.rounded(.toNearestOrAwayFromZero)
                voxel = SIMD3(Int(rounded.x), Int(rounded.y), Int(rounded.z))
            case .mni, .tal:
                guard volume.space.isStereotaxic else {
                    throw SliceError.field("space", value: space.rawValue, "coordinates need a VMR in Talairach or MNI space; \(volume.name) is \(volume.space)")
                }
                voxel = volume.voxel(ofMillimetres: volume.ownMillimetres(p, from: space == .mni ? .mni : .talairach))
            }
            guard let voxel, volume.contains(voxel) else {
                let shown = voxel.map { "voxel (\($0.x), \($0.y), \($0.z))" } ?? "no voxel"
                throw SliceError.field("at", value: "\(Slicer.number(p.x)),\(Slicer.number(p.y)),\(Slicer.number(p.z))", "in \(space.rawValue) is \(shown), outside \(volume.name) (\(volume.dims.x)×\(volume.dims.y)×\(volume.dims.z))")
            }
            return (voxel[axis], voxel)
        }
    }

    /// `request.scale`, or the smallest whose slice has a short side of at least 512 px. (The
    /// canvas, bands included, is checked against the image limit once laid out.)
    func outputScale(_ request: SliceRequest, _ o: SliceOrientation) throws -> Int {
        let scale = request.scale ?? max(1, (SliceRequest.minimumShortSide + min(o.width, o.height) - 1) / min(o.width, o.height))
        try Self.checkImageSides(o.width * scale, o.height * scale, scale: scale)
        return scale
    }

    /// The slice image's sides, made by `scale`, held to the one image-side rule.
    static func checkImageSides(_ width: Int, _ height: Int, scale: Int) throws(SliceError) {
        do throws(FieldError) {
            for side in [width, height] { try RequestLimits.checkImageSide(side, field: "scale", given: String(scale)) }
        } catch { throw .invalid(error) }
    }

    /// The label plane, its regions and their blend table; nil when there is no overlay.
    func overlayLayers(_ request: SliceRequest, volume: SliceVolume, orientation: SliceOrientation) throws
        -> (plane: [UInt16], regions: [Region], overlay: RegionOverlay)? {
        let regions: [Region]
        let plane: [UInt16]
        let search: () throws -> RegionSearch
        let atlasName: String
        if let voiPath = request.voiPath {
            let voi = try VOIOverlay.read(path: voiPath, on: volume)
            regions = voi.regions
            plane = LabelPlane.voi(voi, orientation: orientation)
            atlasName = voi.atlasName
            search = { try RegionSearch(library: voi.library(), atlas: voi.atlasName) }
        } else {
            if request.atlas == SliceRequest.noAtlas { return nil }
            if !volume.space.isStereotaxic {
                // A native-space scan has no atlas; only say so when an atlas was asked for.
                guard request.atlas != nil || request.highlight != nil else { return nil }
                throw SliceError.noOverlay("--atlas: \(volume.name) is in \(volume.space) space; atlas overlays need a VMR in MNI or Talairach space (or pass --voi)")
            }
            let library = try library()
            let name = self.atlasName(request, library: library)
            let atlas = try library.atlas(named: name)
            regions = atlas.regions.map { var r = $0; r.color = r.color(in: request.palette); return r }
            plane = LabelPlane.atlas(try atlas.labelVolume(), volume: volume, orientation: orientation)
            atlasName = name
            search = { try RegionSearch(library: library, atlas: name) }
        }
        var highlighted = Set<Int>()
        if let query = request.highlight {
            do {
                highlighted = Set(try search().highlight(query).map(\.id))
            } catch AtlasError.noMatch(_, let suggestions) {
                throw SliceError.unknownRegion(query, atlas: atlasName, suggestions: suggestions)
            }
        }
        let overlay = RegionOverlay(regions: regions, opacity: request.opacity, highlighted: highlighted,
                                    dimOthers: request.dimOthers, outline: request.outline, fill: !request.overlay.isRequested)
        return (plane, regions, overlay)
    }

    /// The atlas a request overlays: the one it names, else the default one, else the library's first.
    func atlasName(_ request: SliceRequest, library: AtlasLibrary) -> String {
        request.atlas ?? (library.atlasNames.contains(SliceRequest.defaultAtlas)
                          ? SliceRequest.defaultAtlas : library.atlasNames.first ?? SliceRequest.defaultAtlas)
    }

    /// The statistical map the request names, read and thresholded; nil without one. Maps are
    /// placed by MNI/Talairach millimetres, so a native-space scan cannot carry one.
    func mapOverlay(_ request: SliceRequest, volume: SliceVolume) throws -> MapOverlay? {
        guard request.overlay.isRequested else { return nil }
        guard volume.space.isStereotaxic else {
            throw SliceError.field("overlay", "needs a VMR in MNI or Talairach space; \(volume.name) is in \(volume.space) space")
        }
        do { return try maps.overlay(request.overlay) } catch let error as FieldError { throw SliceError.invalid(error) }
    }

    /// "-20" rather than "-20.0" in messages.
    static func number(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e9 ? String(Int(v)) : String(v)
    }
}
