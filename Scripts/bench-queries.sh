#!/usr/bin/env bash
# Whole-process timings of `braintutor where` and `info` (release build, a fresh process per
# run, hyperfine), against the issue's budget of 50 ms each, plus a check that these commands
# load no renderer libraries (OSMesa, LLVM, libpng). `--help` is timed as the baseline cost of
# starting the binary at all (not counted against the budget).
#
#   Scripts/bench-queries.sh                 # bundled AtlasData
#   DATA=path/to/AtlasData RUNS=100 Scripts/bench-queries.sh
#   SCRATCH=.build-model Scripts/bench-queries.sh
set -euo pipefail
cd "$(dirname "$0")/.."
SCRATCH=${SCRATCH:-.build-release}
RUNS=${RUNS:-40}
DATA=${DATA:-AtlasData}
BUDGET_MS=${BUDGET_MS:-50}

command -v hyperfine >/dev/null || { echo "error: hyperfine is not installed (apt-get install hyperfine)" >&2; exit 1; }
BIN="$(SCRATCH=$SCRATCH Scripts/release-build.sh)"
[ -f "$DATA/catalog.json" ] || { echo "error: $DATA/catalog.json not found (set DATA=…)" >&2; exit 1; }

# First use unpacks the label volumes into the cache; the budget is for later calls.
"$BIN" where 0 0 0 --data "$DATA" >/dev/null

echo "== renderer libraries loaded by where/info (expect none)"
for cmd in "where -38 -10 50" "info precentral"; do
    # shellcheck disable=SC2086
    loaded=$(LD_DEBUG=libs "$BIN" $cmd --data "$DATA" 2>&1 >/dev/null | grep -oE 'lib(OSMesa|LLVM|png)[^ ]*' | sort -u || true)
    echo "  $cmd: ${loaded:-none}"
done

OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT
hyperfine -N --warmup 5 --runs "$RUNS" --export-json "$OUT/bench.json" \
    -n "baseline: --help" "$BIN --help" \
    -n "where mni --json" "$BIN where -38 -10 50 --json --data $DATA" \
    -n "where tal (text)" "$BIN where -36 -14 45 --space tal --data $DATA" \
    -n "where voxel --json" "$BIN where 128 100 170 --space voxel --json --data $DATA" \
    -n "info misspelt --json" "$BIN info precentarl --json --data $DATA" \
    -n "info synonym (text)" "$BIN info Heschl --data $DATA" \
    -n "info side + atlas" "$BIN info right thalamus --atlas subcortical --json --data $DATA" >&2

python3 - "$OUT/bench.json" "$BUDGET_MS" <<'PY'
import json, sys
results = json.load(open(sys.argv[1]))["results"]
budget = float(sys.argv[2])
worst = 0.0
print(f"{'command':24} {'median ms':>10} {'mean ms':>9} {'min ms':>8} {'max ms':>8} {'cpu ms':>7}")
for r in results:
    med = r["median"] * 1000
    if not r["command"].startswith("baseline"):
        worst = max(worst, med)
    cpu = (r["user"] + r["system"]) * 1000
    print(f"{r['command']:24} {med:10.1f} {r['mean'] * 1000:9.1f} {r['min'] * 1000:8.1f} {r['max'] * 1000:8.1f} {cpu:7.1f}")
import os
print(f"load average while measuring: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores (wall times grow with load; cpu ms does not)")
print(f"budget {budget:.0f} ms per command: {'PASS' if worst <= budget else 'FAIL'} (worst median {worst:.1f} ms)")
sys.exit(0 if worst <= budget else 1)
PY
