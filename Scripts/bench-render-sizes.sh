#!/usr/bin/env bash
# The server's resident memory over renders of many distinct image sizes: each size once, so the
# scene cache (1 MB) holds nothing and every frame needs buffers of a new size. Prints the RSS
# after every 50 renders and fails when it ends more than LIMIT_MB above its value after the first
# 50 (a per-size leak of 36 bytes a pixel grew ~12 MB per 640×480 size, gigabytes over 300).
#   Scripts/bench-render-sizes.sh            300 sizes from 640×480 up by 3×2 px, release build
# Env: BRAINTUTOR_BIN (default: release build), COUNT (default 300), LIMIT_MB (default 256).
set -euo pipefail
cd "$(dirname "$0")/.."
BIN="${BRAINTUTOR_BIN:-$(Scripts/release-build.sh)}"
COUNT="${COUNT:-300}"
LIMIT_MB="${LIMIT_MB:-256}"
PORT="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')"
LOG="$(mktemp)"
"$BIN" serve --host 127.0.0.1 --port "$PORT" --workers 1 --cache-mb 1 >"$LOG" 2>&1 &
SERVER=$!
stop() { kill -TERM "$SERVER" 2>/dev/null && wait "$SERVER" 2>/dev/null || true; rm -f "$LOG"; }
trap stop EXIT
source Scripts/lib/wait-for-server.sh
wait_for_server "$SERVER" "$LOG" "$PORT"
rss_mb() { awk '/^VmRSS:/ { print int($2 / 1024) }' "/proc/$SERVER/status"; }
first=""
for ((i = 0; i < COUNT; i++)); do
  w=$((640 + 3 * i)) h=$((480 + 2 * i))
  curl -fsS -o /dev/null "http://127.0.0.1:$PORT/api/render?atlas=gyri&view=lateral&w=$w&h=$h"
  if (( (i + 1) % 50 == 0 )); then
    now=$(rss_mb)
    [ -n "$first" ] || first=$now
    echo "$((i + 1)) sizes (last ${w}x${h}): RSS $now MB"
  fi
done
last=$(rss_mb)
echo "RSS after 50 sizes $first MB, after $COUNT sizes $last MB"
if (( last - first > LIMIT_MB )); then
  echo "error: resident memory grew by $((last - first)) MB over $((COUNT - 50)) distinct sizes (limit $LIMIT_MB MB)" >&2
  exit 1
fi
