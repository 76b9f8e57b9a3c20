# The HTTP protocol of `ddblab serve` as DynamoDB speaks it: headers (content type, request id,
# CRC-32), errors for unknown targets, malformed JSON and oversized bodies (the server keeps
# serving), and a clean SIGTERM that leaves a --db file intact.
source "$(dirname "$0")/lib/serve_common.sh" "$@"
require_tools curl
DB="$WORK/lab.db"
start_server --db "$DB"

# post TARGET BODY -> sets STATUS, BODY and HEADERS (files)
post() {
  curl -sS -o "$WORK/body" -D "$WORK/headers" -w '%{http_code}' \
    -H "X-Amz-Target: $1" -H 'Content-Type: application/x-amz-json-1.0' \
    --data-binary "$2" "$ENDPOINT/" > "$WORK/status" || fail "curl $1"
  STATUS=$(cat "$WORK/status")
  BODY=$(cat "$WORK/body")
}
header() {
  grep -i "^$1:" "$WORK/headers" | head -n1 | sed 's/^[^:]*: *//' | tr -d '\r'
}

post DynamoDB_20120810.ListTables '{}'
expect_eq "$STATUS" 200 "ListTables status"
expect_eq "$BODY" '{"TableNames":[]}' "ListTables body"
expect_eq "$(header Content-Type)" "application/x-amz-json-1.0" "content type"
[ "$(header x-amzn-RequestId | tr -d '0-9A-Z' | wc -c)" = 1 ] || fail "request id shape"
crc=$("$PY" -c 'import sys,zlib; print(zlib.crc32(open(sys.argv[1],"rb").read()))' "$WORK/body")
expect_eq "$(header x-amz-crc32)" "$crc" "x-amz-crc32"

post DynamoDB_20120810.Frobnicate '{}'
expect_eq "$STATUS" 400 "unknown operation status"
expect_eq "$BODY" '{"__type":"com.amazon.coral.service#UnknownOperationException"}' "unknown op"
post Other_2020.ListTables '{}'
expect_eq "$BODY" '{"__type":"com.amazon.coral.service#UnknownOperationException"}' "wrong target"

post DynamoDB_20120810.ListTables '{"Limit": '
expect_eq "$STATUS" 400 "malformed JSON status"
expect_eq "$BODY" '{"__type":"com.amazon.coral.service#SerializationException"}' "malformed JSON"
crc=$("$PY" -c 'import sys,zlib; print(zlib.crc32(open(sys.argv[1],"rb").read()))' "$WORK/body")
expect_eq "$(header x-amz-crc32)" "$crc" "x-amz-crc32 of an error"

post DynamoDB_20120810.GetItem '{"Key": {"PK": {"S": "a"}}}'
expect_eq "$BODY" '{"__type":"com.amazon.coral.validate#ValidationException","message":"1 validation error detected: Value null at '"'"'tableName'"'"' failed to satisfy constraint: Member must not be null"}' "missing TableName"

# Also application/json.
status=$(curl -sS -o /dev/null -w '%{http_code}' -H 'X-Amz-Target: DynamoDB_20120810.ListTables' \
  -H 'Content-Type: application/json' --data-binary '{}' "$ENDPOINT/")
expect_eq "$status" 200 "application/json accepted"

# A body over 16 MB is refused with 413, and the server keeps serving.
"$PY" -c 'import sys; sys.stdout.write("{\"TableName\":\"" + "x" * (17 * 1024 * 1024) + "\"}")' \
  > "$WORK/big.json"
status=$(curl -sS -o /dev/null -w '%{http_code}' -H 'X-Amz-Target: DynamoDB_20120810.DescribeTable' \
  -H 'Content-Type: application/x-amz-json-1.0' --data-binary "@$WORK/big.json" "$ENDPOINT/" || true)
expect_eq "$status" 413 "oversized body"
post DynamoDB_20120810.ListTables '{}'
expect_eq "$STATUS" 200 "still serving after 413"

# Write through the server, stop it with SIGTERM, restart on the same file: the data is there.
post DynamoDB_20120810.CreateTable '{"TableName":"kept","AttributeDefinitions":[{"AttributeName":"PK","AttributeType":"S"}],"KeySchema":[{"AttributeName":"PK","KeyType":"HASH"}],"BillingMode":"PAY_PER_REQUEST"}'
expect_eq "$STATUS" 200 "CreateTable: $BODY"
post DynamoDB_20120810.PutItem '{"TableName":"kept","Item":{"PK":{"S":"k1"},"n":{"N":"42"}}}'
expect_eq "$STATUS" 200 "PutItem: $BODY"
kill -TERM "$SERVER_PID"
for _ in $(seq 1 100); do kill -0 "$SERVER_PID" 2>/dev/null || break; sleep 0.05; done
kill -0 "$SERVER_PID" 2>/dev/null && fail "server still running 5 s after SIGTERM"
wait "$SERVER_PID"
rc=$?
SERVER_PID=""
expect_eq "$rc" 0 "exit status after SIGTERM"
grep -q 'stopped' "$SERVER_OUT" || fail "no stop message"

start_server --db "$DB"
post DynamoDB_20120810.GetItem '{"TableName":"kept","Key":{"PK":{"S":"k1"}}}'
expect_eq "$BODY" '{"Item":{"PK":{"S":"k1"},"n":{"N":"42"}}}' "item survives a restart"
echo "PASS serve_protocol"
