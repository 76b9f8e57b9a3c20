#!/usr/bin/env bash
# The live page (docs/page.md) in headless Chromium, driven by puppeteer-core
# (tests/e2e/page/page_agent.js), beside the REPL on a real pty:
#   - the page loads with no console errors, failed requests or error answers;
#   - a statement typed in the REPL reaches the call log within a second, with the capacity and
#     partitions its footer printed;
#   - a sparse GSI's facet holds exactly the items that carry both its keys, and the base table
#     marks the others;
#   - "spent this session" counts the shell's whole session, the calls before `.ui` included;
#   - at 1,400 px (and in large type) every index column of the Indexes view is in view;
#   - the heat map of a `ddblab simulate` JSON file, and of the shell's own `.simulate`, names the
#     partition that took the traffic; the shell's simulation is shown by itself, above the
#     partition maps, and the user can switch back to the live session below them;
#   - the statement box runs a statement in the shell only after `.ui --statements`;
#   - the URL's token, the Host header and the Content-Security-Policy;
#   - `ddblab serve --ui` shows the requests the endpoint answers.
# Screenshots of each view are kept in <binary's folder>/test-artifacts/page/.
# usage: bash page_ui.sh <ddblab binary>
set -euo pipefail
BIN=$(cd "$(dirname "${1:?usage: page_ui.sh <ddblab binary>}")" && pwd)/$(basename "$1")
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
ARTIFACTS=$(dirname "$BIN")/test-artifacts/page
mkdir -p "$ARTIFACTS"
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

command -v node >/dev/null || { echo "page_ui.sh: node is missing (scripts/deps installs it)" >&2; exit 1; }
[ -x "${CHROMIUM:-/usr/bin/chromium}" ] ||
  { echo "page_ui.sh: chromium is missing (scripts/deps installs it)" >&2; exit 1; }
[ -d "$ROOT/tests/e2e/js/node_modules/puppeteer-core" ] ||
  { echo "page_ui.sh: puppeteer-core is missing (scripts/deps installs it)" >&2; exit 1; }

# The simulation the page draws: the course's day key, one hot partition.
SECONDS_RUN=20
if [ -n "${DDBLAB_SANITIZED:-}" ]; then SECONDS_RUN=4; fi
"$BIN" simulate "$ROOT/scripts/demos/hot_partition_day_key.lua" --seconds $SECONDS_RUN \
  --format json --out "$TMP/hot.json"

cd "$TMP"
HOME="$TMP" XDG_DATA_HOME="$TMP/data" TERM=xterm NO_COLOR=1 /usr/bin/python3 - "$BIN" \
  "$ROOT/tests/e2e/lib" "$ROOT/tests/e2e/page/page_agent.js" "$ARTIFACTS" "$TMP" \
  "$ROOT/scripts/demos/hot_partition_day_key.lua" "$SECONDS_RUN" <<'PY'
import json, os, re, subprocess, sys, time, urllib.request, urllib.error

binary, lib, agent_js, artifacts, tmp, scenario, seconds_run = sys.argv[1:8]
sys.path.insert(0, lib)
from pty_session import Session, fail

def step(name):
    sys.stdout.write("- " + name + "\n")
    sys.stdout.flush()

class Agent:
    """page_agent.js: one JSON command in, one JSON reply out."""
    def __init__(self):
        self.p = subprocess.Popen(["node", agent_js], stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, text=True)
    def __call__(self, **cmd):
        self.p.stdin.write(json.dumps(cmd) + "\n")
        self.p.stdin.flush()
        line = self.p.stdout.readline()
        if not line:
            fail("page_agent.js exited during %r" % cmd)
        reply = json.loads(line)
        if not reply.get("ok"):
            fail("page_agent.js %s: %s" % (cmd["cmd"], reply.get("error")))
        return reply

def http(url, method="GET", body=None, headers=None):
    req = urllib.request.Request(url, data=body, method=method, headers=headers or {})
    try:
        with urllib.request.urlopen(req, timeout=10) as r:
            return r.status, dict(r.headers), r.read().decode()
    except urllib.error.HTTPError as e:
        return e.code, dict(e.headers), e.read().decode()

