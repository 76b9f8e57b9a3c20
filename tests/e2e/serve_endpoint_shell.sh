# The shell with --endpoint against a second `ddblab serve` gives the same results as the
# embedded engine for the same statements (footers aside: remote partitions are estimated).
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
)

# Lines that legitimately differ: footers (capacity and partitions, estimated remotely) and
# banners naming the backend.
results() {
  grep -v -i -E 'partition|RCU|WCU|capacity|endpoint|in-memory|estimated|ms$' | sed 's/[[:space:]]*$//'
}

"$DDBLAB" --mode ddbjson --clock 1700000000 "${STATEMENTS[@]}" > "$WORK/embedded.out" 2>&1 ||
  fail "embedded run failed: $(cat "$WORK/embedded.out")"
"$DDBLAB" --mode ddbjson --clock 1700000000 --endpoint "$ENDPOINT" --region us-east-1 \
  "${STATEMENTS[@]}" > "$WORK/remote.out" 2>&1 ||
  fail "--endpoint run failed: $(cat "$WORK/remote.out")"

results < "$WORK/embedded.out" > "$WORK/embedded.results"
results < "$WORK/remote.out" > "$WORK/remote.results"
grep -q 'ORDER#2026-06-03#o-9044' "$WORK/remote.results" || fail "remote query returned no orders"
diff -u "$WORK/embedded.results" "$WORK/remote.results" ||
  fail "--endpoint results differ from the embedded engine"
echo "PASS serve_endpoint_shell"
