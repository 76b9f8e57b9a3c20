#!/usr/bin/env bash
# Server throughput over loopback HTTP, measured with one client (wrk) in one run:
#   - `ddblab serve`: GetItem, Query of 100 items, PutItem;
#   - the static HTTP limit: nginx serving a small file (GET) on another loopback port;
#   - dynalite (npm package) answering the same three requests.
# Prints JSON lines like scripts/bench (sqlite_ops_per_s is null: there is no raw-SQLite side
# to a network round trip), then the ratios against their targets: GetItem vs nginx (>= 0.5),
# Query-100 and PutItem vs dynalite (>= 5). A baseline that is not available is reported as
# skipped instead of failing the run.
# wrk and nginx come from Debian (wrk, nginx-light) and dynalite from npm; they are installed
# here when missing, not by scripts/deps: CI does not run benchmarks.
# Usage: bash serve_bench.sh /path/to/ddblab [--quick]
set -euo pipefail
ddblab=${1:?usage: serve_bench.sh DDBLAB [--quick]}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
# Each target is measured in `rounds` slices of `slice` seconds, interleaved with the others.
rounds=5
slice=2
[ "${2:-}" = "--quick" ] && rounds=3 && slice=1
# One wrk thread (the machine has 2 cores: one for the client, one for the server) and enough
# connections to keep every server worker busy.
connections=${SERVE_BENCH_CONNECTIONS:-16}
tools=${DDBLAB_BENCH_TOOLS:-$root/build/bench-tools}

note() { echo "serve_bench: $*" >&2; }

install_debian() {  # package, command it provides
  command -v "$2" >/dev/null && return 0
  [ "$(id -u)" = 0 ] || { note "$2 missing; install Debian's $1"; return 1; }
  note "installing Debian package $1"
  { apt-get install -y "$1" || { apt-get update && apt-get install -y "$1"; }; } >/dev/null 2>&1
  command -v "$2" >/dev/null
}
install_debian wrk wrk || exit 1
have_nginx=1
PATH=$PATH:/usr/sbin install_debian nginx-light nginx || have_nginx=0
nginx_bin=$(PATH=$PATH:/usr/sbin command -v nginx || true)
have_dynalite=1
dynalite_cli=$tools/dynalite/node_modules/dynalite/cli.js
if [ ! -f "$dynalite_cli" ]; then
  if command -v npm >/dev/null; then
    note "installing dynalite into $tools/dynalite"
    mkdir -p "$tools/dynalite"
    (cd "$tools/dynalite" && npm install --no-audit --no-fund --silent dynalite@3 >/dev/null 2>&1) ||
      true
  fi
  [ -f "$dynalite_cli" ] || { note "dynalite not available (needs node and npm)"; have_dynalite=0; }
fi

work=$(mktemp -d)
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  for p in "${pids[@]}"; do wait "$p" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT

free_port() {
  /usr/bin/python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'
}
wait_port() {  # port: waits until it accepts connections
  for _ in $(seq 1 200); do
    /usr/bin/python3 -c 'import socket,sys; socket.create_connection(("127.0.0.1",int(sys.argv[1])),0.2)' \
      "$1" 2>/dev/null && return 0
    sleep 0.05
  done
  note "nothing listens on port $1"
  return 1
}

# Creates the table and 10 partitions of 100 items through the API, the same for every server.
seed() {  # port
  /usr/bin/python3 - "$1" <<'PY'
import http.client, json, sys, time
conn = http.client.HTTPConnection("127.0.0.1", int(sys.argv[1]))
def call(op, body):
    conn.request("POST", "/", json.dumps(body).encode(), {
        "X-Amz-Target": "DynamoDB_20120810." + op, "Content-Type": "application/x-amz-json-1.0",
        "X-Amz-Date": "20260101T000000Z",
        "Authorization": "AWS4-HMAC-SHA256 Credential=bench/20260101/us-east-1/dynamodb/"
                         "aws4_request, SignedHeaders=host;x-amz-date;x-amz-target, Signature=00"})
    r = conn.getresponse(); data = r.read()
    if r.status != 200:
        raise SystemExit("serve_bench: %s failed: %s" % (op, data[:300]))
    return json.loads(data)
call("CreateTable", {"TableName": "Bench", "BillingMode": "PAY_PER_REQUEST",
     "AttributeDefinitions": [{"AttributeName": "PK", "AttributeType": "S"},
                              {"AttributeName": "SK", "AttributeType": "S"}],
     "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"},
                   {"AttributeName": "SK", "KeyType": "RANGE"}]})
