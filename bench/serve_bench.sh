#!/usr/bin/env bash
# Server throughput over loopback HTTP: GetItem, Query of 100 items and PutItem, with 1 and 8
# client connections. Prints JSON lines like scripts/bench (there is no raw-SQLite counterpart
# for a network round trip, so sqlite_ops_per_s and ratio are null).
# Usage: bash serve_bench.sh /path/to/ddblab [--quick]
set -euo pipefail
ddblab=${1:?usage: serve_bench.sh DDBLAB [--quick]}
seconds=2
[ "${2:-}" = "--quick" ] && seconds=0.5
work=$(mktemp -d)
"$ddblab" serve --port 0 > "$work/out" 2> "$work/err" &
pid=$!
trap 'kill $pid 2>/dev/null; wait $pid 2>/dev/null; rm -rf "$work"' EXIT
for _ in $(seq 1 200); do grep -q '^ready$' "$work/out" && break; sleep 0.05; done
port=$(grep -o 'http://127\.0\.0\.1:[0-9]*' "$work/out" | head -n1 | sed 's/.*://')
/usr/bin/python3 - "$port" "$seconds" <<'PY'
import http.client, json, sys, threading, time

port, seconds = int(sys.argv[1]), float(sys.argv[2])

def call(conn, op, body):
    conn.request("POST", "/", json.dumps(body).encode(), {
        "X-Amz-Target": "DynamoDB_20120810." + op,
        "Content-Type": "application/x-amz-json-1.0",
        "Authorization": "AWS4-HMAC-SHA256 Credential=bench/20260101/us-east-1/dynamodb/aws4_request"})
    r = conn.getresponse()
    data = r.read()
    if r.status != 200:
        raise SystemExit("serve_bench: %s failed: %s" % (op, data[:200]))
    return data

setup = http.client.HTTPConnection("127.0.0.1", port)
call(setup, "CreateTable", {"TableName": "Bench", "BillingMode": "PAY_PER_REQUEST",
     "AttributeDefinitions": [{"AttributeName": "PK", "AttributeType": "S"},
                              {"AttributeName": "SK", "AttributeType": "S"}],
     "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"},
                   {"AttributeName": "SK", "KeyType": "RANGE"}]})
def item(pk, sk):
    return {"PK": {"S": pk}, "SK": {"S": sk}, "total": {"N": "12345"},
            "status": {"S": "OPEN"}, "note": {"S": "x" * 120}}
for c in range(10):
    for i in range(100):
        call(setup, "PutItem", {"TableName": "Bench", "Item": item("C#%d" % c, "O#%04d" % i)})

def get(conn, i):
    call(conn, "GetItem", {"TableName": "Bench",
         "Key": {"PK": {"S": "C#%d" % (i % 10)}, "SK": {"S": "O#%04d" % (i % 100)}}})
def query(conn, i):
    call(conn, "Query", {"TableName": "Bench", "KeyConditionExpression": "PK = :p",
         "ExpressionAttributeValues": {":p": {"S": "C#%d" % (i % 10)}}})
def put(conn, i):
    call(conn, "PutItem", {"TableName": "Bench", "Item": item("W#%d" % (i % 500), "O#%d" % i)})

def measure(fn, clients):
    counts = [0] * clients
    deadline = time.monotonic() + seconds
    def worker(k):
        conn = http.client.HTTPConnection("127.0.0.1", port)
        n = 0
        while time.monotonic() < deadline:
            fn(conn, k * 1000000 + n)
            n += 1
        counts[k] = n
    threads = [threading.Thread(target=worker, args=(k,)) for k in range(clients)]
    start = time.monotonic()
    for t in threads: t.start()
    for t in threads: t.join()
    return sum(counts) / (time.monotonic() - start)

for name, fn in (("get_item", get), ("query_100", query), ("put_item", put)):
    for clients in (1, 8):
        rate = measure(fn, clients)
        print(json.dumps({"name": "serve_%s_c%d" % (name, clients), "ops_per_s": round(rate),
                          "sqlite_ops_per_s": None, "ratio": None, "clients": clients}))
        sys.stdout.flush()
PY
