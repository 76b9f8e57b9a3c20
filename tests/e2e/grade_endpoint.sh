#!/usr/bin/env bash
# `ddblab grade --endpoint URL` against `ddblab serve`: the reference gets full marks on the checks
# an endpoint can run, and those it cannot (the throughput simulation, stream handlers) are
# skipped with the reason and left out of the total; every wrong solution loses the same checks
# as embedded grading; the run's tables are renamed so a table of the same name at the endpoint is
# neither seen nor touched; and no table of a run is left, also after a Ctrl-C mid-way.
#   bash grade_endpoint.sh <ddblab binary>
source "$(dirname "$0")/lib/serve_common.sh" "$1"
require_tools aws boto3
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
EX="$ROOT/exercises"
start_server

grade() { "$DDBLAB" grade "$@" --exercises-dir "$EX"; }

# The endpoint's tables whose names start with ddblab- (what a run creates), one a line.
run_tables() {
  ddb list-tables | "$PY" -c 'import json,sys; print("\n".join(n for n in json.load(sys.stdin)["TableNames"] if n.startswith("ddblab-")))'
}

# A table named as the exercise's, holding one item: the runs must not see or change it.
ddb create-table --table-name edtech --billing-mode PAY_PER_REQUEST \
  --attribute-definitions AttributeName=PK,AttributeType=S AttributeName=SK,AttributeType=S \
  --key-schema AttributeName=PK,KeyType=HASH AttributeName=SK,KeyType=RANGE >/dev/null ||
  fail "create-table edtech"
ddb put-item --table-name edtech --item '{"PK":{"S":"MINE"},"SK":{"S":"KEEP"}}' >/dev/null ||
  fail "put-item edtech"

# 1. The reference: full marks on what the endpoint can run; the rest skipped, saying why.
grade edtech "$EX/edtech/reference.ddb" --endpoint "$ENDPOINT" > "$WORK/ref.txt" ||
  fail "grade --endpoint of the reference failed: $(cat "$WORK/ref.txt")"
grep -q "^graded on endpoint $ENDPOINT (tables ddblab-[0-9a-f]\{8\}-\*)$" "$WORK/ref.txt" ||
  fail "the report does not say where it graded: $(head -5 "$WORK/ref.txt")"
grep -q "^SKIP  0/0  throughput .*" "$WORK/ref.txt" ||
  fail "throughput is not skipped on an endpoint: $(grep throughput "$WORK/ref.txt")"
grep -q "skipped: it simulates ddblab's partitions on its virtual clock" "$WORK/ref.txt" ||
  fail "the skipped throughput check gives no reason"
grep -q "^score 33/33  (seed 1; 1 check worth 2 points skipped: they need ddblab's own engine)$" \
  "$WORK/ref.txt" || fail "reference score line: $(grep '^score' "$WORK/ref.txt")"
echo "ok   edtech reference: full marks on the endpoint, throughput skipped with its reason"

grade social "$EX/social/reference.ddb" --endpoint "$ENDPOINT" --format json > "$WORK/social.json" ||
  fail "grade --endpoint of the social reference failed"
"$PY" - "$WORK/social.json" <<'PY' || fail "social reference on the endpoint"
import json, sys
r = json.load(open(sys.argv[1]))["reports"][0]
skipped = sorted(c["id"] for c in r["checks"] if c.get("unavailable"))
others = [c for c in r["checks"] if not c.get("unavailable") and c["status"] != "passed"]
assert not r["error"] and not others, (r["error"], others)
assert r["score"] == r["max_score"] > 0, (r["score"], r["max_score"])
# stream_count needs the handlers; AP8 reads the count they keep (and its .cost and .hotkey need
# AP8); throughput is a simulation.
assert skipped == ["AP8", "AP8.cost", "AP8.hotkey", "stream_count", "throughput"], skipped
for c in r["checks"]:
    if c.get("unavailable"):
        assert c["status"] == "skipped" and c["max_points"] == 0 and c["points"] == 0, c
        assert c["message"].startswith("skipped: it "), c["message"]
assert r["unavailable_checks"] == 5, r["unavailable_checks"]
assert r["unavailable_points"] == sum(c.get("unavailable_points", 0) for c in r["checks"]) > 0
PY
echo "ok   social reference: full marks; stream handler checks skipped as unavailable"

# Gradescope shows tests as passed or failed: the unavailable checks are named in its output.
grade social "$EX/social/reference.ddb" --endpoint "$ENDPOINT" --format gradescope \
  > "$WORK/social.gs.json" || fail "grade --endpoint --format gradescope"
"$PY" - "$WORK/social.gs.json" <<'PY' || fail "Gradescope results of the social reference"
import json, sys
g = json.load(open(sys.argv[1]))
names = [t["number"] for t in g["tests"]]
assert "stream_count" not in names and "throughput" not in names, names
assert all(t["status"] == "passed" for t in g["tests"]), [t for t in g["tests"] if t["status"] != "passed"]
assert g["score"] == sum(t["max_score"] for t in g["tests"]) > 0
assert "Not graded on this endpoint: stream_count (skipped: " in g["output"], g["output"]
PY

