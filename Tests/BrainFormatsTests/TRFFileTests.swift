import Foundation
import Testing
@testable import BrainFormats

/// The real TRF samples: read, written back byte for byte, and applied as BrainVoyager applies them.
@Suite struct TRFFileTests {
    static let samples = ["sub-test06_fileversion-5_IA.trf", "sub-test06_fileversion-8_FA.trf", "sub-test06_fileversion-8_IA.trf",
                          "sub-test06_fileversion-8_ToMSP.trf", "sub-test06_fileversion-8_aACPC.trf",
                          "sub-test06_fileversion-8_transformationtype2_cMNI_a12.trf"]
    /// Rows of 4 applied to (x, y, z, 1).
    static func apply(_ m: [[Double]], _ x: Double, _ y: Double, _ z: Double) -> [Double] {
        (0..<3).map { (r: Int) -> Double in
            let sum: Double = m[r][0] * x + m[r][1] * y + m[r][2] * z
            return sum + m[r][3]
        }
    }

    static func close(_ a: [Double], _ b: [Double], _ tolerance: Double) -> Bool {
        zip(a, b).allSatisfy { (x: Double, y: Double) -> Bool in abs(x - y) < tolerance }
    }

    static func trf(_ name: String) throws -> TRFFile { try TRFFile(data: Fixtures.data("bvbabel/trf/\(name)"), name: name) }

    @Test(arguments: samples) func everySampleIsWrittenBackByteForByte(name: String) throws {
        let data = try Fixtures.data("bvbabel/trf/\(name)")
        let file = try TRFFile(data: data, name: name)
        #expect(file.encoded() == data)
        #expect(file.matrix != nil)
    }

    /// A matrix written from numbers alone prints each float with 16 decimals, a tie away from zero.
    @Test func changedNumbersAreWrittenInBrainVoyagersFormat() throws {
        var file = try Self.trf("sub-test06_fileversion-8_IA.trf")
        let at = try #require(file.lines.firstIndex { if case .matrix = $0 { true } else { false } })
        guard case .matrix(let m) = file.lines[at] else { return }
        var changed = TRFMatrix(rows: m.rows)
        changed.rows[0][0] = 0.5
        file.lines[at] = .matrix(changed)
        let text = String(decoding: file.encoded(), as: UTF8.self)
        #expect(text.contains("\n  0.5000000000000000  -0.6034522652626038   0.7968087196350098   9.1196708679199219\n"))
        #expect(text.contains("  -2.1377334594726563\n"))  // the exact tie −2.13773345947265625
        #expect(TRFFile.decimal16(-13.0881805419921875) == "-13.0881805419921875")
        #expect(TRFFile.decimal16(1) == "1.0000000000000000" && TRFFile.decimal16(0) == "0.0000000000000000")
    }

    @Test func fieldsOfEachVersionAndType() throws {
        let v5 = try Self.trf("sub-test06_fileversion-5_IA.trf")
        #expect(v5.fileVersion == 5 && v5.transformationType == 1 && v5.value("NSlicesFMRVMR") == "30" && v5.value("SlThickFMRVMR") == "2.5")
        let ia8 = try Self.trf("sub-test06_fileversion-8_IA.trf")
        #expect(ia8.fileVersion == 8 && ia8.targetFramingCube == 384 && ia8.targetVoxelSize == 0.598958)
        let acpc = try Self.trf("sub-test06_fileversion-8_aACPC.trf")
        #expect(acpc.transformationType == 2 && acpc.targetFramingCube == 256 && acpc.targetVoxelSize == 1)
        #expect(acpc.targetFile.hasSuffix("GSG4_IIHC_aACPC.vmr"))
        let msp = try Self.trf("sub-test06_fileversion-8_ToMSP.trf")
        #expect(msp.transformationType == 2 && msp.sourceFile.isEmpty)
        #expect(try FormatRegistry.read(Fixtures.url("bvbabel/trf/sub-test06_fileversion-8_FA.trf")).formatName == "trf")
    }

    /// The matrix as numpy reads the file's rows (bvbabel's reading), to single precision.
    @Test func theMNIMatrixIsTheOneBvbabelReads() throws {
        let m = try #require(try Self.trf("sub-test06_fileversion-8_transformationtype2_cMNI_a12.trf").matrix).doubles
        let expected: [[Double]] = [[0.92942750453948975, -0.19661900401115420, -0.029470626264810600, -10.193717002868652],
                                    [0.25292545557022089, 0.80566090345382690, -0.020576214417815201, -21.318923950195312],
                                    [0.033191069960594198, 0.016475221142172800, 0.94257134199142456, 0.62270730733871460],
                                    [0, 0, 0, 1]]
        for r in 0..<4 {
            for c in 0..<4 {
                let tolerance: Double = 1e-7 * max(1, abs(expected[r][c]))
                #expect(abs(m[r][c] - expected[r][c]) <= tolerance)
            }
        }
        // numpy: M @ (10, −20, 30, 1)
        let p = Self.apply(m, 10, -20, 30)
        #expect(Self.close(p, [2.1488193348, -35.5201738961, 28.9022538438], 1e-5), "\(p)")
    }

