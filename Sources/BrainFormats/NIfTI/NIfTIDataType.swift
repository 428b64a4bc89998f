/// NIfTI-1 voxel data types this reader understands (the `datatype` header code).
public enum NIfTIDataType: Int16, Sendable, CaseIterable {
    case uint8 = 2
    case int16 = 4
    case int32 = 8
    case float32 = 16
    case float64 = 64
    case int8 = 256
    case uint16 = 512
    case uint32 = 768

    /// Name as used in `inspect --json` (`"int16"`, `"float32"`, …).
    public var name: String {
        switch self {
        case .uint8: "uint8"
        case .int16: "int16"
        case .int32: "int32"
        case .float32: "float32"
        case .float64: "float64"
        case .int8: "int8"
        case .uint16: "uint16"
        case .uint32: "uint32"
        }
    }

    public var bytesPerVoxel: Int {
        switch self {
        case .uint8, .int8: 1
        case .int16, .uint16: 2
        case .int32, .uint32, .float32: 4
        case .float64: 8
        }
    }

    public var isInteger: Bool { self != .float32 && self != .float64 }
}
