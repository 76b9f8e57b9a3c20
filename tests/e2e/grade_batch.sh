#!/usr/bin/env bash
# Grading 100 copies of a solution with --jobs 2 finishes, and every copy gets full marks.
# usage: bash grade_batch.sh <ddblab binary>
set -euo pipefail
BIN=${1:?usage: grade_batch.sh <ddblab binary>}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
# Under the sanitizers (40x slower) 20 copies exercise the same process pool.
n=100
[ "${DDBLAB_SANITIZED:-0}" = 1 ] && n=20
for i in $(seq -w 1 "$n"); do cp "$ROOT/exercises/edtech/reference.ddb" "$TMP/s$i.ddb"; done
"$BIN" grade edtech "$TMP"/s*.ddb --jobs 2 --format json --exercises-dir "$ROOT/exercises" \
  --out "$TMP/all.json"
/usr/bin/python3 - "$TMP/all.json" "$n" <<'PY'
import json, sys
reps = json.load(open(sys.argv[1]))["reports"]
assert len(reps) == int(sys.argv[2]), len(reps)
bad = [r["solution"] for r in reps if r["error"] or r["score"] != r["max_score"]]
assert not bad, bad[:3]
print("ok   %s solutions graded with --jobs 2" % sys.argv[2])
PY
