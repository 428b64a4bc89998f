// libFuzzer target for the VMP and SMP readers and writers (built by Scripts/fuzz.sh, not by SwiftPM).
import Foundation

public func fuzzMaps(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    if let vmp = try? VMPFile(data: data, name: "fuzz.vmp") {
        // Whatever the reader accepts, the writer must reproduce byte for byte.
        guard let out = try? vmp.encoded(), out == data else { fatalError("VMP round trip differs") }
        _ = vmp.summary().description
        _ = vmp.describe()
    }
    if let smp = try? SMPFile(data: data, name: "fuzz.smp") {
        guard let out = try? smp.encoded(), out == data else { fatalError("SMP round trip differs") }
        _ = smp.summary().description
    }
    return 0
}
