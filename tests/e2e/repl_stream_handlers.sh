#!/usr/bin/env bash
# Stream handlers in the REPL on a real pseudo-terminal: `.stream attach` with a filter runs the
# handler after each statement and prints what it did (a filtered record costs no invocation),
# `.stream TABLE` lists the records, and handlers belong to the database they were attached in: a
# lesson's scratch database does not run the user's handlers, and the user's come back after it.
#   bash repl_stream_handlers.sh <ddblab binary>
set -euo pipefail
bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT
src=$(cd "$(dirname "$0")/../.." && pwd)

cd "$home"
cat > counter.lua <<'LUA'
return function(event)
  for _, rec in ipairs(event.Records) do
    local new = ddb.unmarshal_item(rec.dynamodb.NewImage)
    ddb.call("UpdateItem", { TableName = "Shop", Key = ddb.item({ PK = new.PK, SK = "TOTAL" }),
      UpdateExpression = "ADD n :one", ExpressionAttributeValues = { [":one"] = { N = "1" } } })
  end
end
LUA

DDBLAB_LESSONS_DIR="$src/lessons" XDG_DATA_HOME="$home/data" HOME="$home" TERM=xterm NO_COLOR=1 \
  /usr/bin/python3 - "$bin" "$src/tests/e2e/lib" <<'PY'
import sys
binary = sys.argv[1]
sys.path.insert(0, sys.argv[2])
from pty_session import Session, fail

def step(name):
    sys.stdout.write("- " + name + "\n")

s = Session(binary)
s.expect("ddblab> ")
s.send("aws dynamodb create-table --table-name Shop --attribute-definitions AttributeName=PK,AttributeType=S "
       "AttributeName=SK,AttributeType=S --key-schema AttributeName=PK,KeyType=HASH AttributeName=SK,KeyType=RANGE "
       "--billing-mode PAY_PER_REQUEST --stream-specification StreamEnabled=true,StreamViewType=NEW_IMAGE\r")
s.expect("Table Shop")
s.expect("ddblab> ")

step("attach with a filter; a matching write invokes the handler, an unmatched one costs nothing")
s.send(".stream attach Shop counter.lua --filter '{\"dynamodb\":{\"NewImage\":{\"kind\":{\"S\":[\"ORDER\"]}}}}'\r")
s.expect("counter is attached to Shop's stream")
s.expect("ddblab> ")
s.send("INSERT INTO \"Shop\" VALUE {'PK':'C1','SK':'O1','kind':'ORDER'}\r")
s.expect("stream Shop -> counter: 1 invocation, 1 record")
s.expect("ddblab> ")
s.send("INSERT INTO \"Shop\" VALUE {'PK':'C1','SK':'P','kind':'PROFILE'}\r")
s.expect("stream Shop -> counter: 0 invocations (1 filtered out, no invocation)")
s.expect("ddblab> ")
s.send("SELECT n FROM \"Shop\" WHERE PK = 'C1' AND SK = 'TOTAL'\r")
s.expect("-- GetItem Shop | 1 returned")
s.expect("ddblab> ")

step(".stream TABLE lists the records with a footer")
s.send(".stream Shop\r")
s.expect("records in")
s.expect("reading a stream consumes no table capacity")
s.expect("ddblab> ")

step("a lesson's database runs none of the user's handlers")
s.send(".lesson start stream-entity-filter\r")
s.expect("lesson db)> ")
s.send(".stream status\r")
s.expect("no stream handler is attached here")
s.expect("lesson db)> ")
s.send(".lesson quit\r")
s.expect("ddblab> ")

step("back in the user's database, the handler is attached again")
s.send(".stream status\r")
s.expect("Shop -> counter")
s.expect("ddblab> ")
s.send("INSERT INTO \"Shop\" VALUE {'PK':'C1','SK':'O2','kind':'ORDER'}\r")
s.expect("stream Shop -> counter: 1 invocation, 1 record")
s.expect("ddblab> ")
s.send(".quit\r")
s.wait_exit()
PY
echo "ok: stream handlers in the REPL"