    /// Native voxel (100, 120, 140) of a 256³ 1 mm VMR to MNI: centred at 127.5, through the inverse matrix
    /// (BrainVoyager stores target → source), then the normalised cube's RAS rule; numbers from numpy.
    @Test func aNativePointGoesToMNIThroughTheInverseMatrix() throws {
        let mni = try TRFChain([("cMNI.trf", Self.trf("sub-test06_fileversion-8_transformationtype2_cMNI_a12.trf"))])
        #expect(mni.targetSpace == .mni)
        let a = mni.voxelToTargetRAS(source: .canonical)
        let p = Self.apply(a, 100, 120, 140)
        #expect(Self.close(p, [-12.2002300427, 14.1162199157, -21.2512543514], 1e-4), "\(p)")

        let chain = try TRFChain([("a.trf", Self.trf("sub-test06_fileversion-8_aACPC.trf")),
                                  ("m.trf", Self.trf("sub-test06_fileversion-8_transformationtype2_cMNI_a12.trf"))])
        let b = chain.voxelToTargetRAS(source: .canonical)
        let q = Self.apply(b, 100, 120, 140)
        #expect(Self.close(q, [-11.7167399670, -6.2561899679, -38.0386714323], 1e-4), "\(q)")
    }

    @Test func aNativeVMPVoxelStandsAtItsFirstVMRVoxelBeforeTheChain() throws {
        let vmp = VMPFile(maps: [], start: SIMD3(40, 50, 60), end: SIMD3(100, 110, 120), resolution: 3, values: MapValues([]))
        let chain = try TRFChain([("cMNI.trf", Self.trf("sub-test06_fileversion-8_transformationtype2_cMNI_a12.trf"))])
        let (a, space) = try vmp.placement(vmr: nil, chain: chain, fileName: "sub01.vmp", purpose: "a test")
        #expect(space == .mni)
        let p = Self.apply(a, 5, 6, 7)
        #expect(Self.close(p, [47.4478017084, 74.3973442232, 25.8910355379], 1e-4), "\(p)")
    }

    @Test func alignmentAndAcpcOnlyChainsAreRefusedByName() throws {
        let error = try #require(throws: FormatError.self) {
            try TRFChain([("fa.trf", Self.trf("sub-test06_fileversion-8_FA.trf"))])
        }
        #expect(error.field == "TransformationType" && error.description.contains("FMR"))
        let acpc = try TRFChain([("a.trf", Self.trf("sub-test06_fileversion-8_aACPC.trf"))])
        #expect(acpc.targetSpace == nil)
        let vmp = VMPFile(maps: [], start: .zero, end: SIMD3(repeating: 256), resolution: 1, values: MapValues([]))
        #expect(throws: FormatError.self) { try vmp.placement(vmr: nil, chain: acpc, fileName: "s.vmp", purpose: "a test") }
    }

    @Test func brokenFilesNameTheLineAndField() throws {
        let short = "\nFileVersion: 8\n\nDataFormat: Matrix\n\n 1 0 0 0\n 0 1 0 0\n 0 0 1 0\n\nTransformationType: 2\n"
        let e1 = try #require(throws: FormatError.self) { try TRFFile(data: Data(short.utf8), name: "short.trf") }
        #expect(e1.description.contains("short.trf") && e1.field == "matrix" && e1.description.contains("line 6"))
        let noType = "FileVersion: 8\nDataFormat: Matrix\n1 0 0 0\n0 1 0 0\n0 0 1 0\n0 0 0 1\n"
        let e2 = try #require(throws: FormatError.self) { try TRFFile(data: Data(noType.utf8), name: "t.trf") }
        #expect(e2.field == "TransformationType")
        let singular = "FileVersion: 8\nDataFormat: Matrix\n1 0 0 0\n0 0 0 0\n0 0 1 0\n0 0 0 1\nTransformationType: 2\n"
        let e3 = try #require(throws: FormatError.self) {
            try TRFChain([("s.trf", TRFFile(data: Data(singular.utf8), name: "s.trf"))])
        }
        #expect(e3.field == "matrix" && e3.description.contains("singular"))
    }
}
