#!/usr/bin/env bash
# Browser tests of the web viewer: builds braintutor, starts `braintutor serve` on a free
# loopback port, runs Tests/Browser in headless Chromium (selenium), then stops the server.
# Needs chromium, chromium-driver (Debian) and python3 with selenium (Scripts/setup-tests.sh).
# Screenshots: artifacts/browser/. Env: BRAINTUTOR_BIN (skip the build), CONFIG (debug|release),
# SCRATCH (build folder, default .build).
set -euo pipefail
cd "$(dirname "$0")/.."
CONFIG="${CONFIG:-debug}"
SCRATCH="${SCRATCH:-.build}"
if [ -z "${BRAINTUTOR_BIN:-}" ]; then
  # `braintutor serve` runs braintutor-server, built beside it.
  swift build -c "$CONFIG" --scratch-path "$SCRATCH" --product braintutor
  swift build -c "$CONFIG" --scratch-path "$SCRATCH" --product braintutor-server
  BRAINTUTOR_BIN="$(swift build -c "$CONFIG" --scratch-path "$SCRATCH" --show-bin-path)/braintutor"
fi
for tool in /usr/bin/chromium /usr/bin/chromedriver; do
  [ -x "$tool" ] || { echo "error: $tool is missing (apt-get install chromium chromium-driver)" >&2; exit 1; }
done
python3 -c "import selenium" 2>/dev/null || { echo "error: python3 selenium is missing (pip install selenium)" >&2; exit 1; }

PORT="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')"
mkdir -p artifacts/browser
LOG=artifacts/browser/server.log
# One statistical map for the viewer's map tests (test_maps.py); nothing of it loads unless chosen.
"$BRAINTUTOR_BIN" serve --host 127.0.0.1 --port "$PORT" --workers 2 \
  --map blobs=Tests/Fixtures/maps/viewer_blobs_mni_3mm.nii.gz >"$LOG" 2>&1 &
SERVER=$!
stop() { kill -TERM "$SERVER" 2>/dev/null && wait "$SERVER" 2>/dev/null || true; }
trap stop EXIT

source Scripts/lib/wait-for-server.sh
wait_for_server "$SERVER" "$LOG" "$PORT"

# Server-image mode, then the WebGL viewer (ANGLE=swiftshader if gl-egl is unavailable), then
# the Learn mode (quiz rounds in both renderers);
# BROWSER_TESTS runs other scripts against the same server (bench-viewer.sh).
# Each file's wall time is printed at the end, so a slower run names the file that grew.
times=""
for script in ${BROWSER_TESTS:-Tests/Browser/test_viewer.py Tests/Browser/test_webgl.py Tests/Browser/test_learn.py Tests/Browser/test_app.py Tests/Browser/test_page.py Tests/Browser/test_slices.py Tests/Browser/test_planes.py Tests/Browser/test_maps.py}; do
  started=$SECONDS
  BRAINTUTOR_URL="http://127.0.0.1:$PORT" ARTIFACTS="$PWD/artifacts/browser" python3 "$script"
  times+="$(basename "$script" .py) $((SECONDS - started))s, "
done
echo "Browser file times: ${times%, }"
