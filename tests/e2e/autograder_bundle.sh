#!/usr/bin/env bash
# `ddblab exercise pack` writes a Gradescope autograder (setup.sh, run_autograder, the exercise)
# and a GitHub Classroom bundle. The Gradescope zip is unpacked into a scratch root laid out as
# Gradescope lays out /autograder, and run_autograder grades the reference, the starter, a wrong
# solution and an empty submission; each results.json is checked against Gradescope's schema.
# The GitHub Classroom bundle's grade.sh runs locally on a partial solution: it gives partial
# points, prints the checks, and writes the reporter's result under a stand-in GITHUB_OUTPUT.
# Hostile bundles are refused clearly and run nothing: exercise names and --solution with shell
# or control characters, an exercise holding a symbolic link, and a --package that is not a
# Debian package of ddblab.
# The package inside is a small stand-in ddblab .deb made with dpkg-deb here
# (tests/e2e/package_install.sh installs the real one).
# usage: bash autograder_bundle.sh <ddblab binary>
set -uo pipefail
BIN=$(realpath "${1:?usage: autograder_bundle.sh <ddblab binary>}")
SRC=$(cd "$(dirname "$0")/../.." && pwd)
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
export HOME="$TMP/home"
fail() { echo "FAIL: $*" >&2; exit 1; }
EX="$SRC/exercises/edtech"

# Stand-in Debian packages: ddblab's (control.tar.gz, as CPack writes it), another package's, one
# whose control member is xz (dpkg-deb's default), and a file that is no package at all.
make_deb() {  # package name, output .deb, [dpkg-deb compression]
  local dir="$TMP/deb-$1-$RANDOM"
  mkdir -p "$dir/DEBIAN" "$dir/usr/share/doc/$1"
  printf 'Package: %s\nVersion: 0.1.0\nArchitecture: all\nMaintainer: t <t@localhost>\nDescription: t\n' \
    "$1" > "$dir/DEBIAN/control"
  echo "stand-in" > "$dir/usr/share/doc/$1/README"
  dpkg-deb "-Z${3:-gzip}" --root-owner-group --build "$dir" "$2" > /dev/null || fail "dpkg-deb $1"
}
make_deb ddblab "$TMP/ddblab.deb"
make_deb notddblab "$TMP/other.deb"
make_deb ddblab "$TMP/xz.deb" xz
echo "stand-in package" > "$TMP/text.deb"
refused() {  # expected message part, pack arguments... : refused with that message, no zip
  local want=$1
  shift
  rm -f "$TMP/refused.zip"
  if "$BIN" exercise pack "$@" > "$TMP/refused.out" 2>&1; then
    fail "pack $* should be refused: $(cat "$TMP/refused.out")"
  fi
  grep -qF -- "$want" "$TMP/refused.out" || fail "pack $* names why ($want): $(cat "$TMP/refused.out")"
  [ ! -e "$TMP/refused.zip" ] || fail "a refused pack writes no zip ($*)"
}
refused "$TMP/text.deb is not a Debian binary package" "$EX" --gradescope "$TMP/refused.zip" \
  --package "$TMP/text.deb"
refused "is the Debian package of 'notddblab', not of ddblab" "$EX" \
  --gradescope "$TMP/refused.zip" --package "$TMP/other.deb"
refused "control.tar.xz is compressed in a way ddblab does not read" "$EX" \
  --gradescope "$TMP/refused.zip" --package "$TMP/xz.deb"
refused "is not a regular file" "$EX" --gradescope "$TMP/refused.zip" --package /dev/zero
refused "is not a regular file" "$EX" --gradescope "$TMP/refused.zip" --package "$TMP"

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

# Hostile exercise names: refused, naming the character, and nothing in them ever runs (each
# would create a file named PWNED in the working directory if it reached a shell).
mkdir -p "$TMP/names" "$TMP/cwd"
for name in 'ed$(touch PWNED)tech' 'ed`touch PWNED`tech' "ed'tech" 'ed"tech' $'ed\ntouch PWNED\ntech' \
  'ed tech' 'ed;touch PWNED'; do
  dir="$TMP/names/$name"
  cp -r "$EX" "$dir"
  (cd "$TMP/cwd" && refused "the exercise folder's name" "$dir" --gradescope "$TMP/refused.zip" \
    --github-classroom "$TMP/refused.zip" --package "$TMP/ddblab.deb") || exit 1
  grep -qF "may hold only letters, digits, '.', '-' and '_'" "$TMP/refused.out" ||
    fail "the refusal says which names are allowed: $(cat "$TMP/refused.out")"
  [ "$(wc -l < "$TMP/refused.out")" -eq 1 ] || fail "a newline in a name is not printed raw"
  rm -rf "$dir"
