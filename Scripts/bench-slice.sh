#!/usr/bin/env bash
# Whole-process timings of `braintutor slice` (release build, hyperfine, fresh process per run).
# Budget: a slice with the default options (cubic scaling, gyri overlay) ≤ 60 ms. Cases on the bundled template when
# AtlasData is there (default 512×512 output with gyri overlay, outline + highlight, --raw), and
# on the real sample VMR + VOI in Tests/Fixtures/slice, which need no AtlasData.
# Prints a table of mean/min wall time and mean CPU time per case.
# Env: BRAINTUTOR_BIN (skip the build), SCRATCH (build folder, default .build), RUNS (default 30).
set -euo pipefail
cd "$(dirname "$0")/.."
SCRATCH="${SCRATCH:-.build}"
RUNS="${RUNS:-30}"
command -v hyperfine >/dev/null || { echo "error: hyperfine is missing (apt-get install hyperfine)" >&2; exit 1; }
if [ -z "${BRAINTUTOR_BIN:-}" ]; then
  BRAINTUTOR_BIN="$(SCRATCH=$SCRATCH Scripts/release-build.sh)"
fi
OUT="$(mktemp -d)"
trap 'rm -rf "$OUT"' EXIT
B="$BRAINTUTOR_BIN"
FIX=Tests/Fixtures/slice

cases=(
  "$B slice --plane axial --index 16 --vmr $FIX/sub-test03.vmr --voi $FIX/sub-test03.voi --out $OUT/voi.png"
)
names=("user VMR + VOI overlay (540x716)")
if [ -f AtlasData/catalog.json ] && [ -f AtlasData/template/icbm2009c_t1.vmr ]; then
  # One untimed run unpacks the label volume into the cache, as the first use after install does.
  "$B" slice --plane axial --mni 10 --out "$OUT/warm.png" >/dev/null
  cases+=(
    "$B slice --plane axial --mni 10 --out $OUT/axial.png"
    "$B slice --plane coronal --mni -20 --atlas gyri --highlight precentral --dim-others --outline --out $OUT/coronal.png"
    "$B slice --plane sagittal --at -40,-20,50 --atlas brodmann --json --out $OUT/sagittal.png"
    "$B slice --plane axial --index 100 --raw --out $OUT/raw.png"
  )
  names+=("template axial + gyri overlay (512x512)" "coronal, highlight + dim + outline" "sagittal at a point, brodmann, json" "raw 256x256 (no overlay)")
else
  echo "note: no AtlasData/template yet; timing the fixture case only" >&2
fi

args=()
for i in "${!cases[@]}"; do args+=(-n "${names[$i]}" "${cases[$i]}"); done
hyperfine -N --warmup 3 --runs "$RUNS" --export-json "$OUT/bench.json" "${args[@]}" >&2
echo "== stages (one run each, BRAINTUTOR_TIMINGS=1)" >&2
for i in "${!cases[@]}"; do
  # shellcheck disable=SC2086
  echo "  ${names[$i]}: $(BRAINTUTOR_TIMINGS=1 ${cases[$i]} 2>&1 >/dev/null | grep ' ms/' || echo 'no stage times')" >&2
done
# Wall time suffers when other work shares the two cores; CPU time (user + system) does not,
# so both are printed.
python3 - "$OUT/bench.json" <<'PY'
import json, sys
rows = json.load(open(sys.argv[1]))["results"]
print("| case | mean wall ms | min wall ms | mean CPU ms (user+sys) |")
print("|:---|---:|---:|---:|")
for r in rows:
    print(f"| {r['command']} | {r['mean']*1e3:.1f} | {r['min']*1e3:.1f} | {(r['user']+r['system'])*1e3:.1f} |")
PY
