import Foundation
import Testing
@testable import BrainFormats

/// SRF layouts the real samples do not cover: no MTC string, Latin-1 MTC names, stored strips.
@Suite struct SRFFileEdgeCaseTests {
    let path = "bvbabel/sub-test03_cube.srf"
    /// Offset of NrOfStripElements in the cube (866 vertices, 6912 neighbour entries, 1728 triangles).
    let stripCountAt = 60 + 28 * 866 + 4 * (866 + 6912) + 12 * 1728

    func le(_ v: Int32) -> [UInt8] { withUnsafeBytes(of: v.littleEndian) { Array($0) } }

    @Test func version4EndingAfterTheStripsHasNoMTCString() throws {
        let raw = try Fixtures.data(path)
        // Drop the empty MTC string and the 4.1 trailer: the file ends right after NrOfStripElements.
        let bare = raw.prefix(stripCountAt + 4)
        let srf = try SRFFile(data: bare, name: "bare.srf")
        #expect(srf.version > 4)
        #expect(srf.mtcName == nil)
        #expect(srf.trailer.isEmpty)
        #expect(try srf.encoded() == bare)
        #expect(srf.vertices == (try SRFFile(data: raw, name: path)).vertices)
        // An empty string (one NUL) is different from none, and each writes back as read.
        let empty = raw.prefix(stripCountAt + 5)
        let withEmpty = try SRFFile(data: empty, name: "empty.srf")
        #expect(withEmpty.mtcName == RawString(bytes: []))
        #expect(try withEmpty.encoded() == empty)
    }

    @Test func latin1MTCNameRoundTripsExactly() throws {
        let raw = try Fixtures.data(path)
        // "déjà vu.mtc" in Latin-1, then the 4.1 trailing float.
        let name: [UInt8] = [0x64, 0xE9, 0x6A, 0xE0] + Array(" vu.mtc".utf8)
        let data = raw.prefix(stripCountAt + 4) + Data(name + [0]) + raw.suffix(4)
        let srf = try SRFFile(data: data, name: "latin1.srf")
        #expect(srf.mtcName?.bytes == name)
        #expect(srf.mtcName?.string == "déjà vu.mtc")
        #expect(srf.trailer == Array(raw.suffix(4)))
        #expect(try srf.encoded() == data)
        #expect(srf.describe().contains("linked MTC: déjà vu.mtc"))
    }

    @Test func stripsInAParsedFileAreReadAndWrittenBack() throws {
        let raw = try Fixtures.data(path)
        let cube = try SRFFile(data: raw, name: path)
        // Two strips, each one stored triangle, terminated by −1 (docs/file-formats.md §4.4).
        let strips: [Int32] = Array(cube.triangles[0..<3]) + [-1] + Array(cube.triangles[3..<6]) + [-1]
        var data = Data(raw.prefix(stripCountAt))
        data.append(contentsOf: le(Int32(strips.count)))
        for s in strips { data.append(contentsOf: le(s)) }
        data.append(raw.suffix(from: raw.startIndex + stripCountAt + 4))
        let srf = try SRFFile(data: data, name: "strips.srf")
        #expect(srf.strips == strips)
        #expect(srf.triangles == cube.triangles)
        #expect(srf.mtcName == RawString(bytes: []) && srf.trailer == cube.trailer)
        #expect(try srf.encoded() == data)
        #expect(srf.describe().contains("8 strip elements"))
        // A strip index outside the mesh is refused with the element's position.
        var bad = data
        bad.replaceSubrange((stripCountAt + 8)..<(stripCountAt + 12), with: le(866))
        let e = #expect(throws: FormatError.self) { try SRFFile(data: bad, name: "bad.srf") }
        #expect(e?.field == "strip element 1" && e?.file == "bad.srf")
    }

    @Test func skippingNeighboursKeepsTheGeometryAndTheChecks() throws {
        let raw = try Fixtures.data(path)
        let full = try SRFFile(data: raw, name: path)
        let drawn = try SRFFile(data: raw, name: path, skippingNeighbours: true)
        #expect(full.neighbours.indices.count == 6912)
        #expect(drawn.neighbours.vertexCount == 0 && drawn.neighbours.indices.isEmpty)
        #expect(drawn.vertices == full.vertices && drawn.normals == full.normals)
        #expect(drawn.colors == full.colors && drawn.triangles == full.triangles)
        #expect(drawn.trailer == full.trailer && drawn.mtcName == full.mtcName)
        // The lists are still walked and checked: a bad entry fails as in a full read.
        let neighboursAt = 60 + 28 * 866
        var bad = raw
        bad.replaceSubrange((neighboursAt + 4)..<(neighboursAt + 8), with: le(866))
        let e = #expect(throws: FormatError.self) { try SRFFile(data: bad, name: "bad.srf", skippingNeighbours: true) }
        #expect(e?.field == "neighbours of vertex 0" && e?.message.contains("866") == true)
        // A file read without its lists cannot be written back as if it had none.
        #expect(throws: (any Error).self) { try drawn.encoded() }
    }
}