# 2. Wrong solutions lose the same checks on the endpoint as embedded (less those skipped there).
compare() {
  local id=$1 file=$2
  grade "$id" "$file" --format json > "$WORK/embedded.json" || fail "embedded grading of $file"
  grade "$id" "$file" --format json --endpoint "$ENDPOINT" > "$WORK/endpoint.json" ||
    fail "endpoint grading of $file"
  "$PY" - "$WORK/embedded.json" "$WORK/endpoint.json" "$file" <<'PY' || fail "lost checks of $file"
import json, sys
emb = json.load(open(sys.argv[1]))["reports"][0]
ep = json.load(open(sys.argv[2]))["reports"][0]
assert not emb["error"] and not ep["error"], (emb["error"], ep["error"])
unavailable = {c["id"] for c in ep["checks"] if c.get("unavailable")}
lost = lambda r: sorted(c["id"] for c in r["checks"] if c["status"] != "passed" and c["id"] not in unavailable)
assert lost(emb), f"{sys.argv[3]} loses nothing embedded: not a wrong solution"
assert lost(emb) == lost(ep), f"{sys.argv[3]}: embedded lost {lost(emb)}, endpoint lost {lost(ep)}"
messages = lambda r: {c["id"]: c["message"] for c in r["checks"] if c["id"] not in unavailable}
assert messages(emb) == messages(ep), f"{sys.argv[3]}: feedback differs"
PY
}
n=0
# Under the sanitizers (10-50x slower) the first eight wrong solutions stand for the rest.
wrongs=("$EX"/edtech/wrong/*.ddb)
[ -n "${DDBLAB_SANITIZED:-}" ] && wrongs=("${wrongs[@]:0:8}")
for file in "${wrongs[@]}"; do
  # edtech's throughput-only mistakes lose nothing an endpoint can grade.
  case $(basename "$file") in
    constant_enrollment_key.ddb|enrollment_counter.ddb|enrollment_profile_counter.ddb|static_profile_index.ddb) continue ;;
  esac
  compare edtech "$file"
  n=$((n + 1))
done
compare social "$EX/social/wrong/status_filter.ddb"
compare social "$EX/social/wrong/forgotten_inverse.ddb"
echo "ok   $((n + 2)) wrong solutions lose the same checks, with the same feedback, as embedded"

# A PartiQL read's plan is known (EXPLAIN from DescribeTable) but not how many items its filter
# discarded: with a filter, the endpoint cannot judge its cost, and says so.
sed "s/begins_with(SK, 'MODULE#\${module_id}#LESSON#')/begins_with(SK, 'MODULE#\${module_id}#') AND attribute_exists(lesson_id)/" \
  "$EX/edtech/reference.ddb" > "$WORK/filtered.ddb"
grep -q "attribute_exists(lesson_id)" "$WORK/filtered.ddb" || fail "the filtered variant was not made"
grade edtech "$WORK/filtered.ddb" --endpoint "$ENDPOINT" > "$WORK/filtered.txt" || fail "filtered"
grep -q "^SKIP  0/0  AP7.cost " "$WORK/filtered.txt" ||
  fail "a filtered PartiQL read's cost is not skipped: $(grep AP7 "$WORK/filtered.txt")"
grep -q "skipped: DynamoDB does not say how many items a PartiQL SELECT read" "$WORK/filtered.txt" ||
  fail "the skipped cost check gives no reason"
echo "ok   a filtered PartiQL read's cost is skipped on an endpoint, with the reason"

# 3. Nothing of the runs is left, and the table of the same name is untouched.
left=$(run_tables)
[ -z "$left" ] || fail "tables left after the runs: $left"
item=$(ddb get-item --table-name edtech --key '{"PK":{"S":"MINE"},"SK":{"S":"KEEP"}}')
[ "$(json_get "$item" 'r["Item"]["SK"]["S"]')" = KEEP ] || fail "the endpoint's own edtech lost its item"
count=$(json_get "$(ddb scan --table-name edtech --select COUNT)" 'r["Count"]')
expect_eq "$count" 1 "items in the endpoint's own edtech after the runs"
echo "ok   no run's table is left; the endpoint's own edtech table is untouched"

# 4. Ctrl-C mid-way: the children stop, every table the run created is deleted, exit 130. A
# settle pause between writes and reads keeps the run going long enough to be interrupted.
"$DDBLAB" grade social "$EX/social/reference.ddb" "$EX/edtech/reference.ddb" --jobs 2 \
  --settle 3000 --endpoint "$ENDPOINT" --exercises-dir "$EX" > "$WORK/int.out" 2> "$WORK/int.err" &
grade_pid=$!
"$PY" - "$ENDPOINT" <<'PY' || fail "no table of the run appeared at the endpoint"
import sys, time
import boto3
c = boto3.client("dynamodb", endpoint_url=sys.argv[1])
for _ in range(2000):
    if any(n.startswith("ddblab-") for n in c.list_tables()["TableNames"]):
        sys.exit(0)
    time.sleep(0.005)
sys.exit(1)
PY
kill -INT "$grade_pid"
wait "$grade_pid"
rc=$?
expect_eq "$rc" 130 "exit status after Ctrl-C"
grep -q "interrupted; deleting the tables of this run" "$WORK/int.err" ||
  fail "no interrupt message: $(cat "$WORK/int.err")"
grep -q "every table this run created is deleted" "$WORK/int.err" ||
  fail "the interrupt did not report its cleanup: $(cat "$WORK/int.err")"
left=$(run_tables)
[ -z "$left" ] || fail "tables left after Ctrl-C: $left"
echo "ok   Ctrl-C mid-way: exit 130, every table of the run deleted"

# 5. Arguments.
out=$("$DDBLAB" grade edtech "$EX/edtech/reference.ddb" --region us-east-1 2>&1)
[ $? -eq 2 ] && grep -q "go with --endpoint URL" <<<"$out" || fail "--region without --endpoint: $out"
out=$("$DDBLAB" grade edtech "$EX/edtech/reference.ddb" --endpoint ftp://x 2>&1)
[ $? -eq 2 ] && grep -q "must be an http:// or https:// URL" <<<"$out" || fail "a bad URL: $out"
echo "ok   --endpoint arguments"
echo "PASS grade_endpoint"
