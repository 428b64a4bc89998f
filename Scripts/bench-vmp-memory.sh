#!/usr/bin/env bash
# Peak memory of reading a large VMP: `braintutor inspect` (which reads every map's values for their
# ranges) on synthetic NR-VMPs of one and of two maps on a SIDE³ box at resolution 1. Reading keeps the
# file's bytes as the map values (mapped, not copied), so the peak should be the start-up baseline plus
# one copy of the maps: each added map should cost its own size (4·SIDE³ bytes), not several copies.
# Fails when a map costs more than LIMIT (default 1.3) times its size.
#
#   Scripts/bench-vmp-memory.sh                 # 512³ (512 MiB a map; needs ~1.6 GB free and 1.6 GB of disk)
#   SIDE=256 Scripts/bench-vmp-memory.sh         # CI: 64 MiB a map, a few seconds
#   BIN=.build/debug/braintutor BENCH=.build/debug/braintutor-bench SIDE=256 Scripts/bench-vmp-memory.sh
set -euo pipefail
cd "$(dirname "$0")/.."
SIDE=${SIDE:-512}
LIMIT=${LIMIT:-1.3}
if [ -z "${BIN:-}" ] || [ -z "${BENCH:-}" ]; then
    BIN="$(WITH_SERVER=0 Scripts/release-build.sh)"
    BENCH="$(dirname "$BIN")/braintutor-bench"
fi
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT
"$BENCH" synthetic-vmp --side 8 --maps 1 --out "$OUT/tiny.vmp" >/dev/null
"$BENCH" synthetic-vmp --side "$SIDE" --maps 1 --out "$OUT/one.vmp" >/dev/null
"$BENCH" synthetic-vmp --side "$SIDE" --maps 2 --out "$OUT/two.vmp" >/dev/null
# Peak resident set of one child process, in KiB (getrusage: no extra tool needed).
peak() {
    python3 -c 'import resource, subprocess, sys
subprocess.run(sys.argv[1:], check=True, stdout=subprocess.DEVNULL)
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)' "$BIN" inspect "$1"
}
base=$(peak "$OUT/tiny.vmp")
one=$(peak "$OUT/one.vmp")
two=$(peak "$OUT/two.vmp")
python3 - "$SIDE" "$LIMIT" "$base" "$one" "$two" <<'PY'
import sys
side, limit = int(sys.argv[1]), float(sys.argv[2])
base, one, two = (int(v) / 1024 for v in sys.argv[3:])
map_mib = 4 * side ** 3 / 2 ** 20
first, second = (one - base) / map_mib, (two - one) / map_mib
print(f"{side}³ VMP, {map_mib:.0f} MiB a map; peak RSS of inspect: tiny file {base:.0f} MiB, one map {one:.0f} MiB, two maps {two:.0f} MiB")
print(f"cost of the first map {first:.2f}× its size, of the second {second:.2f}× (limit {limit})")
sys.exit(0 if max(first, second) <= limit else 1)
PY
