"""Writes viewer_blobs_mni_3mm.nii.gz: a synthetic statistical map for the web viewer's map tests
(numpy only).

A 61 x 73 x 61 float32 grid on a 3 mm MNI affine (sform code 4, i running right to left), the sum
of four Gaussian blobs (peak value at MNI mm, sigma mm): +6 at (-44, -22, 46) sigma 9, +4 at
(-48, 24, 12) sigma 8, -5 at (-52, -52, 12) sigma 8 and +5 at (42, -64, 30) sigma 9, with |value|
below 0.01 set to 0. Large enough that a threshold change visibly changes the coloured area on
both surfaces. Written by make_blob.py's `write_nifti`. Run: python3 make_viewer_maps.py
"""
import os

import numpy as np

from make_blob import write_nifti

HERE = os.path.dirname(os.path.abspath(__file__))
AFFINE = np.array([[-3, 0, 0, 90], [0, 3, 0, -126], [0, 0, 3, -72]], dtype=float)
DIMS = (61, 73, 61)
BLOBS = [(6, (-44, -22, 46), 9), (4, (-48, 24, 12), 8), (-5, (-52, -52, 12), 8), (5, (42, -64, 30), 9)]


def main():
    i, j, k = np.meshgrid(*[np.arange(n) for n in DIMS], indexing="ij")
    x, y, z = (AFFINE[r, 0] * i + AFFINE[r, 1] * j + AFFINE[r, 2] * k + AFFINE[r, 3] for r in range(3))
    v = np.zeros(DIMS)
    for peak, (cx, cy, cz), sigma in BLOBS:
        v += peak * np.exp(-((x - cx) ** 2 + (y - cy) ** 2 + (z - cz) ** 2) / (2 * sigma ** 2))
    v[np.abs(v) < 0.01] = 0
    write_nifti(os.path.join(HERE, "viewer_blobs_mni_3mm.nii.gz"), v.astype("<f4"), AFFINE)


if __name__ == "__main__":
    main()
