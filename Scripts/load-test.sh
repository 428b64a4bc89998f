#!/usr/bin/env bash
# Load test of `braintutor serve` on loopback (not CI): 20 concurrent keep-alive clients for
# 30 s mixing picks (65 %), renders (15 %), where lookups (15 %) and malformed requests (5 %).
# Prints requests/s per kind, latency percentiles per kind, status counts, and checks the
# server is alive afterwards. Targets (issue 8): ≥ 300 picks/s, p99 pick ≤ 20 ms, no 5xx.
# A second phase runs wrk (if installed) on the same mix for a raw throughput figure.
# RATE paces the clients to that many requests/s in total (default 600, i.e. ~390 picks/s, the
# target's load with headroom); RATE=0 lets them run flat out (saturation figures).
# Env: BRAINTUTOR_BIN (skip the build), DURATION (s, default 30), CLIENTS (default 20), RATE,
# WORKERS (server render threads, default 2), SCRATCH (build folder, default .build).
set -euo pipefail
cd "$(dirname "$0")/.."
DURATION="${DURATION:-30}"
CLIENTS="${CLIENTS:-20}"
RATE="${RATE:-600}"
WORKERS="${WORKERS:-2}"
SCRATCH="${SCRATCH:-.build}"
if [ -z "${BRAINTUTOR_BIN:-}" ]; then
  swift build -c release --scratch-path "$SCRATCH" --product braintutor
  BRAINTUTOR_BIN="$(swift build -c release --scratch-path "$SCRATCH" --show-bin-path)/braintutor"
fi
PORT="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')"
mkdir -p artifacts/load
LOG=artifacts/load/server.log
LOG_LEVEL=warning "$BRAINTUTOR_BIN" serve --host 127.0.0.1 --port "$PORT" --workers "$WORKERS" >"$LOG" 2>&1 &
SERVER=$!
stop() { kill -TERM "$SERVER" 2>/dev/null && wait "$SERVER" 2>/dev/null || true; }
trap stop EXIT
for _ in $(seq 1 300); do
  curl -fsS "http://127.0.0.1:$PORT/healthz" >/dev/null 2>&1 && break
  kill -0 "$SERVER" 2>/dev/null || { echo "error: the server exited; log:" >&2; cat "$LOG" >&2; exit 1; }
  sleep 0.2
done

RESULT=0
python3 - "$PORT" "$DURATION" "$CLIENTS" "$RATE" <<'PY' || RESULT=$?
import http.client, json, random, sys, threading, time
port, duration, clients, rate = int(sys.argv[1]), float(sys.argv[2]), int(sys.argv[3]), float(sys.argv[4])
interval = clients / rate if rate > 0 else 0.0  # seconds between one client's requests
W, H = 800, 600
scenes = [f"atlas={a}&view={v}&hemi={h}&w={W}&h={H}" for a, v, h in
          [("gyri", "lateral", "left"), ("gyri", "medial", "right"), ("lobes", "lateral", "right"),
           ("functional", "lateral", "left"), ("sulci", "superior", "both")]]
highlights = ["", "&highlight=precentral", "&highlight=superiortemporal", "&highlight=1", "&highlight=2"]
malformed = ["/api/pick?x=abc&y=1", "/api/render?w=99999", "/api/render?atlas=..%2Fetc",
             "/api/where?x=1&y=two&z=3", "/api/slice?plane=oblique&index=3", "/api/info?q=",
             "/api/pick?" + scenes[0] + "&x=5000&y=1", "/api/nothing"]

def get(conn, path):
    conn.request("GET", path)
    r = conn.getresponse()
    r.read()
    return r.status

# Warm-up: every scene the mix renders is drawn once, as a viewer would have done.
warm = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
t0 = time.perf_counter()
for s in scenes:
    for h in highlights[:1] + (highlights[1:] if "gyri" in s else []):
        assert get(warm, f"/api/render?{s}{h}") == 200, s + h
warmup_s = time.perf_counter() - t0
plan = ["pick"] * 13 + ["render"] * 3 + ["where"] * 3 + ["bad"]
lock = threading.Lock()
lat = {k: [] for k in ("pick", "render", "where", "bad")}
status = {}
errors = []
stop_at = time.perf_counter() + duration

def client(seed):
    rnd = random.Random(seed)
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    mine = {k: [] for k in lat}
    codes = {}
    i = seed
    next_at = time.perf_counter() + rnd.uniform(0, interval)
    while time.perf_counter() < stop_at:
        if interval:
            delay = next_at - time.perf_counter()
            if delay > 0:
                time.sleep(delay)
            next_at += interval
        kind = plan[i % len(plan)]
        i += 1
        s = rnd.choice(scenes)
        if kind == "pick":
            path = f"/api/pick?{s}&x={rnd.randrange(W)}&y={rnd.randrange(H)}"
        elif kind == "render":
            path = f"/api/render?{s}" + (rnd.choice(highlights) if "gyri" in s else "")
        elif kind == "where":
            path = f"/api/where?x={rnd.uniform(-70, 70):.1f}&y={rnd.uniform(-100, 70):.1f}&z={rnd.uniform(-40, 75):.1f}"
        else:
            path = rnd.choice(malformed)
        t = time.perf_counter()
        try:
            code = get(conn, path)
        except Exception as e:  # connection trouble counts as a failure
            code = f"exception {type(e).__name__}"
            conn.close()
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        mine[kind].append((time.perf_counter() - t) * 1000)
        key = (kind, code)
        codes[key] = codes.get(key, 0) + 1
    with lock:
        for k, v in mine.items():
            lat[k].extend(v)
        for k, v in codes.items():
            status[k] = status.get(k, 0) + v

