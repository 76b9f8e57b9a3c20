#!/usr/bin/env bash
# Instructor tooling end to end: `ddblab exercise check` passes on every exercise on a few seeds
# (reference full marks, starter 0, right/*.ddb full marks, wrong/*.ddb losing what their
# .expect says, two runs identical), it fails when a wrong solution loses nothing, `ddblab
# exercise new` scaffolds a folder that passes its own check, and `ddblab grade` takes an
# exercise folder anywhere.
# usage: bash exercise_check.sh <ddblab binary>
set -euo pipefail
BIN=${1:?usage: exercise_check.sh <ddblab binary>}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
EX="$ROOT/exercises"
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
# Every exercise on three seeds in the release build. Under sanitizers, where one seed of all
# three costs four minutes, one exercise on one seed runs the same grading code.
SEEDS=1..3 ONLY=
if [ -n "${DDBLAB_SANITIZED:-}" ]; then SEEDS=1 ONLY=edtech; fi

for dir in "$EX"/*/; do
  [ -z "$ONLY" ] || [ "$(basename "$dir")" = "$ONLY" ] || continue
  [ -f "$dir/grader.lua" ] || continue
  id=$(basename "$dir")
  checked=$dir
  if [ -n "${DDBLAB_SANITIZED:-}" ]; then
    # The same grading code on a sample of the corpus: the reference, the starter, three right
    # and three wrong solutions (the release build checks every one on three seeds).
    checked=$TMP/sample/$id
    mkdir -p "$checked/right" "$checked/wrong"
    cp "$dir"/*.lua "$dir"/*.ddb "$dir"/README.md "$checked/"
    find "$dir/right" -name '*.ddb' | sort | head -n 3 | xargs -r cp -t "$checked/right"
    for w in $(find "$dir/wrong" -name '*.ddb' | sort | head -n 3); do
      cp "$w" "${w%.ddb}.expect" "$checked/wrong/"
    done
    [ -d "$EX/lib" ] && { mkdir -p "$TMP/sample/lib"; cp "$EX"/lib/* "$TMP/sample/lib/"; }
  fi
  if ! "$BIN" exercise check "$checked" --seeds "$SEEDS" > "$TMP/$id.txt"; then
    echo "FAIL exercise check $id"; cat "$TMP/$id.txt"; exit 1
  fi
  tail -n 1 "$TMP/$id.txt" | grep -q "^ok   $id$" || { echo "FAIL $id: no ok line"; cat "$TMP/$id.txt"; exit 1; }
  right=$(find "$dir/right" -name '*.ddb' 2>/dev/null | wc -l)
  wrong=$(find "$dir/wrong" -name '*.ddb' | wc -l)
  if [ "$right" -lt 10 ] || [ "$wrong" -lt 15 ]; then
    echo "FAIL $id has $right right and $wrong wrong solutions (at least 10 and 15 expected)"; exit 1
  fi
  echo "ok   exercise check $id on seeds $SEEDS ($right right, $wrong wrong)"
done

# A wrong solution that is in fact right must make the check fail, naming it.
cp -r "$EX/social" "$TMP/social"
# Under the sanitizers the check needs no other solution to show it fails on this one.
[ -n "${DDBLAB_SANITIZED:-}" ] && rm -f "$TMP"/social/right/*.ddb "$TMP"/social/wrong/*
cp "$EX/social/reference.ddb" "$TMP/social/wrong/not_wrong.ddb"
printf '# claims to lose a point\nfail AP1.cost\nlose 1\n' > "$TMP/social/wrong/not_wrong.expect"
if "$BIN" exercise check "$TMP/social" --seeds 2 > "$TMP/neg.txt"; then
  echo "FAIL exercise check passed a wrong/ solution that loses nothing"; cat "$TMP/neg.txt"; exit 1
fi
grep -q "wrong/not_wrong.ddb" "$TMP/neg.txt" && grep -q "loses no points" "$TMP/neg.txt" || {
  echo "FAIL the check does not say which wrong solution loses nothing"; cat "$TMP/neg.txt"; exit 1; }
echo "ok   a wrong solution that loses nothing fails the check"

# The scaffold passes its own check, outside exercises/ (built-in grading library).
"$BIN" exercise new first-lab --dir "$TMP/course" > /dev/null
"$BIN" exercise check "$TMP/course/first-lab" --seeds 1..2 --exercises-dir "$EX" > "$TMP/new.txt" || {
  echo "FAIL the scaffold does not pass its own check"; cat "$TMP/new.txt"; exit 1; }
echo "ok   exercise new scaffolds a passing exercise"

# grade takes a folder path (with a trailing slash) as well as an id.
"$BIN" grade "$TMP/social/" "$EX/social/reference.ddb" --seed 3 --format json --exercises-dir "$EX" > "$TMP/path.json"
/usr/bin/python3 - "$TMP/path.json" <<'PY'
import json, sys
rep = json.load(open(sys.argv[1]))["reports"][0]
assert rep["error"] is None, rep["error"]
assert rep["exercise"] == "social", rep["exercise"]
assert rep["max_score"] > 0 and rep["score"] == rep["max_score"], (rep["score"], rep["max_score"])
PY
echo "ok   grade accepts an exercise folder anywhere"

# Bad arguments: exit status 2 and the usage.
set +e
"$BIN" exercise check "$EX/social" --seeds 5..1 > /dev/null 2> "$TMP/err.txt"; status=$?
set -e
[ "$status" = 2 ] && grep -q "bad seed range '5..1'" "$TMP/err.txt" || {
  echo "FAIL bad --seeds: status $status"; cat "$TMP/err.txt"; exit 1; }
echo "ok   bad arguments exit 2"
