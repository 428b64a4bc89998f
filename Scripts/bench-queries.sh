#!/usr/bin/env bash
# Start-up cost of the one-shot commands, stage by stage, with the quick start's own build
# (Scripts/release-build.sh: release, Swift runtime and Foundation linked statically):
#   1. which C libraries each command loads: `where`/`info`/`pick` must load no PNG, font or GL
#      library, and an EGL render must not even open libOSMesa's file (a violation fails the run);
#   2. the dynamic loader's share (LD_DEBUG=statistics) and the command's own stages
#      (BRAINTUTOR_TIMINGS=1: catalog, lookup/search, scene, draw, PNG, …);
#   3. whole-process medians of fresh processes, run in turn (where, info, pick, render and the
#      `--help` baseline), wall and CPU time, against the budgets of 10/15/30 ms.
#
#   Scripts/bench-queries.sh                       # release build, bundled AtlasData
#   RUNS=60 DATA=path/to/AtlasData Scripts/bench-queries.sh
#   BIN=.build/debug/braintutor RUNS=2 BUDGET=0 Scripts/bench-queries.sh   # CI: checks, no verdict
# BUDGET=0 skips the pass/fail verdict on times (a loaded or debug build says nothing about them).
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-30}
DATA=${DATA:-AtlasData}
BUDGET=${BUDGET:-1}
if [ -z "${BIN:-}" ]; then
    BIN="$(WITH_SERVER=0 Scripts/release-build.sh)"
fi
[ -f "$DATA/catalog.json" ] || { echo "error: $DATA/catalog.json not found (set DATA=…)" >&2; exit 1; }
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT
# First use unpacks the label volumes into the cache and fills Mesa's shader cache.
"$BIN" where 0 0 0 --data "$DATA" >/dev/null
"$BIN" render --data "$DATA" --out "$OUT/warm.png" >/dev/null

status=0
echo "== C libraries loaded (expect none for where/info/pick)"
for cmd in "where -40 -20 50" "info hippocampus" "pick 512 384"; do
    # shellcheck disable=SC2086
    loaded=$(LD_DEBUG=libs "$BIN" $cmd --data "$DATA" 2>&1 >/dev/null \
        | grep -oE 'calling init: .*lib(OSMesa|LLVM|png|freetype|EGL|GLESv2|gallium)[^ /]*' \
        | sed 's|.*/||' | sort -u | tr '\n' ' ' || true)
    echo "  $cmd: ${loaded:-none}"
    [ -z "$loaded" ] || status=1
done
# EGL must not look for OSMesa at all (a search opens its file even when it is never loaded).
if BRAINTUTOR_GL=egl "$BIN" render --data "$DATA" --out "$OUT/egl.png" >/dev/null 2>&1; then
    opened=$(BRAINTUTOR_GL=egl LD_DEBUG=libs "$BIN" render --data "$DATA" --out "$OUT/egl.png" 2>&1 >/dev/null \
        | grep -cE 'trying file=.*libOSMesa' || true)
    echo "  BRAINTUTOR_GL=egl render: libOSMesa looked for $opened times (expect 0)"
    [ "$opened" = 0 ] || status=1
else
    echo "  BRAINTUTOR_GL=egl render: EGL does not work here; not checked"
fi

python3 - "$BIN" "$DATA" "$RUNS" "$BUDGET" "$OUT" <<'PY' || status=1
import os, re, resource, statistics, subprocess, sys, time
bin_, data, runs, budget, out = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4] != "0", sys.argv[5]
cmds = {  # name: (arguments, budget in ms or None)
    "baseline: --help": (["--help"], None),
    "where -40 -20 50": (["where", "-40", "-20", "50", "--data", data], 10),
    "info hippocampus": (["info", "hippocampus", "--data", data], 15),
    "pick 512 384": (["pick", "512", "384", "--data", data], 30),
    "render (gyri lateral)": (["render", "--data", data, "--out", f"{out}/bench.png"], None),
}
print("\n== stages (one run each; the loader's share from LD_DEBUG=statistics)")
for name, (args, _) in cmds.items():
    env = dict(os.environ, BRAINTUTOR_TIMINGS="1", LD_DEBUG="statistics")
    err = subprocess.run([bin_, *args], env=env, capture_output=True, text=True).stderr
    cycles = re.search(r"total startup time in dynamic loader: ([0-9]+) cycles", err)
    relocations = re.search(r"final number of relocations: ([0-9]+)", err)
    stages = [l.strip() for l in err.splitlines() if "ms since the command started" in l]
    loader = f"loader {int(cycles.group(1)) / 1e6:.1f} Mcycles" if cycles else "loader ?"
    if relocations: loader += f", {relocations.group(1)} relocations"
    print(f"  {name:<22} {loader}; {stages[-1] if stages else 'no stage times'}")

wall = {n: [] for n in cmds}
cpu = {n: [] for n in cmds}
for _ in range(runs):  # in turn, so load changes on a shared machine hit every command alike
    for name, (args, _) in cmds.items():
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t = time.perf_counter()
        subprocess.run([bin_, *args], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wall[name].append((time.perf_counter() - t) * 1000)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu[name].append((after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime) * 1000)
print(f"\n== whole process, {runs} runs each ({os.getloadavg()[0]:.1f} load on {os.cpu_count()} cores)")
print(f"  {'command':<22} {'median ms':>9} {'min':>7} {'max':>7} {'cpu ms':>7} {'budget':>7}")
failed = False
for name, (_, limit) in cmds.items():
    med = statistics.median(wall[name])
    verdict = "" if limit is None else (f"{limit} ms" + ("" if med <= limit else " OVER"))
    failed |= limit is not None and med > limit
    print(f"  {name:<22} {med:9.1f} {min(wall[name]):7.1f} {max(wall[name]):7.1f} "
          f"{statistics.median(cpu[name]):7.1f} {verdict:>7}")
if budget:
    print("budgets: " + ("FAIL (wall time grows with load: compare cpu ms and rerun on a quiet machine)" if failed else "PASS"))
    sys.exit(1 if failed else 0)
PY
exit $status