done
for solution in 'x$(touch PWNED).ddb' 'a b.ddb' "it's.ddb" '../solution.ddb' '/tmp/solution.ddb' \
  '-x.ddb'; do
  (cd "$TMP/cwd" && refused "--solution" "$EX" --github-classroom "$TMP/refused.zip" \
    --solution "$solution" --package "$TMP/ddblab.deb") || exit 1
done
# A name of the allowed characters packs, and its autograder grades.
cp -r "$EX" "$TMP/names/Ed-tech_2.v1"
(cd "$TMP/cwd" && "$BIN" exercise pack "$TMP/names/Ed-tech_2.v1" --gradescope "$TMP/odd.zip" \
  --seed 3 --package "$TMP/ddblab.deb" > /dev/null) || fail "an exercise named Ed-tech_2.v1 packs"
[ -z "$(ls -A "$TMP/cwd")" ] || fail "nothing ran in the working directory: $(ls -A "$TMP/cwd")"

# Symbolic links inside an exercise: refused by name; the target never reaches the zip.
echo "SECRET-TOKEN-7c1f" > "$TMP/secret.txt"
cp -r "$EX" "$TMP/names/linked"
ln -s "$TMP/secret.txt" "$TMP/names/linked/notes.lua"
refused "linked/notes.lua is a symbolic link" "$TMP/names/linked" --gradescope "$TMP/refused.zip" \
  --package "$TMP/ddblab.deb"
grep -q "SECRET-TOKEN" "$TMP/refused.out" && fail "the link's target is not shown"
rm "$TMP/names/linked/notes.lua"
ln -s "$TMP" "$TMP/names/linked/more"
refused "linked/more is a symbolic link" "$TMP/names/linked" --gradescope "$TMP/refused.zip" \
  --package "$TMP/ddblab.deb"

# GitHub Classroom: the workflow runs grade.sh as a step and hands its result to the reporter;
# grade.sh gives partial credit and runs outside GitHub Actions too.
mkdir -p "$TMP/repo"
unpack "$TMP/gh.zip" "$TMP/repo" || fail "unzip the Classroom bundle"
wf="$TMP/repo/.github/workflows/classroom.yml"
grep -q "run: bash .github/classroom/grade.sh" "$wf" || fail "the workflow runs grade.sh: $(cat "$wf")"
grep -q "autograding-grading-reporter" "$wf" || fail "the workflow reports: $(cat "$wf")"
grep -q 'DDBLAB_RESULTS: "${{ steps.ddblab.outputs.result }}"' "$wf" || fail "result to reporter"
grep -q "name: 'ddblab edtech'" "$wf" || fail "the step is named after the exercise: $(cat "$wf")"
grep -Eq "worth [0-9]+ points" "$wf" || fail "the workflow states the points total"
/usr/bin/python3 -c 'import sys, yaml' 2>/dev/null &&
  { /usr/bin/python3 -c 'import sys, yaml; yaml.safe_load(open(sys.argv[1]))' "$wf" || fail "YAML"; }

