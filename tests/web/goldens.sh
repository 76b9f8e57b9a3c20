#!/usr/bin/env bash
# Every golden shell session (tests/sessions/**/*.test), run in the browser build through
# window.ddblab.run, prints the same JSON lines as the native binary prints for the same script
# (`ddblab --mode jsonl --clock 1700000000 --keep-going -f`), timings and the folder it ran in
# aside. The page is build/web from a plain static server in headless Chromium; no request may
# leave its origin (tests/web/browser_run.js).
# usage: bash goldens.sh <native ddblab binary> <build/web folder>
set -euo pipefail
BIN=$(cd "$(dirname "${1:?usage: goldens.sh <ddblab> <build/web>}")" && pwd)/$(basename "$1")
WEB=$(cd "${2:?usage: goldens.sh <ddblab> <build/web>}" && pwd)
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
ARTIFACTS=$(dirname "$BIN")/test-artifacts/web
mkdir -p "$ARTIFACTS"
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

# The page's copy of the sessions folder: every file the sessions read.
{
  echo '{"clock": 1700000000, "files": {'
  # ... and the folders some of them name by a relative path (../../../exercises/).
  (cd "$ROOT" && find tests/sessions exercises scripts/demos -type f) | sort |
    awk -v root="$ROOT" '{ printf "%s\"/work/%s\": \"%s/%s\"", (NR > 1 ? ",\n" : ""), $0, root, $0 }'
  echo '}, "runs": ['
} >"$TMP/jobs.json"
n=0
while read -r test; do
  n=$((n + 1))
  DDBLAB_SCRIPT_OUT="$TMP/script.$n" bash "$ROOT/tests/run_session.sh" "$BIN" "$ROOT/tests/sessions/$test"
  dir=$(dirname "$test")
  # The native run, as run_session.sh runs it but printing JSON lines.
  t0=$(date +%s%N)
  (cd "$ROOT/tests/sessions/$dir" && NO_COLOR=1 DDBLAB_DATA_DIR="$TMP/data.$n" "$BIN" \
    --mode jsonl --clock 1700000000 --keep-going -f "$TMP/script.$n") >"$TMP/native.$n" 2>&1 || true
  native_ns=$((${native_ns:-0} + $(date +%s%N) - t0))
  [ $n -gt 1 ] && echo ',' >>"$TMP/jobs.json"
  printf '{"name": "%s", "cwd": "/work/tests/sessions/%s", "script": "%s", "out": "%s"}' \
    "$test" "$dir" "$TMP/script.$n" "$TMP/web.$n" >>"$TMP/jobs.json"
  echo "$test" >"$TMP/name.$n"
done < <(cd "$ROOT/tests/sessions" && find . -name '*.test' | sed 's|^\./||' | sort)
echo ']}' >>"$TMP/jobs.json"

# The same scripts' time in both, for the README's speed ratio (printed, never asserted; the
# native figure includes starting the process each time).
echo "native: $n scripts in $((native_ns / 1000000)) ms"
node "$ROOT/tests/web/browser_run.js" "$WEB" "$TMP/jobs.json" "$ARTIFACTS"

# Timings and the folder a script ran in differ by nature; everything else must not, but for
# one line by design: the browser build has no `.ui` (its page is the page the student is on),
# so `.help` does not list it.
normalize() {
  sed -E -e 's/"(ms|elapsed_ms|millis|seconds)":[0-9.e+-]+/"\1":T/g' \
    -e "s|$ROOT/tests/sessions|/work/tests/sessions|g" -e "s|$TMP/[a-z]+\.[0-9]+|SCRATCH|g" \
    -e 's|/tmp/ddblab-run-[0-9]+|SCRATCH|g' -e "s|$(dirname "$BIN")/share/ddblab|/share/ddblab|g" \
    -e 's/\|[0-9a-f]{64}"/|MAC"/g' -e '/^\{"command":"\.help","text":"\.ui /d' "$1"
}
failures=0
for i in $(seq 1 $n); do
  if ! diff -u --label "native $(cat "$TMP/name.$i")" --label browser <(normalize "$TMP/native.$i") \
    <(normalize "$TMP/web.$i") >"$TMP/diff"; then
    head -${DIFF_LINES:-40} "$TMP/diff" >&2
    failures=$((failures + 1))
  fi
done
if [ $failures -ne 0 ]; then
  echo "goldens.sh: $failures of $n sessions differ in the browser" >&2
  exit 1
fi
echo "goldens.sh: all $n sessions print the same JSON lines in the browser"
