#!/usr/bin/env bash
# Shared by tests/e2e/lessons_<id>.sh: the lesson's answers file completes it through the real
# binary, and its wrong-answers file stops at the step it names with that step's first hint.
# usage: lessons_run.bash DDBLAB_BINARY LESSON_ID
set -u
bin=$1
id=$2
root=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export DDBLAB_DATA_DIR="$tmp/data" DDBLAB_LESSONS_DIR="$root/lessons" NO_COLOR=1

fail() {
  echo "FAIL ($id): $1" >&2
  [ -n "${2:-}" ] && printf '%s\n' "$2" | tail -n 60 >&2
  exit 1
}

out=$(timeout 120 "$bin" lesson run "$id" --answers "$root/lessons/$id.answers" 2>&1)
rc=$?
[ "$rc" -eq 0 ] || fail "the answers file did not complete the lesson (exit $rc)" "$out"
grep -qF "lesson $id: complete" <<<"$out" || fail "no completion line" "$out"
if grep -q "Not yet" <<<"$out"; then fail "the answers file has a step that missed" "$out"; fi

wrong="$root/lessons/$id.wrong"
[ -f "$wrong" ] || fail "missing $wrong"
step=$(sed -n 's/^# step: //p' "$wrong" | head -n 1)
hint=$(sed -n 's/^# hint: //p' "$wrong" | head -n 1)
[ -n "$step" ] && [ -n "$hint" ] || fail "$wrong needs '# step:' and '# hint:' header lines"
out=$(timeout 120 "$bin" lesson run "$id" --answers "$wrong" 2>&1)
rc=$?
[ "$rc" -eq 1 ] || fail "the wrong answers did not fail the lesson (exit $rc)" "$out"
grep -qF "($step)" <<<"$out" || fail "the wrong answers did not stop at step $step" "$out"
grep -qF "Not yet" <<<"$out" || fail "no miss was reported" "$out"
grep -qF "Hint 1/" <<<"$out" || fail "no hint was given" "$out"
grep -qF -- "$hint" <<<"$out" || fail "the first hint of $step was not shown" "$out"

# A replay never touches the student's saved progress.
[ ! -e "$tmp/data/progress.json" ] || fail "lesson run wrote progress.json"
echo "ok: $id"
