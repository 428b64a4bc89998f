import Foundation

extension POIFile {
    /// The bytes read, if nothing changed since; otherwise BrainVoyager's layout (`canonicalEncoding`).
    public func encoded() -> Data { sourceBytes ?? canonicalEncoding() }

    /// BrainVoyager's layout: keys padded to column 18, quoted names, blank-line groups as BV 21+ writes them.
    public func canonicalEncoding() -> Data {
        var w = TextLineWriter()
        w.bytes.reserveCapacity(256 + pois.reduce(0) { $0 + 96 + 7 * $1.vertices.count })
        w.blank()
        for (k, entry) in header.enumerated() {
            if k > 0 { w.blank() }
            w.key(entry.key, entry.value.bytes, column: 18)
        }
        w.blank()
        w.blank()
        w.key("NrOfPOIs", String(pois.count), column: 18)
        w.blank()
        for poi in pois {
            w.key("NameOfPOI", Self.quoted(poi.name.bytes), column: 18)
            if let info = poi.infoTextFile { w.key("InfoTextFile", Self.quoted(info.bytes), column: 18) }
            w.key("ColorOfPOI", "\(poi.color.x) \(poi.color.y) \(poi.color.z)", column: 18)
            if let label = poi.labelVertex { w.key("LabelVertex", String(label), column: 18) }
            for extra in poi.extraEntries { w.key(extra.key, extra.value.bytes, column: 18) }
            w.key("NrOfVertices", String(poi.vertices.count), column: 18)
            for v in poi.vertices {
                w.int(v)
                w.bytes.append(0x0A)
            }
            w.blank()
        }
        if let mtcs {
            w.blank()
            w.key("NrOfPOIMTCs", String(mtcs.count), column: 0)
            for name in mtcs { w.line(Self.quoted(name.bytes)) }
        }
        return Data(w.bytes)
    }
}
