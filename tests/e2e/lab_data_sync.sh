#!/usr/bin/env bash
# The build's copy of the lessons and exercises (cmake/sync_lab_data.cmake, run by every build
# that has something to copy) is brought up to date while `ddblab grade` reads it: two syncs at
# once, each after an edit, never make a grade running meanwhile miss its exercise or its
# grading library; the copy ends equal to the source, a removed file gone.
#   bash lab_data_sync.sh <ddblab binary>
set -euo pipefail
BIN=${1:?usage: lab_data_sync.sh <ddblab binary>}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
TMP=$(mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$TMP"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

src="$TMP/src"
mkdir -p "$src"
cp -r "$ROOT/lessons" "$ROOT/exercises" "$src/"
dest="$TMP/share"
sync_copy() { cmake -DSOURCE="$src" -DDEST="$dest" -P "$ROOT/cmake/sync_lab_data.cmake"; }
sync_copy

# Grades in a loop against the copy while syncs run.
grades() {
  local n=0
  while [ ! -e "$TMP/stop" ]; do
    if ! DDBLAB_EXERCISES_DIR="$dest/exercises" "$BIN" grade edtech \
      "$dest/exercises/edtech/reference.ddb" --seed 1 > "$TMP/grade.out" 2>&1; then
      cp "$TMP/grade.out" "$TMP/failed"
      return 1
    fi
    n=$((n + 1))
  done
  echo "$n" > "$TMP/grades"
}
grades &
grader=$!

rounds=6
[ "${DDBLAB_SANITIZED:-0}" = 1 ] && rounds=3
for i in $(seq "$rounds"); do
  # An edit to every exercise file the grade reads, then two syncs at once.
  for f in "$src"/exercises/edtech/*.lua "$src"/exercises/lib/*.lua; do
    printf '\n-- edit %s\n' "$i" >> "$f"
  done
  sync_copy & a=$!
  sync_copy & b=$!
  wait "$a"
  wait "$b"
done
touch "$TMP/stop"
wait "$grader" || fail "a grade failed while the copy was synced:
$(cat "$TMP/failed")"
[ "$(cat "$TMP/grades")" -ge 1 ] || fail "no grade ran"

# A removed file goes; an unchanged copy is left alone (its time stays).
rm "$src/lessons/first-steps/lesson.answers"
before=$(stat -c %Y "$dest/lessons/README.md")
sleep 1
sync_copy
[ ! -e "$dest/lessons/first-steps/lesson.answers" ] || fail "a removed lesson file is still in the copy"
[ "$(stat -c %Y "$dest/lessons/README.md")" = "$before" ] || fail "an unchanged file was copied again"
diff -r "$src" "$dest" > "$TMP/diff" || fail "the copy differs from the source:
$(head -20 "$TMP/diff")"
[ -z "$(find "$dest" -name '*.part')" ] || fail "a half-written file was left behind"
echo "ok: $(cat "$TMP/grades") grades ran while the copy was synced $((rounds * 2)) times"
