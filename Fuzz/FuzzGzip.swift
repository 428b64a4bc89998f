// libFuzzer target for gzip decoding (built and run by Scripts/fuzz.sh, not by SwiftPM).
import Foundation

public func fuzzGzip(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    if let out = try? Gzip.decompress(data, file: "fuzz.gz") {
        guard out.count <= max(65_536, data.count * Gzip.maxExpansionRatio) else { fatalError("gzip cap exceeded") }
    }
    return 0
}
