import Foundation
import Testing
@testable import BrainFormats

@Suite struct VOIFileTests {
    let path = "bvbabel/sub-test03.voi"

    @Test func reproducesExpectedValues() throws {
        let e = try Fixtures.expected(path)
        let raw = try Fixtures.data(path)
        #expect(raw.count == e.int("file_size"))
        let voi = try VOIFile(data: raw, name: path)
        let header = e.dict("header_raw_text")
        for (key, value) in header where key != "NrOfVOIs" {
            #expect(voi.value(key) == (value as! String), "header \(key)")
        }
        #expect(voi.version == 4)
        #expect(voi.referenceSpaceName == "BV")
        #expect(voi.referenceSpace == .unknown)
        #expect(!voi.coordinatesAreMillimetres)
        let frame = voi.originalFrame
        #expect(abs(frame.voxelSize.x - 0.992537) < 1e-9 && abs(frame.voxelSize.y - 0.99) < 1e-9)
        #expect(frame.framingCubeDim == 179)
        #expect(voi.leftRightConvention == 1)
        #expect(voi.subjectVOINamingConvention == "<VOI>_<SUBJ>")
        #expect(voi.vois.count == e.int("n_vois"))
        for (v, x) in zip(voi.vois, e.dicts("vois")) {
            #expect(v.name.string == x.string("name"))
            let c = try #require(v.color)
            #expect([Int(c.x), Int(c.y), Int(c.z)] == x.ints("color_rgb"))
            #expect(v.voxels.count == x.int("n_voxels"))
            #expect(v.voxels.first.map { [Int($0.x), Int($0.y), Int($0.z)] } == x.ints("first_voxel"))
            #expect(v.voxels.last.map { [Int($0.x), Int($0.y), Int($0.z)] } == x.ints("last_voxel"))
            let lo = v.voxels.reduce(SIMD3<Int32>(repeating: .max)) { pointwiseMin($0, $1) }
            let hi = v.voxels.reduce(SIMD3<Int32>(repeating: .min)) { pointwiseMax($0, $1) }
            #expect([lo.x, lo.y, lo.z].map(Int.init) == x.ints("voxel_min"))
            #expect([hi.x, hi.y, hi.z].map(Int.init) == x.ints("voxel_max"))
            let sum = v.voxels.reduce(SIMD3<Int>.zero) { $0 &+ SIMD3<Int>(truncatingIfNeeded: $1) }
            #expect([sum.x, sum.y, sum.z] == x.ints("coord_sum"))
        }
        #expect(voi.vtcs?.count == e.int("n_voi_vtcs"))
        #expect(voi.vtcs?.map(\.string) == (e["voi_vtcs"] as! [String]))
    }

    @Test func roundTripAndBrainVoyagerLayout() throws {
        let raw = try Fixtures.data(path)
        let voi = try VOIFile(data: raw, name: path)
        #expect(voi.encoded() == raw)
        // The writer reproduces BV's own layout byte for byte, not only via the kept bytes.
        #expect(voi.canonicalEncoding() == raw)
        var changed = voi
        changed.vois[0].name = "renamed"
        #expect(changed.sourceBytes == nil)
        let back = try VOIFile(data: changed.encoded(), name: "changed.voi")
        #expect(back.vois[0].name.string == "renamed")
        #expect(back.vois[1] == voi.vois[1])
    }

    @Test func crlfOddPaddingAnyOrderColonPathsAndUnknownKeys() throws {
        let text = [
            "FileVersion: 4", "", "NrOfVOIs:2", "ReferenceSpace:\tMNI", "MyToolVersion:   7.1",
            "LeftRightConvention:1", "NameOfVOI: Left amygdala  ", "ColorOfVOI:   10 20 30",
            "NrOfVoxels: 2", "-20 -4 -18", "", "-21   -4 -18", "NameOfVOI: empty one", "ColorOfVOI: 1 2 3",
            "NrOfVoxels: 0", "NrOfVOIVTCs: 2", "C:/data/run1: final.vtc", "/d/run2.vtc", "",
        ].joined(separator: "\r\n")
        let voi = try VOIFile(data: Data(text.utf8), name: "crlf.voi")
        #expect(voi.referenceSpace == .mni)
        #expect(voi.coordinatesAreMillimetres)
        #expect(voi.vois.map(\.name.string) == ["Left amygdala", "empty one"])
        #expect(voi.vois[0].voxels == [SIMD3(-20, -4, -18), SIMD3(-21, -4, -18)])
        #expect(voi.vois[1].voxels.isEmpty)
        #expect(voi.vtcs?.map(\.string) == ["C:/data/run1: final.vtc", "/d/run2.vtc"])
        #expect(voi.value("MyToolVersion") == "7.1")
        #expect(voi.encoded() == Data(text.utf8))
        // Rewritten in BV layout it reads back to the same content.
        let canonical = try VOIFile(data: voi.canonicalEncoding(), name: "bv.voi")
        #expect(canonical.vois == voi.vois)
        #expect(canonical.vtcs == voi.vtcs)
        #expect(canonical.header == voi.header)
        #expect(!canonical.canonicalEncoding().contains(0x0D))
    }

