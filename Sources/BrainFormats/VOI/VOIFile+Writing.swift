import Foundation

extension VOIFile {
    /// The bytes read, if nothing changed since; otherwise BrainVoyager's layout (`canonicalEncoding`).
    public func encoded() -> Data {
        sourceBytes ?? canonicalEncoding()
    }

    /// BrainVoyager's own layout: keys padded to column 28 in the header and 12 per VOI, blank-line groups
    /// as BV 21+ writes them, LF line ends.
    public func canonicalEncoding() -> Data {
        var w = TextLineWriter()
        w.bytes.reserveCapacity(256 + vois.reduce(0) { $0 + 32 + 14 * $1.voxels.count })
        w.blank()
        var previousGroup: Int?
        for entry in header {
            let group = Self.headerGroup(entry.key)
            if let previousGroup, previousGroup != group || group < 0 { w.blank() }
            w.key(entry.key, entry.value.bytes, column: 28)
            previousGroup = group
        }
        w.blank()
        w.blank()
        w.key("NrOfVOIs", String(vois.count), column: 28)
        w.blank()
        for voi in vois {
            w.key("NameOfVOI", voi.name.bytes, column: 12)
            if let c = voi.color { w.key("ColorOfVOI", "\(c.x) \(c.y) \(c.z)", column: 12) }
            for extra in voi.extraEntries { w.key(extra.key, extra.value.bytes, column: 12) }
            w.blank()
            w.key("NrOfVoxels", String(voi.voxels.count), column: 12)
            for v in voi.voxels {
                w.int(v.x)
                w.bytes.append(0x20)
                w.int(v.y)
                w.bytes.append(0x20)
                w.int(v.z)
                w.bytes.append(0x0A)
            }
            w.blank()
        }
        if let vtcs {
            w.blank()
            w.key("NrOfVOIVTCs", String(vtcs.count), column: 0)
            for path in vtcs { w.line(path.bytes) }
        }
        // Unknown keys read after the file list go back after it.
        for entry in footer { w.key(entry.key, entry.value.bytes, column: 28) }
        return Data(w.bytes)
    }

    /// BV separates these header groups with one blank line; unknown keys stand alone (−1).
    private static func headerGroup(_ key: String) -> Int {
        switch key {
        case "FileVersion": 0
        case "ReferenceSpace", "CoordsType": 1
        case _ where key.hasPrefix("OriginalVMR"): 2
        case "LeftRightConvention", "DataLeftRightConvention": 3
        case "SubjectVOINamingConvention": 4
        default: -1
        }
    }
}
