// libFuzzer target for the VOI reader and writer (built and run by Scripts/fuzz.sh, not by SwiftPM).
import Foundation

public func fuzzVOI(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    if let voi = try? VOIFile(data: data, name: "fuzz.voi") {
        // BrainVoyager's layout of anything accepted must read back to the same content.
        let canonical = voi.canonicalEncoding()
        guard let back = try? VOIFile(data: canonical, name: "canonical.voi") else {
            fatalError("canonical VOI does not parse")
        }
        guard back.header == voi.header, back.vois == voi.vois, back.vtcs == voi.vtcs, back.footer == voi.footer else {
            fatalError("canonical VOI content differs")
        }
        _ = voi.summary().description
    }
    return 0
}
