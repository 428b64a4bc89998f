#!/usr/bin/env bash
# The test command: builds (incrementally) and runs the whole Swift test suite, then the web
# viewer's browser tests in headless Chromium against a real `braintutor serve`.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --build-tests
# A bound, so a hung test fails the run in 25 minutes instead of stalling it (a full run takes ~5).
timeout --signal=INT --kill-after=30 1500 swift test --skip-build
# The renderer and server suites again on EGL (the only backend where Mesa is 25.1 or later),
# then the CLI and server end to end with OSMesa hidden.
BRAINTUTOR_GL=egl timeout --signal=INT --kill-after=30 900 swift test --skip-build --filter 'BrainRenderTests|BrainServerTests'
Scripts/check-gl-backends.sh
Scripts/browser-test.sh
