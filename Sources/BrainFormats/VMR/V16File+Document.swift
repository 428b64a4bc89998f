import Foundation

extension FileFormat {
    public static let v16 = FileFormat(name: "v16", extensions: ["v16"], sizeLimit: VMRHeader.v16FileSize) { try V16File(data: $0, name: $1) }
}

extension V16File: FormatDocument {
    public var formatName: String { "v16" }
    public func encodedDocument() throws -> Data { try encoded() }

    public func summary() -> JSONValue {
        .object([("format", .string("v16")), ("dims", .ints([dims.x, dims.y, dims.z]))])
    }

    public func describe() -> String { "V16: \(dims.x) × \(dims.y) × \(dims.z) 16-bit voxels" }
}
