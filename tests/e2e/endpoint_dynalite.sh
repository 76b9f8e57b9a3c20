# The footer against another emulator: dynalite (npm), which answers without any of ddblab's
# extensions, gets the same footer fields ddblab derives from any endpoint's answers
# (ConsumedCapacity, Count, ScannedCount), the same warnings, and EXPLAIN planned from
# DescribeTable. dynalite has no PartiQL, so the aws-CLI operations are checked. .import and
# .generate load into the endpoint with BatchWriteItem calls (a repeated key in the file is
# written in a later batch, so the last one wins, as in ddblab's own database), and a failure
# says how many items the endpoint kept.
#   bash endpoint_dynalite.sh <ddblab binary>
set -u
DDBLAB=${1:?usage: endpoint_dynalite.sh <ddblab binary>}
root=$(cd "$(dirname "$0")/../.." && pwd)
cli=$root/tests/e2e/js/node_modules/dynalite/cli.js
work=$(mktemp -d)
pid=""
cleanup() { [ -n "$pid" ] && kill "$pid" 2>/dev/null; wait 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT
fail() { echo "FAIL endpoint_dynalite: $1" >&2; exit 1; }
[ -f "$cli" ] || fail "dynalite is not installed ($cli); scripts/deps installs it"
port=$(/usr/bin/python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
node "$cli" --port "$port" --host 127.0.0.1 --createTableMs 0 >"$work/dynalite.log" 2>&1 &
pid=$!
for _ in $(seq 1 100); do
  /usr/bin/python3 -c 'import socket,sys; socket.create_connection(("127.0.0.1",int(sys.argv[1])),0.2)' "$port" 2>/dev/null && break
  sleep 0.1
done
export AWS_ACCESS_KEY_ID=ddblab-test AWS_SECRET_ACCESS_KEY=ddblab-test
remote() { "$DDBLAB" --keep-going --endpoint "http://127.0.0.1:$port" --region us-east-1 "$@" 2>&1; }
expect_line() { grep -qF -- "$2" <<<"$1" || fail "no line with \"$2\" in:
$1"; }

remote -c "create-table --table-name Orders --attribute-definitions AttributeName=PK,AttributeType=S AttributeName=SK,AttributeType=S --key-schema AttributeName=PK,KeyType=HASH AttributeName=SK,KeyType=RANGE --billing-mode PAY_PER_REQUEST" >/dev/null
sleep 0.5
out=$(remote \
  -c "put-item --table-name Orders --item '{\"PK\":{\"S\":\"C#1\"},\"SK\":{\"S\":\"O#1\"},\"amount\":{\"N\":\"5\"}}'" \
  -c "put-item --table-name Orders --item '{\"PK\":{\"S\":\"C#1\"},\"SK\":{\"S\":\"O#2\"},\"amount\":{\"N\":\"7\"}}'" \
  -c "get-item --table-name Orders --key '{\"PK\":{\"S\":\"C#1\"},\"SK\":{\"S\":\"O#1\"}}'" \
  -c "query --table-name Orders --key-condition-expression 'PK = :p' --expression-attribute-values '{\":p\":{\"S\":\"C#1\"}}'" \
  -c "scan --table-name Orders --filter-expression 'amount > :t' --expression-attribute-values '{\":t\":{\"N\":\"6\"}}'" \
  -c "query --table-name Orders --key-condition-expression 'PK = :p' --expression-attribute-values '{\":p\":{\"S\":\"C#1\"}}' --return-consumed-capacity INDEXES" \
  -c "EXPLAIN query --table-name Orders --key-condition-expression 'PK = :p' --expression-attribute-values '{\":p\":{\"S\":\"C#1\"}}'" \
  -c "EXPLAIN scan --table-name Orders")
expect_line "$out" "1 item written"
expect_line "$out" "-- PutItem Orders | 1 WCU"
expect_line "$out" "-- GetItem Orders | 1 returned / 1 read | 0.5 RCU"
expect_line "$out" "-- Query Orders | 2 returned / 2 read | 0.5 RCU"
expect_line "$out" "-- Scan Orders | 1 returned / 2 read | 0.5 RCU"
expect_line "$out" "warning: Scan read 2 items; a Query reads only one item collection"
expect_line "$out" "-- Query Orders | 2 returned / 2 read | 0.5 RCU (table 0.5)"
expect_line "$out" "EXPLAIN Query on Orders"
expect_line "$out" "EXPLAIN Scan on Orders"
expect_line "$out" "partitions:    not known at an endpoint (planned from DescribeTable)"
if grep -q "partition [0-9]\|all [0-9]* partitions" <<<"$out"; then
  fail "a footer or plan names partitions an endpoint does not reveal:
$out"
fi

# Bulk loads through the endpoint: 60 items (three BatchWriteItem calls) with a key repeated.
for i in $(seq 1 60); do
  printf '{"Item":{"PK":{"S":"L#%d"},"SK":{"S":"A"},"n":{"N":"%d"}}}\n' $((i % 55)) "$i"
done >"$work/load.jsonl"
out=$(cd "$work" && remote -c ".import Orders load.jsonl" -c ".generate Orders 30" \
  -c "get-item --table-name Orders --key '{\"PK\":{\"S\":\"L#1\"},\"SK\":{\"S\":\"A\"}}'" \
  -c "scan --table-name Orders --select COUNT")
expect_line "$out" "imported 60 items into Orders"
expect_line "$out" "generated 30 items in Orders"
expect_line "$out" "56"  # L#1 was written by line 1 and line 56: the later line won
expect_line "$out" 'Count: 87'  # 2 puts above + 55 distinct keys + 30 generated
printf '{"Item":{"PK":{"S":"OK#1"},"SK":{"S":"A"}}}\n{"Item":{"PK":{"S":"BAD"}}}\n' >"$work/bad.jsonl"
out=$(cd "$work" && remote -c ".import Orders bad.jsonl")
expect_line "$out" "ValidationException"
expect_line "$out" "the endpoint keeps"
echo "PASS endpoint_dynalite"
