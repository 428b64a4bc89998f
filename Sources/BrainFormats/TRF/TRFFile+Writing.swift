import Foundation

extension TRFFile {
    /// BrainVoyager's layout: keys padded to a 20-character column, matrix numbers with 16 decimals in 20 columns.
    public func encoded() -> Data {
        var out = ""
        for line in lines {
            switch line {
            case .blank:
                out += "\n"
            case let .field(key, value):
                let head = key + ":"
                out += head + String(repeating: " ", count: max(1, Self.valueColumn - head.count)) + value + "\n"
            case let .matrix(m):
                for row in m.rows {
                    out += row.map { String(format: "%20.16f", Double($0)) }.joined(separator: " ") + "\n"
                }
            }
        }
        return Data(out.utf8)
    }

    public func write(to url: URL) throws {
        try AtomicFile.write(encoded(), to: url)
    }

    /// Where values start in BrainVoyager's files.
    static let valueColumn = 20
}
