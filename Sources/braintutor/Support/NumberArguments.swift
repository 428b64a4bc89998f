import BrainAtlas

/// Reads numbers given as positional arguments (`X Y Z`, `X,Y,Z` or a mix), which argument-parser
/// would take for options when negative, so commands collect them as unrecognized words.
enum NumberArguments {
    /// `words` are what argument-parser left unrecognized: the numbers, plus any `--` (the usual
    /// end-of-options marker before negative numbers) and mistyped options.
    static func parse(_ words: [String], count: Int, field: String, command: String) throws(FieldError) -> [Double] {
        let words = words.filter { $0 != "--" }
        // "--jsn" or "-x" is a mistyped option, not a bad number ("-10" and "-.5" are numbers).
        if let option = words.first(where: isOption) {
            throw FieldError(field, value: option, "is an unknown option (see braintutor \(command) --help)")
        }
        // "1, 2, 3" as pasted from a paper: commas and spaces both separate.
        let parts = words.flatMap { $0.split(whereSeparator: { $0 == "," || $0.isWhitespace }) }.map(String.init)
        guard parts.count == count else {
            throw FieldError(field, value: words.joined(separator: " "), "needs \(count) numbers, got \(parts.count)")
        }
        var values: [Double] = []
        for part in parts {
            guard let v = Double(part), v.isFinite else { throw FieldError(field, value: part, "is not a number") }
            values.append(v)
        }
        return values
    }

    static func isOption(_ word: String) -> Bool {
        guard word.hasPrefix("-"), Double(word) == nil, word.count > 1 else { return false }
        let next = word[word.index(after: word.startIndex)]
        return next == "-" || next.isLetter
    }
}
