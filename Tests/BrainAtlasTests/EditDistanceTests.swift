import Testing
@testable import BrainAtlas

/// The bounded edit distance behind region search: whatever the bound, it must agree with the
/// full table wherever the answer is within the bound, and say "over" exactly when it is not.
@Suite struct EditDistanceTests {
    /// The full optimal-string-alignment table, written out plainly as the yardstick.
    static func reference(_ a: [UInt8], _ b: [UInt8]) -> Int {
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in stride(from: 1, through: a.count, by: 1) {
            for j in stride(from: 1, through: b.count, by: 1) {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1) }
            }
        }
        return d[a.count][b.count]
    }

    /// Words of region names and their typical misspellings: adjacent swaps (which the early stop
    /// must not cut off, as a transposition steps over a row), dropped and doubled letters.
    static let words: [[UInt8]] = {
        let names = ["precentral", "postcentral", "hippocampus", "parahippocampal", "amygdala", "thalamus",
                     "cingulate", "insula", "cuneus", "precuneus", "fusiform", "lingual", "calcarine",
                     "supramarginal", "angular", "opercularis", "triangularis", "orbitalis", "heschl",
                     "entorhinal", "putamen", "pallidum", "caudate", "accumbens", "ventricle", "a", "ab", "ba"]
        var out: [[UInt8]] = []
        for name in names {
            let w = Array(name.utf8)
            out.append(w)
            for i in stride(from: 0, to: w.count - 1, by: 3) { var s = w; s.swapAt(i, i + 1); out.append(s) }
            if w.count > 3 { var d = w; d.remove(at: w.count / 2); out.append(d) }
            if w.count > 2 { var t = w; t.insert(w[1], at: 1); out.append(t) }
        }
        return out
    }()

    @Test func boundedDistanceAgreesWithTheFullTable() {
        var compared = 0
        for a in Self.words {
            for b in Self.words {
                let exact = Self.reference(a, b)
                #expect(EditDistance.distance(a, b) == exact)
                for bound in 0...4 {
                    let got = EditDistance.distance(a, b, bound: bound)
                    #expect(got == (exact <= bound ? exact : bound + 1), "\(String(decoding: a, as: UTF8.self)) / \(String(decoding: b, as: UTF8.self)) bound \(bound)")
                    compared += 1
                }
            }
        }
        #expect(compared > 10_000)
        #expect(EditDistance.distance(Array("ab".utf8), Array("ba".utf8), bound: 0) == 1)
        #expect(EditDistance.distance(Array("precentral".utf8), Array("precentarl".utf8), bound: 1) == 1)
    }

    @Test func gatedSimilarityIsTheSimilarityAboveItsFloor() {
        for a in Self.words {
            for b in Self.words {
                let full = TextMatching.similarity(a, b)
                for floor in [0.7, 0.75] {
                    #expect(TextMatching.similarity(a, b, atLeast: floor) == (full >= floor ? full : 0))
                }
            }
        }
    }

    @Test func boundIsTheLargestDistanceThatKeepsTheFloor() {
        for longest in 1...40 {
            for floor in [0.7, 0.75] {
                let d = EditDistance.bound(longest: longest, floor: floor)
                #expect(1 - Double(d) / Double(longest) >= floor)
                #expect(1 - Double(d + 1) / Double(longest) < floor)
            }
        }
    }
}
