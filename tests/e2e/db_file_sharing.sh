# The policy for sharing a database file: one ddblab process owns a file at a time. A second
# `ddblab serve --db` or a shell on the same file is refused with a message naming the holder
# (never InternalServerError), and processes share the database through the server that owns it:
# two client processes doing concurrent ADD updates lose none, even across a kill -9 and restart,
# which also shows the lock is not left stale.
source "$(dirname "$0")/lib/serve_common.sh" "$@"
require_tools
DB="$WORK/shared.db"
start_server --db "$DB"
HOLDER="pid $SERVER_PID: $DDBLAB serve --port 0 --db $DB"
IN_USE="$DB is in use by another ddblab process ($HOLDER). One process owns a database file at a time: stop that process, or, if it is \`ddblab serve\`, send your requests to it (ddblab --endpoint http://HOST:PORT)."

# ---- a second server on the same file is refused, naming the holder
"$DDBLAB" serve --port 0 --db "$DB" > "$WORK/second.out" 2> "$WORK/second.err"
rc=$?
expect_eq "$rc" 1 "exit status of a second server on the file"
expect_eq "$(cat "$WORK/second.err")" "ddblab serve: cannot open $DB: $IN_USE" "second server"
# ---- so is the shell
"$DDBLAB" "$DB" -c "aws dynamodb list-tables" > "$WORK/shell.out" 2> "$WORK/shell.err"
rc=$?
expect_eq "$rc" 255 "exit status of a shell on the file"
expect_eq "$(cat "$WORK/shell.err")" "ddblab: cannot open $DB: $IN_USE" "shell on the file"

# ---- two client processes add concurrently through the owner; every acknowledged ADD counts
cat > "$WORK/adder.py" <<'PYEOF'
import http.client
import json
import sys
import threading

port, threads, per_thread = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
acked = [0] * threads


def run(t):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    for _ in range(per_thread):
        conn.request("POST", "/", json.dumps({
            "TableName": "counters", "Key": {"PK": {"S": "total"}},
            "UpdateExpression": "ADD n :one", "ExpressionAttributeValues": {":one": {"N": "1"}}}),
            {"X-Amz-Target": "DynamoDB_20120810.UpdateItem",
             "Content-Type": "application/x-amz-json-1.0"})
        resp = conn.getresponse()
        body = resp.read()
        if resp.status != 200:
            print("ADD failed: %d %s" % (resp.status, body), file=sys.stderr)
            sys.exit(1)
        acked[t] += 1


workers = [threading.Thread(target=run, args=(t,)) for t in range(threads)]
for w in workers:
    w.start()
for w in workers:
    w.join()
print(sum(acked))
PYEOF
curl -sS -o /dev/null -H 'X-Amz-Target: DynamoDB_20120810.CreateTable' \
  -H 'Content-Type: application/x-amz-json-1.0' --data-binary '{"TableName":"counters","AttributeDefinitions":[{"AttributeName":"PK","AttributeType":"S"}],"KeySchema":[{"AttributeName":"PK","KeyType":"HASH"}],"BillingMode":"PAY_PER_REQUEST"}' \
  "$ENDPOINT/" || fail "CreateTable"
"$PY" "$WORK/adder.py" "$PORT" 4 150 > "$WORK/a.out" &
A=$!
"$PY" "$WORK/adder.py" "$PORT" 4 150 > "$WORK/b.out" &
B=$!
wait $A || fail "first adder process"
wait $B || fail "second adder process"
acked=$(($(cat "$WORK/a.out") + $(cat "$WORK/b.out")))
expect_eq "$acked" 1200 "acknowledged ADDs"
# The shell beside the server goes through it.
"$DDBLAB" --endpoint "$ENDPOINT" --region us-east-1 -c \
  "aws dynamodb update-item --table-name counters --key '{\"PK\":{\"S\":\"total\"}}' --update-expression 'ADD n :one' --expression-attribute-values '{\":one\":{\"N\":\"1\"}}'" \
  > /dev/null || fail "ADD from the shell through --endpoint"

# ---- kill -9 the owner: the kernel drops its lock, a new owner opens the file, nothing is lost
kill -KILL "$SERVER_PID"
wait "$SERVER_PID" 2>/dev/null
SERVER_PID=""
start_server --db "$DB"
got=$(curl -sS -H 'X-Amz-Target: DynamoDB_20120810.GetItem' \
  -H 'Content-Type: application/x-amz-json-1.0' \
  --data-binary '{"TableName":"counters","Key":{"PK":{"S":"total"}},"ConsistentRead":true}' "$ENDPOINT/")
expect_eq "$got" '{"Item":{"PK":{"S":"total"},"n":{"N":"1201"}}}' "the total after kill -9 and restart"
echo "PASS db_file_sharing"
