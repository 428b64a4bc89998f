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
                for r in 0..<4 {
                    out += (0..<4).map { Self.padded(m.text(r, $0)) }.joined(separator: " ") + "\n"
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

    static func padded(_ text: String) -> String { String(repeating: " ", count: max(0, 20 - text.count)) + text }

    /// `v` with 16 decimals, an exact tie rounded away from zero as BrainVoyager 8-version files show
    /// (−2.13773345947265625 → …563; a version-5 sample rounds its tie to even instead). Exact: a float is M·2^E with M < 2^24,
    /// so its fraction times 10^16 fits 128 bits.
    static func decimal16(_ v: Float) -> String {
        guard v.isNormal else { return "0.0000000000000000" }
        let m = UInt128(v.significandBitPattern | (1 << 23)), e = Int(v.exponent) - 23
        var integer: UInt128, digits: UInt128 = 0
        if e >= 0 {
            integer = m << e
        } else {
            let n = -e
            integer = n >= 128 ? 0 : m >> n
            let fraction = n >= 128 ? m : m & ((1 << n) - 1)
            let scaled = fraction * 10_000_000_000_000_000
            if n < 128 {
                digits = scaled >> n
                let rest = scaled - (digits << n)
                if rest >= (1 << (n - 1)) { digits += 1 }
                if digits == 10_000_000_000_000_000 { digits = 0; integer += 1 }
            }
        }
        let fraction = String(digits)
        return (v < 0 ? "-" : "") + String(integer) + "." + String(repeating: "0", count: 16 - fraction.count) + fraction
    }
}
