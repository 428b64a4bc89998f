// libFuzzer target for the header reads that bound decompression (built and run by Scripts/fuzz.sh,
// not by SwiftPM). Every format's size limit must throw or give a size, never trap, on any first bytes.
import Foundation

public func fuzzSizeLimits(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let head = Data(bytes: start, count: count)
    for format in FormatRegistry.formats {
        if let limit = try? format.sizeLimit(head, "fuzz.\(format.extensions[0]).gz"), limit < 0 {
            fatalError("\(format.name): negative size limit \(limit)")
        }
    }
    return 0
}
