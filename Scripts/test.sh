#!/usr/bin/env bash
# The test command: builds (incrementally) and runs the whole Swift test suite, then the web
# viewer's browser tests in headless Chromium against a real `braintutor serve`.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --build-tests
swift test --skip-build
Scripts/browser-test.sh
