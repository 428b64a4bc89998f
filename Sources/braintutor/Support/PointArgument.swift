import BrainAtlas

/// Reads a 3-D point given as `X Y Z`, `X,Y,Z` or a mix of both.
enum PointArgument {
    /// `words` are what argument-parser left unrecognized: the point, plus any `--` (the usual
    /// end-of-options marker before negative numbers) and mistyped options.
    static func parse(_ words: [String]) throws -> SIMD3<Double> {
        let words = words.filter { $0 != "--" }
        // "--jsn" or "-x" is a mistyped option, not a bad coordinate ("-10" and "-.5" are numbers).
        if let option = words.first(where: isOption) {
            throw AtlasError.badArgument("'\(option)'", problem: "unknown option (see braintutor where --help)")
        }
        let parts = words.flatMap { $0.split(separator: ",") }.map(String.init).filter { !$0.isEmpty }
        guard parts.count == 3 else {
            throw AtlasError.badArgument("point '\(words.joined(separator: " "))'",
                                         problem: "expected three numbers X Y Z, got \(parts.count)")
        }
        var values: [Double] = []
        for part in parts {
            guard let v = Double(part), v.isFinite else {
                throw AtlasError.badArgument("point", problem: "'\(part)' is not a number")
            }
            values.append(v)
        }
        return SIMD3(values[0], values[1], values[2])
    }

    static func isOption(_ word: String) -> Bool {
        guard word.hasPrefix("-"), Double(word) == nil, word.count > 1 else { return false }
        let next = word[word.index(after: word.startIndex)]
        return next == "-" || next.isLetter
    }
}
