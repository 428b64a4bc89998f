#!/usr/bin/env python3
"""Checks AtlasData/texts/*.json against the bundled region lists, and the lobe a text names
against the region's curated lobe and the lobe at its anchor.

Region lists come from AtlasData/catalog.json when it exists, else from
Recipe/atlas-recipe.json, else from the fixed lists below (CONVENTIONS.md "sourceLabel rules"), which were read from the
atlas sources with nibabel (Destrieux S_*/Lat_Fis* names; PALS-B12 Brodmann names
with vertices among the first 40 962 fsaverage vertices of either hemisphere).
Usage: Scripts/check-texts.py [--repo DIR]
"""
import json, os, re, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from atlasdata import LabelVolume  # noqa: E402

ATLASES = ["lobes", "gyri", "sulci", "brodmann", "brodmann-histology",
           "functional", "subcortical", "networks"]

FALLBACK = {
    "lobes": "frontal parietal temporal occipital limbic insula".split(),
    "gyri": """bankssts caudalanteriorcingulate caudalmiddlefrontal cuneus entorhinal
        fusiform inferiorparietal inferiortemporal isthmuscingulate lateraloccipital
        lateralorbitofrontal lingual medialorbitofrontal middletemporal parahippocampal
        paracentral parsopercularis parsorbitalis parstriangularis pericalcarine
        postcentral posteriorcingulate precentral precuneus rostralanteriorcingulate
        rostralmiddlefrontal superiorfrontal superiorparietal superiortemporal
        supramarginal frontalpole temporalpole transversetemporal insula""".split(),
    "sulci": """Lat_Fis-ant-Horizont Lat_Fis-ant-Vertical Lat_Fis-post S_calcarine
        S_central S_cingul-Marginalis S_circular_insula_ant S_circular_insula_inf
        S_circular_insula_sup S_collat_transv_ant S_collat_transv_post S_front_inf
        S_front_middle S_front_sup S_interm_prim-Jensen S_intrapariet_and_P_trans
        S_oc_middle_and_Lunatus S_oc_sup_and_transversal S_occipital_ant S_oc-temp_lat
        S_oc-temp_med_and_Lingual S_orbital_lateral S_orbital_med-olfact
        S_orbital-H_Shaped S_parieto_occipital S_pericallosal S_postcentral
        S_precentral-inf-part S_precentral-sup-part S_suborbital S_subparietal
        S_temporal_inf S_temporal_sup S_temporal_transverse""".split(),
    "brodmann": ["Brodmann.%d" % n for n in
                 [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 17, 18, 19, 20, 21, 22, 23, 24,
                  25, 26, 27, 28, 29, 30, 31, 32, 33, 35, 36, 37, 38, 39, 40, 41, 42,
                  43, 44, 45, 46, 47]],
    "brodmann-histology": """BA1_exvivo BA2_exvivo BA3a_exvivo BA3b_exvivo BA4a_exvivo
        BA4p_exvivo BA6_exvivo BA44_exvivo BA45_exvivo V1_exvivo V2_exvivo MT_exvivo
        entorhinal_exvivo perirhinal_exvivo""".split(),
    "functional": """primary-motor premotor frontal-eye-field dorsolateral-prefrontal broca
        primary-somatosensory somatosensory-association primary-auditory wernicke
        auditory-association primary-visual visual-association angular
        supramarginal""".split(),
    "subcortical": """thalamusproper caudate putamen pallidum accumbensarea hippocampus
        amygdala brainstem Lateral-Ventricle 3rd-Ventricle 4th-Ventricle cerebellum
        VentralDC""".split(),
    "networks": ["7Networks_%d" % n for n in range(1, 8)],
}

# Approximate atlases must say how their boundaries were made.
REQUIRED_PHRASE = {
    "brodmann": re.compile(r"histolog|landmark", re.I),
    "brodmann-histology": re.compile(r"post-mortem|histolog", re.I),
    "functional": re.compile(r"histolog|landmark|Here it is|here it is", re.I),
    "networks": re.compile(r"resting-state fMRI", re.I),
}

MIN_WORDS = 40


def words(text):
    return len(text.split())


