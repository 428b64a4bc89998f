#!/usr/bin/env python3
"""Compares the PALS-B12 Brodmann areas (atlas `brodmann`) with independent landmarks in the same
cortex ribbon and writes docs/BRODMANN-VALIDATION.md.

Landmarks: FreeSurfer's ex vivo histology labels (atlas `brodmann-histology`), the
Desikan-Killiany transverse temporal gyrus (Heschl's gyrus) for BA41 and the pericalcarine
cortex for BA17 (atlas `gyri`). For each area and side: Dice overlap, the share of the area's
voxels inside the landmark, and the distance between the two centroids. An area fails when its
centroid lies more than MAX_DISTANCE_MM from the landmark's or less than MIN_INSIDE of it lies
inside the landmark; failing areas must carry a `caveat` in Recipe/atlas-recipe.json.

Reads only AtlasData (catalog.json and labels/*.lbl.gz, through Scripts/atlasdata.py).
Usage: Scripts/brodmann-validation.py [--repo DIR] [--check]
  --check  exit 1 when the written table differs from the one in docs/ or a failing area has
           no caveat in the recipe (for CI).
"""
import json, os, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from atlasdata import LabelVolume  # noqa: E402

MAX_DISTANCE_MM = 15.0
MIN_INSIDE = 0.25

# PALS area -> (landmark atlas, [landmark sourceLabels], landmark name)
LANDMARKS = [
    ("Brodmann.1", "brodmann-histology", ["BA1_exvivo"], "ex vivo BA1"),
    ("Brodmann.2", "brodmann-histology", ["BA2_exvivo"], "ex vivo BA2"),
    ("Brodmann.3", "brodmann-histology", ["BA3a_exvivo", "BA3b_exvivo"], "ex vivo BA3a + BA3b"),
    ("Brodmann.4", "brodmann-histology", ["BA4a_exvivo", "BA4p_exvivo"], "ex vivo BA4a + BA4p"),
    ("Brodmann.6", "brodmann-histology", ["BA6_exvivo"], "ex vivo BA6"),
    ("Brodmann.44", "brodmann-histology", ["BA44_exvivo"], "ex vivo BA44"),
    ("Brodmann.45", "brodmann-histology", ["BA45_exvivo"], "ex vivo BA45"),
    ("Brodmann.17", "brodmann-histology", ["V1_exvivo"], "ex vivo V1"),
    ("Brodmann.17", "gyri", ["pericalcarine"], "DK pericalcarine"),
    ("Brodmann.18", "brodmann-histology", ["V2_exvivo"], "ex vivo V2"),
    ("Brodmann.28", "brodmann-histology", ["entorhinal_exvivo"], "ex vivo entorhinal"),
    ("Brodmann.35", "brodmann-histology", ["perirhinal_exvivo"], "ex vivo perirhinal"),
    ("Brodmann.41", "gyri", ["transversetemporal"], "DK transverse temporal (Heschl)"),
]


def centroid(points):
    n = len(points)
    return tuple(sum(p[k] for p in points) / n for k in range(3))


