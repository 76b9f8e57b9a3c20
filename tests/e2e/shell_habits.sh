#!/usr/bin/env bash
# The shell as SQL and aws-CLI users expect it, through the real binary: a demo script that
# shows an expected error with `.check error` goes on and exits 0; every line of --mode jsonl
# output is one JSON object, dot-command text included; aws-CLI parameter validation and a
# repeated option stop before sending; `ddblab grade` refuses an unknown exercise as a usage
# error and prints its usage for --help.
#   bash shell_habits.sh <ddblab binary>
set -uo pipefail
bin=$1
root=$(cd "$(dirname "$0")/../.." && pwd)
source "$root/tests/e2e/lib/status_checks.sh"

cat >"$work/demo.ddb" <<'DDB'
create-table --table-name Shop --attribute-definitions AttributeName=PK,AttributeType=S --key-schema AttributeName=PK,KeyType=HASH --billing-mode PAY_PER_REQUEST
put-item --table-name Shop --item '{"PK":{"S":"a"}}' --condition-expression 'attribute_exists(PK)'
.check error ConditionalCheckFailedException
.print went on after the demonstrated error
DDB
check "a checked error is a demonstrated error" 0 "$bin" -f "$work/demo.ddb"
has "a checked error is a demonstrated error" "went on after the demonstrated error"
check "... also with --keep-going" 0 "$bin" --keep-going -f "$work/demo.ddb"

cat >"$work/wrong_check.ddb" <<'DDB'
create-table --table-name Shop --attribute-definitions AttributeName=PK,AttributeType=S --key-schema AttributeName=PK,KeyType=HASH --billing-mode PAY_PER_REQUEST
put-item --table-name Shop --item '{"PK":{"S":"a"}}' --condition-expression 'attribute_exists(PK)'
.check error ValidationException
.print not reached
DDB
check "a check that does not match stops the script" 1 "$bin" -f "$work/wrong_check.ddb"
has "a check that does not match stops the script" "check failed: expected error ValidationException"
if grep -qF "not reached" "$work/out"; then echo "FAIL: the script went on" >&2; fail=1; fi

cat >"$work/unchecked.ddb" <<'DDB'
describe-table --table-name Missing
.print not reached
DDB
check "an unchecked error still stops the script" 254 "$bin" -f "$work/unchecked.ddb"

cat >"$work/jsonl.ddb" <<'DDB'
create-table --table-name Shop --attribute-definitions AttributeName=PK,AttributeType=S --key-schema AttributeName=PK,KeyType=HASH --billing-mode PAY_PER_REQUEST
.print plain text from .print
.generate Shop 5
.partitions Shop
.tables
SELECT * FROM "Shop"
DDB
"$bin" --mode jsonl -f "$work/jsonl.ddb" >"$work/jsonl.out" 2>/dev/null
if python3 - "$work/jsonl.out" <<'PY'
import json, sys
lines = open(sys.argv[1], encoding="utf-8").read().splitlines()
assert lines, "no output"
texts = []
for n, line in enumerate(lines, 1):
    obj = json.loads(line)
    assert isinstance(obj, dict), "line %d is not an object: %r" % (n, line)
    if "text" in obj:
        texts.append((obj.get("command", ""), obj["text"]))
assert (".print plain text from .print", "plain text from .print") in texts, texts
assert any(c.startswith(".partitions") for c, _ in texts), texts
assert any(c == ".tables" and t == "Shop" for c, t in texts), texts
assert any("Items" in json.loads(l) for l in lines), "no statement object"
PY
then echo "ok   every jsonl line is a JSON object"; else echo "FAIL jsonl output:" >&2; cat "$work/jsonl.out" >&2; fail=1; fi

check "an untyped item stops before sending" 252 "$bin" -c 'create-table --table-name Tbl --attribute-definitions AttributeName=PK,AttributeType=S --key-schema AttributeName=PK,KeyType=HASH --billing-mode PAY_PER_REQUEST' -c "put-item --table-name Tbl --item '{\"PK\":\"x\"}'"
has "an untyped item stops before sending" "Parameter validation failed:"
has "an untyped item stops before sending" "Invalid type for parameter Item.PK, value: x, type: <class 'str'>, valid types: <class 'dict'>"
has "an untyped item stops before sending" '{"PK":{"S":"x"}}'

check "an option given twice is refused" 252 "$bin" -c "get-item --table-name A --table-name B --key '{\"PK\":{\"S\":\"x\"}}'"
has "an option given twice is refused" "argument --table-name: given more than once"

check "grade refuses an unknown exercise" 2 "$bin" grade nosuch x.ddb
has "grade refuses an unknown exercise" "edtech"
has "grade refuses an unknown exercise" "usage: ddblab grade"
check "grade --help" 0 "$bin" grade --help
has "grade --help" "usage: ddblab grade EXERCISE SOLUTION"

exit $fail
