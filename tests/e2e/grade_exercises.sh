#!/usr/bin/env bash
# Every exercise: the reference scores full marks on three seeds, the starter scores 0, and
# every wrong/*.ddb loses exactly the points its .expect file names, with the feedback it names.
# usage: bash grade_exercises.sh <ddblab binary>
set -euo pipefail
BIN=${1:?usage: grade_exercises.sh <ddblab binary>}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
EX="$ROOT/exercises"
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
fail=0

for dir in "$EX"/*/; do
  id=$(basename "$dir")
  [ -f "$dir/grader.lua" ] || continue
  seeds="1 7 20260"
  # Under the sanitizers (40x slower) one seed: the other two only vary the generated data.
  [ "${DDBLAB_SANITIZED:-0}" = 1 ] && seeds=1
  for seed in $seeds; do
    "$BIN" grade "$id" "$dir/reference.ddb" --seed "$seed" --format json --reveal-hidden \
      --exercises-dir "$EX" > "$TMP/ref.json" || true
    if ! /usr/bin/python3 - "$TMP/ref.json" <<'PY'
import json, sys
rep = json.load(open(sys.argv[1]))["reports"][0]
bad = [c for c in rep["checks"] if c["status"] != "passed"]
if rep["error"] or bad or rep["score"] != rep["max_score"] or rep["max_score"] <= 0:
    print(f"reference {rep['exercise']} seed {rep['seed']}: {rep['score']}/{rep['max_score']} {rep['error'] or ''}")
    for c in bad: print(f"  {c['id']} {c['status']}: {c['message']}")
    sys.exit(1)
PY
    then fail=1; else echo "ok   $id reference seed $seed: full marks"; fi
  done

  "$BIN" grade "$id" "$dir/starter.ddb" --format json --exercises-dir "$EX" > "$TMP/starter.json" || true
  if ! /usr/bin/python3 - "$TMP/starter.json" <<'PY'
import json, sys
rep = json.load(open(sys.argv[1]))["reports"][0]
if rep["error"] or rep["score"] != 0 or rep["max_score"] <= 0:
    print(f"starter {rep['exercise']}: {rep['score']}/{rep['max_score']} {rep['error'] or ''}")
    sys.exit(1)
PY
  then fail=1; else echo "ok   $id starter scores 0"; fi

  shopt -s nullglob
  wrongs=("$dir"/wrong/*.ddb)
  if [ "${#wrongs[@]}" -lt 5 ]; then
    echo "FAIL $id has ${#wrongs[@]} wrong solutions (at least 5 expected)"; fail=1
  fi
  # Under the sanitizers, four of them run the same grading code; the release build grades all.
  [ "${DDBLAB_SANITIZED:-0}" = 1 ] && wrongs=("${wrongs[@]:0:4}")
  "$BIN" grade "$id" "${wrongs[@]}" --jobs 2 --format json --reveal-hidden --exercises-dir "$EX" \
    > "$TMP/wrong.json" || true
  if ! /usr/bin/python3 - "$TMP/wrong.json" <<'PY'
import json, os, sys
doc = json.load(open(sys.argv[1]))
failed = False
for rep in doc["reports"]:
    name = os.path.basename(rep["solution"])
    spec = rep["solution"][:-4] + ".expect"
    must_fail, must_skip, messages, lose, skip_all = set(), set(), [], None, False
    for line in open(spec):
        line = line.strip()
        if not line or line.startswith("#"): continue
        word, _, rest = line.partition(" ")
        if word == "fail": must_fail |= set(rest.split())
        elif word == "skip": must_skip |= set(rest.split())
        elif word == "skip-all": skip_all = True
        elif word == "message":
            cid, _, frag = rest.partition(" ")
            messages.append((cid, frag))
        elif word == "lose": lose = rest.strip()
    checks = {c["id"]: c for c in rep["checks"]}
    problems = []
    if rep["error"]: problems.append("grader error: " + rep["error"])
    for cid, c in checks.items():
        if cid in must_fail:
            if c["status"] != "failed": problems.append(f"{cid} should fail, is {c['status']}")
        elif cid in must_skip or skip_all:
            if c["status"] != "skipped": problems.append(f"{cid} should be skipped, is {c['status']}")
        elif c["status"] != "passed":
            problems.append(f"{cid} should pass, is {c['status']}: {c['message']}")
    for cid in must_fail | must_skip:
        if cid not in checks: problems.append(f"no check {cid}")
    for cid, frag in messages:
        if cid in checks and frag not in checks[cid]["message"]:
            problems.append(f"{cid} message lacks '{frag}': {checks[cid]['message']}")
    if lose == "all":
        if rep["score"] != 0: problems.append(f"score {rep['score']}, expected 0")
    elif lose is not None and abs(rep["max_score"] - rep["score"] - float(lose)) > 1e-9:
        problems.append(f"lost {rep['max_score'] - rep['score']} points, expected {lose}")
    if problems:
        failed = True
        print(f"FAIL {rep['exercise']} wrong/{name}:")
        for p in problems: print("     " + p)
    else:
        print(f"ok   {rep['exercise']} wrong/{name}: loses {rep['max_score'] - rep['score']:g}")
sys.exit(1 if failed else 0)
PY
  then fail=1; fi
done
exit $fail
