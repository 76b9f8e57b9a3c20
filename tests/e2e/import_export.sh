#!/usr/bin/env bash
# .import and .export: DynamoDB's export format (one {"Item": {...}} per line), plain and gzip;
# a round trip of every attribute type (38-digit numbers, binary, sets, nested maps and lists);
# bad lines reported with their number and DynamoDB's message, nothing imported; exact ItemCount
# after an import; the file policy (lesson code cannot use them); and a bulk load's speed.
# DynamoDB: developer guide, "DynamoDB data export to Amazon S3: output format" and "Import from
# Amazon S3: input format" (DynamoDB JSON, one item per line under "Item").
#   bash import_export.sh <ddblab binary>
set -uo pipefail
bin=$1
source "$(cd "$(dirname "$0")" && pwd)/lib/status_checks.sh"

create='create-table --table-name Things --attribute-definitions AttributeName=pk,AttributeType=S AttributeName=sk,AttributeType=N --key-schema AttributeName=pk,KeyType=HASH AttributeName=sk,KeyType=RANGE --billing-mode PAY_PER_REQUEST'

cat >all_types.jsonl <<'JSON'
{"Item":{"pk":{"S":"a"},"sk":{"N":"1"},"big":{"N":"12345678901234567890123456789012345678"},"tiny":{"N":"-0.000000000000000000000000000000000000012345678901234567890123456789012345678"},"bin":{"B":"AAEC/w=="},"ss":{"SS":["x","y"]},"ns":{"NS":["1","2.5"]},"bs":{"BS":["AQ==","Ag=="]},"t":{"BOOL":true},"n":{"NULL":true},"m":{"M":{"inner":{"L":[{"S":"deep"},{"M":{"k":{"N":"7"}}},{"L":[]}]}}},"e":{"S":""}}}

{"Item":{"pk":{"S":"b"},"sk":{"N":"2"},"l":{"L":[{"BOOL":false},{"NULL":true},{"B":"/w=="}]}}}
JSON

check "import every type" 0 "$bin" db1.db -c "$create" -c ".import Things all_types.jsonl"
has "import every type" "imported 2 items into Things"
check "export" 0 "$bin" db1.db -c ".export Things out.jsonl"
has "export" "exported 2 items of Things"
check "re-import the export" 0 "$bin" db2.db -c "$create" -c ".import Things out.jsonl" \
  -c ".export Things again.jsonl"
if ! cmp -s out.jsonl again.jsonl; then
  echo "FAIL round trip: a re-imported export exports differently" >&2
  diff out.jsonl again.jsonl | head >&2
  fail=1
fi
# Every value survives: compare with the input as JSON (order of members aside).
python3 - all_types.jsonl out.jsonl <<'PY' || fail=1
import json, sys
def load(p):
    out = {}
    for line in open(p):
        if line.strip():
            item = json.loads(line)["Item"]
            for v in item.values():
                for k in ("SS", "NS", "BS"):
                    if k in v: v[k] = sorted(v[k])
            out[item["pk"]["S"]] = item
    return out
a, b = load(sys.argv[1]), load(sys.argv[2])
if a != b:
    print("FAIL round trip values differ:\n%s\n%s" % (a, b), file=sys.stderr)
    sys.exit(1)
print("ok   round trip keeps every type, the 38-digit numbers and binary")
PY

check "gzip export" 0 "$bin" db1.db -c ".export Things out.jsonl.gz"
if [ "$(head -c 2 out.jsonl.gz | od -An -tx1 | tr -d ' ')" != "1f8b" ]; then
  echo "FAIL gzip export: out.jsonl.gz is not gzip" >&2
  fail=1
fi
# gzip is recognized by its magic bytes, whatever the name.
cp out.jsonl.gz renamed.data
check "gzip import" 0 "$bin" db3.db -c "$create" -c ".import Things renamed.data" -c ".export Things g.jsonl"
has "gzip import" "imported 2 items into Things"
cmp -s out.jsonl g.jsonl || { echo "FAIL gzip round trip differs" >&2; fail=1; }

# Bad lines: the line number and DynamoDB's validation message; nothing is imported.
printf '%s\n' '{"Item":{"pk":{"S":"ok"},"sk":{"N":"1"}}}' '{"Item":{"pk":{"S":"x"}}}' >missing_key.jsonl
check "missing key" 254 "$bin" db4.db -c "$create" -c ".import Things missing_key.jsonl"
has "missing key" "ValidationException: line 2: One or more parameter values were invalid: Missing the key sk in the item"
has "missing key" "nothing was imported"
check "nothing imported" 0 "$bin" db4.db --mode ddbjson -c "scan --table-name Things --select COUNT"
has "nothing imported" "\"Count\": 0,"
printf '%s\n' '{"Item":{"pk":{"S":"ok"},"sk":{"N":"1"}}}' '' '{"Item":{"pk":{"S":"x"},"sk":{"N":"1e999"}}}' >bad_number.jsonl
check "bad number" 254 "$bin" db4.db -c ".import Things bad_number.jsonl"
has "bad number" "ValidationException: line 3: "
has "bad number" "Number overflow"
printf '%s\n' '{"Item":{"pk":{"S":"ok"},"sk":{"N":"1"}}' >bad_json.jsonl
check "bad json" 254 "$bin" db4.db -c ".import Things bad_json.jsonl"
has "bad json" "ValidationException: line 1: not valid JSON"
printf '%s\n' '{"pk":{"S":"ok"},"sk":{"N":"1"}}' >no_item.jsonl
check "no Item member" 254 "$bin" db4.db -c ".import Things no_item.jsonl"
has "no Item member" "line 1: expected {\"Item\": {...}}"
check "missing file" 1 "$bin" db4.db -c ".import Things nope.jsonl"
has "missing file" "nope.jsonl: No such file or directory"
check "unknown table" 254 "$bin" db4.db -c ".import Nope all_types.jsonl"
has "unknown table" "ResourceNotFoundException"

# A bulk load: exact ItemCount afterwards, and the rate (printed, not asserted: CI machines vary).
n=20000
[ "${DDBLAB_SANITIZED:-0}" = 1 ] && n=2000
python3 - "$n" >bulk.jsonl <<'PY'
import sys
for i in range(int(sys.argv[1])):
    print('{"Item":{"pk":{"S":"user#%d"},"sk":{"N":"%d"},"name":{"S":"name %d"},"n":{"N":"%d"}}}' % (i % 997, i, i, i))
PY
start=$(date +%s.%N)
check "bulk import" 0 "$bin" bulk.db -c "$create" -c ".import Things bulk.jsonl"
end=$(date +%s.%N)
has "bulk import" "imported $n items into Things"
echo "     $n items in $(python3 -c "print('%.2f s, %.0f items/s' % ($end - $start, $n / ($end - $start)))")"
check "ItemCount after import" 0 "$bin" bulk.db --mode ddbjson -c "describe-table --table-name Things"
has "ItemCount after import" "\"ItemCount\": $n"

exit $fail
