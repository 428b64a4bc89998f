import Foundation

extension POIFile {
    /// Parses POI text (keys in any order and padding, LF or CR LF); vertex indices must lie in
    /// 0..<NrOfMeshVertices and counts must fit in the bytes left.
    public init(data: Data, name: String) throws {
        self = try data.withUnsafeBytes { raw in
            var s = TextLineScanner(raw, file: name)
            return try POIFile.parse(&s, source: data)
        }
    }

    private static func parse(_ s: inout TextLineScanner, source: Data) throws -> POIFile {
        var header: [TextHeaderEntry] = []
        var pois: [POI] = []
        var mtcs: [RawString]?
        var declared: Int?
        var current: POI?
        var meshVertices: Int?

        func finish() {
            if let poi = current { pois.append(poi) }
            current = nil
        }
        func requireCurrent(_ line: TextLineScanner.Line, _ key: String) throws {
            guard current != nil else { throw s.error(line, key, "appears before any NameOfPOI") }
        }
        // Keys may come in any order, so NrOfMeshVertices can follow the POIs: indices are checked here when
        // the count is already known (the error names the line) and all of them again at the end.
        // `field` is built only on error: the vertex lists are the hot path (41k lines per hemisphere).
        func index(_ line: TextLineScanner.Line, _ range: Range<Int>, _ field: @autoclosure () -> String,
                   allowNone: Bool = false) throws -> Int32 {
            guard let v = s.integer(range) else { throw s.error(line, field(), "\"\(s.text(range).prefix(40))\" is not an integer") }
            if allowNone && v == POI.noLabelVertex { return Int32(v) }
            guard v >= 0, v <= Int(Int32.max) else { throw s.error(line, field(), "vertex index \(v) is negative or too large") }
            if let n = meshVertices, v >= n { throw s.error(line, field(), "vertex index \(v) outside 0..<\(n)") }
            return Int32(v)
        }
        while let line = s.nextLine() {
            let (key, value) = try s.entry(line)
            switch key.lowercased() {
            case "nrofpois":
                declared = try s.count(line, value, "NrOfPOIs", items: "POIs")
            case "nameofpoi":
                finish()
                current = POI(name: RawString(bytes: unquoted(s.raw(value))), color: .zero, vertices: [], infoTextFile: nil)
            case "infotextfile":
                try requireCurrent(line, "InfoTextFile")
                current!.infoTextFile = RawString(bytes: unquoted(s.raw(value)))
            case "colorofpoi":
                try requireCurrent(line, "ColorOfPOI")
                current!.color = try s.rgb(line, value, "ColorOfPOI")
            case "labelvertex":
                try requireCurrent(line, "LabelVertex")
                current!.labelVertex = try index(line, value, "LabelVertex", allowNone: true)
            case "nrofvertices":
                try requireCurrent(line, "NrOfVertices")
                let n = try s.count(line, value, "NrOfVertices", items: "vertices", bytesPerItem: 2)
                var list = [Int32]()
                list.reserveCapacity(n)
                for k in 0..<n {
                    guard let v = s.nextLine() else {
                        throw s.error(nil, "NrOfVertices", "POI \"\(current!.name)\": file ends after \(k) of \(n) vertices")
                    }
                    list.append(try index(v, v, "vertex \(k + 1) of POI \"\(current!.name)\""))
                }
                current!.vertices = list
            case "nrofpoimtcs":
                finish()
                let n = try s.count(line, value, "NrOfPOIMTCs", items: "names", bytesPerItem: 1)
                mtcs = try s.lines(n, "NrOfPOIMTCs", items: "names").map { RawString(bytes: unquoted($0)) }
            case "nrofmeshvertices":
                // A header key wherever it appears (some writers put it after the POIs).
                guard meshVertices == nil else { throw s.error(line, "NrOfMeshVertices", "appears twice") }
                guard let n = s.integer(value), n >= 0, n <= Int(Int32.max) else {
                    throw s.error(line, "NrOfMeshVertices", "\"\(s.text(value))\" is not a count")
                }
                meshVertices = n
                header.append(TextHeaderEntry(key: key, value: RawString(bytes: s.raw(value))))
            default:
                let entry = TextHeaderEntry(key: key, value: RawString(bytes: s.raw(value)))
                if current != nil {
                    current!.extraEntries.append(entry)
                } else {
                    header.append(entry)
                }
            }
        }
        finish()
        let file = POIFile(header: header, pois: pois, mtcs: mtcs, sourceBytes: source)
        _ = try s.version(file.value("FileVersion"), format: "POI", known: 1...2)
        guard let meshVertices else { throw s.error(nil, "NrOfMeshVertices", "missing") }
        for poi in pois {
            if let label = poi.labelVertex, label != POI.noLabelVertex, Int(label) >= meshVertices {
                throw s.error(nil, "LabelVertex", "POI \"\(poi.name)\": vertex index \(label) outside 0..<\(meshVertices)")
            }
            if let k = poi.vertices.firstIndex(where: { Int($0) >= meshVertices }) {
                throw s.error(nil, "vertex \(k + 1) of POI \"\(poi.name)\"",
                              "vertex index \(poi.vertices[k]) outside 0..<\(meshVertices) (NrOfMeshVertices)")
            }
        }
        try s.checkDeclared(declared, found: pois.count, field: "NrOfPOIs", items: "POIs")
        return file
    }
}
