#!/usr/bin/env bash
# The grader's hot-key check on a Scan (exercises/lib/grading.lua, check_hotkey): two requests
# about different courses, each a Scan, share an item's partition only because a Scan reads every
# partition; the feedback says that the Scan read all of the table's partitions instead of naming
# one partition key value as if both had been sent there.
# usage: bash grade_hotkey_scan.sh <ddblab binary>
set -euo pipefail
BIN=${1:?usage: grade_hotkey_scan.sh <ddblab binary>}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

# The edtech reference, with AP3 (a course's enrollments) read by a Scan filtered on the course:
# it returns the student-side edges, whose partitions two courses share through their students.
/usr/bin/python3 - "$ROOT/exercises/edtech/reference.ddb" "$TMP/scan_ap3.ddb" <<'PY'
import sys
text = open(sys.argv[1]).read()
start = text.index("-- @pattern AP3")
end = text.index("-- @pattern AP4")
scan = ("-- @pattern AP3\n"
        "aws dynamodb scan --table-name edtech \\\n"
        "  --filter-expression \"course_id = :c AND begins_with(SK, :e)\" \\\n"
        "  --expression-attribute-values '{\":c\":{\"S\":\"${course_id}\"},\":e\":{\"S\":\"ENROLLMENT#\"}}'\n\n")
open(sys.argv[2], "w").write(text[:start] + scan + text[end:])
PY

"$BIN" grade edtech "$TMP/scan_ap3.ddb" --seed 1 > "$TMP/out.txt" || true
for want in \
  "AP3.hotkey" \
  "yet both are Scans, and a Scan read all 4 partitions of the table: every request, whatever its course_id, reads every partition" \
  "Revisit: Query vs Scan; high-cardinality partition keys."; do
  grep -qF -- "$want" "$TMP/out.txt" || { echo "FAIL: no '$want' in:"; cat "$TMP/out.txt"; exit 1; }
done
if grep -F "AP3.hotkey" "$TMP/out.txt" | grep -qF "both read partition key"; then
  echo "FAIL: the Scan's hot-key feedback names one partition key value"; cat "$TMP/out.txt"; exit 1
fi
echo "ok   grade hotkey on a Scan"
