#!/usr/bin/env bash
# The test command: installs what is missing (Scripts/setup-tests.sh), builds everything once,
# runs the whole Swift test suite, the viewer's JavaScript checks (tsc, node --test), then the web viewer's browser tests in headless Chromium
# against a real `braintutor serve`, a short soak of the server and a smoke run of every fuzz
# target, and ends with one summary line per part. A skipped test fails the run: every test must
# run here (the only exception is the OSMesa comparison on a system whose Mesa no longer has OSMesa).
set -euo pipefail
cd "$(dirname "$0")/.."
# The library modules built optimised inside the debug build (Package.swift): the suite spends its
# time in their loops, which run many times faster so. Every swift command below sees the same value.
export BRAINTUTOR_OPTIMIZE=1
# Wall time per part, printed with the summary, so a slower CI names the part that grew.
stages=""; last=$SECONDS
stage() { stages+="$1 $((SECONDS - last))s, "; last=$SECONDS; }
Scripts/setup-tests.sh
stage setup
# One build of every target with testing enabled: the browser tests reuse its braintutor, so
# nothing (Hummingbird and swift-nio above all) is compiled a second time without it.
swift build --build-tests
# Asked once: each `swift build --show-bin-path` loads the package again (seconds on a busy machine).
BIN_DIR="$(swift build --show-bin-path)"
BIN="$BIN_DIR/braintutor"
stage build
LOG="$(mktemp)"
trap 'rm -f "$LOG" "$LOG.alone" "$LOG.egl" "$LOG.soak" "$LOG.fuzz" "$LOG.viewer"' EXIT
# The suite uses swift-testing only; --disable-xctest drops XCTest's "Executed 0 tests" line.
# A bound, so a hung test fails the run in 40 minutes instead of stalling it (a full run takes about
# 2 minutes on a quiet 2-core machine, several times that on a slow or busy one).
status=0
# FramebufferMemoryTests measures this process's resident memory, which the other suites running
# beside it would grow: it runs on its own after the rest.
timeout --signal=INT --kill-after=30 2400 swift test --skip-build --disable-xctest --skip FramebufferMemoryTests 2>&1 | tee "$LOG" || status=$?
summary="$(grep -E 'Test run with [0-9]+ tests?' "$LOG" | tail -1 || true)"
timeout --signal=INT --kill-after=30 600 swift test --skip-build --disable-xctest --filter FramebufferMemoryTests > "$LOG.alone" 2>&1 \
  || { status=1; cat "$LOG.alone"; }
alone="$(grep -E 'Test run with [0-9]+ tests?' "$LOG.alone" | tail -1 || true)"
stage swift-tests
# The renderer suite again on EGL (the only backend where Mesa is 25.1 or later), with the server's
# GL health check; then the CLI and the server end to end with OSMesa hidden. The rest of the server
# suite draws through the same renderer, so running it twice would only double the slowest part.
BRAINTUTOR_GL=egl timeout --signal=INT --kill-after=30 1200 swift test --skip-build --disable-xctest \
  --filter 'BrainRenderTests|BrainQuizTests|GLHealthTests' --skip FramebufferMemoryTests > "$LOG.egl" 2>&1 || { status=1; cat "$LOG.egl"; }
egl="$(grep -E 'Test run with [0-9]+ tests?' "$LOG.egl" | tail -1 || true)"
Scripts/check-gl-backends.sh || status=1
stage egl
# Start-up: where/info/pick load no PNG, font or GL library, EGL never looks for OSMesa; prints
# the stage times (two runs of the debug build: a smoke run, not a measurement).
BIN="$BIN" RUNS=2 BUDGET=0 Scripts/bench-queries.sh || status=1
# The slice and point-table benches run once, small, on the debug build: they must keep working.
BRAINTUTOR_BIN="$BIN" RUNS=2 Scripts/bench-slice.sh > "$LOG.slice" 2>&1 || { status=1; cat "$LOG.slice"; }
BIN="$BIN" N=500 Scripts/bench-point-table.sh || status=1
# Reading a VMP costs one copy of its maps (256³ here: 64 MiB a map; the 512³ run is the script's default).
BIN="$BIN" BENCH="$BIN_DIR/braintutor-bench" SIDE=256 \
  Scripts/bench-vmp-memory.sh || status=1
# The README's quick start still runs: its build options are accepted, its render succeeds.
BIN="$BIN" Scripts/check-quick-start.sh || status=1
# The README's tour prints what the program prints.
python3 Scripts/check-readme-tour.py "$BIN" || status=1
stage benches-and-docs
# The viewer's JavaScript without a browser: tsc, node --test (the Swift reference cases replayed).
Scripts/check-viewer.sh > "$LOG.viewer" 2>&1 || { status=1; cat "$LOG.viewer"; }
stage viewer-checks
BRAINTUTOR_BIN="$BIN" Scripts/browser-test.sh 2>&1 | tee -a "$LOG" || status=$?
stage browser
# The fuzz smoke run beside the soak: its build and its 3-second runs keep one core busy, and the
# soak and the bench run for a set time whatever the load (neither judges speed), so the two parts
# take the longer one's time instead of their sum.
Scripts/fuzz.sh --smoke > "$LOG.fuzz" 2>&1 &
FUZZ=$!
# The server under mixed load for a few seconds (the long run is `Scripts/soak.sh 30m`).
BRAINTUTOR_BIN="$BIN" Scripts/soak.sh 20s > "$LOG.soak" 2>&1 || { status=1; cat "$LOG.soak"; }
# The throughput bench, briefly and small on the debug build so it keeps working (figures: release build).
BRAINTUTOR_BIN="$BIN" DURATION=2 BIG=2 SIDE=512 Scripts/bench-server.sh || status=1
wait "$FUZZ" || { status=1; cat "$LOG.fuzz"; }
stage soak-and-fuzz

# swift-testing reports a test whose condition is false as "➜ Test name() skipped: reason" (its suite
# gets a line of its own too); none may be.
allowed='^$'
dpkg-query -W -f='${Status}' libosmesa6 2>/dev/null | grep -q "install ok installed" \
  || allowed='OSMesa and EGL are not both installed|needs both backends'
skips="$(cat "$LOG" "$LOG.alone" "$LOG.egl" | grep -E '^[^ ]+ Test .* skipped' | grep -Ev "$allowed" || true)"
skipped=0; [ -n "$skips" ] && skipped=$(wc -l <<<"$skips")
echo
echo "Swift tests: ${summary#* }"
echo "Swift tests run alone (resident memory): ${alone#* }"
echo "Swift tests on EGL (renderer, GL health): ${egl#* }"
echo "Skipped tests: $skipped"
[ "$skipped" -gt 0 ] && { echo "$skips" | sed 's/^/  /'; status=1; }
grep -E '^Viewer checks' "$LOG.viewer" || true
grep -E '^(Ran [0-9]+ tests?|OK|FAILED)' "$LOG" | sed 's/^/Browser tests: /' || true
grep -E '^Browser file times' "$LOG" || true
grep -E '^(requests|Soak)' "$LOG.soak" | tail -2 | sed 's/^/Soak: /' || true
sed -n '/^Fuzz totals/,$p' "$LOG.fuzz" || true
echo "Stage times: ${stages%, } (total ${SECONDS}s)"
exit $status
