#!/usr/bin/env bash
# A lesson whose `show` solution holds a dot-command is refused when it loads, naming the line:
# a show solution is replayed as statements (on .lesson next and on resume), so the dot-command
# could not run and would be dropped without a word.
# usage: bash lesson_show_dot_command.sh <ddblab binary>
set -uo pipefail
BIN=${1:?usage: lesson_show_dot_command.sh <ddblab binary>}
SRC=$(cd "$(dirname "$0")/../.." && pwd)
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
export HOME="$TMP/home" DDBLAB_DATA_DIR="$TMP/data" DDBLAB_LESSONS_DIR="$TMP/lessons"
unset DDBLAB_COURSE
fail() { echo "FAIL: $*" >&2; exit 1; }
mkdir -p "$TMP/lessons/first-steps"
# The first step's show solution gains a dot-command line before its statement.
python3 - "$SRC/lessons/first-steps/lesson.lua" "$TMP/lessons/first-steps/lesson.lua" <<'PY'
import sys
s = open(sys.argv[1]).read()
i = s.index("show = ")
j = s.index("\n", i)
line = s[i:j]
s = s[:i] + 'show = ".stream run\\n" .. ' + line[len("show = "):] + s[j:]
open(sys.argv[2], "w").write(s)
PY
out=$("$BIN" lesson list 2>&1)
grep -qF "show holds the dot-command \`.stream run\`, which a replay cannot run" <<<"$out" ||
  fail "the dot-command in show is named when the lesson loads: $out"
out=$("$BIN" lesson run first-steps --answers "$SRC/lessons/first-steps/lesson.answers" 2>&1)
[ $? -ne 0 ] || fail "a lesson refused at load does not run"
grep -qF "show holds the dot-command" <<<"$out" || fail "lesson run says why: $out"
echo "ok: a dot-command in a show solution is refused by name"