# grade.sh as a student runs it: no GitHub variables at all, ddblab on the PATH.
classroom() {  # solution file -> runs grade.sh in $TMP/repo, output in $TMP/gh.out, result in $TMP/gh.result
  cp "$1" "$TMP/repo/solution.ddb"
  : > "$TMP/gh.output"
  (cd "$TMP/repo" && env -u GITHUB_REPOSITORY -u GITHUB_OUTPUT PATH="$(dirname "$BIN"):$PATH" \
    bash .github/classroom/grade.sh > "$TMP/gh.out" 2>&1)
  local status=$?
  # The same under a stand-in GITHUB_OUTPUT, as the workflow's step runs it.
  (cd "$TMP/repo/.github" && GITHUB_OUTPUT="$TMP/gh.output" GITHUB_REPOSITORY=org/assignment-ada \
    PATH="$(dirname "$BIN"):$PATH" bash classroom/grade.sh > /dev/null 2>&1)
  return $status
}
# The reporter's reading of the step's result (autograding-grading-reporter: <RUNNER>_RESULTS is
# base64 JSON; Classroom gets the sum of tests[].score out of max_score).
reporter() {  # expectation: full | partial | zero
  /usr/bin/python3 - "$TMP/gh.output" "$1" <<'PY'
import base64, json, sys
lines = [l for l in open(sys.argv[1]).read().splitlines() if l.startswith("result=")]
assert len(lines) == 1, lines
r = json.loads(base64.b64decode(lines[0][len("result="):]).decode())
assert r["version"] == 1 and r["max_score"] > 0, r
total = sum(t["score"] for t in r["tests"])
for t in r["tests"]:
    assert t["status"] in ("pass", "fail") and isinstance(t["name"], str), t
    assert isinstance(t["message"], str), t
want = sys.argv[2]
if want == "full":
    assert r["status"] == "pass" and total == r["max_score"], (total, r)
elif want == "zero":
    assert r["status"] == "fail" and total == 0, (total, r)
else:
    assert r["status"] == "fail" and 0 < total < r["max_score"], (total, r)
PY
}
classroom "$SRC/exercises/edtech/reference.ddb" ||
  fail "grade.sh grades the reference: $(tail -5 "$TMP/gh.out")"
grep -Eq "^score ([0-9.]+)/\1 " "$TMP/gh.out" || fail "the reference gets full marks: $(tail -3 "$TMP/gh.out")"
reporter full || fail "the reporter sees full marks"
classroom "$wrong" || fail "grade.sh grades a partly right solution: $(tail -5 "$TMP/gh.out")"
grep -q "unbound variable" "$TMP/gh.out" && fail "grade.sh runs outside GitHub Actions"
grep -q "^PASS " "$TMP/gh.out" && grep -q "^FAIL " "$TMP/gh.out" ||
  fail "the log shows each check as ddblab grade does: $(cat "$TMP/gh.out")"
/usr/bin/python3 - "$TMP/gh.out" <<'PY' || fail "partial points in the log: $(tail -3 "$TMP/gh.out")"
import re, sys
m = re.search(r"^score ([0-9.]+)/([0-9.]+) ", open(sys.argv[1]).read(), re.M)
assert m and 0 < float(m.group(1)) < float(m.group(2)), m
PY
grep -q '"format"' "$TMP/gh.out" && fail "the log is the text report, not JSON"
reporter partial || fail "the reporter gives partial points for $wrong"
classroom "$SRC/exercises/edtech/starter.ddb" || fail "grade.sh grades the starter"
reporter zero || fail "the starter gets no points"
# With no solution committed, grade.sh fails saying so and still reports zero points.
rm "$TMP/repo/solution.ddb"
(cd "$TMP/repo" && GITHUB_OUTPUT="$TMP/gh.output" PATH="$(dirname "$BIN"):$PATH" \
  bash .github/classroom/grade.sh > "$TMP/gh.out" 2>&1) && fail "no solution: grade.sh fails"
grep -q "solution.ddb" "$TMP/gh.out" || fail "no solution: the log names the file: $(cat "$TMP/gh.out")"
# A bundle with a seed per repository runs locally too (no GITHUB_REPOSITORY to read).
"$BIN" exercise pack edtech --github-classroom "$TMP/gh2.zip" --package "$TMP/ddblab.deb" \
  --solution answers/my.solution.ddb > /dev/null || fail "pack with a seed per repository"
mkdir -p "$TMP/repo2/answers"
unpack "$TMP/gh2.zip" "$TMP/repo2" || fail "unzip"
cp "$SRC/exercises/edtech/reference.ddb" "$TMP/repo2/answers/my.solution.ddb"
(cd "$TMP/repo2" && env -u GITHUB_REPOSITORY PATH="$(dirname "$BIN"):$PATH" \
  bash .github/classroom/grade.sh > "$TMP/gh.out" 2>&1) ||
  fail "grade.sh with a per-repository seed, locally: $(tail -5 "$TMP/gh.out")"
grep -Eq "^score ([0-9.]+)/\1 " "$TMP/gh.out" || fail "full marks: $(tail -3 "$TMP/gh.out")"
echo "ok: autograder bundles"
