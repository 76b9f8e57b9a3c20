#!/usr/bin/env bash
# An instructor's course folder (course/lessons/<id>/, course/exercises/<id>/) beside the bundled lessons and
# exercises: --course DIR and DDBLAB_COURSE make its lessons and exercises listed and found first,
# an id in both is the course's with a note saying the bundled one is set aside, and
# `ddblab course check DIR` passes a good course and fails a broken one naming what failed. A
# hostile course's answers cannot read this machine's files (.read, file://, .import, .simulate,
# .stream attach, .exercise, .save, .import-model are refused by name), and a course holding a
# link is refused before anything runs.
# usage: bash course_folders.sh <ddblab binary>
set -uo pipefail
BIN=${1:?usage: course_folders.sh <ddblab binary>}
SRC=$(cd "$(dirname "$0")/../.." && pwd)
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
export HOME="$TMP/home" DDBLAB_DATA_DIR="$TMP/data"
unset DDBLAB_COURSE DDBLAB_LESSONS_DIR DDBLAB_EXERCISES_DIR
fail() { echo "FAIL: $*" >&2; exit 1; }

C="$TMP/course"
mkdir -p "$C/lessons/our-first-steps" "$C/lessons/first-steps" "$C/lessons/unanswered" "$C/exercises"
# A lesson of the course's own, and one that replaces a bundled lesson of the same id.
sed -e 's/id = "first-steps"/id = "our-first-steps"/' -e 's/number = 1,/number = 41,/' \
  "$SRC/lessons/first-steps/lesson.lua" > "$C/lessons/our-first-steps/lesson.lua"
cp "$SRC/lessons/first-steps/lesson.answers" "$C/lessons/our-first-steps/lesson.answers"
cp "$SRC/lessons/first-steps/lesson.lua" "$C/lessons/first-steps/lesson.lua"
cp "$SRC/lessons/first-steps/lesson.answers" "$C/lessons/first-steps/lesson.answers"
"$BIN" exercise new shop --dir "$C/exercises" > /dev/null || fail "exercise new"

out=$("$BIN" --course "$C" lesson list) || fail "lesson list with --course"
grep -q "our-first-steps" <<<"$out" || fail "the course's lesson is listed: $out"
grep -q "sparse-indexes" <<<"$out" || fail "the bundled lessons are listed beside it: $out"
grep -q "from the course; the bundled lesson first-steps is set aside" <<<"$out" ||
  fail "the replaced bundled lesson is named: $out"
out=$(DDBLAB_COURSE="$C" "$BIN" grade list) || fail "grade list with DDBLAB_COURSE"
grep -q "^shop" <<<"$out" && grep -q "^edtech" <<<"$out" || fail "exercises listed: $out"
out=$("$BIN" --course "$C" -c ".exercise list") || fail ".exercise list"
grep -q "^shop" <<<"$out" || fail ".exercise list shows the course's exercise: $out"
out=$("$BIN" --course "$C" -c ".lesson") || fail ".lesson"
grep -q "our-first-steps" <<<"$out" || fail ".lesson lists the course's lesson: $out"

"$BIN" --course "$C" grade shop "$C/exercises/shop/reference.ddb" --format json > "$TMP/g.json" ||
  fail "grade a course exercise by id"
/usr/bin/python3 -c '
import json,sys
r=json.load(open(sys.argv[1]))["reports"][0]
assert not r["error"] and r["score"] == r["max_score"] > 0, r' "$TMP/g.json" || fail "full marks"
"$BIN" --course "$C" lesson run our-first-steps --answers "$C/lessons/our-first-steps/lesson.answers" \
  > "$TMP/run.txt" 2>&1 || fail "the course's lesson completes: $(tail -5 "$TMP/run.txt")"

# A course folder written for the earlier flat layout (lessons/<id>.lua) still loads.
F="$TMP/flat-course"
mkdir -p "$F/lessons"
sed -e 's/id = "first-steps"/id = "flat-steps"/' -e 's/number = 1,/number = 43,/' \
  "$SRC/lessons/first-steps/lesson.lua" > "$F/lessons/flat-steps.lua"
out=$("$BIN" --course "$F" lesson list) || fail "lesson list of a flat course"
grep -q "flat-steps" <<<"$out" || fail "a flat course's lesson is listed: $out"
"$BIN" --course "$F" lesson run flat-steps --answers "$SRC/lessons/first-steps/lesson.answers" \
  > "$TMP/flat.txt" 2>&1 || fail "a flat course's lesson completes: $(tail -5 "$TMP/flat.txt")"

"$BIN" course check "$C" --seeds 1..2 > "$TMP/check.txt" 2>&1 ||
  fail "course check of a good course: $(tail -20 "$TMP/check.txt")"
grep -q "every exercise and lesson passed" "$TMP/check.txt" || fail "summary line"

# Broken: a lesson whose answers do not finish it, one with no answers, a wrong file that passes.
head -n 3 "$C/lessons/our-first-steps/lesson.answers" > "$TMP/short"
mv "$TMP/short" "$C/lessons/our-first-steps/lesson.answers"
cp "$C/lessons/first-steps/lesson.answers" "$C/lessons/first-steps/sneaky.wrong"
sed -e 's/id = "first-steps"/id = "unanswered"/' -e 's/number = 1,/number = 42,/' \
  "$SRC/lessons/first-steps/lesson.lua" > "$C/lessons/unanswered/lesson.lua"
