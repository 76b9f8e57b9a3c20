#!/usr/bin/env bash
# The result model's outputs: Gradescope results.json and JUnit XML carry their required fields,
# a broken solution never stops a batch, and a results file is written even when the grader
# script itself fails.
# usage: bash grade_formats.sh <ddblab binary>
set -euo pipefail
BIN=${1:?usage: grade_formats.sh <ddblab binary>}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
EX="$ROOT/exercises"
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

printf 'this is not a solution {{{ \n-- @pattern\n-- @nonsense AP1\n' > "$TMP/garbage.ddb"

# Gradescope: one submission.
"$BIN" grade edtech "$EX/edtech/wrong/scan_profile.ddb" --seed 5 --format gradescope \
  --exercises-dir "$EX" --out "$TMP/results.json"
/usr/bin/python3 - "$TMP/results.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
assert isinstance(r["score"], (int, float)), r
assert "seed) 5" in r["output"], r["output"]
assert r["tests"], "no tests"
total = 0
for t in r["tests"]:
    for k in ("name", "score", "max_score", "status", "output", "visibility"):
        assert k in t, (k, t)
    assert t["status"] in ("passed", "failed"), t
    assert t["visibility"] in ("visible", "hidden", "after_due_date", "after_published"), t
    assert 0 <= t["score"] <= t["max_score"], t
    total += t["score"]
    if t["visibility"] == "after_due_date":
        assert "hidden until after the due date" in t["output"], t
assert abs(total - r["score"]) < 1e-9, (total, r["score"])
failed = [t["name"] for t in r["tests"] if t["status"] == "failed"]
assert failed == ["AP1.cost: AP1 is one Query or GetItem that reads only what it returns"], failed
print("ok   gradescope results.json")
PY

# Several solutions: each Gradescope result names its file, and every check (hidden ones too)
# has the same status in JSON, JUnit and Gradescope.
"$BIN" grade edtech "$EX/edtech/reference.ddb" "$EX/edtech/wrong/broken_table.ddb" --seed 3 \
  --format gradescope --exercises-dir "$EX" --out "$TMP/many.json"
"$BIN" grade edtech "$EX/edtech/reference.ddb" "$EX/edtech/wrong/broken_table.ddb" --seed 3 \
  --format json --exercises-dir "$EX" --out "$TMP/many-ours.json"
"$BIN" grade edtech "$EX/edtech/reference.ddb" "$EX/edtech/wrong/broken_table.ddb" --seed 3 \
  --format junit --exercises-dir "$EX" --out "$TMP/many.xml"
/usr/bin/python3 - "$TMP/many.json" "$TMP/many-ours.json" "$TMP/many.xml" <<'PY'
import json, sys, xml.etree.ElementTree as ET
scope = json.load(open(sys.argv[1]))
ours = json.load(open(sys.argv[2]))["reports"]
suites = ET.parse(sys.argv[3]).getroot().findall("testsuite")
assert isinstance(scope, list) and len(scope) == 2, scope
for result, report, suite in zip(scope, ours, suites):
    name = report["solution"]
    assert name in result["output"], (name, result["output"])
    junit = {}
    for case in suite.findall("testcase"):
        status = "passed"
        for kind in ("failure", "error", "skipped"):
            el = case.find(kind)
            if el is not None:
                status = el.attrib.get("type", "skipped") if kind != "skipped" else "skipped"
        junit[case.attrib["name"].split(":")[0]] = status
    by_id = {t["number"]: t for t in result["tests"]}
    hidden = 0
    for c in report["checks"]:
        t = by_id[c["id"]]
        if c["status"] == "passed":
            assert t["status"] == "passed" and not t["output"].startswith("["), (c, t)
        else:
            assert t["status"] == "failed" and t["output"].startswith("[" + c["status"] + "]"), (c, t)
        assert junit[c["id"]] == c["status"], (c["id"], junit[c["id"]], c["status"])
        hidden += c["visibility"] == "hidden"
    assert hidden > 0, "no hidden check to compare"
print("ok   several solutions: named results, one status per check in every format")
PY

# JUnit: a batch with a good, a wrong, a garbage and a missing solution.
"$BIN" grade edtech "$EX/edtech/reference.ddb" "$EX/edtech/wrong/prefix_modules.ddb" \
  "$TMP/garbage.ddb" "$TMP/missing.ddb" --jobs 2 --format junit --exercises-dir "$EX" \
  > "$TMP/junit.xml" && status=0 || status=$?
