#!/usr/bin/env bash
# Runs `braintutor serve` under a mixed load for a given time: renders of many scenes and sizes
# (the scene cache fills and evicts), picks, slices, region look-ups, malformed requests and
# slow clients (one sending its request a byte at a time, one reading the answer slowly).
# Every minute (or at the end of a shorter run) it prints the requests, the answers by status,
# p50/p99 latency and the server's resident memory. It fails when the server dies, answers
# 500, or (runs of 10 minutes or more) its memory grows by more than 10 % and 32 MB after
# the first third of the run (the warm-up).
#   Scripts/soak.sh 30m            half an hour with a release build (Scripts/release-build.sh)
#   Scripts/soak.sh 20s            the test command's short run
# Env: BRAINTUTOR_BIN (default: release build), SOAK_CLIENTS (default 4), SOAK_WORKERS (default 2),
#      SOAK_CACHE_MB (default 64).
set -euo pipefail
cd "$(dirname "$0")/.."
duration="${1:-60s}"
case "$duration" in
  *h) seconds=$(( ${duration%h} * 3600 )) ;;
  *m) seconds=$(( ${duration%m} * 60 )) ;;
  *s) seconds=${duration%s} ;;
  *) seconds=$duration ;;
esac
[[ "$seconds" =~ ^[0-9]+$ ]] && [ "$seconds" -gt 0 ] || { echo "usage: Scripts/soak.sh DURATION (e.g. 30m, 20s)" >&2; exit 2; }
BIN="${BRAINTUTOR_BIN:-$(Scripts/release-build.sh)}"
PORT="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')"
mkdir -p artifacts/soak
LOG=artifacts/soak/server.log
LOG_LEVEL=warning "$BIN" serve --host 127.0.0.1 --port "$PORT" --workers "${SOAK_WORKERS:-2}" \
  --cache-mb "${SOAK_CACHE_MB:-64}" >"$LOG" 2>&1 &
SERVER=$!
stop() { kill -TERM "$SERVER" 2>/dev/null && wait "$SERVER" 2>/dev/null || true; }
trap stop EXIT
source Scripts/lib/wait-for-server.sh
wait_for_server "$SERVER" "$LOG" "$PORT"

python3 - "$PORT" "$SERVER" "$seconds" "${SOAK_CLIENTS:-4}" <<'PY'
import http.client, random, socket, sys, threading, time
from collections import Counter

port, pid, seconds, clients = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
interval = min(60, seconds)
atlases = ["gyri", "lobes", "functional", "sulci", "brodmann", "networks", "parcels"]
views = ["lateral", "medial", "superior", "inferior", "anterior", "posterior"]
sizes = [(320, 240), (640, 480), (800, 600), (1024, 768)]
bad = ["/api/pick?x=abc&y=1", "/api/render?w=99999", "/api/render?atlas=..%2Fetc", "/api/where?x=1&y=two&z=3",
       "/api/slice?plane=oblique&index=3", "/api/info?q=", "/api/nothing", "/api/render?view=sideways",
       "/api/where?x=1e400&y=0&z=0", "/%00", "/api/pick?x=1&y=1&w=0"]

def scene(rng):
    w, h = rng.choice(sizes)
    return f"atlas={rng.choice(atlases)}&view={rng.choice(views)}&hemi={rng.choice(['left', 'right', 'both'])}&w={w}&h={h}", w, h

def request(rng):
    r = rng.random()
    if r < 0.35:
        s, _, _ = scene(rng)
        return "/api/render?" + s
    if r < 0.60:
        s, w, h = scene(rng)
        return f"/api/pick?{s}&x={rng.randrange(w)}&y={rng.randrange(h)}"
    if r < 0.75:
        return f"/api/slice?plane={rng.choice(['axial', 'coronal', 'sagittal'])}&index={rng.randrange(256)}"
    if r < 0.85:
        return f"/api/where?x={rng.uniform(-70, 70):.1f}&y={rng.uniform(-100, 70):.1f}&z={rng.uniform(-40, 80):.1f}"
    return rng.choice(bad)

lock = threading.Lock()
statuses, latencies, total = Counter(), [], Counter()
stop = time.monotonic() + seconds

