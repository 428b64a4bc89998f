import BrainFormats
import Foundation

/// A user's BrainVoyager set (`--vmr`, `--voi`, `--mesh`, `--poi`) as an in-memory atlas library:
/// the VOI becomes a label-volume atlas on the VMR's grid (the MNI template when no VMR is
/// given), the POI a surface atlas checked against the mesh.
public struct UserAtlasSet: Sendable {
    public var vmr: String?
    public var voi: String?
    public var mesh: String?
    public var poi: String?

    public init(vmr: String? = nil, voi: String? = nil, mesh: String? = nil, poi: String? = nil) {
        self.vmr = vmr
        self.voi = voi
        self.mesh = mesh
        self.poi = poi
    }

    /// True when any user file was named (commands then use it instead of AtlasData).
    public var isEmpty: Bool { vmr == nil && voi == nil && mesh == nil && poi == nil }

    /// Reads the named files and builds the library.
    public func library() throws -> AtlasLibrary {
        guard voi != nil || poi != nil else {
            throw AtlasError.badArgument("--vmr/--mesh", problem: "name the regions too: --voi FILE and/or --poi FILE")
        }
        if poi != nil, mesh == nil {
            throw AtlasError.badArgument("--poi", problem: "needs --mesh FILE (the SRF whose vertices it labels)")
        }
        let grid = try vmr.map(UserAtlasSet.grid(ofVMR:)) ?? .template
        var entries: [Catalog.Atlas] = []
        var atlases: [Atlas] = []
        if let voi {
            let (entry, labels) = try UserAtlasSet.voiAtlas(voi, grid: grid)
            entries.append(entry)
            atlases.append(Atlas(entry: entry, labels: labels, surfaces: [:]))
        }
        if let poi, let mesh {
            let (entry, labels) = try UserAtlasSet.poiAtlas(poi, mesh: mesh, taken: Set(entries.map(\.name)))
            entries.append(entry)
            atlases.append(Atlas(entry: entry, labels: nil, surfaces: [.none: labels]))
        }
        return AtlasLibrary(catalog: Catalog(meshes: [], atlases: entries), atlases: atlases, grid: grid)
    }

    static func grid(ofVMR path: String) throws -> VoxelGrid {
        let url = URL(fileURLWithPath: path)
        let vmr = try VMRFile.read(from: url)
        let space: VoxelGrid.Space
        switch vmr.inferredReferenceSpace(fileName: url.lastPathComponent) {
        case .mni: space = .mni
        case .talairach: space = .talairach
        default: space = .native
        }
        guard vmr.dims.x <= CanonicalFrame.size, vmr.dims.y <= CanonicalFrame.size, vmr.dims.z <= CanonicalFrame.size else {
            throw AtlasError.badArgument("\(url.lastPathComponent): dims",
                                         problem: "\(vmr.dims.x)×\(vmr.dims.y)×\(vmr.dims.z) exceeds the \(CanonicalFrame.size) voxels per axis lookups support")
        }
        let canonical = vmr.dims == SIMD3(repeating: CanonicalFrame.size) && vmr.frame == .canonical
        return VoxelGrid(dims: vmr.dims, space: space, frame: canonical ? nil : vmr.frame, name: url.lastPathComponent)
    }

    /// Each VOI becomes region `i + 1` ("Name (left)" / "Name_L" set the side); voxels are
    /// placed on the grid through millimetres, so TAL/MNI/BV VOIs all land where they belong.
    static func voiAtlas(_ path: String, grid: VoxelGrid) throws -> (Catalog.Atlas, LabelVolume) {
        let url = URL(fileURLWithPath: path)
        let file = try VOIFile.read(from: url)
        let name = baseName(url)
        let space = file.referenceSpace
        if space.isStereotaxic, grid.space == .native {
            throw AtlasError.badArgument("\(url.lastPathComponent): ReferenceSpace",
                                         problem: "\(space.voiName) coordinates cannot be placed on \(grid.name), which is in a native space")
        }
        guard file.vois.count < Int(UInt16.max) else {
            throw AtlasError.badArgument("\(url.lastPathComponent): NrOfVOIs", problem: "\(file.vois.count) VOIs exceed 65534")
        }
        let n = LabelVolume.frameSize
        var labels = [UInt16](repeating: 0, count: n * n * n)
        var regions: [Catalog.RegionEntry] = []
        let original = file.originalFrame
        let target = grid.frame ?? .canonical
        for (i, voi) in file.vois.enumerated() {
            let (label, side) = splitSide(voi.name.string)
            let color = voi.color.map { RGB($0.x, $0.y, $0.z) } ?? fallbackColor(i)
            var count = 0
            for v in voi.voxels {
                let p = SIMD3<Double>(Double(v.x), Double(v.y), Double(v.z))
                let voxel: VoxelIndex?
                switch space {
                case .mni: voxel = grid.voxel(ofMNI: p)
                case .talairach: voxel = grid.voxel(ofMNI: Talairach.mni(fromTalairach: p))
                default:
                    let f = target.voxel(bvMillimetres: original.bvMillimetres(voxel: p))
                    voxel = [f.x, f.y, f.z].allSatisfy({ $0.isFinite && abs($0) < 1e6 })
                        ? VoxelIndex(Int(f.x.rounded(.toNearestOrAwayFromZero)), Int(f.y.rounded(.toNearestOrAwayFromZero)),
                                     Int(f.z.rounded(.toNearestOrAwayFromZero))) : nil
                }
                guard let voxel, grid.contains(voxel) else { continue }
                let index = voxel.x + n * (voxel.y + n * voxel.z)
                // The first VOI that claims a voxel keeps it, as BrainVoyager draws them.
                if labels[index] == 0 {
                    labels[index] = UInt16(i + 1)
                    count += 1
                }
            }
            regions.append(Catalog.RegionEntry(id: i + 1, name: label, sourceLabel: voi.name.string, hemisphere: side,
                                               color: color, lobe: nil, voxelCount: count))
        }
        let entry = Catalog.Atlas(name: name, title: url.lastPathComponent, description: "VOIs of \(url.lastPathComponent)",
                                  source: url.path, licence: "user file", kind: .user, files: Catalog.Files(), regions: regions)
        return (entry, try LabelVolume(frameLabels: labels, source: url.path))
    }

