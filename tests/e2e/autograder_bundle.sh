#!/usr/bin/env bash
# `ddblab exercise pack` writes a Gradescope autograder (setup.sh, run_autograder, the exercise)
# and a GitHub Classroom bundle. The Gradescope zip is unpacked into a scratch root laid out as
# Gradescope lays out /autograder, and run_autograder grades the reference, the starter, a wrong
# solution and an empty submission; each results.json is checked against Gradescope's schema.
# The package inside is a stand-in here (tests/e2e/package_install.sh installs the real one).
# usage: bash autograder_bundle.sh <ddblab binary>
set -uo pipefail
BIN=$(realpath "${1:?usage: autograder_bundle.sh <ddblab binary>}")
SRC=$(cd "$(dirname "$0")/../.." && pwd)
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
export HOME="$TMP/home"
fail() { echo "FAIL: $*" >&2; exit 1; }
echo "stand-in package" > "$TMP/ddblab.deb"
EX="$SRC/exercises/edtech"

"$BIN" exercise pack "$EX" --gradescope "$TMP/gs.zip" --package "$TMP/ddblab.deb" > "$TMP/pack.txt" ||
  fail "pack --gradescope: $(cat "$TMP/pack.txt")"
"$BIN" exercise pack edtech --gradescope "$TMP/gs7.zip" --seed 7 --package "$TMP/ddblab.deb" \
  --github-classroom "$TMP/gh.zip" > "$TMP/pack.txt" || fail "pack both: $(cat "$TMP/pack.txt")"
grep -q "points" "$TMP/pack.txt" || fail "the Classroom bundle states its points total"

# Unzip (Python's zipfile checks the archive: CRCs, sizes, central directory) keeping modes.
unpack() {
  /usr/bin/python3 - "$1" "$2" <<'PY'
import os, sys, zipfile
z = zipfile.ZipFile(sys.argv[1])
assert z.testzip() is None
for info in z.infolist():
    path = z.extract(info, sys.argv[2])
    mode = (info.external_attr >> 16) & 0o777
    if mode:
        os.chmod(path, mode)
PY
}

# One submission in a fresh /autograder-shaped root.
grade_submission() {  # zip, solution file or "", submission id -> prints results.json path
  local root="$TMP/ag$RANDOM$RANDOM"
  mkdir -p "$root/source" "$root/submission" "$root/results"
  unpack "$1" "$root/source" || fail "unzip $1"
  [ -x "$root/source/setup.sh" ] && [ -x "$root/source/run_autograder" ] || fail "scripts executable"
  grep -q "apt-get install" "$root/source/setup.sh" || fail "setup.sh installs the package"
  [ -f "$root/source/ddblab.deb" ] || fail "the package is bundled"
  [ -f "$root/source/exercise/edtech/grader.lua" ] && [ -f "$root/source/exercise/lib/grading.lua" ] ||
    fail "the exercise and its grading library are bundled"
  [ ! -e "$root/source/exercise/edtech/reference.ddb" ] || fail "the reference stays out"
  cp "$root/source/run_autograder" "$root/run_autograder"
  [ -n "$2" ] && cp "$2" "$root/submission/solution.ddb"
  echo "{\"id\": $3, \"users\": [{\"id\": 1}]}" > "$root/submission_metadata.json"
  AUTOGRADER_ROOT="$root" DDBLAB="$BIN" bash "$root/run_autograder" || fail "run_autograder exit"
  echo "$root/results/results.json"
}

# Gradescope's results.json schema (autograder specifications): score, output, tests with name,
# score, max_score, status passed|failed, output, visibility.
check_results() {  # results.json, expectation: full | zero | partial, [seed]
  /usr/bin/python3 - "$@" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
want, seed = sys.argv[2], (sys.argv[3] if len(sys.argv) > 3 else None)
assert isinstance(r.get("score"), (int, float)), r
assert isinstance(r.get("output", ""), str)
assert r.get("visibility", "visible") in ("hidden", "after_due_date", "after_published", "visible")
total = 0
for t in r.get("tests", []):
    for k, typ in (("name", str), ("score", (int, float)), ("max_score", (int, float)),
                   ("status", str), ("output", str), ("visibility", str)):
        assert isinstance(t.get(k), typ), (k, t)
    assert t["status"] in ("passed", "failed"), t
    assert t["visibility"] in ("hidden", "after_due_date", "after_published", "visible"), t
    assert 0 <= t["score"] <= t["max_score"], t
    total += t["max_score"]
if want == "full":
    assert r["tests"] and r["score"] == total > 0, (r["score"], total)
elif want == "zero":
    assert r["score"] == 0, r["score"]
else:
    assert r["tests"] and 0 < r["score"] < total, (r["score"], total)
if seed:
    assert "(seed) %s." % seed in r["output"], r["output"]
PY
}

res=$(grade_submission "$TMP/gs7.zip" "$SRC/exercises/edtech/reference.ddb" 1) || exit 1
check_results "$res" full 7 || fail "reference: full marks on the fixed seed 7"
res=$(grade_submission "$TMP/gs7.zip" "$SRC/exercises/edtech/starter.ddb" 1) || exit 1
check_results "$res" zero || fail "starter: zero"
wrong=$(ls "$SRC"/exercises/edtech/wrong/*.ddb | head -n 1)
res=$(grade_submission "$TMP/gs7.zip" "$wrong" 1) || exit 1
check_results "$res" partial || fail "a wrong solution ($wrong) loses points, not all"
res=$(grade_submission "$TMP/gs7.zip" "" 1) || exit 1
check_results "$res" zero || fail "no submission: zero"
grep -q "No .ddb file was submitted" "$res" || fail "no submission: says what to submit"
# A seed per submission: the submission's id.
res=$(grade_submission "$TMP/gs.zip" "$SRC/exercises/edtech/reference.ddb" 4242) || exit 1
check_results "$res" full 4242 || fail "the seed is the submission id"

# GitHub Classroom: a workflow with the command grader and the points total, and the command.
mkdir -p "$TMP/repo"
unpack "$TMP/gh.zip" "$TMP/repo" || fail "unzip the Classroom bundle"
grep -q "autograding-command-grader" "$TMP/repo/.github/workflows/classroom.yml" || fail "workflow"
grep -Eq "max-score: [0-9]" "$TMP/repo/.github/workflows/classroom.yml" || fail "points total"
cp "$SRC/exercises/edtech/reference.ddb" "$TMP/repo/solution.ddb"
(cd "$TMP/repo" && PATH="$(dirname "$BIN"):$PATH" bash .github/classroom/grade.sh > "$TMP/gh.out") ||
  fail "the Classroom command passes the reference: $(tail -5 "$TMP/gh.out")"
cp "$SRC/exercises/edtech/starter.ddb" "$TMP/repo/solution.ddb"
(cd "$TMP/repo" && PATH="$(dirname "$BIN"):$PATH" bash .github/classroom/grade.sh > "$TMP/gh.out") &&
  fail "the Classroom command fails the starter"
echo "ok: autograder bundles"
