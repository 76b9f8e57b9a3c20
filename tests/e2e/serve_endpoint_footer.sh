# The footer and the warnings say the same against an endpoint as for the embedded engine,
# from what the endpoint answered (ConsumedCapacity, Count, ScannedCount), the operation the
# statement is, and DescribeTable: a SELECT costs RCU, a PartiQL write prints what it wrote,
# get-item read what it returned, a SELECT that became a Scan is warned about, and EXPLAIN
# plans from DescribeTable, marking partitions as not known there.
source "$(dirname "$0")/lib/serve_common.sh" "$@"
start_server --clock 1700000000

remote() {
  "$DDBLAB" --clock 1700000000 --endpoint "$ENDPOINT" --region us-east-1 "$@" 2>&1
}
expect_line() {  # label, output, fixed text a line must contain
  grep -qF -- "$3" <<<"$2" || fail "$1: no line with \"$3\" in:
$2"
}

out=$(remote \
  -c "create-table --table-name Orders --attribute-definitions AttributeName=PK,AttributeType=S AttributeName=SK,AttributeType=S --key-schema AttributeName=PK,KeyType=HASH AttributeName=SK,KeyType=RANGE --billing-mode PAY_PER_REQUEST" \
  -c "INSERT INTO \"Orders\" VALUE {'PK': 'C#1', 'SK': 'O#1', 'total': 5}" \
  -c "INSERT INTO \"Orders\" VALUE {'PK': 'C#1', 'SK': 'O#2', 'total': 7}" \
  -c "SELECT * FROM \"Orders\" WHERE PK = 'C#1'" \
  -c "get-item --table-name Orders --key '{\"PK\":{\"S\":\"C#1\"},\"SK\":{\"S\":\"O#1\"}}'" \
  -c "SELECT * FROM \"Orders\" WHERE total > 6" \
  -c "EXPLAIN SELECT * FROM \"Orders\" WHERE total > 6" \
  -c "EXPLAIN SELECT * FROM \"Orders\" WHERE PK = 'C#1'")
expect_line "INSERT over an endpoint" "$out" "1 item written"
expect_line "INSERT footer" "$out" "-- PutItem Orders | 1 WCU"
expect_line "SELECT is a read" "$out" "-- Query Orders | 2 returned | 0.5 RCU"
expect_line "get-item reads what it returns" "$out" "-- GetItem Orders | 1 returned / 1 read | 0.5 RCU"
expect_line "a SELECT that became a Scan" "$out" "-- Scan Orders | 1 returned"
expect_line "the Scan warning" "$out" "so it ran as a Scan: it read the whole table to return 1"
expect_line "EXPLAIN over an endpoint" "$out" "Scan"
expect_line "EXPLAIN over an endpoint marks partitions" "$out" "not known"
if grep -q "WCU" <<<"$(grep -F -- '-- Query' <<<"$out")"; then
  fail "a SELECT footer says WCU: $out"
fi
echo "PASS serve_endpoint_footer"
