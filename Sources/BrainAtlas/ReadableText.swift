import BrainFormats
/// Plain-text forms of query answers for people at a terminal.
extension RegionInfo {
    public func readableText(width: Int = 88) -> String {
        let r = region.region, d = region.extra
        var lines = ["\(r.displayName)  —  atlas \(r.atlas), id \(r.id), sourceLabel \(r.sourceLabel)"
            + lobePhrase(r)]
        if let caveat = r.caveat { lines.append("Caveat: \(caveat)") }
        if let p = r.provenance { lines.append("Map: \(p.line)") }
        var facts: [String] = []
        if let v = d.volumeMl { facts.append("volume \(format(v)) ml") }
        if let a = d.anchorMni, a.count == 3 { facts.append("inside at MNI (\(a.map(format).joined(separator: ", ")))") }
        if let c = d.centroidMni, c.count == 3 { facts.append("centroid MNI (\(c.map(format).joined(separator: ", ")))") }
        if !facts.isEmpty { lines.append(facts.joined(separator: "; ")) }
        if !d.synonyms.isEmpty { lines.append("Also called: " + d.synonyms.joined(separator: ", ")) }
        if let text = d.text { lines.append(""); lines += wrap(text, width: width) }
        if let concept {
            lines.append("")
            lines += wrap("\(concept.name): \(concept.note) (\(concept.source))", width: width)
            for (atlas, regions) in concept.regions.sorted(by: { $0.key < $1.key }) {
                lines.append("  \(atlas): " + regions.map(\.displayName).joined(separator: ", "))
            }
        }
        if !alternatives.isEmpty {
            lines.append("")
            lines.append("See also: " + alternatives.map { "\($0.displayName) [\($0.atlas)]" }.joined(separator: "; "))
        }
        return lines.joined(separator: "\n")
    }
}

extension Lookup.Result {
    public func readableText() -> String {
        let given = input.map(format).joined(separator: ", ")
        var lines: [String] = []
        switch space {
        case .mni: lines.append("MNI (\(given)) → voxel (\(voxel.x), \(voxel.y), \(voxel.z))")
        case .voxel: lines.append("Voxel (\(given)) → MNI " + (mni.map { "(\($0.map(format).joined(separator: ", ")))" } ?? "— (native space)"))
        case .tal:
            lines.append("Talairach (\(given)) → MNI (\((mni ?? []).map(format).joined(separator: ", "))) → voxel (\(voxel.x), \(voxel.y), \(voxel.z))")
        }
        if let conversion { lines.append("(\(conversion))") }
        let width = atlases.map(\.name.count).max() ?? 0
        for (name, region) in atlases {
            let pad = String(repeating: " ", count: width - name.count)
            let detail = details[name]
            if let region {
                lines.append("  \(name)\(pad)  \(region.displayName)" + evidenceTag(region, detail?.provenance) + borderPhrase(detail?.border))
            } else if let hit = nearest.first(where: { $0.name == name })?.hit {
                lines.append("  \(name)\(pad)  — (nearest: \(hit.region.displayName)\(evidenceTag(hit.region, detail?.provenance)), \(format(hit.distanceMm)) mm)")
            } else {
                lines.append("  \(name)\(pad)  —")
            }
        }
        if let disagreement { lines.append("! " + disagreement.text) }
        for c in caveats {
            lines.append(c.kind == .near ? "* \(c.atlas): \(c.text)" : "* \(c.region) [\(c.atlas)]: \(c.text)")
        }
        if let within, let radiusMm {
            lines.append("Within \(format(radiusMm)) mm, nearest first:")
            for (name, hits) in within {
                let pad = String(repeating: " ", count: width - name.count)
                let list = hits.map { "\($0.region.displayName) \(format($0.distanceMm)) mm" }.joined(separator: "; ")
                lines.append("  \(name)\(pad)  " + (list.isEmpty ? "—" : list))
            }
        }
        return lines.joined(separator: "\n")
    }
}

/// ", 1.41 mm from Brodmann area 44 (left)" when another region lies within the caveat radius.
func borderPhrase(_ border: Lookup.Nearest?) -> String {
    guard let border, border.distanceMm <= Lookup.caveatRadiusMm else { return "" }
    return ", \(format(border.distanceMm)) mm from \(border.region.displayName)"
}

/// " (approximate*)" for approximate maps, " [histology]" / " [landmarks]" where the atlas records its
/// evidence: the answer's own (`answer`) where given, else the area's.
func evidenceTag(_ r: Region, _ answer: Provenance? = nil) -> String {
    if r.isApproximate { return " (approximate*)" }
    return (answer ?? r.provenance).map { " [\($0.kind.rawValue)]" } ?? ""
}

/// ", frontal lobe" or ", spans the frontal, parietal and temporal lobes"; empty without a lobe.
func lobePhrase(_ r: Region) -> String {
    let cortical: Set = ["frontal", "parietal", "temporal", "occipital", "limbic"]
    if let lobe = r.lobe { return cortical.contains(lobe) ? ", \(lobe) lobe" : ", \(lobe)" }
    let l = r.lobes
    guard let last = l.last else { return "" }
    return l.count == 1 ? ", in the \(last) lobe" : ", spans the \(l.dropLast().joined(separator: ", ")) and \(last) lobes"
}

func format(_ v: Double) -> String { v.hundredthsText }

func wrap(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ") {
        if !line.isEmpty && line.count + 1 + word.count > width {
            lines.append(line)
            line = ""
        }
        line += line.isEmpty ? String(word) : " " + word
    }
    if !line.isEmpty { lines.append(line) }
    return lines
}
