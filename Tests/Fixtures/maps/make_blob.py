"""Writes blob_mni_2mm.nii.gz: a synthetic statistical map for the overlay tests (numpy only).

A 91 x 109 x 91 float32 grid on the usual 2 mm MNI affine (sform code 4, i running right to left),
value 8 * exp(-r^2 / (2 * 4^2)) with r the distance in mm from MNI (-40, -20, 50): one Gaussian blob,
peak 8 on a grid point, sigma 4 mm. Run: python3 make_blob.py
"""
import gzip
import os
import struct

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
AFFINE = np.array([[-2, 0, 0, 90], [0, 2, 0, -126], [0, 0, 2, -72]], dtype=float)
DIMS = (91, 109, 91)


def main():
    i, j, k = np.meshgrid(*[np.arange(n) for n in DIMS], indexing="ij")
    x, y, z = (AFFINE[r, 0] * i + AFFINE[r, 1] * j + AFFINE[r, 2] * k + AFFINE[r, 3] for r in range(3))
    v = (8 * np.exp(-((x + 40) ** 2 + (y + 20) ** 2 + (z - 50) ** 2) / 32)).astype("<f4")
    write_nifti(os.path.join(HERE, "blob_mni_2mm.nii.gz"), v, AFFINE)


def write_nifti(path, v, affine):
    """Writes `v` (float32, i fastest) as a gzipped NIfTI-1 with `affine` as its sform (code 4, MNI)."""
    dims = v.shape
    steps = [abs(affine[r, r]) for r in range(3)]
    hdr = bytearray(352)
    struct.pack_into("<i", hdr, 0, 348)
    struct.pack_into("<8h", hdr, 40, 3, *dims, 1, 1, 1, 1)
    struct.pack_into("<hh", hdr, 70, 16, 32)  # float32
    struct.pack_into("<8f", hdr, 76, 1, *steps, 0, 0, 0, 0)
    struct.pack_into("<f", hdr, 108, 352)  # vox_offset
    struct.pack_into("<f", hdr, 112, 1)  # scl_slope
    struct.pack_into("<B", hdr, 123, 2)  # xyzt_units: mm
    struct.pack_into("<hh", hdr, 252, 0, 4)  # qform 0, sform 4 (MNI)
    struct.pack_into("<12f", hdr, 280, *affine.ravel())
    hdr[344:348] = b"n+1\0"
    with gzip.GzipFile(path, "wb", mtime=0) as f:
        f.write(bytes(hdr) + v.tobytes(order="F"))

if __name__ == "__main__":
    main()
