// libFuzzer target for the POI reader and writer (built and run by Scripts/fuzz.sh, not by SwiftPM).
import Foundation

public func fuzzPOI(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    if let poi = try? POIFile(data: data, name: "fuzz.poi") {
        let canonical = poi.canonicalEncoding()
        guard let back = try? POIFile(data: canonical, name: "canonical.poi") else {
            fatalError("canonical POI does not parse")
        }
        guard back.header == poi.header, back.pois == poi.pois, back.mtcs == poi.mtcs else {
            fatalError("canonical POI content differs")
        }
        _ = poi.summary().description
    }
    return 0
}
