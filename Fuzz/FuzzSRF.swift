// libFuzzer target for the SRF reader (built and run by Scripts/fuzz.sh, not by SwiftPM).
import Foundation

public func fuzzSRF(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    if let srf = try? SRFFile(data: data, name: "fuzz.srf") {
        guard let out = try? srf.encoded(), out == data else { fatalError("SRF round trip differs") }
        _ = srf.summary().description
        _ = srf.rasPositions(frame: srf.frame().frame)
        _ = srf.rasNormals()
        // Ring lists from arbitrary (validated) triangles must not trap either.
        if let ring = try? MeshTopology.ringNeighbours(triangles: srf.triangles, vertexCount: srf.vertexCount) {
            guard ring.inconsistency == nil else { fatalError("ring neighbours inconsistent") }
        }
    }
    return 0
}
