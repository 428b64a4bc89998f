import Foundation

/// A Brodmann area named by number ("BA34", "area 4a", "Brodmann area 17"): matched exactly, never
/// by substring, and answered with an anatomical neighbour when the atlases do not draw it.
struct BrodmannNumber: Equatable, Sendable {
    var number: Int
    /// "a", "b" or "p" (3a, 3b, 4a, 4p), or empty.
    var suffix: String

    /// Parses the words of a query (side already removed); nil when the query is not an area number.
    init?(_ words: [String]) {
        var text = words.joined(separator: " ").lowercased()
        for prefix in ["brodmann area", "brodmann's area", "brodmann", "area", "ba"] where text.hasPrefix(prefix) {
            text = String(text.dropFirst(prefix.count)).trimmingCharacters(in: .whitespaces)
            break
        }
        let digits = text.prefix { $0.isNumber }
        let rest = String(text.dropFirst(digits.count))
        guard !digits.isEmpty, digits.count <= 3, let n = Int(digits), ["", "a", "b", "p"].contains(rest),
              words.joined(separator: " ").count > digits.count else { return nil }
        number = n
        suffix = rest
    }

    /// An area by number alone ("area 4" takes 4a and 4p).
    init(number: Int) {
        self.number = number
        suffix = ""
    }

    /// Ex vivo labels that carry a whole area under another name than `BA<n>_exvivo`.
    static let namedHistologyLabels: [String: Int] = [
        "V1_exvivo": 17, "V2_exvivo": 18, "entorhinal_exvivo": 28, "perirhinal_exvivo": 35,
    ]

    /// The sourceLabels that are exactly this area in the bundled atlases.
    var sourceLabels: Set<String> {
        if !suffix.isEmpty { return ["BA\(number)\(suffix)_exvivo"] }
        var labels: Set<String> = ["Brodmann.\(number)"]
        // The ex vivo label of the area: its parts (3a and 3b, 4a and 4p), its own name (V1), else BA<n>.
        let named = Self.namedHistologyLabels.filter { $0.value == number }.keys
        if number == 3 { labels.formUnion(["BA3a_exvivo", "BA3b_exvivo"]) } else if number == 4 {
            labels.formUnion(["BA4a_exvivo", "BA4p_exvivo"])
        } else if !named.isEmpty { labels.formUnion(named) } else { labels.insert("BA\(number)_exvivo") }
        return labels
    }

    /// The area number a sourceLabel stands for ("Brodmann.45", "BA3a_exvivo", "V1_exvivo"), or nil
    /// for labels that are no Brodmann area (MT).
    static func area(ofSourceLabel label: String) -> Int? {
        if let n = namedHistologyLabels[label] { return n }
        var rest = Substring(label)
        if rest.hasPrefix("Brodmann.") { rest = rest.dropFirst("Brodmann.".count) } else if rest.hasPrefix("BA"), rest.hasSuffix("_exvivo") {
            rest = rest.dropFirst(2).dropLast("_exvivo".count)
        } else { return nil }
        let digits = rest.prefix { $0.isNumber }
        guard ["", "a", "b", "p"].contains(String(rest.dropFirst(digits.count))) else { return nil }
        return Int(digits)
    }

    var display: String { "BA\(number)\(suffix)" }

    /// Areas Brodmann numbered but no bundled atlas draws, and the drawn area that lies next to each.
    static let neighbours: [Int: (area: Int, note: String)] = [
        12: (11, "orbitofrontal; Brodmann's 12 is the medial orbital part drawn with 11"),
        13: (22, "the insula is in the gyri atlas; 13–16 were drawn in monkeys, not in Brodmann's human map"),
        14: (22, "the insula is in the gyri atlas; 13–16 were drawn in monkeys, not in Brodmann's human map"),
        15: (22, "the insula is in the gyri atlas; 13–16 were drawn in monkeys, not in Brodmann's human map"),
        16: (22, "the insula is in the gyri atlas; 13–16 were drawn in monkeys, not in Brodmann's human map"),
        34: (28, "entorhinal; 34 is the dorsal entorhinal cortex on the uncus"),
        48: (28, "entorhinal; 48 is the retrosubicular area of the medial temporal lobe"),
        49: (28, "entorhinal; 49 is the parasubiculum"),
        50: (43, "subcentral; 50 is a monkey area with no human counterpart in Brodmann's map"),
        51: (28, "entorhinal; 51 is the prepiriform (olfactory) cortex"),
        52: (41, "primary auditory; 52 is the parainsular area beside Heschl's gyrus"),
    ]

    /// The sentence for an area no atlas draws.
    func missingMessage(nearest: String?) -> String {
        guard number >= 1, number <= 52 else { return "\(display) is not a Brodmann area (Brodmann numbered 1–52)" }
        guard let n = Self.neighbours[number] else { return "\(display) is not in this atlas" }
        return "\(display) is not in this atlas; nearest: \(nearest ?? "BA\(n.area)") (\(n.note))"
    }
}