def record(status, ms):
    with lock:
        statuses[status] += 1
        total[status] += 1
        latencies.append(ms)

def client(seed):
    rng = random.Random(seed)
    conn = None
    while time.monotonic() < stop:
        path = request(rng)
        t0 = time.monotonic()
        try:
            if conn is None:
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
            conn.request("GET", path)
            resp = conn.getresponse()
            resp.read()
            status = resp.status
            if resp.getheader("Connection", "").lower() == "close":
                conn.close(); conn = None
        except Exception as e:
            status = "conn:" + type(e).__name__
            if conn: conn.close()
            conn = None
        record(status, (time.monotonic() - t0) * 1000)

def slow_client(seed, mode):
    # A client that trickles its request, or reads the answer slowly: the server must not stall.
    rng = random.Random(seed)
    while time.monotonic() < stop:
        t0 = time.monotonic()
        try:
            s = socket.create_connection(("127.0.0.1", port), timeout=60)
            s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            line = f"GET /api/render?{scene(rng)[0]} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".encode()
            if mode == "send":
                for i in range(0, len(line), 8):
                    s.sendall(line[i:i + 8]); time.sleep(0.05)
            else:
                s.sendall(line)
            head = b""
            while True:
                chunk = s.recv(512)
                if not chunk: break
                head += chunk if len(head) < 64 else b""
                if mode == "read": time.sleep(0.01)
            s.close()
            status = int(head.split()[1]) if head.startswith(b"HTTP/") else "conn:empty"
        except Exception as e:
            status = "conn:" + type(e).__name__
        record(status, (time.monotonic() - t0) * 1000)

def rss_mb():
    try:
        for line in open(f"/proc/{pid}/status"):
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        return None

threads = [threading.Thread(target=client, args=(i,), daemon=True) for i in range(clients)]
threads += [threading.Thread(target=slow_client, args=(100 + i, m), daemon=True) for i, m in enumerate(["send", "read"])]
for t in threads: t.start()

def pct(values, p):
    return values[min(len(values) - 1, int(len(values) * p))] if values else 0

samples = []
start = time.monotonic()
print(f"soak: {seconds} s, {clients} clients + 2 slow, server pid {pid}", flush=True)
while time.monotonic() < stop:
    time.sleep(max(0.0, min(interval, stop - time.monotonic())))
    with lock:
        s, l = dict(statuses), sorted(latencies)
        statuses.clear(); latencies.clear()
    rss = rss_mb()
    samples.append((time.monotonic() - start, rss))
    by_status = " ".join(f"{k}:{v}" for k, v in sorted(s.items(), key=lambda kv: str(kv[0])))
    print(f"{time.monotonic() - start:6.0f} s  requests {sum(s.values()):6d}  status {by_status}  "
          f"p50 {pct(l, 0.5):7.1f} ms  p99 {pct(l, 0.99):7.1f} ms  rss {rss if rss is None else round(rss)} MB", flush=True)
    if rss is None:
        break
for t in threads: t.join(timeout=150)

failed = []
if rss_mb() is None: failed.append("the server died")
if total.get(500): failed.append(f"{total[500]} answers were 500")
conn_errors = sum(v for k, v in total.items() if isinstance(k, str))
if conn_errors: failed.append(f"{conn_errors} requests got no answer")
warm = [r for t, r in samples if t >= seconds / 3 and r is not None]
growth = ""
if seconds >= 600 and warm:
    first, last = warm[0], warm[-1]
    growth = f", rss after warm-up {first:.0f} MB, at the end {last:.0f} MB"
    if last - first > max(0.10 * first, 32): failed.append(f"memory grew from {first:.0f} to {last:.0f} MB after warm-up")
errors = sum(v for k, v in total.items() if k != 200)
print(f"Soak: {sum(total.values())} requests in {seconds} s, {errors} not 200 "
      f"({' '.join(f'{k}:{v}' for k, v in sorted(total.items(), key=lambda kv: str(kv[0])) if k != 200)}){growth}; "
      + ("FAILED: " + "; ".join(failed) if failed else "OK"), flush=True)
sys.exit(1 if failed else 0)
PY
