"""Compares `braintutor clusters` with atlasreader on the synthetic Gaussian-blob map of validate_clusters.py.

    python compare_atlasreader.py path/to/braintutor [workdir]

Run it with a Python that has atlasreader (not a project dependency; for example a throwaway venv:
`python3 -m venv /tmp/ar && /tmp/ar/bin/pip install atlasreader`). Both tools get the same 2 mm MNI NIfTI,
threshold 3, both signs, 26 neighbours. For each cluster it prints atlasreader's Desikan-Killiany and
Destrieux shares beside ours (`gyri` and `sulci`, matched by FreeSurfer label name), and checks:
same cluster sizes and peaks; the same main cortical region, or atlasreader's top two cortical shares
within one voxel of each other with ours among them; each region's share of the cluster's cortical voxels
(white matter and unlabelled voxels left out, since atlasreader's atlases label white matter and ours
only the cortical ribbon) within TOLERANCE percentage points. Prints the whole-process time of each. Exits non-zero on a mismatch.
"""
import json
import os
import subprocess
import sys
import tempfile
import time

import atlasreader

import validate_clusters as v

# Percentage points between the two tools' shares of a region among the cluster's cortical voxels.
TOLERANCE = 25.0
# atlasreader's atlas, ours, the label prefix, and atlasreader labels our atlas does not hold (our `sulci` atlas
# has Destrieux's sulcal labels only, not its gyri).
ATLASES = [("desikan_killiany", "gyri", "ctx-{h}-", ()), ("destrieux", "sulci", "ctx_{h}_", ("G_",))]


def shares(text, prefix, skip):
    """atlasreader's "48.15% ctx-lh-x; …" as {label: percent} for its cortical labels (not white matter or Unknown)."""
    out = {}
    for part in str(text).split(";"):
        percent, _, label = part.strip().partition("% ")
        for h in ("lh", "rh"):
            name = label[len(prefix.format(h=h)):]
            if label.startswith(prefix.format(h=h)) and not name.startswith(skip):
                out[name] = float(percent)
    return out


def cortical(shares_by_label):
    """Each region's share of the cortical voxels both tools label (white matter and unlabelled voxels left out)."""
    total = sum(shares_by_label.values())
    return {k: round(100 * p / total, 2) for k, p in shares_by_label.items()} if total else {}


def main():
    tool = os.path.abspath(sys.argv[1])
    work = sys.argv[2] if len(sys.argv) > 2 else tempfile.mkdtemp()
    nii = os.path.join(work, "blobs.nii")
    v.write_nifti(nii, v.synthetic())
    start = time.monotonic()
    ours = json.loads(subprocess.run([tool, "clusters", nii, "--threshold", str(v.THRESHOLD), "--two-sided", "--json"],
                                     check=True, capture_output=True, text=True).stdout)["clusters"]
    ours_s = time.monotonic() - start
    start = time.monotonic()
    theirs, _ = atlasreader.get_statmap_info(nii, cluster_extent=0, atlas=[a for a, _, _, _ in ATLASES],
                                             voxel_thresh=v.THRESHOLD, direction="both", min_distance=8)
    theirs_s = time.monotonic() - start
    failures = []
    for _, row in theirs.iterrows():
        peak = [row["peak_x"], row["peak_y"], row["peak_z"]]
        match = [c for c in ours if c["peak"]["mni"] == peak]
        if len(match) != 1:
            failures.append(f"atlasreader's peak {peak}: no cluster of ours there")
            continue
        c = match[0]
        if abs(c["sizeMm3"] - row["volume_mm"]) > 1e-6:
            failures.append(f"{peak}: size {c['sizeMm3']} mm³ here, {row['volume_mm']} in atlasreader")
        for theirs_name, ours_name, prefix, skip in ATLASES:
            t = shares(row[theirs_name], prefix, skip)
            o = {r["region"]["sourceLabel"]: r["percent"] for r in c["regions"][ours_name]["regions"]}
            top_o = max(o, key=o.get) if o else None
            voxel = 100 * v.AFFINE[0, 0] ** 2 * 2 / c["sizeMm3"] if c["sizeMm3"] else 0  # one voxel in percent
            near_top = [k for k in t if t[k] >= max(t.values(), default=0) - abs(voxel) - 1e-6]
            agree = top_o in near_top if t else top_o is None
            ct, co = cortical(t), cortical(o)
            diffs = {k: round(co.get(k, 0) - ct.get(k, 0), 2) for k in co.keys() | ct.keys()}
            print(f"{peak} {theirs_name:16} atlasreader {t}  ours {o}  main {'agrees' if agree else 'DIFFERS'}; "
                  f"cortical shares: atlasreader {ct}, ours {co}")
            if not agree:
                failures.append(f"{peak}: main {theirs_name} region {near_top} there, {top_o} here")
            failures += [f"{peak} {k}: {d} points" for k, d in diffs.items() if abs(d) > TOLERANCE]
    print(f"whole process: braintutor clusters {ours_s:.2f} s, atlasreader get_statmap_info {theirs_s:.2f} s "
          f"(in this Python, after import): ratio {ours_s / theirs_s:.3f}")
    for f in failures:
        print("MISMATCH", f)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
