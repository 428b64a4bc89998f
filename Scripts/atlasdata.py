"""Reads the bundled AtlasData label volumes (format in docs/CONVENTIONS.md) for the check scripts.

Python standard library only.
"""
import gzip, struct, sys


class LabelVolume:
    """One atlas's label volume: region id per voxel of a box in the canonical 256³ frame."""

    def __init__(self, path):
        data = gzip.open(path).read()
        if data[:4] != b"BTLB":
            sys.exit(f"{path}: not a BrainTutor label volume")
        self.dims = struct.unpack_from("<3I", data, 8)
        self.origin = struct.unpack_from("<3i", data, 20)
        width = struct.unpack_from("<I", data, 32)[0]
        n = self.dims[0] * self.dims[1] * self.dims[2]
        self.values = data[36:36 + n] if width == 1 else struct.unpack_from("<%dH" % n, data, 36)

    def at(self, mni):
        """The id at whole-millimetre MNI point `mni`, 0 outside the box."""
        # Canonical BV frame: x = 128 - mniY, y = 128 - mniZ, z = 128 - mniX.
        v = (128 - round(mni[1]), 128 - round(mni[2]), 128 - round(mni[0]))
        b = [v[k] - self.origin[k] for k in range(3)]
        if any(b[k] < 0 or b[k] >= self.dims[k] for k in range(3)):
            return 0
        return self.values[b[0] + self.dims[0] * (b[1] + self.dims[1] * b[2])]

    def points(self, ids):
        """MNI mm of every voxel whose id is in `ids`, as a set of (x, y, z)."""
        nx, ny, _ = self.dims
        ox, oy, oz = self.origin
        out = set()
        for i, v in enumerate(self.values):
            if v in ids:
                x, rest = i % nx, i // nx
                y, z = rest % ny, rest // ny
                out.add((128 - (z + oz), 128 - (x + ox), 128 - (y + oy)))
        return out