threads = [threading.Thread(target=client, args=(n,)) for n in range(clients)]
start = time.perf_counter()
for t in threads: t.start()
for t in threads: t.join()
elapsed = time.perf_counter() - start

def pct(values, p):
    v = sorted(values)
    return v[min(len(v) - 1, int(round(p / 100 * (len(v) - 1))))] if v else float("nan")

print(f"warm-up: {warmup_s:.1f} s to draw the scenes once")
print(f"{clients} clients, " + (f"paced to {rate:.0f} requests/s in total, " if rate > 0 else "unpaced, ") + f"{elapsed:.1f} s, {sum(len(v) for v in lat.values())} requests "
      f"({sum(len(v) for v in lat.values()) / elapsed:.0f}/s)")
print(f"{'kind':8} {'count':>7} {'per s':>7} {'p50 ms':>8} {'p95 ms':>8} {'p99 ms':>8} {'max ms':>8}")
for k, v in lat.items():
    print(f"{k:8} {len(v):7d} {len(v) / elapsed:7.0f} {pct(v, 50):8.2f} {pct(v, 95):8.2f} {pct(v, 99):8.2f} {max(v or [0]):8.2f}")
print("statuses:", ", ".join(f"{k}={c}:{n}" for (k, c), n in sorted(status.items(), key=str)))
five = sum(n for (k, c), n in status.items() if not isinstance(c, int) or c >= 500)
bad_ok = sum(n for (k, c), n in status.items() if k == "bad" and isinstance(c, int) and not 400 <= c < 500)
good_fail = sum(n for (k, c), n in status.items() if k != "bad" and c != 200)
picks_per_s = len(lat["pick"]) / elapsed
p99 = pct(lat["pick"], 99)
alive = get(http.client.HTTPConnection("127.0.0.1", port, timeout=10), "/healthz") == 200
checks = [(f"picks/s {picks_per_s:.0f} >= 300", picks_per_s >= 300),
          (f"p99 pick {p99:.2f} ms <= 20", p99 <= 20),
          (f"5xx or failed connections: {five} == 0", five == 0),
          (f"malformed answered non-4xx: {bad_ok} == 0", bad_ok == 0),
          (f"valid requests not 200: {good_fail} == 0", good_fail == 0),
          ("server alive after", alive)]
for text, ok in checks:
    print(("PASS " if ok else "FAIL ") + text)
json.dump({"elapsedS": elapsed, "picksPerS": picks_per_s, "p99PickMs": p99,
           "latency": {k: {"count": len(v), "p50": pct(v, 50), "p99": pct(v, 99)} for k, v in lat.items()},
           "fiveXX": five, "alive": alive}, open("artifacts/load/summary.json", "w"), indent=1)
sys.exit(0 if all(ok for _, ok in checks) else 1)
PY

if command -v wrk >/dev/null; then
  cat > artifacts/load/mix.lua <<'LUA'
-- The same mix for wrk: 13 picks, 3 renders, 3 where, 1 malformed per 20 requests.
local paths = {}
local scene = "atlas=gyri&view=lateral&hemi=left&w=800&h=600"
math.randomseed(7)
for i = 1, 2000 do
  local k = i % 20
  if k < 13 then paths[i] = "/api/pick?" .. scene .. "&x=" .. math.random(0, 799) .. "&y=" .. math.random(0, 599)
  elseif k < 16 then paths[i] = "/api/render?" .. scene
  elseif k < 19 then paths[i] = string.format("/api/where?x=%d&y=%d&z=%d", math.random(-60, 60), math.random(-90, 60), math.random(-30, 70))
  else paths[i] = "/api/pick?x=abc&y=1" end
end
local n = 0
local threads = {}
function setup(thread) table.insert(threads, thread) end
function init() fives = 0; fours = 0 end
function request() n = n % #paths + 1; return wrk.format("GET", paths[n]) end
function response(status) if status >= 500 then fives = fives + 1 elseif status >= 400 then fours = fours + 1 end end
function done(summary, latency)
  local f, b = 0, 0
  for _, t in ipairs(threads) do f = f + t:get("fives"); b = b + t:get("fours") end
  io.write(string.format("wrk: %d requests, %.0f/s, p50 %.2f ms, p99 %.2f ms, 4xx %d, 5xx %d\n",
    summary.requests, summary.requests / (summary.duration / 1e6), latency:percentile(50) / 1000,
    latency:percentile(99) / 1000, b, f))
end
LUA
  wrk -t2 -c"$CLIENTS" -d"${WRK_DURATION:-10}s" -s artifacts/load/mix.lua "http://127.0.0.1:$PORT" | tail -n 1
  curl -fsS "http://127.0.0.1:$PORT/healthz" >/dev/null && echo "server alive after wrk"
fi
exit "$RESULT"
