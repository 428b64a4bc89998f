import BrainFormats
import Foundation
import Testing
@testable import BrainMaps

/// Surface maps in GIFTI, MGH/MGZ and FreeSurfer curv format give the values written into them, and fsaverage maps
/// fit the bundled fsaverage6 mesh by their first vertices.
@Suite struct SurfaceMapFileTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures")
    static func planted(_ name: String) -> URL { fixtures.appendingPathComponent("surface-maps/\(name)") }

    /// The values `make_surface_maps.py` plants: round(sin(v)·5, 4), and 9.5 at vertex 7.
    static let values: [Float] = (0..<42).map { v in v == 7 ? 9.5 : Float((sin(Double(v)) * 5 * 1e4).rounded() / 1e4) }

    @Test(arguments: ["planted_ascii.func.gii", "planted_base64.shape.gii", "planted_zlib.func.gii", "planted.mgh", "planted.mgz",
                      "lh.planted_thickness"])
    func everyFormatGivesThePlantedValues(file: String) throws {
        let url = Self.planted(file)
        #expect(MapFileKind.isSurfaceMap(url.path))
        let map = try SurfaceMapFile.read(url, map: nil)
        #expect(map.values.count == 42)
        for (a, b) in zip(map.values, Self.values) { #expect(abs(a - b) < 1e-5, "\(file): \(a) vs \(b)") }
        #expect(map.display.upper == 9.5)
    }

    @Test func arraysFramesNamesAndTypesAreChosenAndRead() throws {
        let two = Self.planted("planted_zlib.func.gii")
        #expect(try SurfaceMapFile.read(two, map: "negative").values == Self.values.map { -$0 })
        #expect(try SurfaceMapFile.read(two, map: "2").name == "negative")
        #expect(try SurfaceMapFile.read(two, map: nil).name == "positive")
        let e = #expect(throws: MapsError.self) { try SurfaceMapFile.read(two, map: "3") }
        #expect(e?.message.contains("--map: 3") == true)
        // Big-endian int32 arrays.
        #expect(try SurfaceMapFile.read(Self.planted("planted_int32_be.func.gii"), map: nil).values == Self.values.map { Float(Int(Double($0).rounded())) })
        // MGH frames are maps: the second holds twice the first.
        #expect(try SurfaceMapFile.read(Self.planted("planted.mgz"), map: "2").values == Self.values.map { 2 * $0 })
    }

    @Test func aRealFreeSurferSulcMapIsReadThroughItsMagic() throws {
        // fsaverage6's lh.sulc, gzip-compressed, with no extension of its own but ".gz".
        let url = Self.fixtures.appendingPathComponent("importers/lh.sulc.gz")
        #expect(MapFileKind.isSurfaceMap(url.path))
        let map = try SurfaceMapFile.read(url, map: nil)
        #expect(map.values == (try FreeSurferCurvature(contentsOf: url)).values && map.values.count == 40962)
        #expect(!MapFileKind.isSurfaceMap(Self.fixtures.appendingPathComponent("maps/blob_mni_2mm.nii.gz").path))
    }

    @Test func brokenFilesAreRefusedNamingTheField() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("gii-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let text = try String(contentsOf: Self.planted("planted_base64.shape.gii"), encoding: .utf8)
        let short = dir.appendingPathComponent("short.func.gii")
        try text.replacingOccurrences(of: "Dim0=\"42\"", with: "Dim0=\"43\"").write(to: short, atomically: true, encoding: .utf8)
        let e1 = #expect(throws: FormatError.self) { try SurfaceMapFile.read(short, map: nil) }
        #expect(e1?.field == "DataArray 1 Data" && e1?.message.contains("need 172") == true, "\(String(describing: e1))")
        let type = dir.appendingPathComponent("type.func.gii")
        try text.replacingOccurrences(of: "NIFTI_TYPE_FLOAT32", with: "NIFTI_TYPE_FLOAT64").write(to: type, atomically: true, encoding: .utf8)
        let e2 = #expect(throws: FormatError.self) { try SurfaceMapFile.read(type, map: nil) }
        #expect(e2?.field == "DataArray 1 DataType")
        var mgh = try Data(contentsOf: Self.planted("planted.mgh"))
        mgh[23] = 9  // data type 9 is no per-vertex type
        let badType = dir.appendingPathComponent("bad.mgh")
        try mgh.write(to: badType)
        let e3 = #expect(throws: FormatError.self) { try SurfaceMapFile.read(badType, map: nil) }
        #expect(e3?.field == "type" && e3?.file == "bad.mgh")
    }

    @Test func fsaverageMapsFitTheFsaverage6MeshByTheirFirstVertices() {
        for n in [12, 42, 162, 642, 2562, 10242, 40962, 163842] { #expect(SurfaceMapFile.isIcosahedral(n), "\(n)") }
        for n in [0, 10, 40000, 40963, 163841] { #expect(!SurfaceMapFile.isIcosahedral(n), "\(n)") }
        let fsaverage = (0..<163842).map(Float.init)
        #expect(SurfaceMapFile.fitted(fsaverage, vertexCount: 40962) == Array(fsaverage.prefix(40962)))
        #expect(SurfaceMapFile.fitted(Array(fsaverage.prefix(40962)), vertexCount: 40962)?.count == 40962)
        #expect(SurfaceMapFile.fitted(Array(fsaverage.prefix(40962)), vertexCount: 163842) == nil)
        #expect(SurfaceMapFile.fitted(Array(fsaverage.prefix(50000)), vertexCount: 40962) == nil)
    }
}
