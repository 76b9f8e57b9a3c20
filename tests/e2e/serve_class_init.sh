# `ddblab serve --db-per-key DIR --init FILE`: the script runs on each student's database when it
# is first opened, and the stream handlers it attaches run on that database's commits only.
#   * two keys each put an order; the handler copies each into that student's own OrderCopies;
#   * the script's output and the handlers' reports on stderr name the key they belong to;
#   * after a restart on the same folder, a database that is there keeps its tables and items and
#     only the script's .stream lines run again (the handler copies the next order);
#   * a script that fails on a database answers that key's calls with InternalServerError naming
#     --init, and the log says why.
source "$(dirname "$0")/lib/serve_common.sh" "$@"
require_tools boto3

cp "$(dirname "$0")/lib/copy_orders.lua" "$WORK/copy-orders.lua"
cat > "$WORK/init.ddb" <<EOF2
aws dynamodb create-table --table-name Orders --attribute-definitions AttributeName=PK,AttributeType=S --key-schema AttributeName=PK,KeyType=HASH --billing-mode PAY_PER_REQUEST --stream-specification StreamEnabled=true,StreamViewType=NEW_AND_OLD_IMAGES
aws dynamodb create-table --table-name OrderCopies --attribute-definitions AttributeName=PK,AttributeType=S --key-schema AttributeName=PK,KeyType=HASH --billing-mode PAY_PER_REQUEST
.stream attach Orders $WORK/copy-orders.lua --name copier
EOF2

start_server --db-per-key "$WORK/dbs" --init "$WORK/init.ddb"

PYTHONPATH="$(dirname "$0")/lib" "$PY" - "$ENDPOINT" <<'PYEOF' || fail "boto3 checks of the handlers failed"
import sys
import time

import boto3
from boto3_checks import check


def client(key_id):
    return boto3.client("dynamodb", region_name="us-east-1", endpoint_url=sys.argv[1],
                        aws_access_key_id=key_id, aws_secret_access_key="x")


ann, ben = client("ann"), client("ben")
for ddb in (ann, ben):
    tables = ddb.list_tables()["TableNames"]
    check(tables == ["OrderCopies", "Orders"], "the script made each student's tables: %s" % tables)
ann.put_item(TableName="Orders", Item={"PK": {"S": "ann-1"}})
ben.put_item(TableName="Orders", Item={"PK": {"S": "ben-1"}})


def copies(ddb, want):
    # The handler runs on the server's own thread after the commit: wait for it, within reason.
    for _ in range(400):
        items = ddb.scan(TableName="OrderCopies", ConsistentRead=True)["Items"]
        if items == want:
            return items
        time.sleep(0.05)
    return ddb.scan(TableName="OrderCopies")["Items"]


items = copies(ann, [{"PK": {"S": "ann-1"}}])
check(items == [{"PK": {"S": "ann-1"}}], "ann's handler copied only ann's order: %s" % items)
items = copies(ben, [{"PK": {"S": "ben-1"}}])
check(items == [{"PK": {"S": "ben-1"}}], "ben's handler copied only ben's order: %s" % items)
PYEOF

wait_for_log "^\[ben\] stream Orders -> copier: "
grep -Eq "^\[ann\] stream Orders -> copier: [0-9]+ invocations?" "$SERVER_ERR" ||
  fail "ann's handler report is not marked with her key"
grep -Eq "^\[ben\] stream Orders -> copier: [0-9]+ invocations?" "$SERVER_ERR" ||
  fail "ben's handler report is not marked with his key"
stop_server

# The server restarted on the same folder: ann's database is there, so its tables and items
# stay as they were (creating the tables again would fail) and only the .stream line runs again:
# her next order is copied too.
start_server --db-per-key "$WORK/dbs" --init "$WORK/init.ddb"
PYTHONPATH="$(dirname "$0")/lib" "$PY" - "$ENDPOINT" <<'PYEOF' || fail "a restarted --init failed"
import sys
import time

import boto3
from boto3_checks import check

ann = boto3.client("dynamodb", region_name="us-east-1", endpoint_url=sys.argv[1],
                   aws_access_key_id="ann", aws_secret_access_key="x")
check(ann.list_tables()["TableNames"] == ["OrderCopies", "Orders"], "ann's tables after a restart")
ann.put_item(TableName="Orders", Item={"PK": {"S": "ann-2"}})
want = [{"PK": {"S": "ann-1"}}, {"PK": {"S": "ann-2"}}]
for _ in range(400):
    items = sorted(ann.scan(TableName="OrderCopies")["Items"], key=lambda i: i["PK"]["S"])
    if items == want:
        break
    time.sleep(0.05)
check(items == want, "the handler attached again copies ann's new order: %s" % items)
PYEOF
grep -q "^\[ann\] --init: the database was there before this server opened it, so its tables and items stay as an earlier run left them: only the script's .stream lines ran (2 other statements passed over" "$SERVER_ERR" ||
  fail "the log does not say the restarted --init ran only its .stream lines"
stop_server

# A script that fails on a database: that key's calls say so, and the log names the script.
printf 'aws dynamodb describe-table --table-name Missing\n' > "$WORK/broken.ddb"
start_server --db-per-key "$WORK/dbs2" --init "$WORK/broken.ddb"
PYTHONPATH="$(dirname "$0")/lib" "$PY" - "$ENDPOINT" <<'PYEOF' || fail "a failed --init is not reported"
import sys

import boto3
from boto3_checks import check, error_of

ddb = boto3.client("dynamodb", region_name="us-east-1", endpoint_url=sys.argv[1],
                   aws_access_key_id="carl", aws_secret_access_key="x", config=boto3.session.Config(retries={"max_attempts": 1}))
for _ in range(2):
    code, message = error_of(ddb.list_tables)
    check(code == "InternalServerError" and message.startswith(
        "ddblab serve --init failed on this key's database: "), "a failed --init: %s %s" % (code, message))
PYEOF
grep -q "^\[carl\] ddblab serve: --init $WORK/broken.ddb: the script stopped on an error" "$SERVER_ERR" ||
  fail "the log does not say the script failed on carl's database"
echo "ok: serve --db-per-key --init runs the script and its handlers on each student's database"
