import BrainAtlas

/// Reads a 3-D point given as `X Y Z`, `X,Y,Z` or a mix of both.
enum PointArgument {
    static func parse(_ words: [String]) throws -> SIMD3<Double> {
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
}