def footer_after(s, start):
    """The footer line the shell printed after transcript offset `start`."""
    text = s.transcript[start:].decode(errors="replace")
    m = re.search(r"^(-- [^\r\n]*)", text, re.M)
    if not m:
        fail("no footer after the statement; the terminal showed:\n" + text)
    return m.group(1).rstrip()

s = Session(binary)
s.expect("ddblab> ")

step("a table with a sparse GSI (only open orders carry GSI1PK/GSI1SK) and a KEYS_ONLY GSI")
s.send("create-table --table-name shop --attribute-definitions AttributeName=PK,AttributeType=S "
       "AttributeName=SK,AttributeType=S AttributeName=GSI1PK,AttributeType=S "
       "AttributeName=GSI1SK,AttributeType=S --key-schema AttributeName=PK,KeyType=HASH "
       "AttributeName=SK,KeyType=RANGE --billing-mode PAY_PER_REQUEST "
       "--global-secondary-indexes '[{\"IndexName\":\"GSI1\",\"KeySchema\":[{\"AttributeName\":"
       "\"GSI1PK\",\"KeyType\":\"HASH\"},{\"AttributeName\":\"GSI1SK\",\"KeyType\":\"RANGE\"}],"
       "\"Projection\":{\"ProjectionType\":\"ALL\"}},{\"IndexName\":\"BySK\",\"KeySchema\":"
       "[{\"AttributeName\":\"SK\",\"KeyType\":\"HASH\"}],\"Projection\":{\"ProjectionType\":"
       "\"KEYS_ONLY\"}}]'\r")
s.expect("ddblab> ")
items = []
for c in range(1, 4):
    items.append(("CUSTOMER#%d" % c, "PROFILE", {"name": "Customer %d" % c, "entity_type": "customer"}))
    for o in range(1, 4):
        extra = {"total": "%d.50" % (o * 10)}
        if o != 2:  # order 2 of each customer is shipped: not in the open-orders index
            extra["GSI1PK"] = "OPEN"
            extra["GSI1SK"] = "2026-11-%02d#C%d#O%d" % (o + 10, c, o)
        items.append(("CUSTOMER#%d" % c, "ORDER#%d" % o, extra))
# One item carries only half of GSI1's key: a sparse index leaves it out too.
items.append(("CUSTOMER#9", "ORDER#1", {"GSI1PK": "OPEN"}))
for pk, sk, extra in items:
    values = ", ".join("'%s': %s" % (k, v if k == "total" else "'%s'" % v) for k, v in extra.items())
    s.send("INSERT INTO shop VALUE {'PK': '%s', 'SK': '%s'%s}\r" % (pk, sk, ", " + values if values else ""))
    s.expect("1 item written")
s.expect("ddblab> ")

def spent(text):
    """RCU and WCU the footers in `text` add up (a footer may say "0.5 RCU + 1 WCU")."""
    rcu = wcu = 0.0
    for footer in re.findall(r"^-- [^\r\n]*", text, re.M):
        for amount, unit in re.findall(r"(\d+(?:\.\d+)?) (RCU|WCU)\b", footer):
            if unit == "RCU":
                rcu += float(amount)
            else:
                wcu += float(amount)
    return rcu, wcu
def units(x):
    return ("%f" % x).rstrip("0").rstrip(".")
# Every statement so far ran before the page: the create-table and one INSERT per item.
before_ui = spent(s.transcript.decode(errors="replace"))
calls_before_ui = 1 + len(items)

step(".ui prints the page's URL on 127.0.0.1 with a token")
mark = len(s.transcript)
s.send(".ui\r")
s.expect("(read-only;")
m = re.search(rb"page: (http://127\.0\.0\.1:(\d+)/([0-9a-f]{32})/)", bytes(s.transcript[mark:]))
if not m:
    fail(".ui printed no URL: " + s.transcript[mark:].decode(errors="replace"))
url, port, token = m.group(1).decode(), m.group(2).decode(), m.group(3).decode()
s.expect("ddblab> ")

