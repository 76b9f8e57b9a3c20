# `ddblab serve --db-per-key DIR` (a class on one server, without --keys): every access key id
# gets its own database file DIR/KEYID.db, as DynamoDB Local keeps one per key without -sharedDb.
#   * two keys never see each other's tables or items, through boto3 and the aws CLI, and both
#     database files exist (DIR itself is created);
#   * a hostile key id (`../x`, one of 129 characters, one with a '.') is refused with
#     DynamoDB's UnrecognizedClientException and writes no file, in DIR or beside it; 128
#     characters, IAM's maximum, is served;
#   * no Authorization header: MissingAuthenticationTokenException;
#   * --db with --db-per-key is refused before serving.
source "$(dirname "$0")/lib/serve_common.sh" "$@"
require_tools boto3 aws curl

DIR="$WORK/class/dbs"  # two levels that do not exist yet
start_server --db-per-key "$DIR" --log
grep -q "a database per access key id in $DIR" "$SERVER_OUT" ||
  fail "the banner does not say where the databases are: $(cat "$SERVER_OUT")"

PYTHONPATH="$(dirname "$0")/lib" "$PY" - "$ENDPOINT" <<'PYEOF' || fail "boto3 isolation checks failed"
import sys

import boto3
from boto3_checks import check, error_of

endpoint = sys.argv[1]


def client(key_id):
    return boto3.client("dynamodb", region_name="us-east-1", endpoint_url=endpoint,
                        aws_access_key_id=key_id, aws_secret_access_key="anything")


alice, bob = client("alice"), client("BOB_2")
for ddb, table in ((alice, "AliceTable"), (bob, "BobTable")):
    ddb.create_table(TableName=table, BillingMode="PAY_PER_REQUEST",
                     AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"}],
                     KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}])
# The same table name in both databases holds different items.
for ddb, owner in ((alice, "alice"), (bob, "bob")):
    ddb.create_table(TableName="Shared", BillingMode="PAY_PER_REQUEST",
                     AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"}],
                     KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}])
    ddb.put_item(TableName="Shared", Item={"pk": {"S": "k"}, "owner": {"S": owner}})

check(alice.list_tables()["TableNames"] == ["AliceTable", "Shared"],
      "alice sees only her tables: %s" % alice.list_tables()["TableNames"])
check(bob.list_tables()["TableNames"] == ["BobTable", "Shared"],
      "bob sees only his tables: %s" % bob.list_tables()["TableNames"])
for ddb, owner in ((alice, "alice"), (bob, "bob")):
    items = ddb.scan(TableName="Shared")["Items"]
    check(items == [{"pk": {"S": "k"}, "owner": {"S": owner}}],
          "%s's Shared holds only %s's item: %s" % (owner, owner, items))
code, message = error_of(bob.describe_table, TableName="AliceTable")
check(code == "ResourceNotFoundException", "bob cannot describe alice's table: %s %s" % (code, message))

# IAM's longest access key id is served; one longer, or with characters outside [A-Za-z0-9_],
# never becomes a file name.
longest = "K" * 128
check(client(longest).list_tables()["TableNames"] == [], "a 128-character key id is served")
for hostile in ("../x", "K" * 129, "a.b", "x-y"):
    code, message = error_of(client(hostile).list_tables)
    check((code, message) == ("UnrecognizedClientException",
                              "The security token included in the request is invalid."),
          "key id %r is refused as DynamoDB refuses an unknown key: %s %s" % (hostile, code, message))
PYEOF

# The aws CLI sees the same separation.
tables=$(AWS_ACCESS_KEY_ID=alice ddb list-tables)
expect_eq "$(json_get "$tables" 'r["TableNames"]')" "['AliceTable', 'Shared']" "alice's tables (aws CLI)"
item=$(AWS_ACCESS_KEY_ID=BOB_2 ddb get-item --table-name Shared --key '{"pk":{"S":"k"}}')
expect_eq "$(json_get "$item" 'r["Item"]["owner"]["S"]')" "bob" "bob's item (aws CLI)"
err=$(AWS_ACCESS_KEY_ID=alice ddb describe-table --table-name BobTable 2>&1)
grep -q "ResourceNotFoundException" <<< "$err" || fail "alice's CLI sees bob's table: $err"

# One file per key, in DIR, and nothing else anywhere: the hostile ids made no file.
files=$(cd "$DIR" && ls | grep -v -e '-wal$' -e '-shm$' | sort | tr '\n' ' ')
expect_eq "$files" "$(printf '%s\n' BOB_2.db alice.db "$(printf 'K%.0s' $(seq 1 128)).db" | sort | tr '\n' ' ')" \
  "the database files in DIR"
outside=$(cd "$WORK" && find . -path ./class/dbs -prune -o -type f -print | grep -v -e server -e aws- || true)
[ -z "$outside" ] || fail "files appeared outside DIR: $outside"

# No Authorization header: DynamoDB's MissingAuthenticationTokenException.
body=$(curl -s -X POST "$ENDPOINT/" -H 'Content-Type: application/x-amz-json-1.0' \
  -H 'X-Amz-Target: DynamoDB_20120810.ListTables' -d '{}')
expect_eq "$(json_get "$body" 'r["__type"]')" "com.amazon.coral.service#MissingAuthenticationTokenException" \
  "an unsigned request's error"
expect_eq "$(json_get "$body" 'r["message"]')" "Request is missing Authentication Token" \
  "an unsigned request's message"
grep -q "^\[alice\] ListTables · 200" "$SERVER_ERR" || fail "the log does not name the key of each call"
stop_server

# Options that cannot go together are refused before serving.
"$DDBLAB" serve --port 0 --db "$WORK/one.db" --db-per-key "$DIR" > /dev/null 2> "$WORK/both.err"
status=$?
[ "$status" -eq 2 ] || fail "--db with --db-per-key exited $status, not 2"
grep -q -- "--db and --db-per-key exclude each other" "$WORK/both.err" ||
  fail "--db with --db-per-key: $(cat "$WORK/both.err")"
[ ! -e "$WORK/one.db" ] || fail "--db with --db-per-key created the --db file"
: > "$WORK/not-a-folder"
"$DDBLAB" serve --port 0 --db-per-key "$WORK/not-a-folder" > /dev/null 2> "$WORK/file.err"
status=$?
[ "$status" -eq 1 ] || fail "--db-per-key naming a file exited $status, not 1"
grep -q "it exists and is not a folder" "$WORK/file.err" || fail "--db-per-key FILE: $(cat "$WORK/file.err")"
echo "ok: serve --db-per-key keeps each key's tables in its own file, and refuses hostile key ids"
