#!/usr/bin/env bash
# The test `lesson: <id>` (one per lessons/<id>/ folder, tests/CMakeLists.txt): every answers
# file of the lesson (lessons/<id>/lesson.answers and each other *.answers, e.g. one in PartiQL)
# completes it through the real binary with no miss, and every wrong-answers file (lesson.wrong
# and each other *.wrong) stops at the step it names, with a
# miss and that step's first hint; either kind may name text the replay must (not) print.
# usage: lessons_run.bash DDBLAB_BINARY LESSON_ID
set -u
bin=$1
id=$2
root=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export DDBLAB_DATA_DIR="$tmp/data" DDBLAB_LESSONS_DIR="$root/lessons" NO_COLOR=1
shopt -s nullglob

fail() {
  echo "FAIL ($id): $1" >&2
  [ -n "${2:-}" ] && printf '%s\n' "$2" | tail -n 60 >&2
  exit 1
}

# A file's `# says: TEXT` lines name feedback or explanations the replay must print, and its
# `# not: TEXT` lines text it must not: what the lesson tells the student about what their
# statements did.
check_says() { # file, output
  local line
  while IFS= read -r line; do
    grep -qF -- "$line" <<<"$2" || fail "$(basename "$1"): the output does not say: $line" "$2"
  done < <(sed -n 's/^# says: //p' "$1")
  while IFS= read -r line; do
    if grep -qF -- "$line" <<<"$2"; then fail "$(basename "$1"): the output says: $line" "$2"; fi
  done < <(sed -n 's/^# not: //p' "$1")
}

dir="$root/lessons/$id"
[ -f "$dir/lesson.lua" ] || fail "no lesson folder $dir"
# The main files first, so a sanitized run (below) keeps them.
answers=("$dir/lesson.answers")
wrongs=("$dir/lesson.wrong")
for f in "$dir"/*.answers; do [ "$f" = "${answers[0]}" ] || answers+=("$f"); done
for f in "$dir"/*.wrong; do [ "$f" = "${wrongs[0]}" ] || wrongs+=("$f"); done
# Sanitized binaries run the same check code 10-50x slower: they replay the main answers and
# wrong files and one of each other kind; the release build replays every file.
if [ "${DDBLAB_SANITIZED:-0}" = 1 ]; then
  answers=("${answers[@]:0:2}")
  wrongs=("${wrongs[@]:0:2}")
fi
for file in "${answers[@]}"; do
  name=$(basename "$file")
  [ -f "$file" ] || fail "missing $name"
  out=$(timeout 120 "$bin" lesson run "$id" --answers "$file" 2>&1)
  rc=$?
  [ "$rc" -eq 0 ] || fail "$name did not complete the lesson (exit $rc)" "$out"
  grep -qF "lesson $id: complete" <<<"$out" || fail "$name: no completion line" "$out"
  if grep -q "Not yet" <<<"$out"; then fail "$name has a step that missed" "$out"; fi
  check_says "$file" "$out"
done

for wrong in "${wrongs[@]}"; do
  name=$(basename "$wrong")
  [ -f "$wrong" ] || fail "missing $name"
  step=$(sed -n 's/^# step: //p' "$wrong" | head -n 1)
  hint=$(sed -n 's/^# hint: //p' "$wrong" | head -n 1)
  [ -n "$step" ] && [ -n "$hint" ] || fail "$name needs '# step:' and '# hint:' header lines"
  out=$(timeout 120 "$bin" lesson run "$id" --answers "$wrong" 2>&1)
  rc=$?
  [ "$rc" -eq 1 ] || fail "$name did not fail the lesson (exit $rc)" "$out"
  grep -qF "($step)" <<<"$out" || fail "$name did not stop at step $step" "$out"
  grep -qF "Not yet" <<<"$out" || fail "$name: no miss was reported" "$out"
  grep -qF "Hint 1/" <<<"$out" || fail "$name: no hint was given" "$out"
  grep -qF -- "$hint" <<<"$out" || fail "$name: the first hint of $step was not shown" "$out"
  check_says "$wrong" "$out"
done

# A replay never touches the student's saved progress.
[ ! -e "$tmp/data/progress.json" ] || fail "lesson run wrote progress.json"
echo "ok: $id (${#answers[@]} answers, ${#wrongs[@]} wrong)"