step("refused requests: no token, a wrong token, another Host, a POST to a read-only page")
status, _, body = http("http://127.0.0.1:%s/" % port)
assert status == 403 and "token" in body, (status, body)
status, _, body = http("http://127.0.0.1:%s/%s/api/state" % (port, "0" * 32))
assert status == 403, status
status, _, body = http(url + "api/state", headers={"Host": "attacker.example:%s" % port})
assert status == 403 and "127.0.0.1" in body, (status, body)
status, _, body = http(url + "api/run", "POST", b"scan --table-name shop")
assert status == 403 and ".ui --statements" in body, (status, body)
status, headers, body = http(url)
assert status == 200, status
csp = headers.get("Content-Security-Policy", "")
assert "default-src 'self'" in csp and "script-src 'self'" in csp, csp
assert headers.get("Referrer-Policy") == "no-referrer"
status, _, body = http(url + "api/table?name=nope")
assert status == 404 and "ResourceNotFoundException" in body, (status, body)

agent = Agent()
step("the page loads with the table, in headless Chromium")
agent(cmd="open", url=url)
agent(cmd="view", name="tables")
agent(cmd="screenshot", path=os.path.join(artifacts, "tables.png"))

step("\"spent this session\" counts the calls the shell ran before .ui")
want = "%s RCU · %s WCU · %d calls" % (units(before_ui[0]), units(before_ui[1]), calls_before_ui)
got = agent(cmd="totals", contains=" calls", timeout_ms=2000)["text"]
if got != want:
    fail("the page says %r spent this session; the shell's footers before .ui add up to %r"
         % (got, want))
if json.loads(http(url + "api/calls")[2])["calls"]:
    fail("the call log kept calls from before .ui")

step("a large table reaches the page cut at 1,000 items, and says so")
s.send("create-table --table-name big --attribute-definitions AttributeName=id,AttributeType=S "
       "--key-schema AttributeName=id,KeyType=HASH --billing-mode PAY_PER_REQUEST\r")
s.expect("ddblab> ")
s.send(".generate big 1005\r")
s.expect("1005")
s.expect("ddblab> ")
status, _, body = http(url + "api/table?name=big")
view = json.loads(body)
assert status == 200 and view["truncated"] and len(view["items"]) == 1000, (status, len(view["items"]))


step("a statement typed in the REPL reaches the call log within a second, as its footer said")
for statement in [
        "query --table-name shop --index-name GSI1 --key-condition-expression 'GSI1PK = :o' "
        "--expression-attribute-values '{\":o\":{\"S\":\"OPEN\"}}'",
        "SELECT * FROM shop WHERE total > 15",
        "aws dynamodb put-item --table-name shop --item '{\"PK\":{\"S\":\"CUSTOMER#4\"},"
        "\"SK\":{\"S\":\"ORDER#1\"},\"GSI1PK\":{\"S\":\"OPEN\"},\"GSI1SK\":{\"S\":\"2026-11-30\"}}'"]:
    agent(cmd="view", name="calls")
    mark = len(s.transcript)
    s.send(statement + "\r", pause=0)
    s.expect("ddblab> ")
    footer = footer_after(s, mark)
    reply = agent(cmd="waitCall", footer=footer, timeout_ms=1000)
    if reply["capacity"] not in footer or reply["partitions"] not in footer:
        fail("the call log says %r / %r; the footer said %r"
             % (reply["capacity"], reply["partitions"], footer))
    print("   ok  %s  (%d ms)" % (footer, reply["waited_ms"]))
agent(cmd="screenshot", path=os.path.join(artifacts, "calls.png"))

step("the sparse GSI's facet holds exactly the items carrying both its keys")
items.append(("CUSTOMER#4", "ORDER#1", {"GSI1PK": "OPEN", "GSI1SK": "2026-11-30"}))
in_gsi = sorted([pk, sk] for pk, sk, extra in items if "GSI1PK" in extra and "GSI1SK" in extra)
left_out = sorted([pk, sk] for pk, sk, extra in items if not ("GSI1PK" in extra and "GSI1SK" in extra))
reply = agent(cmd="facet", table="shop", facet="GSI1")
if sorted(reply["keys"]) != in_gsi:
    fail("GSI1 facet shows %s, expected %s" % (sorted(reply["keys"]), in_gsi))