def region_lists(repo):
    """sourceLabels per atlas and the display names each one must list as a synonym."""
    for rel in (("AtlasData", "catalog.json"), ("Recipe", "atlas-recipe.json")):
        path = os.path.join(repo, *rel)
        if os.path.exists(path):
            with open(path) as f:
                doc = json.load(f)
            lists, names = {}, {}
            for atlas in doc.get("atlases", []):
                if atlas["name"] in ATLASES:
                    seen = lists.setdefault(atlas["name"], [])
                    for region in atlas["regions"]:
                        if region["sourceLabel"] not in seen:
                            seen.append(region["sourceLabel"])
                        names.setdefault((atlas["name"], region["sourceLabel"]), set()).add(region["name"])
            return lists, names, "/".join(rel)
    return FALLBACK, {}, "fallback lists"


LOBE_CLAIM = re.compile(r"(?<!front )\b(?:in|within|of|on) the ((?:(?:anterior|posterior|medial|lateral|inferior|superior|basal|ventral|dorsal|upper|lower) )*)(frontal|parietal|temporal|occipital|limbic) lobe\b")
CORTICAL_LOBES = {"frontal", "parietal", "temporal", "occipital", "limbic", "insula"}
# Anchors that lie across a Desikan-Killiany lobe border from where anatomy texts place the
# region, reviewed: the text is right and the DK border is the reason.
ANCHOR_REVIEWED = {
    ("sulci", "S_oc_sup_and_transversal"): "DK's superior parietal gyrus reaches back over the transverse occipital sulcus",
    ("sulci", "S_collat_transv_post"): "DK's fusiform gyrus (temporal) runs back under the occipital lobe",
    ("functional", "visual-association"): "BA18/19 wrap up onto cortex DK counts as superior parietal",
}


def lobe_claims(repo, texts):
    """Where a text's first sentence places a cortical region in a lobe ("the tip of the
    temporal lobe", "in the medial temporal lobe"; not "in front of the occipital lobe"), that
    lobe must be the region's curated lobe, and the region's anchor (a voxel inside it) must lie
    in that lobe of the lobes atlas unless the region carries a caveat; a limbic region may be
    placed on a lobe's medial side. Needs a catalog with anchors; returns problems and a count."""
    path = os.path.join(repo, "AtlasData", "catalog.json")
    if not os.path.exists(path):
        return [], 0
    catalog = json.load(open(path))
    atlases = {a["name"]: a for a in catalog["atlases"]}
    if "lobes" not in atlases or not any("anchorMni" in r for r in atlases["lobes"]["regions"]):
        print("lobe claims not checked: the catalog has no anchors (rebuild AtlasData)", file=sys.stderr)
        return [], 0
    lobes = atlases["lobes"]
    volume = LabelVolume(os.path.join(repo, "AtlasData", lobes["files"]["labels"]))
    lobe_of_id = {r["id"]: r["sourceLabel"] for r in lobes["regions"]}
    problems, checked = [], 0
    for name, atlas in atlases.items():
        for region in atlas["regions"]:
            text = texts.get((name, region["sourceLabel"]))
            anchor = region.get("anchorMni")
            if not text or not anchor:
                continue
            first = re.split(r"(?<=[.!?]) ", text, maxsplit=1)[0]
            claims = [(m.group(2), "medial" in m.group(1)) for m in LOBE_CLAIM.finditer(first)]
            if not claims or region.get("lobe") not in CORTICAL_LOBES | {None}:
                continue
            checked += 1
            named = {lobe for lobe, _ in claims}
            curated = {region.get("lobe")} | set(region.get("lobes") or [])
            at_anchor = lobe_of_id.get(volume.at(anchor))
            medial_limbic = region.get("lobe") == "limbic" and (any(m for _, m in claims) or "medial" in first)
            where = f"{name}: {region['sourceLabel']} ({region['hemisphere']}): text places it in the {' / '.join(sorted(named))} lobe"
            if not named & curated and not medial_limbic:
                problems.append(f"{where}; its curated lobe is {region.get('lobe') or region.get('lobes')}")
            elif (at_anchor and at_anchor not in named and not medial_limbic and not region.get("caveat")
                  and (name, region["sourceLabel"]) not in ANCHOR_REVIEWED):
                # The map disagrees with the text: fix the text, or mark the map approximate.
                problems.append(f"{where}; its anchor {anchor} lies in the {at_anchor} lobe and the region has no caveat")
    return problems, checked


