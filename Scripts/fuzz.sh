#!/usr/bin/env bash
# Builds the libFuzzer targets in Fuzz/ against the BrainFormats sources and runs each one.
# Not part of the default build or CI.
#   Scripts/fuzz.sh                  all targets, 120 s each
#   Scripts/fuzz.sh vmr srf -t 300   chosen targets, 300 s each
# Crashing inputs land in .build-fuzz/crashes/<target>/; copy them to Tests/Fixtures/bv/fuzz/ as regression tests.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=120
targets=()
while [ $# -gt 0 ]; do
    case "$1" in
        -t|--time) seconds="$2"; shift 2 ;;
        -h|--help) sed -n '2,7p' "$0"; exit 0 ;;
        *) targets+=("$1"); shift ;;
    esac
done
[ ${#targets[@]} -eq 0 ] && targets=(vmr srf voi poi gzip maps)

build=.build-fuzz
mkdir -p "$build"
sources=(Sources/BrainFormats/*.swift)

for t in "${targets[@]}"; do
    case "$t" in
        vmr) file=FuzzVMR; max_len=4096; seeds=(Tests/Fixtures/bv/nibabel/test.vmr Tests/Fixtures/bv/derived/test_v1.vmr Tests/Fixtures/bv/derived/test_v3.vmr) ;;
        srf) file=FuzzSRF; max_len=2048; seeds=(Tests/Fixtures/bv/bvbabel/sub-test03_cube.srf Tests/Fixtures/bv/derived/sub-test03_cube_as_v3.srf) ;;
        voi) file=FuzzVOI; max_len=4096; seeds=(Tests/Fixtures/bv/bvbabel/sub-test03.voi) ;;
        poi) file=FuzzPOI; max_len=4096; seeds=(Tests/Fixtures/bv/bvbabel/sub-test03_cube.poi) ;;
        gzip) file=FuzzGzip; max_len=4096; seeds=() ;;
        maps) file=FuzzMaps; max_len=4096; seeds=(Tests/Fixtures/maps/*.vmp Tests/Fixtures/maps/*.smp) ;;
        *) echo "unknown target $t (vmr srf voi poi gzip maps)" >&2; exit 2 ;;
    esac
    exe="$build/fuzz-$t"
    echo "== building $exe" >&2
    rm -f "$exe"
    swiftc -sanitize=fuzzer,address -parse-as-library -O -g -swift-version 6 \
        -module-name "Fuzz_$t" -I Sources/CZlib -lz \
        "${sources[@]}" "Fuzz/$file.swift" -o "$exe" 2>&1 | grep -v "ld.gold: warning" >&2 || true
    [ -x "$exe" ] || { echo "build of $exe failed" >&2; exit 1; }

    corpus="Fuzz/corpus-$t"
    crashes="$build/crashes/$t"
    mkdir -p "$corpus" "$crashes"
    for s in "${seeds[@]}" Fuzz/seeds/*."$t"; do [ -e "$s" ] && cp -n "$s" "$corpus/"; done
    # Regression inputs found earlier are seeds too.
    for s in Tests/Fixtures/bv/fuzz/"$t"-*; do [ -e "$s" ] && cp -n "$s" "$corpus/"; done
    true
    echo "== fuzzing $t for ${seconds}s" >&2
    "$exe" "$corpus" -max_total_time="$seconds" -max_len="$max_len" -timeout=10 \
        -rss_limit_mb=2048 -malloc_limit_mb=512 -artifact_prefix="$crashes/" -print_final_stats=1 2>&1 \
        | grep -E "^(#[0-9]+ +DONE|stat::number_of_executed_units|stat::peak_rss|==[0-9]+==|SUMMARY|artifact_prefix|Test unit written|Fatal)" || true
    if ls "$crashes"/* >/dev/null 2>&1; then echo "!! $t: crashing inputs in $crashes" >&2; fi
done