if sorted(reply["absent"]) != left_out:
    fail("the base table marks %s as not in GSI1, expected %s" % (sorted(reply["absent"]), left_out))
reply = agent(cmd="facet", table="shop", facet="BySK")
if len(reply["keys"]) != len(items):
    fail("BySK (every item has SK) shows %d items, expected %d" % (len(reply["keys"]), len(items)))
agent(cmd="screenshot", path=os.path.join(artifacts, "indexes.png"))

def check_facets_in_view(what):
    reply = agent(cmd="facetsVisible", table="shop")
    names = [f["name"] for f in reply["facets"]]
    if names != ["table", "GSI1", "BySK"]:
        fail("the Indexes view shows %s" % names)
    outside = [f for f in reply["facets"] if f["left"] < 0 or f["right"] > reply["viewport"]]
    if outside or reply["stripHidesSideways"] or reply["pageScrollsSideways"]:
        fail("%s: index columns outside the %d px viewport: %s (strip hides some: %s)"
             % (what, reply["viewport"], outside or reply["facets"], reply["stripHidesSideways"]))
    print("   ok  %s: %s" % (what, ", ".join("%s %d..%d px" % (f["name"], f["left"], f["right"])
                                           for f in reply["facets"])))
step("at 1,400 px every index column (the third included) is inside the viewport")
check_facets_in_view("1,400 px")

step("the heat map of a `ddblab simulate` JSON file names the hot partition")
doc = json.load(open(os.path.join(tmp, "hot.json")))
def hottest(doc):
    rows = [(p["requests"], p["throttled"], -p["partition"], t["table"], t["index"] or "", p["partition"])
            for t in doc["tables"] for p in t["partitions"]]
    best = max(rows)
    return {"table": best[3], "index": best[4], "partition": best[5]}
want = hottest(doc)
reply = agent(cmd="simulationFile", path=os.path.join(tmp, "hot.json"))
got = {"table": reply["hot"]["table"], "index": reply["hot"]["index"] or "", "partition": int(reply["hot"]["partition"])}
if got != want:
    fail("the heat map's hottest partition is %s, expected %s (%s)" % (got, want, reply["summary"]))
if doc["throttled"] > 0 and reply["throttledCells"] == 0:
    fail("the simulation throttled %d requests but no cell is marked" % doc["throttled"])
agent(cmd="screenshot", path=os.path.join(artifacts, "heatmap_file.png"))

step("the shell's own .simulate: the Partitions view switches to it, above the partition maps")
agent(cmd="view", name="tables")  # the page is elsewhere when the simulation finishes
s.send(".simulate %s %s\r" % (scenario, seconds_run))
s.expect("throttled", timeout=300)
s.expect("ddblab> ", timeout=300)
reply = agent(cmd="simulationShown")
if int(reply["hot"]["partition"]) != want["partition"] or reply["hot"]["table"] != want["table"]:
    fail("the live simulation's hottest partition is %s, expected %s" % (reply["hot"], want))
if not reply["heatFirst"]:
    fail("the shell's simulation is drawn below the live partition maps")
agent(cmd="screenshot", path=os.path.join(artifacts, "heatmap_simulate.png"))
reply = agent(cmd="heatSource", value="live")
if reply["heatFirst"] or reply["source"] != "live":
    fail("back on the live session, the heat map still sits above the partition maps: %s" % reply)

step("the statement box runs in the shell only after .ui --statements")
s.send(".ui --statements\r")
s.expect("statement box")
s.expect("ddblab> ")
mark = len(s.transcript)
reply = agent(cmd="runStatement", text="INSERT INTO shop VALUE {'PK': 'CUSTOMER#7', 'SK': 'PROFILE'}")
if "1 item written" not in reply["output"]:
    fail("the statement box printed %r" % reply["output"])
time.sleep(0.3)
s._read(0.2)
if b"1 item written" in bytes(s.transcript[mark:]):
    fail("the page's statement printed in the terminal too")
