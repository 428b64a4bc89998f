// libFuzzer target for the NIfTI and FreeSurfer readers (built and run by Scripts/fuzz.sh, not by SwiftPM).
// The first byte picks the reader; the rest is the file. Readers must throw, never trap, and what
// they accept must re-encode and read back to the same thing.
import Foundation

public func fuzzImporters(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    guard count > 0 else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: start + 1, count: count - 1))
    switch start[0] % 5 {
    case 0:
        if let n = try? NIfTIFile(bytes: bytes, name: "fuzz.nii") {
            _ = n.floatValues()
            _ = try? n.integerValues()
            _ = n.summary().description
            guard n.encoded() == Array(bytes.prefix(n.encoded().count)) else { fatalError("NIfTI re-encode differs") }
        }
    case 1:
        if let s = try? FreeSurferSurface(bytes: bytes, name: "fuzz.pial") {
            guard let again = try? FreeSurferSurface(bytes: s.encoded(), name: "again"),
                  again.vertices.count == s.vertices.count, again.triangles == s.triangles else { fatalError("surface round trip") }
        }
    case 2:
        if let a = try? FreeSurferAnnotation(bytes: bytes, name: "fuzz.annot") {
            _ = a.vertexCountsPerEntry()
            guard let again = try? FreeSurferAnnotation(bytes: a.encoded(), name: "again"),
                  again.vertexValues == a.vertexValues, again.entries == a.entries else { fatalError("annot round trip") }
        }
    case 3:
        if let l = try? FreeSurferLabel(bytes: bytes, name: "fuzz.label") { _ = l.encoded() }
    default:
        _ = try? FreeSurferColorLUT(bytes: bytes, name: "fuzz.lut")
    }
    return 0
}
