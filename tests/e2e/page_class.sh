#!/usr/bin/env bash
# The instructor's page (docs/page.md, "A class"): `ddblab serve --ui --db-per-key DIR` in
# headless Chromium (tests/e2e/page/page_agent.js), two students calling through boto3:
#   - the Class view lists both students with their calls, capacity (WCU as DynamoDB counts a
#     1 KB write: 1 unit) and errors, and says who is active and who had errors;
#   - a call made while the page is open updates the student's row without a reload;
#   - the Calls view shows both students' calls, each marked with its key id and its table named
#     KEYID/TABLE; a student's calls button shows that student's calls only;
#   - the table list holds each student's tables under their key id, and a student's table shows
#     that student's items, never the other's (the same table name in both databases);
#   - a table keeps up while its student writes without a pause (reloads are throttled, not held
#     back until the writes stop);
#   - the page logs no console error, failed request or error answer.
# A screenshot of the Class view is kept in <binary's folder>/test-artifacts/page/.
# usage: bash page_class.sh <ddblab binary>
set -euo pipefail
BIN=$(cd "$(dirname "${1:?usage: page_class.sh <ddblab binary>}")" && pwd)/$(basename "$1")
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
ARTIFACTS=$(dirname "$BIN")/test-artifacts/page
mkdir -p "$ARTIFACTS"
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

command -v node >/dev/null || { echo "page_class.sh: node is missing (scripts/deps installs it)" >&2; exit 1; }
[ -x "${CHROMIUM:-/usr/bin/chromium}" ] ||
  { echo "page_class.sh: chromium is missing (scripts/deps installs it)" >&2; exit 1; }
[ -d "$ROOT/tests/e2e/js/node_modules/puppeteer-core" ] ||
  { echo "page_class.sh: puppeteer-core is missing (scripts/deps installs it)" >&2; exit 1; }

/usr/bin/python3 - "$BIN" "$ROOT/tests/e2e/page/page_agent.js" "$ARTIFACTS" "$TMP" <<'PY'
import json, re, subprocess, sys, time, urllib.request

import boto3

binary, agent_js, artifacts, tmp = sys.argv[1:5]


def fail(message):
    print("FAIL: " + message, file=sys.stderr)
    sys.exit(1)


def check(condition, message):
    if not condition:
        fail(message)


def step(name):
    print("- " + name, flush=True)


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


