// libFuzzer target for the VMR and V16 readers (built and run by Scripts/fuzz.sh, not by SwiftPM).
import Foundation

public func fuzzVMR(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    if let vmr = try? VMRFile(data: data, name: "fuzz.vmr") {
        // Whatever the reader accepts, the writer must reproduce byte for byte.
        guard let out = try? vmr.encoded(), out == data else { fatalError("VMR round trip differs") }
        _ = vmr.summary().description
        _ = vmr.describe()
    }
    if let v16 = try? V16File(data: data, name: "fuzz.v16") {
        guard let out = try? v16.encoded(), out == data else { fatalError("V16 round trip differs") }
    }
    return 0
}