s.send("get-item --table-name shop --key '{\"PK\":{\"S\":\"CUSTOMER#7\"},\"SK\":{\"S\":\"PROFILE\"}}'\r")
s.expect("CUSTOMER#7")
s.expect("ddblab> ")
status, _, body = http(url + "api/run", "POST", b".quit")
assert status == 400 and "dot-commands" in body, (status, body)
# Bytes that are not UTF-8 still get an answer (the output is the shell's, with the bytes replaced).
status, _, body = http(url + "api/run", "POST", b"SELECT * FROM \"sh\xffop\"")
assert status == 200 and json.loads(body)["ok"] is False, (status, body)
# An HTTP body never reads the machine's files, even with the token.
secret = os.path.join(tmp, "secret.json")
open(secret, "w").write('{"PK": {"S": "stolen"}}')
status, _, body = http(url + "api/run", "POST",
                       ("put-item --table-name shop --item file://" + secret).encode())
out = json.loads(body)
assert status == 200 and not out["ok"] and "cannot read or write files" in out["output"], body
agent(cmd="screenshot", path=os.path.join(artifacts, "statement_box.png"))

step("the page follows the shell into a lesson's scratch database and back")
s.send(".lesson start first-steps\r")
s.expect("lesson db)> ")
lesson_db = json.loads(http(url + "api/state")[2])["database"]
if lesson_db == "transient in-memory database":
    fail("api/state still names the user's database during a lesson")
agent(cmd="text", selector="#database", contains=lesson_db, timeout_ms=2000)
if "shop" in json.loads(http(url + "api/state")[2])["tables"]:
    fail("the lesson's database shows the user's table")
s.send(".lesson quit\r")
s.expect("ddblab> ")
agent(cmd="text", selector="#database", contains="transient in-memory database", timeout_ms=2000)

step("large type for a projector")
if not agent(cmd="largeType")["large"]:
    fail("L did not switch to large type")
agent(cmd="view", name="tables")
agent(cmd="screenshot", path=os.path.join(artifacts, "large_type.png"))
check_facets_in_view("1,400 px in large type")

step("no console errors, failed requests or error answers in the whole session")
errors = agent(cmd="errors")["errors"]
if errors:
    fail("the page logged errors:\n  " + "\n  ".join(errors))
agent(cmd="close")

step(".ui stop closes the page")
s.send(".ui stop\r")
s.expect("page stopped")
s.expect("ddblab> ")
try:
    urllib.request.urlopen(url + "api/state", timeout=3)
    fail("the page still answers after .ui stop")
except (urllib.error.URLError, ConnectionError):
    pass
s.finish()

step("serve --ui: the page shows the endpoint's requests")
server = subprocess.Popen([binary, "serve", "--port", "0", "--ui"], stdout=subprocess.PIPE, text=True)
try:
    page_url = endpoint = None
    deadline = time.time() + 30
    while time.time() < deadline and not (page_url and endpoint):
        line = server.stdout.readline()
        m = re.search(r"API on (http://127\.0\.0\.1:\d+)", line)
        if m:
            endpoint = m.group(1)
        if line.startswith("page: "):
            page_url = line.split()[1]
    if not (page_url and endpoint):
        fail("serve --ui printed no page URL or no endpoint")
    status, _, body = http(endpoint + "/", "POST", json.dumps({
        "TableName": "served", "BillingMode": "PAY_PER_REQUEST",
        "AttributeDefinitions": [{"AttributeName": "id", "AttributeType": "S"}],
        "KeySchema": [{"AttributeName": "id", "KeyType": "HASH"}]}).encode(),
        {"X-Amz-Target": "DynamoDB_20120810.CreateTable",
         "Content-Type": "application/x-amz-json-1.0"})
    assert status == 200, (status, body)
    status, _, body = http(page_url + "api/state")
    state = json.loads(body)
    assert status == 200 and state["source"] == "serve" and state["tables"] == ["served"], body
    calls = json.loads(http(page_url + "api/calls")[2])["calls"]
    assert [(c["operation"], c["source"]) for c in calls] == [("CreateTable", "serve")], calls
    print("   ok  serve --ui page at", page_url, "shows", calls[0]["operation"])
finally:
    server.terminate()
    server.wait(timeout=30)
print("page_ui: all checks passed; screenshots in", artifacts)
PY
