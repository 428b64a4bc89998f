#!/usr/bin/env bash
# Bench of the WebGL viewer in headless Chromium (WebGL on llvmpipe through ANGLE): page load to
# scene ready (median of 10, cold cache, with bytes transferred), first-frame, turning (as a drag
# draws it: coarse cortex) and still frame times at 1280×800 and 390×844 (median and p95), tap to
# region named in the panel (median of 10), and the 3D slices: frame times with a moving plane
# against the same view without planes (both sizes).
# Starts `braintutor serve` (release build, Scripts/release-build.sh) on a free loopback port.
# Env: BRAINTUTOR_BIN (skip the build), ANGLE (gl-egl|swiftshader).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${BRAINTUTOR_BIN:-}" ]; then
  BRAINTUTOR_BIN="$(Scripts/release-build.sh)"
fi
# browser-test.sh starts and stops the server; it runs the bench instead of the tests.
BRAINTUTOR_BIN="$BRAINTUTOR_BIN" BROWSER_TESTS=Tests/Browser/bench_viewer.py exec Scripts/browser-test.sh