for _ in range(100):
    if call("DescribeTable", {"TableName": "Bench"})["Table"]["TableStatus"] == "ACTIVE": break
    time.sleep(0.05)
items = [{"PK": {"S": "C#%d" % c}, "SK": {"S": "O#%04d" % i}, "total": {"N": "12345"},
          "status": {"S": "OPEN"}, "note": {"S": "x" * 120}} for c in range(10) for i in range(100)]
for k in range(0, len(items), 25):
    left = {"Bench": [{"PutRequest": {"Item": it}} for it in items[k:k + 25]]}
    while left:
        left = call("BatchWriteItem", {"RequestItems": left}).get("UnprocessedItems") or None
q = call("Query", {"TableName": "Bench", "KeyConditionExpression": "PK = :p",
                   "ExpressionAttributeValues": {":p": {"S": "C#3"}}})
if q["Count"] != 100:
    raise SystemExit("serve_bench: the seeded partition has %d items, not 100" % q["Count"])
PY
}

# Runs wrk once for $slice seconds and appends its result (a JSON line with the name) to
# $results; fails on any error answer or socket error.
run_wrk() {  # name, url, lua script, [BENCH_OP]
  local out
  out=$(BENCH_OP=${4:-} wrk -t1 -c"$connections" -d"${slice}s" -s "$3" "$2" 2>&1) || {
    note "wrk failed for $1: $out"
    return 1
  }
  /usr/bin/python3 "$here/serve/wrk_result.py" "$1" "$out" >> "$results"
}

results=$work/results.jsonl
: > "$results"
targets=()  # name|url|script|op

# ddblab serve (transient in-memory database, its default, like dynalite's).
ddblab_port=$(free_port)
"$ddblab" serve --port "$ddblab_port" --quiet > "$work/ddblab.out" 2> "$work/ddblab.err" &
pids+=($!)
wait_port "$ddblab_port"
seed "$ddblab_port"
# put_item_resize has no target: it shows what a rewrite that changes the item's size costs.
for op in GetItem:get_item Query:query_100 PutItem:put_item PutItemResize:put_item_resize; do
  targets+=("serve_${op#*:}|http://127.0.0.1:$ddblab_port/|$here/serve/request.lua|${op%%:*}")
done

if [ "$have_nginx" = 1 ]; then
  # A GetItem answer's size, served as a file: the cheapest HTTP answer this machine gives.
  mkdir -p "$work/nginx/www" "$work/nginx/tmp"
  /usr/bin/python3 -c 'import json; print(json.dumps({"Item": {"PK": {"S": "C#1"}, "SK": {"S": "O#0001"}, "total": {"N": "12345"}, "status": {"S": "OPEN"}, "note": {"S": "x" * 120}}}), end="")' \
    > "$work/nginx/www/item.json"
  nginx_port=$(free_port)
  cat > "$work/nginx/nginx.conf" <<EOF
daemon off;
master_process off;
worker_processes 1;
pid $work/nginx/nginx.pid;
error_log $work/nginx/error.log;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path $work/nginx/tmp;
  server {
    listen 127.0.0.1:$nginx_port;
    root $work/nginx/www;
    default_type application/x-amz-json-1.0;
  }
}
EOF
  "$nginx_bin" -p "$work/nginx" -c "$work/nginx/nginx.conf" -e "$work/nginx/error.log" \
    2> "$work/nginx/stderr" &
  pids+=($!)
  if wait_port "$nginx_port"; then
    targets+=("nginx_static|http://127.0.0.1:$nginx_port/item.json|$here/serve/static.lua|")
  else
    cat "$work/nginx/stderr" >&2
  fi
fi

if [ "$have_dynalite" = 1 ]; then
  dynalite_port=$(free_port)
  node "$dynalite_cli" --port "$dynalite_port" --createTableMs 0 --deleteTableMs 0 \
    --updateTableMs 0 > "$work/dynalite.out" 2>&1 &
  pids+=($!)
  if wait_port "$dynalite_port"; then
    seed "$dynalite_port"
    for op in GetItem:get_item Query:query_100 PutItem:put_item; do
      targets+=("dynalite_${op#*:}|http://127.0.0.1:$dynalite_port/|$here/serve/request.lua|${op%%:*}")
    done
  fi
fi

# Every target runs in each round, in turn, so a machine whose speed drifts (shared cores, other
# builds) slows every side alike and the ratios stay comparable.
for _ in $(seq 1 "$rounds"); do
  for t in "${targets[@]}"; do
    IFS='|' read -r name url script op <<< "$t"
    run_wrk "$name" "$url" "$script" "$op"
  done
done
/usr/bin/python3 "$here/serve/report.py" "$results"
