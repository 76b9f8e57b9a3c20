# `ddblab serve --init FILE`: the script creates the tables and attaches a stream handler before
# the server listens; the handler then runs on the server's own commits, whoever wrote them.
#   * a handler that copies each new item of Orders into OrderCopies: boto3 puts an order, and
#     boto3 reads the copy back from OrderCopies;
#   * a handler that fails: its error, and the records it holds back, show in serve's log;
#   * what a handler did reaches the log every 10 s (and at stop), not a line per commit;
#   * a batching window ends by itself, with no commit after its record;
#   * a script that fails stops serve before it listens, naming the script;
#   * on a --db file an earlier run set up, only the script's .stream lines run again.
source "$(dirname "$0")/lib/serve_common.sh" "$@"
require_tools boto3

cp "$(dirname "$0")/lib/copy_orders.lua" "$WORK/copy-orders.lua"
cat > "$WORK/refuse.lua" <<'LUA'
return function(event)
  error("refusing " .. #event.Records .. " record(s)")
end
LUA
cat > "$WORK/init.ddb" <<EOF2
aws dynamodb create-table --table-name Orders --attribute-definitions AttributeName=PK,AttributeType=S --key-schema AttributeName=PK,KeyType=HASH --billing-mode PAY_PER_REQUEST --stream-specification StreamEnabled=true,StreamViewType=NEW_AND_OLD_IMAGES
aws dynamodb create-table --table-name OrderCopies --attribute-definitions AttributeName=PK,AttributeType=S --key-schema AttributeName=PK,KeyType=HASH --billing-mode PAY_PER_REQUEST
aws dynamodb create-table --table-name Audit --attribute-definitions AttributeName=PK,AttributeType=S --key-schema AttributeName=PK,KeyType=HASH --billing-mode PAY_PER_REQUEST --stream-specification StreamEnabled=true,StreamViewType=NEW_IMAGE
aws dynamodb put-item --table-name Orders --item '{"PK":{"S":"seeded"}}'
.stream attach Orders $WORK/copy-orders.lua --name copier
.stream attach Audit $WORK/refuse.lua --name refuser --max-retries 0
EOF2

start_server --init "$WORK/init.ddb"

PYTHONPATH="$(dirname "$0")/lib" "$PY" - "$ENDPOINT" <<'PYEOF' || fail "boto3 checks of the handler's copy failed"
import sys
import time

import boto3
from boto3_checks import check

ddb = boto3.client("dynamodb", region_name="us-east-1", endpoint_url=sys.argv[1])
tables = ddb.list_tables()["TableNames"]
check(tables == ["Audit", "OrderCopies", "Orders"], "the script's tables are served: %s" % tables)
seeded = ddb.get_item(TableName="OrderCopies", Key={"PK": {"S": "seeded"}}).get("Item")
check(seeded is None, "the seed put before the handler was attached is not copied (LATEST): %s" % seeded)

ddb.put_item(TableName="Orders", Item={"PK": {"S": "o1"}, "total": {"N": "42"}})
ddb.execute_statement(Statement="UPDATE Orders SET total = 43 WHERE PK = 'o1'")
ddb.put_item(TableName="Audit", Item={"PK": {"S": "a1"}})


def copy_of(pk):
    # The handler runs on the server's own thread after the commit: wait for it, within reason.
    for _ in range(400):
        item = ddb.get_item(TableName="OrderCopies", Key={"PK": {"S": pk}}, ConsistentRead=True).get("Item")
        if item is not None and item.get("total") == {"N": "43"}:
            return item
        time.sleep(0.05)
    return ddb.get_item(TableName="OrderCopies", Key={"PK": {"S": pk}}).get("Item")


item = copy_of("o1")
check(item == {"PK": {"S": "o1"}, "total": {"N": "43"}},
      "the handler copied the order and then its update: %s" % item)
PYEOF

# The failing handler's error reaches serve's log (stderr), with the batch it discarded.
wait_for_log "refusing 1 record"
grep -q "Audit -> refuser: 1 invocation, 1 record, 1 failed" "$SERVER_ERR" ||
  fail "serve's log does not report the failing handler's invocation"
grep -q "refusing 1 record(s)" "$SERVER_ERR" || fail "serve's log does not show the handler's error"
grep -q "Audit -> refuser: 1 record discarded after the last retry" "$SERVER_ERR" ||
  fail "serve's log does not say the batch was discarded"
# (How many invocations the copier needed depends on when its thread woke: not asserted.)
grep -Eq "Orders -> copier: [0-9]+ invocations?, [0-9]+ records?; the handler made" "$SERVER_ERR" ||
  fail "serve's log does not report the copier's runs"

# A burst of writes: the log tells what the handler did over a while (every 10 s, and when the
# server stops), not a line per commit, and its counts add up to every record.
PYTHONPATH="$(dirname "$0")/lib" "$PY" - "$ENDPOINT" <<'PYEOF' || fail "the burst was not copied"
import sys
import time

import boto3
from boto3_checks import check

ddb = boto3.client("dynamodb", region_name="us-east-1", endpoint_url=sys.argv[1])
for i in range(30):
    ddb.put_item(TableName="Orders", Item={"PK": {"S": "burst-%d" % i}})
for _ in range(400):
    if ddb.get_item(TableName="OrderCopies", Key={"PK": {"S": "burst-29"}}).get("Item"):
        break
    time.sleep(0.05)
check(ddb.scan(TableName="OrderCopies", Select="COUNT")["Count"] == 31, "every order is copied")
PYEOF
stop_server
copier_lines=$(grep -Ec "Orders -> copier: [0-9]+ invocations?" "$SERVER_ERR")
copier_records=$(grep -Eo "Orders -> copier: [0-9]+ invocations?, [0-9]+ records?" "$SERVER_ERR" |
  awk '{ sum += $(NF-1) } END { print sum + 0 }')
[ "$copier_records" -eq 32 ] ||
  fail "the copier's log lines count $copier_records records, not the 32 written (o1 twice, 30 in the burst)"
[ "$copier_lines" -le 6 ] ||
  fail "the copier's runs take $copier_lines log lines: the log should tell them every 10 s, not per commit"

# A --db file that is there already was set up by an earlier run: serve keeps its tables and
# items and runs only the .stream lines again (the copier copies the next order).
printf '%s\n' "$(sed -n 1,2p "$WORK/init.ddb")" ".stream attach Orders $WORK/copy-orders.lua --name copier" > "$WORK/kept.ddb"
start_server --db "$WORK/kept.db" --init "$WORK/kept.ddb"
stop_server
start_server --db "$WORK/kept.db" --init "$WORK/kept.ddb"
grep -q "^--init: the database was there before this server opened it, so its tables and items stay as an earlier run left them: only the script's .stream lines ran (2 other statements passed over" "$SERVER_ERR" ||
  fail "a restarted --init on a kept --db does not say it ran only its .stream lines"
PYTHONPATH="$(dirname "$0")/lib" "$PY" - "$ENDPOINT" <<'PYEOF' || fail "the handler attached again did not copy"
import sys
import time

import boto3
from boto3_checks import check

ddb = boto3.client("dynamodb", region_name="us-east-1", endpoint_url=sys.argv[1])
ddb.put_item(TableName="Orders", Item={"PK": {"S": "after-restart"}})
for _ in range(400):
    copy = ddb.get_item(TableName="OrderCopies", Key={"PK": {"S": "after-restart"}}).get("Item")
    if copy:
        break
    time.sleep(0.05)
check(copy == {"PK": {"S": "after-restart"}}, "the copier copies after a restart: %s" % copy)
PYEOF
stop_server

# A batching window ends on the server's clock, with no commit after the record: the handler
# thread looks again while records wait (and sleeps while none do).
printf '%s\n' "$(sed -n 1,2p "$WORK/init.ddb")" ".stream attach Orders $WORK/copy-orders.lua --name copier --window 2" > "$WORK/window.ddb"
start_server --init "$WORK/window.ddb"
PYTHONPATH="$(dirname "$0")/lib" "$PY" - "$ENDPOINT" <<'PYEOF' || fail "the batching window did not end by itself"
import sys
import time

import boto3
from boto3_checks import check

ddb = boto3.client("dynamodb", region_name="us-east-1", endpoint_url=sys.argv[1])
ddb.put_item(TableName="Orders", Item={"PK": {"S": "windowed"}})
start = time.time()
copy = None
while time.time() - start < 10 and copy is None:
    copy = ddb.get_item(TableName="OrderCopies", Key={"PK": {"S": "windowed"}}).get("Item")
    time.sleep(0.1)
waited = time.time() - start
check(copy == {"PK": {"S": "windowed"}}, "the windowed record was delivered: %s" % copy)
check(waited >= 1.5, "the record was delivered before its 2 s window: %.1f s" % waited)
PYEOF
stop_server

# A script that fails stops serve before it listens.
printf 'aws dynamodb describe-table --table-name Missing\n' > "$WORK/broken.ddb"
set +e
"$DDBLAB" serve --port 0 --init "$WORK/broken.ddb" > "$WORK/broken.out" 2> "$WORK/broken.err"
status=$?
set -e
[ "$status" -eq 1 ] || fail "serve with a failing --init exited $status, not 1"
grep -q "ready" "$WORK/broken.out" && fail "serve listened although its --init script failed"
grep -q "ResourceNotFoundException" "$WORK/broken.err" ||
  fail "the script's error is not shown: $(cat "$WORK/broken.err")"
grep -q -- "--init $WORK/broken.ddb: the script stopped on an error" "$WORK/broken.err" ||
  fail "serve does not name the script that failed: $(cat "$WORK/broken.err")"

echo "ok: serve --init runs the script and its stream handlers on every client's commits"
