#!/usr/bin/env bash
# Throughput and memory of `braintutor serve` on loopback, one kind of request at a time:
#   picks   /api/pick at random pixels of one scene already drawn (answered from its cached pick image);
#   where   /api/where at random MNI points;
#   big     BIG parallel SIDE×SIDE renders of distinct scenes (default 24 of 4096; 0 skips it), with the
#           server's peak resident memory (VmHWM) before and after, and how many were refused (503).
# Each of the first two runs wrk for DURATION seconds with CLIENTS connections and prints requests/s,
# p50 and p99. It prints figures and checks nothing about speed (no timed assertion): the budgets are
# ≥ 15,000 picks/s with p99 ≤ 5 ms and ≥ 20,000 where/s at 20 connections on a release build, which
# only a quiet machine can show. It fails only when the server dies, or answers anything but 200 to the
# picks and look-ups. The load average is printed with the figures, since other work skews them.
# Env: BRAINTUTOR_BIN (default: the release build, made by Scripts/release-build.sh), DURATION (s,
# default 10), CLIENTS (default 20), THREADS (wrk threads, default 2), BIG, SIDE, SERVE_ARGS (extra `serve` options),
# KINDS (the wrk runs to make, default "picks where": `KINDS=picks BIG=0` measures picks alone,
# `KINDS=where BIG=0` look-ups alone).
set -euo pipefail
cd "$(dirname "$0")/.."
DURATION="${DURATION:-10}"
CLIENTS="${CLIENTS:-20}"
THREADS="${THREADS:-2}"
BIG="${BIG:-24}"
SIDE="${SIDE:-4096}"
KINDS="${KINDS:-picks where}"
if [ -z "${BRAINTUTOR_BIN:-}" ]; then
  BRAINTUTOR_BIN="$(Scripts/release-build.sh)"
fi
if ! command -v wrk >/dev/null; then
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
  echo "wrk is missing: installing it with apt-get" >&2
  $SUDO apt-get install -y wrk >/dev/null 2>&1 || { $SUDO apt-get update >/dev/null 2>&1 && $SUDO apt-get install -y wrk >/dev/null 2>&1; }
fi
PORT="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')"
WORK="$(mktemp -d)"
LOG="$WORK/server.log"
# shellcheck disable=SC2086
LOG_LEVEL=warning "$BRAINTUTOR_BIN" serve --host 127.0.0.1 --port "$PORT" ${SERVE_ARGS:-} >"$LOG" 2>&1 &
SERVER=$!
stop() { kill -TERM "$SERVER" 2>/dev/null && wait "$SERVER" 2>/dev/null || true; rm -rf "$WORK"; }
trap stop EXIT
source Scripts/lib/wait-for-server.sh
wait_for_server "$SERVER" "$LOG" "$PORT"
# `braintutor serve` runs braintutor-server: memory is read from that process.
SERVER_PID="$(pgrep -P "$SERVER" -f braintutor-server | head -1 || true)"
[ -n "$SERVER_PID" ] || SERVER_PID="$SERVER"
peak() { awk '/VmHWM/ { printf "%.0f MB", $2 / 1024 }' "/proc/$SERVER_PID/status"; }
resident() { awk '/VmRSS/ { printf "%.0f MB", $2 / 1024 }' "/proc/$SERVER_PID/status"; }

W=800; H=600
SCENE="atlas=gyri&view=lateral&hemi=left&w=$W&h=$H"
curl -fsS -o /dev/null "http://127.0.0.1:$PORT/api/render?$SCENE"  # drawn once, as a viewer would have

status=0
# One wrk run: prints "NAME requests/s p50 p99 non-200" and fails on socket errors or non-200 answers.
run_wrk() {
  local name="$1" script="$2"
  [[ " $KINDS " == *" $name "* ]] || return 0
  cat > "$WORK/$name.lua" <<LUA
$script
bad = 0  -- a global: done() reads it from each thread
function response(status, headers, body) if status ~= 200 then bad = bad + 1 end end
local threads = {}
function setup(thread) table.insert(threads, thread) end
function done(summary, latency, requests)
  local e = summary.errors
  local n = 0
  for _, t in ipairs(threads) do n = n + t:get("bad") end
  io.write(string.format("RESULT %.0f %.2f %.2f %d %d\n", summary.requests / (summary.duration / 1e6),
    latency:percentile(50) / 1000, latency:percentile(99) / 1000, n, e.connect + e.read + e.write + e.timeout))
end
LUA
  local line
  line="$(wrk -t"$THREADS" -c"$CLIENTS" -d"${DURATION}s" --timeout 10s -s "$WORK/$name.lua" "http://127.0.0.1:$PORT" | grep '^RESULT')"
  read -r _ rate p50 p99 bad socket <<<"$line"
  printf '%-6s %8s/s  p50 %6s ms  p99 %6s ms  non-200 %s  socket errors %s  (load %s)\n' \
    "$name" "$rate" "$p50" "$p99" "$bad" "$socket" "$(cut -d' ' -f1-3 /proc/loadavg)"
  [ "$bad" = 0 ] && [ "$socket" = 0 ] || status=1
}

echo "braintutor serve, $CLIENTS connections, $THREADS wrk threads, ${DURATION} s per kind; $(nproc) cores"
run_wrk picks "
math.randomseed(os.time())
function request()
  return wrk.format('GET', '/api/pick?$SCENE&x=' .. math.random(0, $W - 1) .. '&y=' .. math.random(0, $H - 1))
end"
run_wrk where "
math.randomseed(os.time() + 1)
function request()
  return wrk.format('GET', string.format('/api/where?x=%.1f&y=%.1f&z=%.1f',
    math.random() * 140 - 70, math.random() * 170 - 100, math.random() * 115 - 40))
end"
echo "resident after the runs: $(resident), peak $(peak)"

if [ "$BIG" -gt 0 ]; then
  before="$(peak)"
  # Distinct azimuths: each is a new scene, so none is answered from the cache or shares a render.
  pids=()
  for i in $(seq 1 "$BIG"); do
    curl -sS -o /dev/null -w '%{http_code}\n' \
      "http://127.0.0.1:$PORT/api/render?atlas=gyri&hemi=left&azimuth=$((i * 7 - 90))&w=$SIDE&h=$SIDE" >>"$WORK/big" &
    pids+=($!)
  done
  wait "${pids[@]}" || true
  printf '%s parallel %sx%s renders: answers %s; peak resident %s before, %s after (now %s)\n' "$BIG" "$SIDE" "$SIDE" \
    "$(sort "$WORK/big" | uniq -c | awk '{ printf "%s%s×%s", (NR > 1 ? ", " : ""), $2, $1 }')" "$before" "$(peak)" "$(resident)"
fi

kill -0 "$SERVER" 2>/dev/null && curl -fsS -o /dev/null "http://127.0.0.1:$PORT/healthz" || { echo "FAIL: the server died" >&2; status=1; }
exit $status
