#!/usr/bin/env bash
# Grading throughput: 100 copies of the edtech reference solution (20 with --quick), --jobs 2.
# Prints one JSON line for scripts/bench.
# usage: bash grade_bench.sh <ddblab binary> [--quick]
set -euo pipefail
BIN=${1:?usage: grade_bench.sh <ddblab binary> [--quick]}
N=100
[ "${2:-}" = "--quick" ] && N=20
JOBS=2
ROOT=$(cd "$(dirname "$0")/.." && pwd)
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
for i in $(seq 1 "$N"); do cp "$ROOT/exercises/edtech/reference.ddb" "$TMP/s$i.ddb"; done
start=$(date +%s.%N)
"$BIN" grade edtech "$TMP"/s*.ddb --jobs "$JOBS" --format json \
  --exercises-dir "$ROOT/exercises" --out "$TMP/all.json"
end=$(date +%s.%N)
/usr/bin/python3 - "$TMP/all.json" "$start" "$end" "$N" "$JOBS" <<'PY'
import json, sys
path, start, end, n, jobs = sys.argv[1], float(sys.argv[2]), float(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5])
reps = json.load(open(path))["reports"]
assert len(reps) == n and all(r["score"] == r["max_score"] for r in reps), "grading failed"
wall = end - start
print(json.dumps({"name": "grade_100_solutions", "ops_per_s": round(n / wall, 2),
                  "sqlite_ops_per_s": None, "ratio": None,
                  "ms_per_solution_per_core": round(wall * 1000 * jobs / n, 2)}))
PY
