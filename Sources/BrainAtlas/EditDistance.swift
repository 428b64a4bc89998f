/// Optimal-string-alignment distance (Levenshtein plus adjacent transpositions) on bytes, the
/// edit count behind region search's similarity. Search runs it for thousands of name pairs on
/// each `info`, so the table rows live on the stack and a bounded call stops once the bound is
/// out of reach.
enum EditDistance {
    /// The distance between `a` and `b`, or `bound + 1` when it is larger than `bound`.
    static func distance(_ a: [UInt8], _ b: [UInt8], bound: Int = .max) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        let n = b.count + 1
        let over = bound == .max ? bound : bound + 1
        return a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                withUnsafeTemporaryAllocation(of: Int.self, capacity: 3 * n) { r -> Int in
                    // Row i of the table lives in slot i % 3; only the last three rows are needed.
                    for j in 0..<n { r[j] = j }
                    // A path through the table visits every row but may step over one with a
                    // transposition, and its cost never falls; so once two rows in a row lie
                    // wholly above the bound, so does the answer.
                    var previousRowOver = false
                    for i in 1...a.count {
                        let prev2 = (i + 1) % 3 * n, prev = (i - 1) % 3 * n, cur = i % 3 * n
                        r[cur] = i
                        var rowLeast = i
                        for j in 1...b.count {
                            let cost = a[i - 1] == b[j - 1] ? 0 : 1
                            var v = min(r[prev + j] + 1, r[cur + j - 1] + 1, r[prev + j - 1] + cost)
                            if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { v = min(v, r[prev2 + j - 2] + 1) }
                            r[cur + j] = v
                            rowLeast = min(rowLeast, v)
                        }
                        let rowOver = rowLeast > bound
                        if rowOver && previousRowOver { return over }
                        previousRowOver = rowOver
                    }
                    return min(r[a.count % 3 * n + b.count], over)
                }
            }
        }
    }

    /// The largest distance at which two texts, the longer `longest` bytes, are still at least
    /// `floor` similar (similarity is 1 − distance / longest, computed exactly as `similarity` does).
    static func bound(longest: Int, floor: Double) -> Int {
        var d = Int(Double(longest) * (1 - floor)) + 1
        while d >= 0 && 1 - Double(d) / Double(longest) < floor { d -= 1 }
        return d
    }
}
