import Foundation
import Testing
import BrainFormats
@testable import BrainMaps

@Suite struct MapLoadingTests {
    static func tempDir() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("maps-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    @Test func vmpMapsAreChosenByNumberOrNameAndNeedAnMNIOrTALName() throws {
        let dir = try Self.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let vmp = VMPFile(maps: [VMPMap(name: "first", threshold: 2, upperThreshold: 5),
                                 VMPMap(type: MapType(code: 4), name: "second", threshold: 4, upperThreshold: 9)],
                          start: SIMD3(100, 100, 100), end: SIMD3(106, 104, 102), resolution: 2,
                          values: MapValues((0..<6).map { Float($0) } + (0..<6).map { -Float($0) }))
        let tal = dir.appendingPathComponent("run_TAL.vmp")
        try AtomicFile.write(vmp.encoded(), to: tal)
        let second = try MapVolume.load(tal, map: "second")
        #expect(second.name == "second" && second.values == (0..<6).map { -Float($0) } && second.storedThreshold == 4)
        #expect(second.space == .talairach && second.voxelVolume == 8 && second.dims == SIMD3(3, 2, 1))
        #expect(try MapVolume.load(tal, map: "2").values == second.values)
        #expect(throws: MapsError.self) { try MapVolume.load(tal, map: "3") }
        #expect(throws: MapsError.self) { try MapVolume.load(tal, map: "third") }
        let native = dir.appendingPathComponent("run.vmp")
        try AtomicFile.write(vmp.encoded(), to: native)
        let error = try #require(throws: FormatError.self) { try MapVolume.load(native) }
        #expect(error.field == "space")
    }

    @Test func niftiSpaceComesFromTheFormCode() throws {
        let dir = try Self.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let affine: [[Double]] = [[2, 0, 0, -4], [0, 2, 0, -4], [0, 0, 2, -4], [0, 0, 0, 1]]
        for (code, expected) in [(Int16(4), ReferenceSpace.mni), (2, .mni), (3, .talairach), (1, nil)] {
            let image = try NIfTIFile(float32: (0..<54).map { Float($0) }, dims: [3, 3, 3, 2], affine: affine, sformCode: code, name: "x.nii")
            let url = dir.appendingPathComponent("code\(code).nii")
            try AtomicFile.write(Data(image.encoded()), to: url)
            if let expected {
                let volume = try MapVolume.load(url, map: "2")
                #expect(volume.space == expected && volume.values == (27..<54).map { Float($0) })
                #expect(volume.mni(ofIndex: 0) == (expected == .mni ? SIMD3(-4, -4, -4) : volume.mni(ofIndex: 0)))
            } else {
                #expect(throws: MapsError.self) { try MapVolume.load(url) }
            }
        }
    }
}
