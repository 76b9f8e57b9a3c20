#!/usr/bin/env bash
# .heatmap shows the last simulation of its own shell: one a lesson's code ran (hot-partitions
# simulates the peak once its step is done), or one .simulate ran; another shell, or a shell
# where none ran, has none.
# usage: bash lesson_heatmap.sh <ddblab binary>
set -uo pipefail
BIN=${1:?usage: lesson_heatmap.sh <ddblab binary>}
SRC=$(cd "$(dirname "$0")/../.." && pwd)
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
export HOME="$TMP/home" DDBLAB_DATA_DIR="$TMP/data" DDBLAB_LESSONS_DIR="$SRC/lessons"
unset DDBLAB_COURSE
fail() { echo "FAIL: $*" >&2; exit 1; }
# The lesson's first three answers reach the step that simulates the peak.
{
  echo ".lesson start hot-partitions"
  sed -n '2,4p' "$SRC/lessons/hot-partitions/lesson.answers"
  echo ".heatmap orders-by-day"
} >"$TMP/lesson.ddb"
out=$("$BIN" --keep-going -f "$TMP/lesson.ddb" 2>&1)
grep -qF "shows the simulation's heat map" <<<"$out" || fail "the lesson simulated: $out"
grep -qE "^orders-by-day" <<<"$out" || fail ".heatmap shows the lesson's simulation: $out"
grep -qF "no simulation has run yet" <<<"$out" && fail "the lesson's simulation was not kept: $out"
out=$("$BIN" -c ".heatmap" 2>&1)
grep -qF "no simulation has run yet" <<<"$out" || fail "a new shell has no simulation: $out"
echo "PASS lesson_heatmap"
