# The shell with --endpoint against a second `ddblab serve` gives the same results as the
# embedded engine for the same statements (footers aside: remote partitions are estimated). The
# shell hands the client typed requests: over an endpoint each one is written as DynamoDB JSON
# and its answer read back (the reverse codecs), so every kind of request and answer below
# crosses both codecs.
source "$(dirname "$0")/lib/serve_common.sh" "$@"
start_server --clock 1700000000

STATEMENTS=(
  -c "create-table --table-name app-main --attribute-definitions AttributeName=PK,AttributeType=S AttributeName=SK,AttributeType=S --key-schema AttributeName=PK,KeyType=HASH AttributeName=SK,KeyType=RANGE --billing-mode PAY_PER_REQUEST"
  -c "put-item --table-name app-main --item '{\"PK\":{\"S\":\"CUST#a1b2\"},\"SK\":{\"S\":\"PROFILE\"},\"name\":{\"S\":\"Acme Co\"}}'"
  -c "put-item --table-name app-main --item '{\"PK\":{\"S\":\"CUST#a1b2\"},\"SK\":{\"S\":\"ORDER#2026-06-01#o-9001\"},\"total\":{\"N\":\"149.00\"}}'"
  -c "put-item --table-name app-main --item '{\"PK\":{\"S\":\"CUST#a1b2\"},\"SK\":{\"S\":\"ORDER#2026-06-03#o-9044\"},\"total\":{\"N\":\"72.50\"}}'"
  -c "query --table-name app-main --key-condition-expression 'PK = :pk AND begins_with(SK, :p)' --expression-attribute-values '{\":pk\":{\"S\":\"CUST#a1b2\"},\":p\":{\"S\":\"ORDER#\"}}' --no-scan-index-forward"
  -c "get-item --table-name app-main --key '{\"PK\":{\"S\":\"CUST#a1b2\"},\"SK\":{\"S\":\"PROFILE\"}}'"
  -c "SELECT * FROM \"app-main\" WHERE PK = 'CUST#a1b2'"
  -c "create-table --table-name tagged --attribute-definitions AttributeName=id,AttributeType=S AttributeName=g,AttributeType=N --key-schema AttributeName=id,KeyType=HASH --global-secondary-indexes 'IndexName=byG,KeySchema=[{AttributeName=g,KeyType=HASH}],Projection={ProjectionType=INCLUDE,NonKeyAttributes=[note]}' --billing-mode PAY_PER_REQUEST --tags Key=course,Value=ddb Key=lab,Value=2"
  -c "list-tags-of-resource --resource-arn arn:aws:dynamodb:us-east-1:000000000000:table/tagged"
  -c "update-item --table-name app-main --key '{\"PK\":{\"S\":\"CUST#a1b2\"},\"SK\":{\"S\":\"PROFILE\"}}' --update-expression 'SET tags = :t, visits = if_not_exists(visits, :z) + :one' --expression-attribute-values '{\":t\":{\"SS\":[\"b\",\"a\"]},\":z\":{\"N\":\"0\"},\":one\":{\"N\":\"1\"}}' --return-values ALL_NEW"
  -c "batch-write-item --request-items '{\"tagged\":[{\"PutRequest\":{\"Item\":{\"id\":{\"S\":\"x\"},\"g\":{\"N\":\"7\"},\"note\":{\"S\":\"hi\"},\"blob\":{\"B\":\"AAEC\"}}}},{\"PutRequest\":{\"Item\":{\"id\":{\"S\":\"y\"},\"g\":{\"N\":\"7\"},\"m\":{\"M\":{\"l\":{\"L\":[{\"NULL\":true},{\"BOOL\":false}]}}}}}}]}'"
  -c "batch-get-item --request-items '{\"tagged\":{\"Keys\":[{\"id\":{\"S\":\"x\"}},{\"id\":{\"S\":\"nobody\"}}]}}'"
  -c "query --table-name tagged --index-name byG --key-condition-expression 'g = :g' --expression-attribute-values '{\":g\":{\"N\":\"7\"}}'"
  -c "scan --table-name tagged --select COUNT"
  -c "transact-write-items --transact-items '[{\"Update\":{\"TableName\":\"tagged\",\"Key\":{\"id\":{\"S\":\"x\"}},\"UpdateExpression\":\"ADD g :d\",\"ExpressionAttributeValues\":{\":d\":{\"N\":\"1\"}}}},{\"ConditionCheck\":{\"TableName\":\"app-main\",\"Key\":{\"PK\":{\"S\":\"CUST#a1b2\"},\"SK\":{\"S\":\"PROFILE\"}},\"ConditionExpression\":\"attribute_exists(PK)\"}}]'"
  -c "transact-get-items --transact-items '[{\"Get\":{\"TableName\":\"tagged\",\"Key\":{\"id\":{\"S\":\"x\"}}}},{\"Get\":{\"TableName\":\"tagged\",\"Key\":{\"id\":{\"S\":\"gone\"}}}}]'"
  -c "delete-item --table-name tagged --key '{\"id\":{\"S\":\"y\"}}' --return-values ALL_OLD"
  -c "put-item --table-name tagged --item '{\"id\":{\"S\":\"x\"},\"g\":{\"N\":\"1\"}}' --condition-expression 'attribute_not_exists(id)' --return-values-on-condition-check-failure ALL_OLD"
  -c "batch-execute-statement --statements '[{\"Statement\":\"SELECT * FROM tagged WHERE id = ?\",\"Parameters\":[{\"S\":\"x\"}]},{\"Statement\":\"INSERT INTO tagged VALUE {'id': 'x', 'g': 2}\"}]'"
  -c "update-time-to-live --table-name tagged --time-to-live-specification Enabled=true,AttributeName=expires"
  -c "describe-time-to-live --table-name tagged"
)

# Lines that legitimately differ: footers (capacity and partitions, estimated remotely), banners
# naming the backend, and the random TableId.
results() {
  grep -v -i -E 'partition|RCU|WCU|capacity|endpoint|in-memory|estimated|ms$|"TableId"' |
    sed 's/[[:space:]]*$//'
}

# Two statements fail on purpose (a condition, an INSERT of an existing key), on both backends.
"$DDBLAB" --mode ddbjson --clock 1700000000 --keep-going "${STATEMENTS[@]}" \
  > "$WORK/embedded.out" 2>&1 || true
"$DDBLAB" --mode ddbjson --clock 1700000000 --keep-going --endpoint "$ENDPOINT" \
  --region us-east-1 "${STATEMENTS[@]}" > "$WORK/remote.out" 2>&1 || true
grep -q 'ConditionalCheckFailedException' "$WORK/remote.out" ||
  fail "the refused put-item did not fail over the endpoint: $(cat "$WORK/remote.out")"

results < "$WORK/embedded.out" > "$WORK/embedded.results"
results < "$WORK/remote.out" > "$WORK/remote.results"
grep -q 'ORDER#2026-06-03#o-9044' "$WORK/remote.results" || fail "remote query returned no orders"
grep -q '"Value": "ddb"' "$WORK/remote.results" || fail "CreateTable's tags did not reach the endpoint"
grep -q '"B": "AAEC"' "$WORK/remote.results" || fail "a binary attribute did not come back"
diff -u "$WORK/embedded.results" "$WORK/remote.results" ||
  fail "--endpoint results differ from the embedded engine"
echo "PASS serve_endpoint_shell"
