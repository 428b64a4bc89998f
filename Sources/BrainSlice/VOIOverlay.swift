import BrainAtlas
import BrainFormats
import Foundation

/// A user's VOI file as slice regions: each VOI becomes region id `i + 1`, its voxels moved into
/// the sliced volume's voxel grid once (through mm, so any VOI reference space works).
public struct VOIOverlay: Sendable {
    /// Atlas name in region objects: the file name without extensions.
    public let atlasName: String
    public let regions: [Region]
    /// Every VOI voxel in the target volume's grid, with its region id (first VOI wins on overlap).
    let voxels: [(voxel: SIMD3<Int32>, id: UInt16)]

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
        let original = file.originalFrame
        let target = volume.frame
        var regions: [Region] = []
        var placed: [(voxel: SIMD3<Int32>, id: UInt16)] = []
        for (i, voi) in file.vois.prefix(Int(UInt16.max)).enumerated() {
            let id = i + 1
            let (label, side) = VOIOverlay.splitSide(voi.name.string)
            let colour = voi.color.map { RGB($0.x, $0.y, $0.z) } ?? VOIOverlay.fallbackColour(i)
            regions.append(Region(id: id, name: label, sourceLabel: voi.name.string, hemisphere: side,
                                  atlas: base, color: colour, lobe: nil))
            for v in voi.voxels {
                let p = SIMD3<Double>(Double(v.x), Double(v.y), Double(v.z))
                let voxel: SIMD3<Int>?
                if space.isStereotaxic {
                    voxel = volume.voxel(ofMillimetres: volume.ownMillimetres(p, from: space))
                } else {
                    let f = target.voxel(bvMillimetres: original.bvMillimetres(voxel: p))
                    voxel = SIMD3(Int(f.x.rounded(.toNearestOrAwayFromZero)), Int(f.y.rounded(.toNearestOrAwayFromZero)),
                                  Int(f.z.rounded(.toNearestOrAwayFromZero)))
                }
                if let voxel, volume.contains(voxel) {
                    placed.append((SIMD3<Int32>(truncatingIfNeeded: voxel), UInt16(id)))
                }
            }
        }
        self.regions = regions
        voxels = placed
    }

    /// An in-memory library holding these regions, so `--highlight` matches as `info` does.
    public func library() -> AtlasLibrary {
        let entry = Catalog.Atlas(
            name: atlasName, title: atlasName, description: "VOIs from \(atlasName)", source: "user file",
            licence: "user file", kind: "user", files: Catalog.Files(),
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
    static func fallbackColour(_ i: Int) -> RGB {
        let c = ColourMap.labelColour(226 + i % 30)
        return RGB(c.0, c.1, c.2)
    }
}
