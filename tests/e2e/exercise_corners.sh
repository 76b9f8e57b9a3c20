#!/usr/bin/env bash
# The data-corner property of the graded exercises (exercises/README.md, "The data domain"):
# every exercise declares its domain once (`domain` in its generate.lua), its generator ends
# with check_domain, which recomputes every declared corner from the writes and raises an error
# naming what is missing. So:
#   1. seeds 1..50 of every exercise generate without that error (a grading of the starter
#      builds the plan, which runs the generator), and the reference scores full marks on them
#      (the cases asking about the corners are answerable by a correct design);
#   2. the check is live: a copy whose data loses one corner, or whose domain declares a corner
#      the generator does not build, fails with an error naming it;
#   3. the brief states what the domain declares: each README's cardinality column, date windows
#      and id formats agree with the declaration.
# usage: bash exercise_corners.sh <ddblab binary>
set -euo pipefail
BIN=${1:?usage: exercise_corners.sh <ddblab binary>}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
EX="$ROOT/exercises"
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
PY=/usr/bin/python3
# Sanitized binaries are 10-50x slower: fewer seeds, the same code.
LAST=50
if [ -n "${DDBLAB_SANITIZED:-}" ]; then LAST=5; fi

# 1. Every seed holds every corner; the reference takes full marks on every seed.
for dir in "$EX"/*/; do
  [ -f "$dir/grader.lua" ] || continue
  id=$(basename "$dir")
  grep -q '^domain = {' "$dir/generate.lua" || { echo "FAIL $id: generate.lua declares no domain"; exit 1; }
  grep -q 'return check_domain(domain, d)' "$dir/generate.lua" || {
    echo "FAIL $id: generate() does not end with check_domain(domain, d)"; exit 1; }
  for seed in $(seq 1 "$LAST"); do
    "$BIN" grade "$id" "$dir/starter.ddb" "$dir/reference.ddb" --seed "$seed" --format json \
      --exercises-dir "$EX" --out "$TMP/$id-$seed.json" > /dev/null
  done
  "$PY" - "$TMP" "$id" "$LAST" <<'PY'
import json, sys
tmp, ex, last = sys.argv[1], sys.argv[2], int(sys.argv[3])
for seed in range(1, last + 1):
    reports = json.load(open(f"{tmp}/{ex}-{seed}.json"))["reports"]
    for r in reports:
        if r["error"] is not None:
            sys.exit(f"FAIL {ex} seed {seed} {r['solution']}: {r['error']}")
    ref = [r for r in reports if r["solution"].endswith("reference.ddb")][0]
    if ref["score"] != ref["max_score"] or ref["max_score"] <= 0:
        bad = [c["id"] + ": " + c["message"].split("\n")[0] for c in ref["checks"] if c["status"] != "passed"]
        sys.exit(f"FAIL {ex} seed {seed}: the reference scores {ref['score']}/{ref['max_score']}: {bad[:3]}")
PY
  echo "ok   $id: seeds 1..$LAST hold every declared corner; the reference takes full marks"
done

# 2. The check is live. A copy of edtech whose data loses one enrollment of its biggest course
# (so no course reaches the brief's 25) is refused, naming the corner; so is a copy whose domain
# declares a corner the generator never builds.
mkdir -p "$TMP/ex"
cp -r "$EX/lib" "$EX/edtech" "$TMP/ex/"
cat >> "$TMP/ex/edtech/generate.lua" <<'LUA'
-- Test only: drop one enrollment of the fullest course before the corners are checked.
local checked = check_domain
function check_domain(dom, d)
  local n = {}
  for _, w in ipairs(d.writes) do
    if w.name == "Enrollment" and not w["repeat"] then n[w.params.course_id] = (n[w.params.course_id] or 0) + 1 end
  end
  local full
  for c, k in pairs(n) do if k == dom.counts.enrollments_per_course.max then full = c end end
  for i = #d.writes, 1, -1 do
    local w = d.writes[i]
    if w.name == "Enrollment" and w.params.course_id == full and not w["repeat"] then
      table.remove(d.writes, i)
      break
    end
  end
  return checked(dom, d)
end
LUA
"$BIN" grade "$TMP/ex/edtech" "$TMP/ex/edtech/starter.ddb" --seed 7 --format json \
  --exercises-dir "$TMP/ex" --out "$TMP/lost.json" > /dev/null || true
"$PY" - "$TMP/lost.json" <<'PY'
import json, sys
err = json.load(open(sys.argv[1]))["reports"][0]["error"] or ""
assert "seed 7" in err and "lacks corners" in err, err
assert "AP3: enrollments per course: none has 25" in err, err
PY
echo "ok   a seed that loses a corner is refused, naming it"

cp "$EX/edtech/generate.lua" "$TMP/ex/edtech/generate.lua"
cat >> "$TMP/ex/edtech/generate.lua" <<'LUA'
-- Test only: a corner the generator does not build.
domain.ties.instructors_share_a_course = { what = "one course id taught by two instructors",
  entity = "Course", attr = "course_id", across = "instructor_id" }
LUA
"$BIN" grade "$TMP/ex/edtech" "$TMP/ex/edtech/starter.ddb" --seed 3 --format json \
  --exercises-dir "$TMP/ex" --out "$TMP/undeclared.json" > /dev/null || true
"$PY" - "$TMP/undeclared.json" <<'PY'
import json, sys
err = json.load(open(sys.argv[1]))["reports"][0]["error"] or ""
assert "one course id taught by two instructors: no such pair" in err, err
PY
echo "ok   a declared corner the generator does not build is refused, naming it"

# 3. The brief states the domain: every count declared for a pattern ("APn: ...") appears in
# that pattern's row of the README as "min–max" (or "zero or one"), every window's first and
# last day appear in the README, and every id format has an example of its width there.
"$PY" - "$EX" <<'PY'
import os, re, sys
root = sys.argv[1]
for ex in sorted(os.listdir(root)):
    gen = os.path.join(root, ex, "generate.lua")
    if not os.path.exists(os.path.join(root, ex, "grader.lua")):
        continue
    lua = open(gen).read()
    readme = open(os.path.join(root, ex, "README.md")).read()
    domain = lua[lua.index("domain = {"):]
    rows = {m.group(1): m.group(0) for m in re.finditer(r"^\| (AP\d+) \|.*$", readme, re.M)}
    counts = re.findall(r'what = "(AP\d+): [^"]*".*?min = (\d+), max = (\d+)', domain, re.S)
    assert counts, f"{ex}: no pattern counts in the domain"
    for ap, lo, hi in counts:
        row = rows.get(ap)
        assert row, f"{ex}: the README has no row for {ap}"
        want = "zero or one" if (lo, hi) == ("0", "1") else f"{lo}–{hi}"
        assert want in row, f"{ex}: the domain says {ap} returns {lo}–{hi}; the README row says: {row}"
    windows = re.findall(r'from = "(\d{4}-\d\d-\d\d)", to = "(\d{4}-\d\d-\d\d)"', domain)
    assert windows, f"{ex}: no windows in the domain"
    for a, b in windows:
        assert a in readme and b in readme, f"{ex}: the README does not state the window {a} to {b}"
    ids = re.findall(r'(\w+) = \{ prefix = "(\w*)", digits = (\d+) \}', domain)
    assert ids, f"{ex}: no id formats in the domain"
    for name, prefix, digits in ids:
        assert re.search(r"`%s\d{%s}`" % (prefix, digits), readme), \
            f"{ex}: the README shows no {name} like {prefix}{'0' * int(digits)}"
    print(f"ok   {ex}: the README states the {len(counts)} pattern counts, {len(windows)} windows and {len(ids)} id formats the domain declares")
PY
