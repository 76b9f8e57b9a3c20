# The course's hands-on lab with the aws CLI commands as printed, against `ddblab serve`:
# create-table with two overloaded GSIs, put-items, a newest-first query with
# --return-consumed-capacity TOTAL, and the sparse GSI2 COUNT going 1 -> 0 after shipping.
source "$(dirname "$0")/lib/serve_common.sh" "$@"
require_tools aws
start_server --log

# Step 1 — create the table with two overloaded GSIs (on-demand).
out=$(ddb create-table \
--table-name app-main \
--attribute-definitions \
AttributeName=PK,AttributeType=S AttributeName=SK,AttributeType=S \
AttributeName=GSI1PK,AttributeType=S AttributeName=GSI1SK,AttributeType=S \
AttributeName=GSI2PK,AttributeType=S AttributeName=GSI2SK,AttributeType=S \
--key-schema AttributeName=PK,KeyType=HASH AttributeName=SK,KeyType=RANGE \
--billing-mode PAY_PER_REQUEST \
--global-secondary-indexes '[
{"IndexName":"GSI1","KeySchema":[{"AttributeName":"GSI1PK","KeyType":"HASH"},{"AttributeName":"GSI1SK","KeyType":"RANGE"}],"Projection":{"ProjectionType":"INCLUDE","NonKeyAttributes":["status","total"]}},
{"IndexName":"GSI2","KeySchema":[{"AttributeName":"GSI2PK","KeyType":"HASH"},{"AttributeName":"GSI2SK","KeyType":"RANGE"}],"Projection":{"ProjectionType":"KEYS_ONLY"}}
]') || fail "create-table: $out"
expect_eq "$(json_get "$out" 'r["TableDescription"]["TableName"]')" "app-main" "table name"
expect_eq "$(json_get "$out" 'len(r["TableDescription"]["GlobalSecondaryIndexes"])')" "2" "GSIs"
expect_eq "$(json_get "$out" 'r["TableDescription"]["BillingModeSummary"]["BillingMode"]')" \
  "PAY_PER_REQUEST" "billing mode"
"$AWS" dynamodb wait table-exists --table-name app-main --endpoint-url "$ENDPOINT" ||
  fail "wait table-exists"

# Step 2 — seed a customer, two orders and a line item.
ddb put-item --table-name app-main --item '{"PK":{"S":"CUST#a1b2"},"SK":{"S":"PROFILE"},"name":{"S":"Acme Co"},"tier":{"S":"GOLD"}}' || fail "put profile"
ddb put-item --table-name app-main --item '{"PK":{"S":"CUST#a1b2"},"SK":{"S":"ORDER#2026-06-01#o-9001"},"status":{"S":"OPEN"},"total":{"N":"149.00"},"GSI1PK":{"S":"CUST#a1b2#OPEN"},"GSI1SK":{"S":"2026-06-01#o-9001"},"GSI2PK":{"S":"OPEN"},"GSI2SK":{"S":"2026-06-01#o-9001"}}' || fail "put open order"
ddb put-item --table-name app-main --item '{"PK":{"S":"CUST#a1b2"},"SK":{"S":"ORDER#2026-06-03#o-9044"},"status":{"S":"SHIPPED"},"total":{"N":"72.50"},"GSI1PK":{"S":"CUST#a1b2#SHIPPED"},"GSI1SK":{"S":"2026-06-03#o-9044"}}' || fail "put shipped order"
ddb put-item --table-name app-main --item '{"PK":{"S":"ORDER#o-9001"},"SK":{"S":"ITEM#001"},"sku":{"S":"ABC"},"qty":{"N":"2"}}' || fail "put line item"

# Step 3 — all orders for the customer, newest first, with the cost.
out=$(ddb query --table-name app-main \
--key-condition-expression "PK = :pk AND begins_with(SK, :p)" \
--expression-attribute-values '{":pk":{"S":"CUST#a1b2"},":p":{"S":"ORDER#"}}' \
--no-scan-index-forward --return-consumed-capacity TOTAL) || fail "query orders: $out"
expect_eq "$(json_get "$out" 'r["Count"]')" "2" "orders count"
expect_eq "$(json_get "$out" 'r["Items"][0]["SK"]["S"]')" "ORDER#2026-06-03#o-9044" "newest first"
expect_eq "$(json_get "$out" 'r["Items"][0]["total"]["N"]')" "72.5" "canonical number"
expect_eq "$(json_get "$out" 'r["ConsumedCapacity"]["TableName"]')" "app-main" "capacity table"
expect_eq "$(json_get "$out" 'r["ConsumedCapacity"]["CapacityUnits"]')" "0.5" "a fraction of an RCU"

# Step 4 — an order with its line items.
out=$(ddb query --table-name app-main \
--key-condition-expression "PK = :pk" \
--expression-attribute-values '{":pk":{"S":"ORDER#o-9001"}}') || fail "query order: $out"
expect_eq "$(json_get "$out" 'r["Items"][0]["SK"]["S"]')" "ITEM#001" "line item"

# Step 5 — OPEN orders via the sparse GSI, COUNT only.
count_open() {
  ddb query --table-name app-main --index-name GSI2 \
  --key-condition-expression "GSI2PK = :open" \
  --expression-attribute-values '{":open":{"S":"OPEN"}}' --select COUNT
}
out=$(count_open) || fail "count open: $out"
expect_eq "$(json_get "$out" 'r["Count"]')" "1" "open orders before shipping"
expect_eq "$(json_get "$out" '"Items" in r')" "False" "COUNT returns no Items"

# Step 6 — ship the order; it leaves the sparse index.
ddb update-item --table-name app-main \
--key '{"PK":{"S":"CUST#a1b2"},"SK":{"S":"ORDER#2026-06-01#o-9001"}}' \
--update-expression "SET #s = :sh REMOVE GSI2PK, GSI2SK" \
--expression-attribute-names '{"#s":"status"}' \
--expression-attribute-values '{":sh":{"S":"SHIPPED"}}' || fail "update-item (ship)"
out=$(count_open) || fail "count open after shipping: $out"
expect_eq "$(json_get "$out" 'r["Count"]')" "0" "open orders after shipping"

# The request log names each call with its cost.
grep -q '^Query app-main · 0.5 RCU' "$SERVER_ERR" || fail "--log has no Query line with its RCU"

# Cleanup.
ddb delete-table --table-name app-main > /dev/null || fail "delete-table"
out=$(ddb list-tables) || fail "list-tables"
expect_eq "$(json_get "$out" 'r["TableNames"]')" "[]" "no tables left"
echo "PASS serve_aws_cli_lab"
