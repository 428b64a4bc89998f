/// The space a volume or VOI lives in (VMR v4 `ReferenceSpace` byte, VOI `ReferenceSpace`/`CoordsType` key).
public enum ReferenceSpace: Hashable, Sendable, CustomStringConvertible {
    case unknown
    case native
    case acpc
    case talairach
    case mni
    /// A VMR code this reader does not know (BV's "mTAL" code is undocumented).
    case other(UInt8)

    /// From the VMR v4 byte: 0 unknown, 1 native, 2 ACPC, 3 Talairach, 4 MNI.
    public init(vmrCode: UInt8) {
        switch vmrCode {
        case 0: self = .unknown
        case 1: self = .native
        case 2: self = .acpc
        case 3: self = .talairach
        case 4: self = .mni
        default: self = .other(vmrCode)
        }
    }

    public var vmrCode: UInt8 {
        switch self {
        case .unknown: 0
        case .native: 1
        case .acpc: 2
        case .talairach: 3
        case .mni: 4
        case .other(let code): code
        }
    }

    /// From a VOI keyword (`BV`, `NATIVE`, `ACPC`, `TAL`, `MNI`, case-insensitive); nil when unknown.
    public init?(voiName: String) {
        switch voiName.uppercased() {
        case "BV": self = .unknown
        case "NATIVE": self = .native
        case "ACPC": self = .acpc
        case "TAL", "TALAIRACH": self = .talairach
        case "MNI": self = .mni
        default: return nil
        }
    }

    /// The keyword BrainVoyager writes in VOI files.
    public var voiName: String {
        switch self {
        case .unknown, .other: "BV"
        case .native: "NATIVE"
        case .acpc: "ACPC"
        case .talairach: "TAL"
        case .mni: "MNI"
        }
    }

    /// True for spaces whose coordinates are millimetres around the AC (VOI lines are mm, not voxels).
    public var isStereotaxic: Bool { self == .talairach || self == .mni }

    public var description: String {
        switch self {
        case .unknown: "unknown"
        case .native: "native"
        case .acpc: "ACPC"
        case .talairach: "Talairach"
        case .mni: "MNI"
        case .other(let code): "code \(code)"
        }
    }
}
