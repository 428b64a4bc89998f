#!/usr/bin/env bash
# Checks the README's quick start without the release build it takes: its first command's
# `swift build` accepts every option it is given (with --show-bin-path, which builds nothing), the
# program it then runs is in that build's folder, and the render it asks for succeeds with the
# given build (BIN, default the debug build). A quick start that no longer runs fails the tests.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${BIN:-"$(swift build --show-bin-path)/braintutor"}
line=$(sed -n '/^## Quick start/,/^```$/p' README.md | grep -m1 '^Scripts/setup.sh && ' || true)
[ -n "$line" ] || { echo "quick start: README.md has no 'Scripts/setup.sh && …' line under '## Quick start'" >&2; exit 1; }
IFS=$'\x1f' read -r -a parts <<<"${line// && /$'\x1f'}"
[ "${#parts[@]}" -eq 3 ] || { echo "quick start: expected setup && build && run, got: $line" >&2; exit 1; }
read -r -a build <<<"${parts[1]}"
[ "${build[0]} ${build[1]}" = "swift build" ] || { echo "quick start: '${parts[1]}' is not a swift build" >&2; exit 1; }
folder=$("${build[@]}" --show-bin-path) || { echo "quick start: '${parts[1]}' is refused by swift build" >&2; exit 1; }
read -r -a run <<<"${parts[2]}"
program=${run[0]}
[ "$(basename "$program")" = braintutor ] && [ "$(basename "$(dirname "$program")")" = "$(basename "$folder")" ] \
  || { echo "quick start: runs $program, but the build puts braintutor in $folder" >&2; exit 1; }
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
args=()
for ((i = 1; i < ${#run[@]}; i++)); do
  if [ "${run[i]}" = --out ]; then args+=(--out "$out/quick-start.png"); i=$((i + 1)); else args+=("${run[i]}"); fi
done
"$BIN" "${args[@]}" >/dev/null
[ -s "$out/quick-start.png" ] || { echo "quick start: the render wrote no picture" >&2; exit 1; }
echo "quick start: '${parts[1]}' accepted; ${run[*]:1} renders"