def main():
    repo = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    if "--repo" in sys.argv:
        repo = sys.argv[sys.argv.index("--repo") + 1]
    lists, names, origin = region_lists(repo)
    problems = []
    texts_seen = {}
    counts = []
    for atlas in ATLASES:
        path = os.path.join(repo, "AtlasData", "texts", atlas + ".json")
        if not os.path.exists(path):
            problems.append(f"{atlas}: texts/{atlas}.json missing")
            continue
        with open(path) as f:
            data = json.load(f)
        if data.get("atlas") != atlas:
            problems.append(f"{path}: atlas: {data.get('atlas')!r} != {atlas!r}")
        regions = data.get("regions", {})
        expected = lists.get(atlas, [])
        for label in expected:
            if label not in regions:
                problems.append(f"{atlas}: {label}: no text")
        for label in regions:
            if label not in expected:
                problems.append(f"{atlas}: {label}: not a region of this atlas ({origin})")
        synonym_owner = {}
        for label, entry in regions.items():
            text = entry.get("text", "")
            n = words(text)
            counts.append(n)
            if n < MIN_WORDS:
                problems.append(f"{atlas}: {label}: text has {n} words (< {MIN_WORDS})")
            key = " ".join(text.lower().split())
            if key in texts_seen:
                problems.append(f"{atlas}: {label}: same text as {texts_seen[key]}")
            texts_seen[key] = f"{atlas}/{label}"
            phrase = REQUIRED_PHRASE.get(atlas)
            if phrase and not phrase.search(text):
                problems.append(f"{atlas}: {label}: text lacks {phrase.pattern!r}")
            synonyms = entry.get("synonyms", [])
            if not synonyms:
                problems.append(f"{atlas}: {label}: no synonyms")
            lowered = {x.lower() for x in synonyms}
            for name in sorted(names.get((atlas, label), ())):
                if name.lower() not in lowered:
                    problems.append(f"{atlas}: {label}: display name {name!r} not among synonyms")
            for s in synonyms:
                k = s.lower()
                if k in synonym_owner and synonym_owner[k] != label:
                    problems.append(f"{atlas}: synonym {s!r} on {synonym_owner[k]} and {label}")
                synonym_owner[k] = label
    texts_by_region = {}
    for atlas in ATLASES:
        path = os.path.join(repo, "AtlasData", "texts", atlas + ".json")
        if os.path.exists(path):
            for label, entry in json.load(open(path)).get("regions", {}).items():
                texts_by_region[(atlas, label)] = entry.get("text", "")
    lobe_problems, lobe_checked = lobe_claims(repo, texts_by_region)
    problems += lobe_problems
    if lobe_checked:
        print(f"{lobe_checked} texts name a lobe in their first sentence; checked against curated lobes and anchors",
              file=sys.stderr)
    # templated filler: the same sentence (five words or more) in two texts
    sentence_owner = {}
    for t, name in texts_seen.items():
        for sentence in re.split(r"(?<=[.!?]) ", t):
            if words(sentence) >= 5:
                if sentence in sentence_owner and sentence_owner[sentence] != name:
                    problems.append(f"{name} repeats a sentence of {sentence_owner[sentence]}: {sentence}")
                sentence_owner.setdefault(sentence, name)
    # near-duplicates: share of common 5-word shingles
    items = list(texts_seen.items())
    def shingles(t):
        w = t.split()
        return {" ".join(w[i:i + 5]) for i in range(len(w) - 4)}
    sh = [(name, shingles(t)) for t, name in items]
    for i in range(len(sh)):
        for j in range(i + 1, len(sh)):
            a, b = sh[i][1], sh[j][1]
            if a and b and len(a & b) / min(len(a), len(b)) > 0.3:
                problems.append(f"near-duplicate texts: {sh[i][0]} and {sh[j][0]}")
    for p in problems:
        print(p)
    if counts:
        print(f"{len(counts)} texts checked against {origin}; words {min(counts)}-{max(counts)}, "
              f"mean {sum(counts) / len(counts):.0f}; {len(problems)} problems", file=sys.stderr)
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