def main():
    repo = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    if "--repo" in sys.argv:
        repo = sys.argv[sys.argv.index("--repo") + 1]
    data = os.path.join(repo, "AtlasData")
    catalog = json.load(open(os.path.join(data, "catalog.json")))
    atlases = {a["name"]: a for a in catalog["atlases"]}
    volumes = {}

    def region_voxels(atlas, labels, side):
        if atlas not in volumes:
            volumes[atlas] = LabelVolume(os.path.join(data, atlases[atlas]["files"]["labels"]))
        ids = {r["id"] for r in atlases[atlas]["regions"] if r["sourceLabel"] in labels and r["hemisphere"] == side}
        return volumes[atlas].points(ids)

    rows, failing = [], set()
    for area, atlas, labels, name in LANDMARKS:
        for side in ("left", "right"):
            a = region_voxels("brodmann-pals", [area], side)
            b = region_voxels(atlas, labels, side)
            if not a or not b:
                rows.append((area, side, name, None))
                continue
            both = len(a & b)
            ca, cb = centroid(a), centroid(b)
            distance = sum((ca[k] - cb[k]) ** 2 for k in range(3)) ** 0.5
            inside = both / len(a)
            ok = distance <= MAX_DISTANCE_MM and inside >= MIN_INSIDE
            if not ok:
                failing.add(area)
            rows.append((area, side, name, (2 * both / (len(a) + len(b)), inside, distance, ca, cb, ok)))

    lines = [
        "# Brodmann areas (PALS-B12) against independent landmarks",
        "",
        "Written by `Scripts/brodmann-validation.py` from the bundled AtlasData; do not edit by hand.",
        "",
        "Every map here is painted into the same cortex ribbon, so the figures compare the maps,",
        "not two ribbons. The ex vivo labels are FreeSurfer's thresholded histology maps (Fischl",
        "et al. 2008; Amunts, Zilles et al.), smaller than the PALS areas, so a good area has a",
        "modest Dice but most of the landmark's area around its centroid. An area **fails** when",
        f"its centroid lies more than {MAX_DISTANCE_MM:g} mm from the landmark's or less than",
        f"{MIN_INSIDE:.0%} of its voxels lie inside the landmark. A failing area carries a `caveat`",
        "in the catalog, which `info`, `where` and the viewer show.",
        "",
        "| area | side | landmark | Dice | inside landmark | centroid distance (mm) | PALS centroid | landmark centroid | verdict |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    fmt = lambda c: "(" + ", ".join(f"{v:.0f}" for v in c) + ")"
    for area, side, name, r in rows:
        label = area.replace("Brodmann.", "BA")
        if r is None:
            lines.append(f"| {label} | {side} | {name} | – | – | – | – | – | no voxels |")
            continue
        dice, inside, distance, ca, cb, ok = r
        lines.append(f"| {label} | {side} | {name} | {dice:.2f} | {inside:.0%} | {distance:.1f} | {fmt(ca)} | {fmt(cb)} | "
                     + ("ok" if ok else "**fails**") + " |")
    lines += ["", "Failing areas: " + (", ".join(sorted(a.replace("Brodmann.", "BA") for a in failing)) or "none") + ".", "",
              "No free, offline-buildable source on fsaverage corrects these areas (the ex vivo labels",
              "cover only the areas listed above), so they stay as the source draws them and carry a",
              "caveat that points to the better landmark: Heschl's gyrus (gyri, transverse temporal) for",
              "primary auditory cortex, and the entorhinal and perirhinal labels of the histology atlas.",
              "The functional atlas's primary auditory cortex, built from BA41 and BA42, carries the same caveat.", ""]
    text = "\n".join(lines)

    out = os.path.join(repo, "docs", "BRODMANN-VALIDATION.md")
    recipe = json.load(open(os.path.join(repo, "Recipe", "atlas-recipe.json")))
    pals = next(a for a in recipe["atlases"] if a["name"] == "brodmann-pals")
    uncaveated = sorted(a for a in failing
                        if not all(r.get("caveat") for r in pals["regions"] if r["sourceLabel"] == a))
    if "--check" in sys.argv:
        current = open(out).read() if os.path.exists(out) else ""
        problems = []
        if current != text:
            problems.append(f"{out} is out of date; run Scripts/brodmann-validation.py")
        if uncaveated:
            problems.append("failing areas without a caveat in the recipe: " + ", ".join(uncaveated))
        for p in problems:
            print(p, file=sys.stderr)
        sys.exit(1 if problems else 0)
    with open(out + ".tmp", "w") as f:
        f.write(text)
    os.replace(out + ".tmp", out)
    print(f"wrote {out}; failing: {', '.join(sorted(failing)) or 'none'}")
    if uncaveated:
        print("failing areas without a caveat in the recipe: " + ", ".join(uncaveated), file=sys.stderr)


if __name__ == "__main__":
    main()
