import Foundation
import Testing
@testable import BrainAtlas
import BrainFormats

/// `--atlas-file` with `--atlas-table`, loaded in process: a label image the test builds, named by a BIDS dseg table,
/// a FreeSurfer colour table or an FSL atlas XML, placed on the template grid in MNI or Talairach space, and the
/// refusals that name the file and field. (`UserAtlasCLITests` runs the same atlas through the commands.)
@Suite struct UserLabelAtlasTests {
    /// The shared label image (Tests/Fixtures/user-atlas: a 2 mm uint8 grid spanning x 50…−50, y −40…20, z −40…60,
    /// label 17 in a 10 mm cube around (−24, −4, −20), label 53 in one around (40, −20, 40)) copied into `dir` with
    /// its sform code set to `code`, so the same labels stand in the space the code names.
    static func labels(code: Int16 = 4, in dir: URL) throws -> URL {
        var data = try Data(contentsOf: Fixture.testsDir.appendingPathComponent("Fixtures/user-atlas/two_cubes_mni_2mm.nii"))
        withUnsafeBytes(of: code.littleEndian) { data.replaceSubrange(254..<256, with: $0) }
        let url = dir.appendingPathComponent(code == 3 ? "talatlas.nii" : "myatlas.nii")
        try AtomicFile.write(data, to: url)
        return url
    }

    static let tables: [(String, String)] = [
        ("dseg.tsv", "index\tname\tcolor\n17\tLeft-Amygdala\t#67FFFF\n53\tRight-Precentral\t#FF0000\n99\tUnused\t#000000\n"),
        ("lut.txt", "# FreeSurfer colour table\n17  Left-Amygdala  103 255 255 0\n53  Right-Precentral  255 0 0 0\n"),
        ("atlas.xml", "<?xml version=\"1.0\"?>\n<atlas><header><name>Test</name><type>Label</type></header><data>\n"
            + "<label index=\"16\" x=\"0\" y=\"0\" z=\"0\">Left-Amygdala</label>\n<label index=\"52\" x=\"0\" y=\"0\" z=\"0\">Right-Precentral</label>\n</data></atlas>\n"),
    ]

    /// The user atlas's region at an MNI point.
    static func region(_ atlas: Atlas, mni: SIMD3<Double>) throws -> Region? {
        let voxel = try #require(CanonicalFrame.voxel(ofMNI: mni))
        return atlas.region(id: try atlas.labelVolume().label(x: voxel.x, y: voxel.y, z: voxel.z))
    }

    @Test func everyTableFormatNamesTheSameRegions() throws {
        let dir = Fixture.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let image = try Self.labels(in: dir)
        for (file, text) in Self.tables {
            let table = dir.appendingPathComponent(file)
            try Data(text.utf8).write(to: table)
            let (atlas, entry) = try UserLabelAtlas.load(image: image.path, table: table.path, taken: ["gyri"])
            #expect(atlas.name == "myatlas" && entry.kind == .user, "\(file)")
            // Labels the image does not hold (99) are left out; ids follow the table's order.
            #expect(atlas.regions.map(\.displayName) == ["Amygdala (left)", "Precentral (right)"], "\(file)")
            #expect(try Self.region(atlas, mni: SIMD3(-24, -4, -20))?.displayName == "Amygdala (left)", "\(file)")
            #expect(try Self.region(atlas, mni: SIMD3(40, -20, 40))?.displayName == "Precentral (right)", "\(file)")
            #expect(try Self.region(atlas, mni: SIMD3(0, -80, 0)) == nil, "\(file)")
            // 5 × 5 × 5 voxels of 2 mm per cube: about 1 000 template voxels of 1 mm each.
            #expect(entry.regions.allSatisfy { (700...1_400).contains($0.voxelCount ?? 0) }, "\(entry.regions.map(\.voxelCount))")
        }
        let taken = try UserLabelAtlas.load(image: image.path, table: dir.appendingPathComponent("dseg.tsv").path, taken: ["myatlas"])
        #expect(taken.atlas.name == "myatlas-user", "a bundled atlas's name is not taken over")
    }

    @Test func talairachImagesArePlacedThroughTheTransform() throws {
        let dir = Fixture.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let table = dir.appendingPathComponent("dseg.tsv")
        try Data(Self.tables[0].1.utf8).write(to: table)
        let (atlas, _) = try UserLabelAtlas.load(image: try Self.labels(code: 3, in: dir).path, table: table.path)
        #expect(try Self.region(atlas, mni: Talairach.mni(fromTalairach: SIMD3(-24, -4, -20)))?.name == "Amygdala")
        #expect(Talairach.mni(fromTalairach: SIMD3(-24, -4, -20)) != SIMD3(-24, -4, -20))
    }

    @Test func badAtlasesAreRefusedNamingFileAndField() throws {
        let dir = Fixture.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let image = try Self.labels(in: dir)
        let partial = dir.appendingPathComponent("partial.tsv")
        try Data("index\tname\n17\tLeft-Amygdala\n".utf8).write(to: partial)
        #expect { try UserLabelAtlas.load(image: image.path, table: partial.path) } throws: { error in
            "\(error)".contains("partial.tsv does not name label 53 of myatlas.nii")
        }
        let table = dir.appendingPathComponent("dseg.tsv")
        try Data(Self.tables[0].1.utf8).write(to: table)
        let scanner = dir.appendingPathComponent("scanner.nii")
        try FileManager.default.moveItem(at: try Self.labels(code: 1, in: dir), to: scanner)
        #expect { try UserLabelAtlas.load(image: scanner.path, table: table.path) } throws: { error in
            "\(error)".contains("scanner.nii sform_code") && "\(error)".contains("scanner")
        }
        let text = dir.appendingPathComponent("labels.txt")
        try Data("not an image".utf8).write(to: text)
        #expect { try UserLabelAtlas.load(image: text.path, table: table.path) } throws: { error in
            "\(error)".contains("labels.txt is not a NIfTI label image")
        }
    }
}