    static func poiAtlas(_ path: String, mesh: String, taken: Set<String>) throws -> (Catalog.Atlas, SurfaceLabels) {
        let url = URL(fileURLWithPath: path)
        let file = try POIFile.read(from: url)
        let srf = try SRFFile.read(from: URL(fileURLWithPath: mesh))
        guard file.meshVertexCount == srf.vertexCount else {
            throw AtlasError.badPOI(url.path, field: "NrOfMeshVertices",
                                    problem: "\(file.meshVertexCount), but \(URL(fileURLWithPath: mesh).lastPathComponent) has \(srf.vertexCount) vertices")
        }
        var name = baseName(url)
        if taken.contains(name) { name += "-poi" }
        var ids = [UInt16](repeating: 0, count: srf.vertexCount)
        var regions: [Catalog.RegionEntry] = []
        for (i, poi) in file.pois.prefix(Int(UInt16.max) - 1).enumerated() {
            let (label, side) = splitSide(poi.name.string)
            regions.append(Catalog.RegionEntry(id: i + 1, name: label, sourceLabel: poi.name.string, hemisphere: side,
                                               color: RGB(poi.color.x, poi.color.y, poi.color.z), lobe: nil))
            for v in poi.vertices {
                guard v >= 0, Int(v) < ids.count else {
                    throw AtlasError.badPOI(url.path, field: "POI '\(poi.name.string)' vertex",
                                            problem: "index \(v) is outside the mesh's 0…\(ids.count - 1)")
                }
                if ids[Int(v)] == 0 { ids[Int(v)] = UInt16(i + 1) }
            }
        }
        let entry = Catalog.Atlas(name: name, title: url.lastPathComponent, description: "POIs of \(url.lastPathComponent)",
                                  source: url.path, licence: "user file", kind: .user, files: Catalog.Files(), regions: regions)
        return (entry, SurfaceLabels(regionIds: ids))
    }

    static func baseName(_ url: URL) -> String {
        var base = url.lastPathComponent
        while let dot = base.lastIndex(of: "."), dot != base.startIndex { base = String(base[..<dot]) }
        return base
    }

    /// "Hippocampus (left)", "Hippocampus_L", "lh.Hippocampus" → name and side; others: no side.
    static func splitSide(_ name: String) -> (String, Hemisphere) {
        let t = name.trimmingCharacters(in: .whitespaces)
        if t.hasSuffix(")"), let open = t.lastIndex(of: "(") {
            let inner = String(t[t.index(after: open)..<t.index(before: t.endIndex)])
            if let side = Hemisphere(userText: inner), side != .none {
                return (t[..<open].trimmingCharacters(in: .whitespaces), side)
            }
        }
        for (suffix, side) in [("_L", Hemisphere.left), ("_R", .right), ("_LH", .left), ("_RH", .right)] where t.hasSuffix(suffix) && t.count > suffix.count {
            return (String(t.dropLast(suffix.count)), side)
        }
        for (prefix, side) in [("lh.", Hemisphere.left), ("rh.", .right)] where t.hasPrefix(prefix) && t.count > prefix.count {
            return (String(t.dropFirst(prefix.count)), side)
        }
        return (t, .none)
    }

    /// Distinct colours for v1 VOIs, which store none (golden-angle hues).
    static func fallbackColor(_ i: Int) -> RGB {
        let (r, g, b) = HueWheel.components(Double(i) * 137.508)
        return RGB(UInt8(55 + 200 * r), UInt8(55 + 200 * g), UInt8(55 + 200 * b))
    }
}
