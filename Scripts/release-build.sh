#!/usr/bin/env bash
# Builds the quick start's release `braintutor` (and `braintutor-bench` beside it), the build every
# benchmark measures, and prints its path. The Swift runtime and Foundation are linked statically
# (--static-swift-stdlib, as the README's quick start does): every command starts ~5 ms sooner, with
# no symbol binding against a dozen shared Swift libraries. Build output goes to stderr.
# SCRATCH picks the build folder (default .build, where the quick start builds; release and debug
# products live apart inside it). WITH_SERVER=0 skips braintutor-server.
set -euo pipefail
cd "$(dirname "$0")/.."
SCRATCH=${SCRATCH:-.build}
swift build -c release --static-swift-stdlib --scratch-path "$SCRATCH" --product braintutor >&2
# The in-process figures: `braintutor-bench render|formats`, in the same folder.
swift build -c release --static-swift-stdlib --scratch-path "$SCRATCH" --product braintutor-bench >&2
# `braintutor serve` runs braintutor-server from the same folder.
if [ "${WITH_SERVER:-1}" = 1 ]; then
  swift build -c release --static-swift-stdlib --scratch-path "$SCRATCH" --product braintutor-server >&2
fi
echo "$(swift build -c release --static-swift-stdlib --scratch-path "$SCRATCH" --show-bin-path)/braintutor"
