#!/usr/bin/env bash
# The viewer's JavaScript checked without a browser: `tsc --checkJs` over every file of Viewer/
# (Viewer/tsconfig.json), then Node's test runner over Viewer/tests: the pure modules, the
# replay of the reference cases the Swift tests write (Viewer/tests/cases), no import circles
# and no file over the size docs/VIEWER.md promises. Needs tsc (Debian node-typescript) and
# Node 18 or later (Scripts/setup-tests.sh). Ends with one summary line; a skipped test fails.
set -euo pipefail
cd "$(dirname "$0")/.."
start=$SECONDS
status=0
tsc_out="$(tsc -p Viewer/tsconfig.json 2>&1)" || status=1
tsc_errors=$(grep -c "error TS" <<<"$tsc_out" || true)
[ "$tsc_errors" -gt 0 ] && echo "$tsc_out"
node_out="$(node --test Viewer/tests/ 2>&1)" || status=1
count() { sed -n "s/^# $1 \([0-9]*\)$/\1/p" <<<"$node_out" | tail -1; }
pass=$(count pass); fail=$(count fail); skipped=$(count skipped); todo=$(count todo)
if [ "${fail:-1}" != 0 ] || [ -z "$pass" ]; then grep -E -A12 '^not ok' <<<"$node_out" || echo "$node_out"; status=1; fi
[ "${skipped:-0}" != 0 ] || [ "${todo:-0}" != 0 ] && status=1
echo "Viewer checks: tsc ${tsc_errors} errors; node tests ${pass:-0} passed, ${fail:-?} failed, ${skipped:-0} skipped ($((SECONDS - start)) s)"
exit $status
