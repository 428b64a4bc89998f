import Foundation

/// Assembles a PDF 1.4 file from numbered objects: the header, each object at a recorded byte
/// offset, the cross-reference table that lists those offsets, and the trailer. Objects are
/// added in number order starting at 1; object 1 must be the document catalog.
struct PDFWriter {
    private(set) var bytes: [UInt8] = Array("%PDF-1.4\n%\u{E2}\u{E3}\u{CF}\u{D3}\n".utf8)
    private var offsets: [Int] = []

    /// The number the next object gets.
    var nextNumber: Int { offsets.count + 1 }

    /// Adds object `nextNumber` with `dictionary` (the text between `<<` and `>>`) and, if given,
    /// a stream whose `/Length` is added to the dictionary.
    mutating func add(_ dictionary: String, stream: [UInt8]? = nil) {
        offsets.append(bytes.count)
        let head = "\(offsets.count) 0 obj\n<< \(dictionary)"
        if let stream {
            bytes += Array((head + " /Length \(stream.count) >>\nstream\n").utf8)
            bytes += stream
            bytes += Array("\nendstream\nendobj\n".utf8)
        } else {
            bytes += Array((head + " >>\nendobj\n").utf8)
        }
    }

    /// The finished file: cross-reference table and trailer appended.
    func finished() -> [UInt8] {
        var out = bytes
        let table = out.count
        var xref = "xref\n0 \(offsets.count + 1)\n0000000000 65535 f \n"
        for offset in offsets { xref += String(format: "%010d 00000 n \n", offset) }
        xref += "trailer\n<< /Size \(offsets.count + 1) /Root 1 0 R >>\nstartxref\n\(table)\n%%EOF\n"
        out += Array(xref.utf8)
        return out
    }
}
