import Foundation

/// One volume of interest: a named, coloured voxel list.
public struct VOI: Hashable, Sendable {
    public var name: RawString
    /// Display colour (v2+); nil in v1 files.
    public var color: SIMD3<UInt8>?
    /// Voxel indices (BV/NATIVE/ACPC) or integer mm (TAL/MNI), as stored; may contain duplicates.
    public var voxels: [SIMD3<Int32>]
    /// Keys this reader does not know, in file order.
    public var extraEntries: [TextHeaderEntry]

    public init(name: RawString, color: SIMD3<UInt8>?, voxels: [SIMD3<Int32>], extraEntries: [TextHeaderEntry] = []) {
        self.name = name
        self.color = color
        self.voxels = voxels
        self.extraEntries = extraEntries
    }
}

/// A BrainVoyager VOI file, versions 1–4 (docs/file-formats.md §5). The bytes read are kept, so an unchanged
/// file writes back identically; any change writes BrainVoyager's layout.
public struct VOIFile: Sendable, KeyValueTextFile {
    /// Header lines before the first VOI (except `NrOfVOIs`), in file order, values as written.
    public var header: [TextHeaderEntry] { didSet { sourceBytes = nil } }
    public var vois: [VOI] { didSet { sourceBytes = nil } }
    /// Unknown keys after the `NrOfVOIVTCs` list (keys between VOIs belong to the VOI before them).
    public var footer: [TextHeaderEntry] { didSet { sourceBytes = nil } }
    /// Linked VTC/file list (`NrOfVOIVTCs`); nil when the key is absent.
    public var vtcs: [RawString]? { didSet { sourceBytes = nil } }
    /// The bytes this value was read from, until anything changes.
    public private(set) var sourceBytes: Data?

    /// An empty VOI file of `version` in `referenceSpace`, with BV's default header.
    public init(version: Int = 4, referenceSpace: ReferenceSpace, frame: VolumeFrame = .canonical, vois: [VOI] = []) {
        var h = [TextHeaderEntry(key: "FileVersion", value: RawString(String(version)))]
        if version >= 4 {
            h.append(.init(key: "ReferenceSpace", value: RawString(referenceSpace.voiName)))
            for (axis, v) in zip(["X", "Y", "Z"], [frame.voxelSize.x, frame.voxelSize.y, frame.voxelSize.z]) {
                h.append(.init(key: "OriginalVMRResolution\(axis)", value: RawString(Self.number(v))))
            }
            for (axis, v) in zip(["X", "Y", "Z"], [frame.offset.x, frame.offset.y, frame.offset.z]) {
                h.append(.init(key: "OriginalVMROffset\(axis)", value: RawString(String(Int(v)))))
            }
            h.append(.init(key: "OriginalVMRFramingCubeDim", value: RawString(String(frame.framingCubeDim))))
            h.append(.init(key: "LeftRightConvention", value: "1"))
        } else {
            h.append(.init(key: "CoordsType", value: RawString(referenceSpace.isStereotaxic ? "TAL" : "BV")))
        }
        if version >= 3 { h.append(.init(key: "SubjectVOINamingConvention", value: "<VOI>_<SUBJ>")) }
        header = h
        self.vois = vois
        footer = []
        vtcs = version >= 4 ? [] : nil
        sourceBytes = nil
    }

    init(header: [TextHeaderEntry], vois: [VOI], footer: [TextHeaderEntry], vtcs: [RawString]?, sourceBytes: Data?) {
        self.header = header
        self.vois = vois
        self.footer = footer
        self.vtcs = vtcs
        self.sourceBytes = sourceBytes
    }

    /// `ReferenceSpace` (v4) or `CoordsType` (v1–v3) as written; `BV` when missing.
    public var referenceSpaceName: String { value("ReferenceSpace") ?? value("CoordsType") ?? "BV" }

    /// The space of `referenceSpaceName`. A name BV knows but this reader does not (`mTAL`, …) is read by
    /// what it contains: MNI → `.mni`, TAL → `.talairach` (millimetre lines), anything else → `.unknown`
    /// (voxel indices); `warnings` says so.
    public var referenceSpace: ReferenceSpace {
        if let known = ReferenceSpace(voiName: referenceSpaceName) { return known }
        let name = referenceSpaceName.uppercased()
        if name.contains("MNI") { return .mni }
        if name.contains("TAL") { return .talairach }
        return .unknown
    }

    /// False when `referenceSpaceName` is none of BV, NATIVE, ACPC, TAL, MNI.
    public var hasKnownReferenceSpace: Bool { ReferenceSpace(voiName: referenceSpaceName) != nil }

    /// True when the coordinate lines are mm (TAL/MNI), false when they are BV voxel indices.
    public var coordinatesAreMillimetres: Bool { referenceSpace.isStereotaxic }

    /// Things a reader should know but that do not stop the file from being used (`inspect` prints them).
    public var warnings: [String] {
        guard !hasKnownReferenceSpace else { return [] }
        let reading = coordinatesAreMillimetres ? "\(referenceSpace) millimetres" : "voxel indices of the original VMR"
        return ["ReferenceSpace: \"\(referenceSpaceName)\" is not one of BV, NATIVE, ACPC, TAL, MNI; coordinates are read as \(reading)"]
    }

    /// The original VMR's frame from the v4 header (defaults: 1 mm, offsets 0, cube 256).
    public var originalFrame: VolumeFrame {
        func d(_ key: String, _ fallback: Double) -> Double { value(key).flatMap { Double($0) } ?? fallback }
        return VolumeFrame(
            voxelSize: [d("OriginalVMRResolutionX", 1), d("OriginalVMRResolutionY", 1), d("OriginalVMRResolutionZ", 1)],
            offset: [d("OriginalVMROffsetX", 0), d("OriginalVMROffsetY", 0), d("OriginalVMROffsetZ", 0)],
            framingCubeDim: value("OriginalVMRFramingCubeDim").flatMap { Int($0) } ?? 256)
    }

    public var leftRightConvention: Int {
        (value("LeftRightConvention") ?? value("DataLeftRightConvention")).flatMap { Int($0) } ?? 1
    }

    public var subjectVOINamingConvention: String { value("SubjectVOINamingConvention") ?? "<VOI>_<SUBJ>" }

    /// Shortest decimal text for a header number (`1` rather than `1.0`, as BV writes).
    static func number(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(Float(v))
    }
}
