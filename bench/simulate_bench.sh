#!/usr/bin/env bash
# Simulation speed: ten virtual minutes of the day-key scenario (1,500 writes/s, 900,000
# requests; one virtual minute with --quick), beside raw SQLite inserting as many order-sized
# rows one statement each (ddblab_bench --raw-inserts) in the same run. Prints one JSON line for
# scripts/bench.
# usage: bash simulate_bench.sh <ddblab binary> [--quick]
set -euo pipefail
BIN=${1:?usage: simulate_bench.sh <ddblab binary> [--quick]}
SECONDS_RUN=600
[ "${2:-}" = "--quick" ] && SECONDS_RUN=60
ROOT=$(cd "$(dirname "$0")/.." && pwd)
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
start=$(date +%s.%N)
"$BIN" simulate "$ROOT/scripts/demos/hot_partition_day_key.lua" --seconds "$SECONDS_RUN" \
  --format json --out "$TMP/run.json"
end=$(date +%s.%N)
requests=$(/usr/bin/python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["requests"])' "$TMP/run.json")
"$(dirname "$BIN")/bench/ddblab_bench" --raw-inserts "$requests" >"$TMP/raw.json"
/usr/bin/python3 - "$TMP/run.json" "$start" "$end" "$TMP/raw.json" <<'PY'
import json, sys
doc = json.load(open(sys.argv[1]))
raw = json.load(open(sys.argv[4]))
wall = float(sys.argv[3]) - float(sys.argv[2])
ops = doc["requests"] / wall
print(json.dumps({"name": f"simulate_day_key_{doc['seconds']}s", "ops_per_s": round(ops),
                  "sqlite_ops_per_s": round(raw["rows_per_s"]), "ratio": round(ops / raw["rows_per_s"], 3),
                  "wall_s": round(wall, 2), "requests": doc["requests"], "throttled": doc["throttled"]}))
PY
