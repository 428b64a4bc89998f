"""Checks `braintutor clusters` on synthetic maps against an independent count (scipy.ndimage.label).

    python3 validate_clusters.py path/to/braintutor [workdir]

Writes a 2 mm MNI NIfTI with Gaussian blobs at known peaks (positive and negative), converts it to a VMP
with `braintutor convert`, runs `braintutor clusters --json` on both and checks: peaks within 1 mm of the
blob centres, cluster sizes equal to scipy's 26-connected component sizes of the same thresholded grid
(NIfTI), and each peak's regions equal to `braintutor where` at that point. Exits non-zero on a mismatch.
"""
import json
import os
import struct
import subprocess
import sys
import tempfile

import numpy as np
from scipy import ndimage

BLOBS = [((-40, -20, 50), 8.0, 4.0), ((30, 20, -10), -6.0, 3.0), ((10, -80, 6), 5.0, 2.5), ((-50, 20, 10), 4.5, 3.5)]
THRESHOLD = 3.0
AFFINE = np.array([[-2, 0, 0, 90], [0, 2, 0, -126], [0, 0, 2, -72], [0, 0, 0, 1]], dtype=float)
DIMS = (91, 109, 91)


def synthetic():
    i, j, k = np.meshgrid(*[np.arange(n) for n in DIMS], indexing="ij")
    x, y, z = (AFFINE[r, 0] * i + AFFINE[r, 1] * j + AFFINE[r, 2] * k + AFFINE[r, 3] for r in range(3))
    v = np.zeros(DIMS, dtype=np.float32)
    for (cx, cy, cz), h, s in BLOBS:
        v += (h * np.exp(-((x - cx) ** 2 + (y - cy) ** 2 + (z - cz) ** 2) / (2 * s * s))).astype(np.float32)
    return v


def write_nifti(path, data):
    hdr = bytearray(352)
    struct.pack_into("<i", hdr, 0, 348)
    struct.pack_into("<8h", hdr, 40, 3, *DIMS, 1, 1, 1, 1)
    struct.pack_into("<hh", hdr, 70, 16, 32)
    struct.pack_into("<8f", hdr, 76, 1, 2, 2, 2, 0, 0, 0, 0)
    struct.pack_into("<f", hdr, 108, 352)
    struct.pack_into("<f", hdr, 112, 1)
    struct.pack_into("<B", hdr, 123, 2)
    struct.pack_into("<hh", hdr, 252, 0, 4)
    struct.pack_into("<12f", hdr, 280, *AFFINE[:3].ravel())
    hdr[344:348] = b"n+1\0"
    with open(path, "wb") as f:
        f.write(bytes(hdr) + data.astype("<f4").tobytes(order="F"))


def run(tool, *args):
    return subprocess.run([tool, *args], check=True, capture_output=True, text=True).stdout


def main():
    tool = os.path.abspath(sys.argv[1])
    work = sys.argv[2] if len(sys.argv) > 2 else tempfile.mkdtemp()
    data = synthetic()
    nii = os.path.join(work, "blobs.nii")
    vmp = os.path.join(work, "blobs_MNI.vmp")
    write_nifti(nii, data)
    run(tool, "convert", nii, vmp)
    failures = []
    structure = np.ones((3, 3, 3), dtype=bool)
    pos, _ = ndimage.label(data >= THRESHOLD, structure)
    neg, _ = ndimage.label(data <= -THRESHOLD, structure)
    scipy_sizes = sorted([int(n) for n in np.bincount(pos.ravel())[1:]] + [int(n) for n in np.bincount(neg.ravel())[1:]], reverse=True)
    for path in (nii, vmp):
        report = json.loads(run(tool, "clusters", path, "--threshold", str(THRESHOLD), "--two-sided", "--json"))
        clusters = report["clusters"]
        name = os.path.basename(path)
        print(f"{name}: {len(clusters)} clusters, sizes {[c['voxels'] for c in clusters]}")
        if len(clusters) != len(BLOBS):
            failures.append(f"{name}: {len(clusters)} clusters, expected {len(BLOBS)}")
        if path == nii and [c["voxels"] for c in clusters] != scipy_sizes:
            failures.append(f"{name}: sizes {[c['voxels'] for c in clusters]} != scipy {scipy_sizes}")
        for (centre, h, _s) in BLOBS:
            best = min(clusters, key=lambda c: np.linalg.norm(np.array(c["peak"]["mni"]) - centre))
            d = float(np.linalg.norm(np.array(best["peak"]["mni"]) - centre))
            print(f"  blob {centre}: peak {best['peak']['mni']} ({d:.2f} mm), value {best['peak']['value']:.3f}")
            if d > 1.0:
                failures.append(f"{name}: blob {centre} peak {best['peak']['mni']} is {d:.2f} mm away")
            if (best["sign"] == "positive") != (h > 0):
                failures.append(f"{name}: blob {centre} has sign {best['sign']}")
            where = json.loads(run(tool, "where", *[str(v) for v in best["peak"]["mni"]], "--json"))
            if where["atlases"] != best["peak"]["atlases"]["atlases"]:
                failures.append(f"{name}: regions at {best['peak']['mni']} differ from where")
    for f in failures:
        print("FAIL", f)
    print("ok" if not failures else f"{len(failures)} failures")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
