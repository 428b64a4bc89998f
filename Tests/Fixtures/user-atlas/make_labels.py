"""Writes two_cubes_mni_2mm.nii: the label image the user-atlas tests of every test target read.

NIfTI-1, 51 x 31 x 51 uint8 voxels of 2 mm, sform code 4 (MNI), voxel 0 at MNI (50, -40, -40) with i running
right to left: label 17 in a 10 mm cube around (-24, -4, -20), label 53 in one around (40, -20, 40), 0 elsewhere.
The grid covers only x -50..50, y -40..20, z -40..60, so points outside it have no label. numpy only.
"""
import struct
import numpy as np

DIMS = (51, 31, 51)
AFFINE = [[-2, 0, 0, 50], [0, 2, 0, -40], [0, 0, 2, -40]]
CUBES = {17: (-24, -4, -20), 53: (40, -20, 40)}

i, j, k = np.meshgrid(*(np.arange(n) for n in DIMS), indexing="ij")
mni = [AFFINE[a][0] * i + AFFINE[a][1] * j + AFFINE[a][2] * k + AFFINE[a][3] for a in range(3)]
labels = np.zeros(DIMS, dtype=np.uint8)
for label, centre in CUBES.items():
    inside = np.ones(DIMS, dtype=bool)
    for a in range(3):
        inside &= np.abs(mni[a] - centre[a]) <= 5
    labels[inside] = label

header = bytearray(352)
struct.pack_into("<i", header, 0, 348)
struct.pack_into("<8h", header, 40, 3, *DIMS, 1, 1, 1, 1)
struct.pack_into("<hh", header, 70, 2, 8)  # uint8, 8 bits
struct.pack_into("<4f", header, 76, 1, 2, 2, 2)
struct.pack_into("<ff", header, 108, 352, 1)  # vox_offset, scl_slope
struct.pack_into("<h", header, 254, 4)  # sform_code: MNI
struct.pack_into("<12f", header, 280, *[v for row in AFFINE for v in row])
header[344:348] = b"n+1\0"
with open("two_cubes_mni_2mm.nii", "wb") as f:
    f.write(bytes(header) + labels.tobytes(order="F"))
