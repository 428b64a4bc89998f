#!/usr/bin/env bash
# Points per second of `where --table` over every atlas, whole process, with the quick start's own build
# (Scripts/release-build.sh). The table holds N points (default 500 000) drawn with a fixed seed inside the
# template's brain box, one decimal each, as coordinate tables of meta-analyses are written; CSV and JSON are
# both timed and their output sizes printed.
#
#   Scripts/bench-point-table.sh                   # release build, 500 000 points
#   N=100000 BIN=.build/debug/braintutor Scripts/bench-point-table.sh
set -euo pipefail
cd "$(dirname "$0")/.."
N=${N:-500000}
DATA=${DATA:-AtlasData}
if [ -z "${BIN:-}" ]; then
    BIN="$(WITH_SERVER=0 Scripts/release-build.sh)"
fi
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT
python3 - "$N" "$OUT/points.csv" <<'PY'
import random, sys
n, path = int(sys.argv[1]), sys.argv[2]
rng = random.Random(38)
with open(path, "w") as f:
    f.write("study,peak_x,peak_y,peak_z\n")
    for i in range(n):
        f.write("s%d,%.1f,%.1f,%.1f\n" % (i // 10, rng.uniform(-70, 70), rng.uniform(-105, 70), rng.uniform(-50, 80)))
PY
"$BIN" where 0 0 0 --data "$DATA" >/dev/null   # first use unpacks the label volumes
for format in csv json; do
    flag=""; [ "$format" = json ] && flag="--json"
    start=$(date +%s.%N)
    # shellcheck disable=SC2086
    /usr/bin/time -f "%U %S %M" -o "$OUT/time" "$BIN" where --table "$OUT/points.csv" $flag --data "$DATA" > "$OUT/out.$format"
    end=$(date +%s.%N)
    read -r user sys rss < "$OUT/time"
    python3 - "$N" "$start" "$end" "$user" "$sys" "$rss" "$(stat -c %s "$OUT/out.$format")" "$format" <<'PY'
import sys
n, start, end, user, sys_, rss, size, fmt = sys.argv[1:]
wall = float(end) - float(start)
print(f"{fmt}: {int(n)} points in {wall:.2f} s wall ({float(user) + float(sys_):.2f} s CPU), "
      f"{int(n) / wall:,.0f} points/s, peak memory {int(rss) / 1024:.0f} MB, output {int(size) / 1e6:.1f} MB")
PY
done
