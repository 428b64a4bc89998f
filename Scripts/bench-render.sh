#!/usr/bin/env bash
# Renderer speed, release build, for each GL backend that loads (OSMesa, EGL) side by side:
# whole-process `render` and `pick` (hyperfine, warm Mesa shader cache), their start-up stage by
# stage (BRAINTUTOR_TIMINGS), and the in-process figures of `braintutor-bench render` (lit frame,
# repeated pick) with EGL as a share of OSMesa.
# `pick` normally decides on the CPU; "pick-gl" forces the GL pick pass (BRAINTUTOR_GL_PICK=1,
# through env(1), ~1 ms more), which is also what the few pixels near triangle edges take.
# Targets: render <= 120 ms, pick <= 60 ms, lit frame <= 25 ms, repeated pick <= 1 ms.
# Usage: Scripts/bench-render.sh [--data DIR]   (SCRATCH=.build-bench to pick the build folder)
set -euo pipefail
cd "$(dirname "$0")/.."
SCRATCH=${SCRATCH:-.build}
DATA_ARGS=("$@")
command -v hyperfine >/dev/null || { echo "hyperfine missing: apt-get install -y hyperfine" >&2; exit 1; }
BIN="$(SCRATCH=$SCRATCH Scripts/release-build.sh)"
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT
RENDER=("$BIN" render "${DATA_ARGS[@]}" --atlas gyri --view lateral --hemi left --size 1024x768 --out "$OUT/r.png")
PICK=("$BIN" pick 400 380 "${DATA_ARGS[@]}" --atlas gyri --view lateral --hemi left --size 1024x768 --json)
"${RENDER[@]}"                       # warms the shader cache and checks the command works
"${PICK[@]}" > "$OUT/pick.json"
echo "pick 400 380 -> $(python3 -c "import json,sys; r=json.load(open('$OUT/pick.json'))['region']; print(r and r['name'] + ' (' + r['hemisphere'] + ')')")"
q() { printf '%q ' "$@"; }
BACKENDS=()
for gl in osmesa egl; do "$BIN" doctor --gl "$gl" >/dev/null 2>&1 && BACKENDS+=("$gl"); done
[ ${#BACKENDS[@]} -gt 0 ] || { "$BIN" doctor >&2; exit 1; }
RUNS_ARGS=()
for gl in "${BACKENDS[@]}"; do
  RUNS_ARGS+=(-n "render-$gl" "$(q "${RENDER[@]}" --gl "$gl")" -n "pick-$gl" "$(q "${PICK[@]}" --gl "$gl")"
              -n "pick-gl-$gl" "$(q env BRAINTUTOR_GL_PICK=1 "${PICK[@]}" --gl "$gl")")
done
hyperfine -N --warmup 3 --runs "${RUNS:-30}" --export-json "$OUT/h.json" "${RUNS_ARGS[@]}" >&2
python3 - "$OUT/h.json" <<'PY'
import json, sys
for r in json.load(open(sys.argv[1]))["results"]:
    print(f"whole-process {r['command']:<14} median {r['median']*1000:7.1f} ms  (mean {r['mean']*1000:.1f} ± {r['stddev']*1000:.1f} ms)")
PY
# Start-up stage by stage: the middle of five warm runs of each (by total time).
for gl in "${BACKENDS[@]}"; do
  for kind in render pick-gl; do
    if [ "$kind" = render ]; then CMD=("${RENDER[@]}" --gl "$gl"); else CMD=(env BRAINTUTOR_GL_PICK=1 "${PICK[@]}" --gl "$gl"); fi
    for _ in 1 2 3 4 5; do BRAINTUTOR_TIMINGS=1 "${CMD[@]}" 2>&1 >/dev/null | tail -1; done \
      | awk -F'total ' '{ split($2, t, " "); print t[1] "\t" $0 }' | sort -n | sed -n 3p | cut -f2- \
      | sed "s/^/stages $kind-$gl: /"
  done
done
"$(dirname "$BIN")/braintutor-bench" render "${DATA_ARGS[@]}" --atlas gyri --view lateral --hemi left --size 1024x768 --iterations "${ITERATIONS:-30}"