[ "$status" = 1 ] || { echo "FAIL junit batch exit status $status (1 expected: one solution unreadable)"; exit 1; }
/usr/bin/python3 - "$TMP/junit.xml" <<'PY'
import sys, xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
assert root.tag == "testsuites", root.tag
suites = root.findall("testsuite")
assert len(suites) == 4, len(suites)
n = 0
for s in suites:
    for k in ("name", "tests", "failures", "errors", "skipped", "time"):
        assert k in s.attrib, (k, s.attrib)
    cases = s.findall("testcase")
    assert int(s.attrib["tests"]) == len(cases), s.attrib
    for c in cases:
        assert "name" in c.attrib and "classname" in c.attrib and "time" in c.attrib
    n += len(cases)
    props = {p.attrib["name"]: p.attrib["value"] for p in s.find("properties")}
    assert props["seed"] == "1", props
assert int(root.attrib["tests"]) == n
ref, wrong, garbage, missing = suites
assert int(ref.attrib["failures"]) == 0 and int(ref.attrib["errors"]) == 0
assert int(wrong.attrib["failures"]) == 1, wrong.attrib
assert garbage.find("testcase[@name='setup.table: The table definition runs']/failure") is not None
assert missing.find("testcase[@name='grader']/error") is not None
print("ok   junit xml")
PY

# Text: seed printed, one clear reason for the skipped checks.
"$BIN" grade edtech "$EX/edtech/wrong/broken_table.ddb" --seed 42 --exercises-dir "$EX" > "$TMP/text.txt"
grep -q '^seed 42$' "$TMP/text.txt" || { echo "FAIL text report lacks the seed"; exit 1; }
grep -q 'score 0/' "$TMP/text.txt" || { echo "FAIL broken table should score 0"; cat "$TMP/text.txt"; exit 1; }
grep -q 'skipped: setup.table' "$TMP/text.txt" || { echo "FAIL no single skip reason"; exit 1; }
echo "ok   text report with seed and one skip reason"

# A grader script that fails still produces a results file.
mkdir -p "$TMP/ex/lib" "$TMP/ex/bad"
cp "$EX/lib/grading.lua" "$TMP/ex/lib/"
echo 'error("this grader is broken")' > "$TMP/ex/bad/grader.lua"
"$BIN" grade bad "$EX/edtech/reference.ddb" --format gradescope --exercises-dir "$TMP/ex" \
  --out "$TMP/bad.json" && status=0 || status=$?
[ "$status" = 1 ] || { echo "FAIL broken grader exit status $status"; exit 1; }
/usr/bin/python3 - "$TMP/bad.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
assert r["score"] == 0 and "this grader is broken" in r["output"], r
print("ok   results file written when the grader script fails")
PY

# A check that loops forever times out alone; hidden messages never leak.
mkdir -p "$TMP/ex/loop"
cat > "$TMP/ex/loop/grader.lua" <<'LUA'
return exercise {
  id = "loop", title = "budgets", generate = function() return { writes = {} } end,
  entities = {}, patterns = {},
  checks = {
    { id = "spin", title = "spins", points = 1, depends = {}, instructions = 1000000,
      run = function() while true do end end },
    { id = "secret", title = "hidden", points = 1, depends = {}, visibility = "hidden",
      run = function() return grading.fail("THE SECRET ANSWER") end },
    { id = "fine", title = "passes", points = 1, depends = {}, run = function() return grading.pass() end },
  },
}
LUA
"$BIN" grade loop "$EX/edtech/reference.ddb" --format json --exercises-dir "$TMP/ex" > "$TMP/loop.json"
/usr/bin/python3 - "$TMP/loop.json" <<'PY'
import json, sys
text = open(sys.argv[1]).read()
assert "THE SECRET ANSWER" not in text, "hidden message leaked"
checks = {c["id"]: c for c in json.loads(text)["reports"][0]["checks"]}
assert checks["spin"]["status"] == "timeout", checks["spin"]
assert checks["secret"]["status"] == "failed" and checks["secret"]["visibility"] == "hidden"
assert checks["fine"]["status"] == "passed"
print("ok   per-check budget and hidden feedback")
PY
