#!/usr/bin/env bash
# The test command: the whole Swift test suite (pass --skip-build after `swift build --build-tests`).
set -euo pipefail
cd "$(dirname "$0")/.."
swift test "$@"
