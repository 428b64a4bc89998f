import Foundation

/// A BrainVoyager SMP surface map file (versions 1–5): maps of one value per vertex of an SRF.
public struct SMPFile: Sendable, Equatable {
    public static let supportedVersions: ClosedRange<Int16> = 1...5

    public var version: Int16
    /// Vertices of the mesh the maps belong to (every map has this many values).
    public var vertexCount: Int32
    public var srfFileName: RawString
    public var maps: [SMPMap]
    /// Bytes after the last map (none in files BrainVoyager or bvbabel write), kept for a byte-exact round trip.
    public var trailingBytes: [UInt8]

    public init(version: Int16 = 5, vertexCount: Int32, srfFileName: RawString = "", maps: [SMPMap]) {
        self.version = version
        self.vertexCount = vertexCount
        self.srfFileName = srfFileName
        self.maps = maps
        trailingBytes = []
    }
}