    @Test func olderVersionsUseCoordsType() throws {
        let v1 = "FileVersion: 1\nCoordsType: TAL\nNrOfVOIs: 1\nNameOfVOI: a b\nNrOfVoxels: 1\n-5 6 -7\n"
        let f1 = try VOIFile(data: Data(v1.utf8), name: "v1.voi")
        #expect(f1.version == 1 && f1.referenceSpace == .talairach && f1.vois[0].color == nil)
        #expect(f1.vois[0].voxels == [SIMD3(-5, 6, -7)])
        let v3 = "FileVersion: 3\nCoordsType: BV\nSubjectVOINamingConvention: <SUBJ>_<VOI>\nNrOfVOIs: 1\nNameOfVOI: x\nColorOfVOI: 1 1 1\nNrOfVoxels: 1\n1 2 3\n"
        let f3 = try VOIFile(data: Data(v3.utf8), name: "v3.voi")
        #expect(f3.version == 3 && f3.referenceSpace == .unknown && f3.subjectVOINamingConvention == "<SUBJ>_<VOI>")
        for space in ["NATIVE", "ACPC"] {
            let t = "FileVersion: 4\nReferenceSpace: \(space)\nNrOfVOIs: 0\n"
            #expect(try VOIFile(data: Data(t.utf8), name: "s.voi").referenceSpaceName == space)
        }
        let latin1 = Data("FileVersion: 2\nCoordsType: BV\nNrOfVOIs: 1\nNameOfVOI: caf".utf8) + Data([0xE9]) + Data("\nColorOfVOI: 1 2 3\nNrOfVoxels: 0\n".utf8)
        let f2 = try VOIFile(data: latin1, name: "latin1.voi")
        #expect(f2.vois[0].name.string == "café")
        #expect(f2.vois[0].name.bytes.last == 0xE9)
    }

    @Test func newFileInMNISpaceWritesV4Header() throws {
        var voi = VOIFile(referenceSpace: .mni)
        voi.vois = [VOI(name: "Precentral gyrus (left)", color: SIMD3(60, 20, 220), voxels: [SIMD3(-38, -10, 50)])]
        let text = String(decoding: voi.encoded(), as: UTF8.self)
        #expect(text.contains("ReferenceSpace:             MNI\n"))
        #expect(text.contains("OriginalVMRFramingCubeDim:  256\n"))
        #expect(text.contains("NameOfVOI:  Precentral gyrus (left)\nColorOfVOI: 60 20 220\n\nNrOfVoxels: 1\n-38 -10 50\n"))
        let back = try VOIFile(data: voi.encoded(), name: "new.voi")
        #expect(back.vois == voi.vois && back.referenceSpace == .mni)
    }

    @Test func unknownReferenceSpaceIsKept() throws {
        let text = "FileVersion: 4\nReferenceSpace: mTAL\nNrOfVOIs: 1\nNameOfVOI: a\nColorOfVOI: 1 2 3\nNrOfVoxels: 1\n-20 4 -18\n"
        let voi = try VOIFile(data: Data(text.utf8), name: "mtal.voi")
        #expect(voi.referenceSpaceName == "mTAL")
        #expect(!voi.hasKnownReferenceSpace)
        #expect(voi.referenceSpace == .talairach && voi.coordinatesAreMillimetres)
        #expect(voi.rasMillimetres(SIMD3(-20, 4, -18)) == SIMD3(-20, 4, -18))
        #expect(voi.warnings.count == 1 && voi.warnings[0].contains("\"mTAL\"") && voi.warnings[0].contains("Talairach millimetres"))
        #expect(voi.encoded() == Data(text.utf8))
        #expect(String(decoding: voi.canonicalEncoding(), as: UTF8.self).contains("ReferenceSpace:             mTAL\n"))
        #expect(voi.summary().description.contains(#""referenceSpace":"mTAL""#))
        let mni = try VOIFile(data: Data(text.replacingOccurrences(of: "mTAL", with: "MNI152NLin2009c").utf8), name: "m.voi")
        #expect(mni.referenceSpace == .mni && mni.coordinatesAreMillimetres && mni.warnings.count == 1)
        // Anything else is voxel indices of the original VMR.
        let other = try VOIFile(data: Data(text.replacingOccurrences(of: "mTAL", with: "SCANNER").utf8), name: "s.voi")
        #expect(other.referenceSpace == .unknown && !other.coordinatesAreMillimetres)
        #expect(other.warnings.first?.contains("voxel indices") == true)
        #expect(try VOIFile.read(from: Fixtures.url(path)).warnings.isEmpty)
    }
}
