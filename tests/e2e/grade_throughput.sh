#!/usr/bin/env bash
# The grader's throughput check (exercises/README.md, "traffic"): under an exercise's declared
# traffic mix, simulated on a virtual clock through the solution's own table and templates, a
# static index key throttles (and the feedback names the index partition, the shared key value,
# the share throttled and the fix), a provisioned table is told its own capacity, and a sharded
# key and a design without the index pass.
# The exercise is a test fixture,
# tests/e2e/data/throughput-notes, checked with `ddblab exercise check` like a real one.
# usage: bash grade_throughput.sh <ddblab binary>
set -euo pipefail
BIN=${1:?usage: grade_throughput.sh <ddblab binary>}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
DIR="$ROOT/tests/e2e/data/throughput-notes"
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

# Reference and the sharded design full marks, the static key losing exactly the check. (Under
# the sanitizers, 40x slower, the two grades below check the same two designs.)
if [ "${DDBLAB_SANITIZED:-0}" != 1 ]; then
  if ! "$BIN" exercise check "$DIR" --seeds 1..1 > "$TMP/check.txt"; then
    echo "FAIL exercise check throughput-notes"; cat "$TMP/check.txt"; exit 1
  fi
  tail -n 1 "$TMP/check.txt" | grep -q "^ok   throughput-notes$" || { cat "$TMP/check.txt"; exit 1; }
fi

# The feedback: what was throttled, where, and what to do.
"$BIN" grade "$DIR" "$DIR/wrong/static_index_key.ddb" > "$TMP/wrong.txt" || true
for want in \
  "FAIL  0/2  throughput  Under the evening peak, no partition throttles" \
  "Under the evening peak (Note writes at 1500 a second, for 4 virtual seconds), 2000 of 6000 write requests were throttled (33%):" \
  "index GSI1 of notes, partition " \
  "GSI1PK = 'NOTES' in index GSI1: written by 4 of the 4 sampled writes" \
  "spread a key that must be shared with a calculated suffix (\${shard})." \
  "score 5/7"; do
  grep -qF -- "$want" "$TMP/wrong.txt" || { echo "FAIL: no '$want' in:"; cat "$TMP/wrong.txt"; exit 1; }
done
# A provisioned table runs with the capacity it was given; the feedback names that capacity, not
# a new on-demand table's.
"$BIN" grade "$DIR" "$DIR/wrong/provisioned_table.ddb" > "$TMP/provisioned.txt" || true
for want in \
  "FAIL  0/2  throughput  Under the evening peak, no partition throttles" \
  "Your table is provisioned (table notes 100 WCU a second), and a provisioned table serves the write capacity it is given" \
  "Your templates make Note 1 write request each: 1500 write requests a second in all" \
  "create it with --billing-mode PAY_PER_REQUEST"; do
  grep -qF -- "$want" "$TMP/provisioned.txt" ||
    { echo "FAIL: no '$want' in:"; cat "$TMP/provisioned.txt"; exit 1; }
done
if grep -qF "a new on-demand table serves 4,000 WCU a second across its partitions" "$TMP/provisioned.txt"; then
  echo "FAIL: a provisioned table was told what an on-demand table serves"; cat "$TMP/provisioned.txt"; exit 1
fi
"$BIN" grade "$DIR" "$DIR/right/sharded_index_key.ddb" > "$TMP/right.txt"
grep -qF "PASS  2/2  throughput  Under the evening peak, no partition throttles" "$TMP/right.txt" ||
  { echo "FAIL: the sharded key did not pass"; cat "$TMP/right.txt"; exit 1; }
echo "ok   grade throughput"
