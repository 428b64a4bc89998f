#!/usr/bin/env bash
# The test command: installs what is missing (Scripts/setup-tests.sh), builds everything once,
# runs the whole Swift test suite, then the web viewer's browser tests in headless Chromium
# against a real `braintutor serve`, and ends with one summary line per part.
set -euo pipefail
cd "$(dirname "$0")/.."
Scripts/setup-tests.sh
# One build of every target with testing enabled: the browser tests reuse its braintutor, so
# nothing (Hummingbird and swift-nio above all) is compiled a second time without it.
swift build --build-tests
LOG="$(mktemp)"
trap 'rm -f "$LOG" "$LOG.egl"' EXIT
# The suite uses swift-testing only; --disable-xctest drops XCTest's "Executed 0 tests" line.
# A bound, so a hung test fails the run in 25 minutes instead of stalling it (a full run takes ~5).
status=0
timeout --signal=INT --kill-after=30 1500 swift test --skip-build --disable-xctest 2>&1 | tee "$LOG" || status=$?
summary="$(grep -E 'Test run with [0-9]+ tests?' "$LOG" | tail -1 || true)"
# The renderer and server suites again on EGL (the only backend where Mesa is 25.1 or later),
# then the CLI and server end to end with OSMesa hidden.
BRAINTUTOR_GL=egl timeout --signal=INT --kill-after=30 900 swift test --skip-build --disable-xctest \
  --filter 'BrainRenderTests|BrainServerTests' > "$LOG.egl" 2>&1 || { status=1; cat "$LOG.egl"; }
egl="$(grep -E 'Test run with [0-9]+ tests?' "$LOG.egl" | tail -1 || true)"
Scripts/check-gl-backends.sh || status=1
# Start-up: where/info/pick load no PNG, font or GL library, EGL never looks for OSMesa; prints
# the stage times (two runs of the debug build: a smoke run, not a measurement).
BIN="$(swift build --show-bin-path)/braintutor" RUNS=2 BUDGET=0 Scripts/bench-queries.sh || status=1
BRAINTUTOR_BIN="$(swift build --show-bin-path)/braintutor" Scripts/browser-test.sh 2>&1 | tee -a "$LOG" || status=$?
echo
echo "Swift tests: ${summary#* }"
echo "Swift tests on EGL (renderer, server): ${egl#* }"
grep -E '^(Ran [0-9]+ tests?|OK|FAILED)' "$LOG" | sed 's/^/Browser tests: /' || true
exit $status
