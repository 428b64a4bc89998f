# Sourced by the scripts that start `braintutor serve`. wait_for_server PID LOG PORT returns once the
# server is ready: its "serving on" log line is written (or, when the log level hides it, /healthz
# answers). It fails at once, printing the log, when the process exits first. It waits as long as
# start-up takes on a loaded machine; BRAINTUTOR_START_LIMIT (seconds, default 900) only stops a
# server that hangs for ever.
wait_for_server() {
  local pid="$1" log="$2" port="$3" limit="${BRAINTUTOR_START_LIMIT:-900}"
  local start=$SECONDS
  while :; do
    if ! kill -0 "$pid" 2>/dev/null; then
      echo "error: the server exited before it was ready; log:" >&2; cat "$log" >&2; return 1
    fi
    grep -q "braintutor serving on http" "$log" 2>/dev/null && return 0
    curl -fsS -o /dev/null "http://127.0.0.1:$port/healthz" 2>/dev/null && return 0
    if [ $((SECONDS - start)) -ge "$limit" ]; then
      echo "error: the server is alive but not ready after ${limit}s; log:" >&2; cat "$log" >&2; return 1
    fi
    sleep 0.1
  done
}
