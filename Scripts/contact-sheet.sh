#!/usr/bin/env bash
# Renders every view of every atlas (lit, anti-aliased) and tiles them into one PNG: one row per
# atlas in catalog order, one column per view (lateral, medial, superior, inferior, anterior,
# posterior, then lateral on the inflated surface). For looking at all the pictures at once.
#
# Usage: Scripts/contact-sheet.sh [OUT.png] [TILE_WxH]   (default contact-sheet.png, 320x240)
#   BRAINTUTOR: the braintutor binary (default: the debug build, built if needed).
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-contact-sheet.png}
tile=${2:-320x240}
if [ -z "${BRAINTUTOR:-}" ]; then
    swift build --product braintutor >&2
    BRAINTUTOR=$(swift build --show-bin-path)/braintutor
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/contact-sheet.XXXXXX")
trap 'rm -rf "$work"' EXIT

atlases=$("$BRAINTUTOR" atlases --json | python3 -c 'import json,sys; d = json.load(sys.stdin); print(" ".join(a["name"] for a in (d["atlases"] if isinstance(d, dict) else d)))')
views="lateral medial superior inferior anterior posterior inflated"
for atlas in $atlases; do
    for view in $views; do
        if [ "$view" = inflated ]; then extra=(--view lateral --surface inflated); else extra=(--view "$view"); fi
        "$BRAINTUTOR" render --atlas "$atlas" "${extra[@]}" --size "$tile" --out "$work/$atlas-$view.png" >/dev/null
    done
    echo "row: $atlas" >&2
done

python3 - "$work" "$out" $tile $atlases -- $views <<'PY'
import struct, sys, zlib

def read_png(path):
    data = open(path, "rb").read()
    pos, chunks, idat = 8, {}, b""
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR": chunks["IHDR"] = body
        if kind == b"IDAT": idat += body
        pos += 12 + length
    w, h, depth, colour = struct.unpack(">IIBB", chunks["IHDR"][:10])
    if depth != 8 or colour not in (2, 6):
        sys.exit(f"{path}: only 8-bit RGB/RGBA PNGs are read here")
    bpp = 3 if colour == 2 else 4
    raw, stride, rows, prev = zlib.decompress(idat), w * bpp, [], bytearray(w * bpp)
    for y in range(h):
        f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b, c = prev[i], prev[i - bpp] if i >= bpp else 0
            if f == 1: line[i] = (line[i] + a) & 255
            elif f == 2: line[i] = (line[i] + b) & 255
            elif f == 3: line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(bytes(line) if bpp == 3 else bytes(v for k, v in enumerate(line) if k % 4 != 3))
        prev = line
    return w, h, rows

work, out, tile = sys.argv[1], sys.argv[2], sys.argv[3]
rest = sys.argv[4:]
atlases, views = rest[:rest.index("--")], rest[rest.index("--") + 1:]
tw, th = (int(v) for v in tile.lower().split("x"))
gap = 4
W, H = len(views) * (tw + gap) + gap, len(atlases) * (th + gap) + gap
sheet = [bytearray(b"\x60" * (W * 3)) for _ in range(H)]
for r, atlas in enumerate(atlases):
    for c, view in enumerate(views):
        w, h, rows = read_png(f"{work}/{atlas}-{view}.png")
        x0, y0 = gap + c * (tw + gap), gap + r * (th + gap)
        for y in range(min(h, th)):
            sheet[y0 + y][x0 * 3:(x0 + min(w, tw)) * 3] = rows[y][:min(w, tw) * 3]
raw = b"".join(b"\x00" + bytes(row) for row in sheet)
def chunk(kind, body): return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", W, H, 8, 2, 0, 0, 0)) \
    + chunk(b"IDAT", zlib.compress(raw, 6)) + chunk(b"IEND", b"")
open(out + ".tmp", "wb").write(png)
import os; os.replace(out + ".tmp", out)
print(f"{out}: {len(atlases)} atlases × {len(views)} views ({', '.join(views)})")
PY
