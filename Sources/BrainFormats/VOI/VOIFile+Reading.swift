import Foundation

extension VOIFile {
    /// Parses VOI text (keys in any order and padding, LF or CR LF). Counts are checked against the
    /// bytes left, coordinates must be three integers, and `NrOfVOIs` must match the VOIs found.
    public init(data: Data, name: String) throws {
        self = try data.withUnsafeBytes { raw in
            var s = TextLineScanner(raw, file: name)
            return try VOIFile.parse(&s, source: data)
        }
    }

    private static func parse(_ s: inout TextLineScanner, source: Data) throws -> VOIFile {
        var header: [TextHeaderEntry] = []
        var vois: [VOI] = []
        var footer: [TextHeaderEntry] = []
        var vtcs: [RawString]?
        var declaredVOIs: Int?
        var current: VOI?

        func finishCurrent() {
            if let voi = current { vois.append(voi) }
            current = nil
        }
        while let line = s.nextLine() {
            let (key, value) = try s.entry(line)
            switch key.lowercased() {
            case "nrofvois":
                declaredVOIs = try s.count(line, value, "NrOfVOIs", items: "VOIs")
            case "nameofvoi":
                finishCurrent()
                current = VOI(name: RawString(bytes: s.raw(value)), color: nil, voxels: [])
            case "colorofvoi":
                guard current != nil else { throw s.error(line, "ColorOfVOI", "appears before any NameOfVOI") }
                current!.color = try s.rgb(line, value, "ColorOfVOI")
            case "nrofvoxels":
                guard current != nil else { throw s.error(line, "NrOfVoxels", "appears before any NameOfVOI") }
                // A coordinate line takes at least 6 bytes ("0 0 0\n"), which bounds the allocation.
                let n = try s.count(line, value, "NrOfVoxels", items: "voxels", bytesPerItem: 5)
                current!.voxels = try readVoxels(&s, count: n, voi: current!.name.string)
            case "nrofvoivtcs":
                finishCurrent()
                let n = try s.count(line, value, "NrOfVOIVTCs", items: "paths", bytesPerItem: 1)
                vtcs = try s.lines(n, "NrOfVOIVTCs", items: "paths").map { RawString(bytes: $0) }
            default:
                let entry = TextHeaderEntry(key: key, value: RawString(bytes: s.raw(value)))
                if current != nil {
                    current!.extraEntries.append(entry)
                } else if vois.isEmpty {
                    header.append(entry)
                } else {
                    footer.append(entry)
                }
            }
        }
        finishCurrent()

        let file = VOIFile(header: header, vois: vois, footer: footer, vtcs: vtcs, sourceBytes: source)
        let version = try s.version(file.value("FileVersion"), format: "VOI", known: 1...4)
        // An unknown ReferenceSpace (BV also knows e.g. `mTAL`) is kept as written; see `referenceSpace`/`warnings`.
        try s.checkDeclared(declaredVOIs, found: vois.count, field: "NrOfVOIs", items: "VOIs")
        for voi in vois where version >= 2 && voi.color == nil {
            throw s.error(nil, "ColorOfVOI", "VOI \"\(voi.name)\" has no colour (required from version 2)")
        }
        return file
    }

    private static func readVoxels(_ s: inout TextLineScanner, count: Int, voi: String) throws -> [SIMD3<Int32>] {
        var out = [SIMD3<Int32>]()
        out.reserveCapacity(count)
        var c: (Int64, Int64, Int64) = (0, 0, 0)
        let range = Int64(Int32.min)...Int64(Int32.max)
        for k in 0..<count {
            if let v = s.intTriple(), range.contains(v.0), range.contains(v.1), range.contains(v.2) {
                out.append(SIMD3(Int32(truncatingIfNeeded: v.0), Int32(truncatingIfNeeded: v.1), Int32(truncatingIfNeeded: v.2)))
                continue
            }
            // Slow path only to explain the problem.
            guard let line = s.nextLine() else {
                throw s.error(nil, "NrOfVoxels", "VOI \"\(voi)\": file ends after \(k) of \(count) voxels")
            }
            guard s.integers(line, into: &c, max: 3) == 3, range.contains(c.0), range.contains(c.1), range.contains(c.2) else {
                throw s.error(line, "voxel \(k + 1) of VOI \"\(voi)\"", "\"\(s.text(line).prefix(60))\" is not three integers")
            }
            throw s.error(line, "voxel \(k + 1) of VOI \"\(voi)\"", "\"\(s.text(line).prefix(60))\" could not be read")
        }
        return out
    }
}
