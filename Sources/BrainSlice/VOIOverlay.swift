import BrainAtlas
import BrainFormats
import Foundation

/// A user's VOI file as slice regions: each VOI becomes region id `i + 1`. Slices look the VOI
/// up backwards: each slice voxel goes to the VOI's coordinates (its stereotaxic mm, through the
/// Talairach transform when VOI and volume differ, or its original VMR's voxel index), rounds to
/// the VOI's integer grid and is looked up there, so a VOI drawn in another space or resolution
/// shows no holes and no stray voxels.
public struct VOIOverlay: Sendable {
    /// Atlas name in region objects: the file name without extensions.
    public let atlasName: String
    public let regions: [Region]
    /// Every VOI coordinate with its region id (first VOI wins on overlap).
    let coordinates: VOICoordinateSet
    /// Rows of the affine map from the sliced volume's voxel index `(x, y, z, 1)` to the VOI's
    /// coordinates (every step — frame, Talairach — is affine, so one matrix does it).
    let toVOI: (SIMD4<Double>, SIMD4<Double>, SIMD4<Double>)

    /// Reads `path` and places it on `volume`.
    public static func read(path: String, on volume: SliceVolume) throws -> VOIOverlay {
        let url = URL(fileURLWithPath: path)
        let file: VOIFile
        do { file = try VOIFile.read(from: url) } catch let error as FormatError {
            throw error
        } catch {
            throw SliceError.unreadable(url.lastPathComponent, "cannot read VOI: \(error.localizedDescription)")
        }
        return try VOIOverlay(file: file, name: url.lastPathComponent, on: volume)
    }

    public init(file: VOIFile, name: String, on volume: SliceVolume) throws {
        var base = name
        while let dot = base.lastIndex(of: "."), dot != base.startIndex { base = String(base[..<dot]) }
        atlasName = base
        let space = file.referenceSpace
        if space.isStereotaxic, !volume.space.isStereotaxic {
            throw SliceError.noOverlay("\(name): ReferenceSpace: \(space.voiName) coordinates need a VMR in Talairach or MNI space; \(volume.name) is \(volume.space)")
        }
        var regions: [Region] = []
        var items: [(coordinate: SIMD3<Int32>, id: UInt16)] = []
        for (i, voi) in file.vois.prefix(Int(UInt16.max)).enumerated() {
            let id = i + 1
            let (label, side) = VOIOverlay.splitSide(voi.name.string)
            let color = voi.color.map { RGB($0.x, $0.y, $0.z) } ?? VOIOverlay.fallbackColor(i)
            regions.append(Region(id: id, name: label, sourceLabel: voi.name.string, hemisphere: side,
                                  atlas: base, color: color, lobe: nil))
            for v in voi.voxels { items.append((v, UInt16(id))) }
        }
        self.regions = regions
        coordinates = VOICoordinateSet(items)
        toVOI = VOIOverlay.affine(VOIOverlay.voiCoordinate(space: space, original: file.originalFrame, on: volume))
    }

    /// Region id at voxel `v` of the sliced volume (0: none), with `lookup` from `coordinates`.
    @inline(__always)
    func label(ofVoxel v: SIMD3<Int>, lookup: (SIMD3<Int>) -> UInt16) -> UInt16 {
        let p = SIMD4<Double>(Double(v.x), Double(v.y), Double(v.z), 1)
        let c = SIMD3<Double>((toVOI.0 * p).sum(), (toVOI.1 * p).sum(), (toVOI.2 * p).sum())
        guard abs(c.x) < 1e6, abs(c.y) < 1e6, abs(c.z) < 1e6 else { return 0 }
        let r = c.rounded(.toNearestOrAwayFromZero)
        return lookup(SIMD3<Int>(Int(r.x), Int(r.y), Int(r.z)))
    }

    /// Where a voxel of `volume` lies in the VOI's coordinates: stereotaxic mm in the VOI's space,
    /// or the voxel index of the VOI's original VMR (BV/native VOIs, matched through BV mm).
    static func voiCoordinate(space: ReferenceSpace, original: VolumeFrame, on volume: SliceVolume)
        -> (SIMD3<Double>) -> SIMD3<Double> {
        let target = volume.frame
        guard space.isStereotaxic else {
            return { original.voxel(bvMillimetres: target.bvMillimetres(voxel: $0)) }
        }
        return { v in
            let own = target.ras(voxel: v)
            switch (volume.space, space) {
            case (.talairach, .mni): return Talairach.mni(fromTalairach: own)
            case (.mni, .talairach): return Talairach.talairach(fromMNI: own)
            default: return own
            }
        }
    }

    /// The rows of an affine map, read off its values at the origin and the unit vectors.
    static func affine(_ f: (SIMD3<Double>) -> SIMD3<Double>) -> (SIMD4<Double>, SIMD4<Double>, SIMD4<Double>) {
        let o = f(.zero)
        let dx = f(SIMD3(1, 0, 0)) - o, dy = f(SIMD3(0, 1, 0)) - o, dz = f(SIMD3(0, 0, 1)) - o
        return (SIMD4(dx.x, dy.x, dz.x, o.x), SIMD4(dx.y, dy.y, dz.y, o.y), SIMD4(dx.z, dy.z, dz.z, o.z))
    }

    /// An in-memory library holding these regions, so `--highlight` matches as `info` does.
    public func library() -> AtlasLibrary {
        let entry = Catalog.Atlas(
            name: atlasName, title: atlasName, description: "VOIs from \(atlasName)", source: "user file",
            licence: "user file", kind: .user, files: Catalog.Files(),
            regions: regions.map {
                Catalog.RegionEntry(id: $0.id, name: $0.name, sourceLabel: $0.sourceLabel,
                                    hemisphere: $0.hemisphere, color: $0.color, lobe: nil)
            })
        let atlas = Atlas(entry: entry, labels: nil, surfaces: [:])
        return AtlasLibrary(catalog: Catalog(meshes: [], atlases: [entry]), atlases: [atlas])
    }

    /// "Hippocampus (left)" / "Hippocampus_L" → ("Hippocampus", left); other names keep no side.
    static func splitSide(_ name: String) -> (String, Hemisphere) {
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        if trimmed.hasSuffix(")"), let open = trimmed.lastIndex(of: "(") {
            let inner = trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)]
            if let side = Hemisphere(userText: String(inner)), side != .none {
                return (trimmed[..<open].trimmingCharacters(in: .whitespaces), side)
            }
        }
        return (trimmed, .none)
    }

    /// Colours for v1 VOIs, which store none.
    static func fallbackColor(_ i: Int) -> RGB {
        let c = ColorMap.labelColor(226 + i % 30)
        return RGB(c.0, c.1, c.2)
    }
}