server = subprocess.Popen([binary, "serve", "--port", "0", "--ui", "--db-per-key", tmp + "/class"],
                          stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
agent = None
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
    check(page_url and endpoint, "serve --ui --db-per-key printed no page URL or no endpoint")

    def student(key_id):
        return boto3.client("dynamodb", region_name="us-east-1", endpoint_url=endpoint,
                            aws_access_key_id=key_id, aws_secret_access_key="x")

    step("two students make the same table in their own databases; bob makes one mistake")
    alice, bob = student("alice"), student("bob")
    for ddb in (alice, bob):
        ddb.create_table(TableName="Orders", BillingMode="PAY_PER_REQUEST",
                         AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"}],
                         KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}])
    alice.put_item(TableName="Orders", Item={"pk": {"S": "alice-order-1"}})
    alice.put_item(TableName="Orders", Item={"pk": {"S": "alice-order-2"}})
    bob.put_item(TableName="Orders", Item={"pk": {"S": "bob-order-1"}})
    try:
        bob.get_item(TableName="Missing", Key={"pk": {"S": "x"}})
        fail("a get-item on a missing table succeeded")
    except bob.exceptions.ResourceNotFoundException:
        pass

    roll = json.loads(urllib.request.urlopen(page_url + "api/class", timeout=10).read())
    rows = {r["key"]: r for r in roll["students"]}
    check(sorted(rows) == ["alice", "bob"], "api/class lists both students: %s" % roll)
    check((rows["alice"]["calls"], rows["alice"]["wcu"], rows["alice"]["errors"]) == (3, 2, 0),
          "alice: a create-table and two 1 KB puts (1 WCU each): %s" % rows["alice"])
    check((rows["bob"]["calls"], rows["bob"]["wcu"], rows["bob"]["errors"]) == (3, 1, 1),
          "bob: a create-table, a put and a failed get: %s" % rows["bob"])
    check(rows["bob"]["last_error"].startswith("ResourceNotFoundException: "),
          "bob's last error: %s" % rows["bob"])
    check(roll["active"] == 2 and roll["with_errors"] == 1, "the class counts: %s" % roll)

    agent = Agent()
    agent(cmd="open", url=page_url)

    step("the Class view: both students, who had errors")
    agent(cmd="view", name="class")
    agent(cmd="text", selector="#class-summary", contains="2 students · 2 active · 0 throttled · 1 with errors")
    found = agent(cmd="query", selector="#class-rows tr")["found"]
    check([f["data"]["student"] for f in found] == ["alice", "bob"], "the class rows: %s" % found)
    check("errors" in found[1]["text"] and "ResourceNotFoundException" in found[1]["text"],
          "bob's row names his error: %s" % found[1]["text"])
    check("errors" not in found[0]["text"],
          "alice's row shows no error mark: %s" % found[0]["text"])

    step("a call made now updates the student's row without a reload")
    alice.put_item(TableName="Orders", Item={"pk": {"S": "alice-order-3"}})
    agent(cmd="text", selector="#class-rows tr[data-student='alice'] td:nth-of-type(2)", contains="4")
    agent(cmd="screenshot", path=artifacts + "/class.png")

    step("the Calls view: each student's calls, marked, and one student's alone")
    agent(cmd="view", name="calls")
    agent(cmd="text", selector="#call-log", contains="PutItem alice/Orders")
    calls = agent(cmd="query", selector="#call-log .call")["found"]
    students = [c["data"].get("student") for c in calls]
    check(students.count("alice") == 4 and students.count("bob") == 3,
          "the log holds 4 calls of alice's and 3 of bob's: %s" % students)
    check(any("GetItem bob/Missing" in c["text"] and "ResourceNotFoundException" in c["text"]
              for c in calls), "bob's failed call shows with its error")
    agent(cmd="view", name="class")
    agent(cmd="click", selector="#class-rows tr[data-student='bob'] .link-button")
    agent(cmd="text", selector="#calls-filter-text", contains="showing the calls of bob only")
    shown = [c["data"]["student"] for c in agent(cmd="query", selector="#call-log .call")["found"]
             if c["shown"]]
    check(shown == ["bob"] * 3, "only bob's calls show: %s" % shown)
    agent(cmd="click", selector="#calls-filter-clear")
    shown = [c for c in agent(cmd="query", selector="#call-log .call")["found"] if c["shown"]]
    check(len(shown) == 7, "everyone's calls show again: %d" % len(shown))

    step("the table list: each student's tables; a table shows its student's items only")
    agent(cmd="view", name="tables")
    headings = [f["text"] for f in agent(cmd="query", selector="#table-list .student-heading")["found"]]
    check(headings == ["alice", "bob"], "the table list's students: %s" % headings)
    agent(cmd="click", selector="#table-list [data-table='bob/Orders']")
    body = agent(cmd="text", selector="#tables-body", contains="bob-order-1")["text"]
    check("alice-order" not in body, "bob's Orders shows alice's items: %s" % body)
    agent(cmd="click", selector="#table-list [data-table='alice/Orders']")
    body = agent(cmd="text", selector="#tables-body", contains="alice-order-3")["text"]
    check("bob-order" not in body, "alice's Orders shows bob's items: %s" % body)

    step("a table keeps up while its student writes without a pause")
    import threading
    stop = threading.Event()

    def write_on():
        i = 0
        while not stop.is_set() and i < 400:
            alice.put_item(TableName="Orders", Item={"pk": {"S": "alice-burst-%03d" % i}})
            i += 1
            time.sleep(0.02)

    writer = threading.Thread(target=write_on)
    writer.start()
    try:
        # The writes go on (every 20 ms, up to 8 s): the table must move before they stop.
        agent(cmd="text", selector="#tables-body", contains="alice-burst-050", timeout_ms=4000)
        check(writer.is_alive(), "the writer stopped before the table showed its writes")
    finally:
        stop.set()
        writer.join()

    step("a write made while the Class view shows is in the table when the Tables view is back")
    agent(cmd="view", name="class")
    alice.put_item(TableName="Orders", Item={"pk": {"S": "alice-while-away"}})
    agent(cmd="text", selector="#class-rows tr[data-student='alice']", contains="alice")
    time.sleep(1.5)  # past the tables event's reload, which leaves the table to the Tables view
    agent(cmd="view", name="tables")
    agent(cmd="text", selector="#tables-body", contains="alice-while-away")

    errors = agent(cmd="errors")["errors"]
    check(errors == [], "the page logged errors: %s" % errors)
finally:
    if agent:
        agent(cmd="close")
    server.terminate()
    server.wait(timeout=30)
print("page_class: all checks passed")
PY
