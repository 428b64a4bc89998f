import Foundation

/// A BrainVoyager NR-VMP volume map file (version 6): several 3-D float maps on one box of the VMR framing cube.
public struct VMPFile: Sendable, Equatable {
    /// The first four bytes of every NR-VMP file (`D4 C3 B2 A1`).
    public static let magic: Int32 = -1_582_119_980
    /// The one layout read and written (the one BrainVoyager 2.x and later and bvbabel use).
    public static let supportedVersion: Int16 = 6

    public var version: Int16
    /// 1 = NR-VMP (the only type with this layout).
    public var documentType: Int16
    public var maps: [VMPMap]
    /// `NrOfTimePoints`: the length of each map's component time course (ICA maps; usually 0).
    public var timePointCount: Int32
    /// Per map, `timePointCount` time-course values; empty when `timePointCount` is 0.
    public var timeCourses: [[Float]]
    public var componentParameters: [VMPComponentParameter]
    public var showParamsRange: SIMD2<Int32>
    public var fingerprintParamsRange: SIMD2<Int32>
    /// The box in the framing cube: voxel indices, end exclusive, BV axes (x = A→P, y = S→I, z = R→L).
    public var start: SIMD3<Int32>
    public var end: SIMD3<Int32>
    /// Edge of one map voxel in framing-cube voxels (1–3 mm for a 1 mm VMR).
    public var resolution: Int32
    /// The VMR's dimensions (the framing cube).
    public var vmrDims: SIMD3<Int32>
    public var vtcFileName: RawString
    public var protocolFileName: RawString
    public var voiFileName: RawString
    /// Every map's values, map after map, each x fastest, then y, then z.
    public var values: MapValues
    /// Bytes after the maps (none in files BrainVoyager or bvbabel write), kept for a byte-exact round trip.
    public var trailingBytes: [UInt8]

    /// Map voxels per axis: `(end − start) / resolution`, rounded down as BrainVoyager does.
    public var dims: SIMD3<Int> {
        guard resolution > 0 else { return .zero }
        return SIMD3(Int(end.x - start.x), Int(end.y - start.y), Int(end.z - start.z)) / Int(resolution)
    }

    public var voxelsPerMap: Int { dims.x * dims.y * dims.z }

    /// The values of map `index` (a view, not a copy).
    public func mapValues(_ index: Int) -> MapValues {
        let size = voxelsPerMap * 4
        return MapValues(bytes: FileSource.subdata(values.bytes, (index * size)..<((index + 1) * size)))
    }

    /// A file of `maps.count` maps on the box `start..<end` of a `vmrDims` cube; `values` holds them map after map.
    public init(maps: [VMPMap], start: SIMD3<Int32>, end: SIMD3<Int32>, resolution: Int32,
                vmrDims: SIMD3<Int32> = SIMD3(repeating: 256), values: MapValues) {
        version = Self.supportedVersion
        documentType = 1
        self.maps = maps
        timePointCount = 0
        timeCourses = []
        componentParameters = []
        showParamsRange = .zero
        fingerprintParamsRange = .zero
        self.start = start
        self.end = end
        self.resolution = resolution
        self.vmrDims = vmrDims
        vtcFileName = ""
        protocolFileName = ""
        voiFileName = ""
        self.values = values
        trailingBytes = []
    }
}