"$BIN" course check "$C" --seeds 1 > "$TMP/check.txt" 2>&1
status=$?
[ "$status" = 1 ] || fail "a broken course exits 1, not $status"
for what in "lesson our-first-steps (our-first-steps/lesson.answers: not completed)" \
            "lesson first-steps (first-steps/sneaky.wrong: a wrong answers file completed it)" \
            "lesson unanswered (no answers file)"; do
  grep -qF "$what" "$TMP/check.txt" || fail "course check names '$what': $(tail -8 "$TMP/check.txt")"
done

# A hostile course: answers files that try to read this machine's files. Each is replayed as
# the live page's statements are, so nothing is read: every attempt is refused by name and the
# secret never reaches the log (if one were read, .read would print it, the Lua would raise it,
# the item would be scanned back).
S="$TMP/secret"
mkdir -p "$S"
echo ".print SECRET-TOKEN-3e9a" > "$S/secret.ddb"
echo 'error("SECRET-TOKEN-3e9a")' > "$S/secret.lua"
echo '{"PK":{"S":"SECRET-TOKEN-3e9a"},"SK":{"S":"PROFILE"}}' > "$S/secret.json"
echo '{"Item":{"PK":{"S":"SECRET-TOKEN-3e9a"},"SK":{"S":"X"}}}' > "$S/secret.jsonl"
H="$TMP/hostile"
P="$H/lessons/probe"
mkdir -p "$P"
sed -e 's/id = "first-steps"/id = "probe"/' -e 's/number = 1,/number = 43,/' \
  "$SRC/lessons/first-steps/lesson.lua" > "$P/lesson.lua"
attempts=(
  "read|.read $S/secret.ddb|Unable to open $S/secret.ddb"
  "item|aws dynamodb put-item --table-name app-main --item file://$S/secret.json|Unable to load paramfile file://$S/secret.json"
  "import|.import app-main $S/secret.jsonl|Unable to open $S/secret.jsonl"
  "simulate|.simulate $S/secret.lua|.simulate: Unable to open $S/secret.lua"
  "stream|.stream attach app-main $S/secret.lua|no handler file $S/secret.lua among the lessons' handlers"
  "exercise|.exercise start edtech $S/secret.ddb|.exercise start: works on a solution file"
  "save|.save $S/copy.db|Unable to open $S/copy.db"
  "model|.import-model $S/secret.json|Unable to open $S/secret.json"
)
# probe/lesson.answers tries everything, then completes the lesson (and scans the table, which
# would show an item read from a file). Each probe/<name>.answers tries one thing and so cannot
# complete: course check prints how a failing replay ended, here the refusal.
for a in "${attempts[@]}"; do
  IFS='|' read -r name line _ <<<"$a"
  echo "$line" >> "$P/lesson.answers"
  echo "$line" > "$P/$name.answers"
done
cat "$SRC/lessons/first-steps/lesson.answers" >> "$P/lesson.answers"
echo "aws dynamodb scan --table-name app-main" >> "$P/lesson.answers"
"$BIN" course check "$H" > "$TMP/hostile.txt" 2>&1
grep -q "SECRET-TOKEN" "$TMP/hostile.txt" && fail "a secret reached the log: $(grep SECRET "$TMP/hostile.txt")"
[ ! -e "$S/copy.db" ] || fail ".save wrote a file"
grep -qF "ok   lesson probe from probe/lesson.answers" "$TMP/hostile.txt" ||
  fail "the refused lines do not stop the lesson: $(cat "$TMP/hostile.txt")"
for a in "${attempts[@]}"; do
  IFS='|' read -r name _ want <<<"$a"
  grep -qF "FAIL lesson probe from probe/$name.answers" "$TMP/hostile.txt" ||
    fail "$name: $(cat "$TMP/hostile.txt")"
  grep -qF "$want" "$TMP/hostile.txt" || fail "$name is refused naming it ($want): $(cat "$TMP/hostile.txt")"
done
[ "$(grep -c "a course's answers files replayed by course check cannot read or write files" \
  "$TMP/hostile.txt")" -ge "${#attempts[@]}" ] || fail "each refusal says why: $(cat "$TMP/hostile.txt")"
# An answers file that is itself a link to a secret: nothing is checked, the link is named.
for a in "${attempts[@]}"; do rm "$P/${a%%|*}.answers"; done
ln -s "$S/secret.ddb" "$P/linked.answers"
"$BIN" course check "$H" > "$TMP/hostile.txt" 2>&1
status=$?
[ "$status" = 1 ] || fail "a course with a link exits 1, not $status"
grep -q "SECRET-TOKEN" "$TMP/hostile.txt" && fail "the link's target reached the log"
grep -qF "  lessons/probe/linked.answers" "$TMP/hostile.txt" || fail "the link is named: $(cat "$TMP/hostile.txt")"
grep -qF "nothing was checked" "$TMP/hostile.txt" || fail "says nothing ran: $(cat "$TMP/hostile.txt")"

"$BIN" --course "$TMP/nowhere" -c "SELECT 1" > /dev/null 2>&1
[ $? = 252 ] || fail "--course of a folder without lessons/ or exercises/ is a usage error"
echo "ok: course folders"
