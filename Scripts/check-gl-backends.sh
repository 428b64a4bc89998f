#!/usr/bin/env bash
# End to end with OSMesa hidden (BRAINTUTOR_OSMESA_LIBRARY names a library that does not exist,
# as on a system with Mesa 25.1 or later): `doctor` must choose EGL, `render` and `pick` must
# answer, and `serve` must draw and report EGL in /healthz. Then the same scene through each
# backend forced with --gl must give the same pick answer, and PNGs within 2 per channel (where
# OSMesa is installed).
# Env: BRAINTUTOR_BIN (default .build/debug/braintutor, built if missing).
set -euo pipefail
cd "$(dirname "$0")/.."
BIN="${BRAINTUTOR_BIN:-.build/debug/braintutor}"
[ -x "$BIN" ] || swift build --product braintutor
OUT=$(mktemp -d)
SERVER=""
cleanup() { [ -n "$SERVER" ] && kill "$SERVER" 2>/dev/null; wait 2>/dev/null; rm -rf "$OUT"; }
trap cleanup EXIT
fail() { echo "error: $*" >&2; exit 1; }
export BRAINTUTOR_OSMESA_LIBRARY=libNoSuchOSMesa.so.8
unset BRAINTUTOR_GL

"$BIN" doctor > "$OUT/doctor.txt" || fail "doctor failed with OSMesa hidden: $(cat "$OUT/doctor.txt")"
grep -q '^osmesa: libNoSuchOSMesa.so.8 cannot be loaded' "$OUT/doctor.txt" || fail "doctor does not say OSMesa is missing"
grep -q '^in use: egl' "$OUT/doctor.txt" || fail "doctor does not choose EGL: $(cat "$OUT/doctor.txt")"
"$BIN" --version | grep -q '^gl: egl' || fail "--version does not report EGL"
"$BIN" render --atlas gyri --view lateral --size 320x240 --out "$OUT/hidden.png" --json > "$OUT/render.json"
python3 - "$OUT/render.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
assert len(r["regions"]) > 10, "render --json lists too few regions: %d" % len(r["regions"])
PY
PICK=(pick 150 120 --atlas gyri --view lateral --size 320x240 --json)
"$BIN" "${PICK[@]}" > "$OUT/pick-hidden.json"
env BRAINTUTOR_GL_PICK=1 "$BIN" "${PICK[@]}" > "$OUT/pick-hidden-gl.json"
cmp -s "$OUT/pick-hidden.json" "$OUT/pick-hidden-gl.json" || fail "CPU and EGL pick passes answer differently"

PORT="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')"
"$BIN" serve --host 127.0.0.1 --port "$PORT" --workers 1 > "$OUT/server.log" 2>&1 &
SERVER=$!
source Scripts/lib/wait-for-server.sh
wait_for_server "$SERVER" "$OUT/server.log" "$PORT" || fail "the server on EGL did not start"
curl -fsS "http://127.0.0.1:$PORT/healthz" > "$OUT/health.json" || fail "/healthz does not answer: $(cat "$OUT/server.log")"
python3 -c "import json,sys; h=json.load(open(sys.argv[1])); assert h['gl']=='egl', h" "$OUT/health.json" \
  || fail "/healthz does not report egl: $(cat "$OUT/health.json" "$OUT/server.log")"
curl -fsS "http://127.0.0.1:$PORT/api/render?atlas=gyri&view=lateral&w=320&h=240" -o "$OUT/served.png" \
  || fail "the server on EGL does not render: $(cat "$OUT/server.log")"
kill "$SERVER"; wait "$SERVER" 2>/dev/null || true; SERVER=""
cmp -s "$OUT/served.png" "$OUT/hidden.png" || fail "served and one-shot EGL renders differ"

unset BRAINTUTOR_OSMESA_LIBRARY
if ! "$BIN" doctor --gl osmesa > /dev/null 2>&1; then
  echo "gl backends: OSMesa hidden -> EGL works; OSMesa is not installed, so no side-by-side comparison"
  exit 0
fi
for gl in osmesa egl; do
  "$BIN" render --gl "$gl" --atlas gyri --view superior --size 320x240 --out "$OUT/$gl.png"
  "$BIN" "${PICK[@]}" --gl "$gl" > "$OUT/pick-$gl.json"
done
cmp -s "$OUT/pick-osmesa.json" "$OUT/pick-egl.json" || fail "pick differs between --gl osmesa and --gl egl"
python3 - "$OUT/osmesa.png" "$OUT/egl.png" <<'PY'
import sys, zlib, struct
def pixels(path):
    data = open(path, "rb").read()
    w, h, depth, kind = struct.unpack(">IIBB", data[16:26])
    chunks, i = b"", 8
    while i < len(data):
        n, tag = struct.unpack(">I4s", data[i:i + 8])
        if tag == b"IDAT": chunks += data[i + 8:i + 8 + n]
        i += 12 + n
    raw, bpp = zlib.decompress(chunks), {2: 3, 6: 4}[kind]
    stride, out, prev = w * bpp, bytearray(), bytearray(w * bpp)
    for y in range(h):
        f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for x in range(stride):
            a = line[x - bpp] if x >= bpp else 0
            b, c = prev[x], prev[x - bpp] if x >= bpp else 0
            p = a + b - c
            pred = [0, a, b, (a + b) // 2, a if abs(p - a) <= abs(p - b) and abs(p - a) <= abs(p - c) else (b if abs(p - b) <= abs(p - c) else c)][f]
            line[x] = (line[x] + pred) & 255
        out += line; prev = line
    return out
a, b = pixels(sys.argv[1]), pixels(sys.argv[2])
diff = [abs(x - y) for x, y in zip(a, b) if x != y]
assert len(a) == len(b) and max(diff, default=0) <= 2, "osmesa and egl renders differ by up to %d" % max(diff)
print("gl backends: osmesa and egl renders differ in %d of %d bytes (at most %d)" % (len(diff), len(a), max(diff, default=0)))
PY
echo "gl backends: OSMesa hidden -> EGL for doctor, render, pick and serve; pick answers agree"
