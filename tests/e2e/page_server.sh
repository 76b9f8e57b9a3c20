#!/usr/bin/env bash
# The live page's server (docs/page.md) under what a classroom or a script can throw at it, over
# plain HTTP (the page in Chromium is page_ui.sh):
#   - `serve --ui` keeps each text of a call to about 4 KB and says how much it cut: after 120
#     requests with megabyte table or index names (their errors echo them), api/calls stays small
#     and the server does not keep the megabytes; the kept calls stay under 4 MB however many
#     come;
#   - event streams: a stream the browser closed frees its slot at once (20 opened and closed in
#     a row, then a new one is answered 200); 16 open at once refuse a 17th with 503, until they
#     close;
#   - `.ui --port N` listens on port N; bad values and a port in use get a clear message.
# usage: bash page_server.sh <ddblab binary>
set -euo pipefail
BIN=$(cd "$(dirname "${1:?usage: page_server.sh <ddblab binary>}")" && pwd)/$(basename "$1")
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
cd "$TMP"
HOME="$TMP" XDG_DATA_HOME="$TMP/data" TERM=xterm NO_COLOR=1 /usr/bin/python3 - "$BIN" \
  "$ROOT/tests/e2e/lib" <<'PY'
import http.client, json, os, re, socket, subprocess, sys, time, urllib.request

binary, lib = sys.argv[1:3]
sys.path.insert(0, lib)
from pty_session import Session, fail

def step(name):
    sys.stdout.write("- " + name + "\n")
    sys.stdout.flush()

def rss_mb(pid):
    for line in open("/proc/%d/status" % pid):
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0

# ---- serve --ui ---------------------------------------------------------------------------
# Under AddressSanitizer freed memory waits in a quarantine (256 MB by default) before it is
# reused, which would read as growth: a small quarantine keeps the memory check meaningful.
server_env = dict(os.environ)
server_env["ASAN_OPTIONS"] = server_env.get("ASAN_OPTIONS", "") + ":quarantine_size_mb=8"
server = subprocess.Popen([binary, "serve", "--port", "0", "--ui"], stdout=subprocess.PIPE,
                          text=True, env=server_env)
try:
    page_url = endpoint = None
    while not (page_url and endpoint):
        line = server.stdout.readline()
        if not line:
            fail("serve --ui exited before printing its addresses")
        m = re.search(r"API on http://127\.0\.0\.1:(\d+)", line)
        if m:
            endpoint = int(m.group(1))
        if line.startswith("page: "):
            page_url = line.split()[1]
    m = re.match(r"http://127\.0\.0\.1:(\d+)(/[0-9a-f]{32}/)$", page_url)
    page_port, prefix = int(m.group(1)), m.group(2)

    api = http.client.HTTPConnection("127.0.0.1", endpoint, timeout=60)
    def call(op, body):
        api.request("POST", "/", json.dumps(body), {
            "X-Amz-Target": "DynamoDB_20120810." + op,
            "Content-Type": "application/x-amz-json-1.0"})
        r = api.getresponse()
        return r.status, json.loads(r.read() or b"{}")
    def page_calls():
        with urllib.request.urlopen(page_url + "api/calls", timeout=60) as r:
            body = r.read()
        return len(body), json.loads(body)

    status, _ = call("CreateTable", {
        "TableName": "ttt", "BillingMode": "PAY_PER_REQUEST",
        "AttributeDefinitions": [{"AttributeName": "id", "AttributeType": "S"}],
        "KeySchema": [{"AttributeName": "id", "KeyType": "HASH"}]})
    assert status == 200, status

    step("120 requests with megabyte texts: each kept text is cut, and says so")
    before = rss_mb(server.pid)
    huge = "x" * (1024 * 1024)
    for i in range(60):
        status, body = call("GetItem", {"TableName": huge, "Key": {"id": {"S": "a"}}})
        assert status == 400, (status, str(body)[:200])
        status, body = call("Scan", {"TableName": "ttt", "IndexName": huge})
        assert status == 400, (status, str(body)[:200])
    size, doc = page_calls()
    grown = rss_mb(server.pid) - before
    print("   api/calls is %d bytes for %d calls; the server grew %.0f MB"
          % (size, len(doc["calls"]), grown))
    failed = [c for c in doc["calls"] if not c["ok"]]
    if len(failed) != 120:
        fail("api/calls kept %d failed calls, expected 120" % len(failed))
    if size > 2 * 1024 * 1024:
        fail("api/calls answered %d bytes for 121 calls" % size)
    for c in failed:
        message = c["error"]["message"]
        m = re.search(r"\u2026 \(([\d,]+) bytes cut\)$", message)
        if not m or len(message.encode()) > 4 * 1024 + 40:
            fail("a kept error message is %d bytes and ends %r"
                 % (len(message.encode()), message[-60:]))
        if int(m.group(1).replace(",", "")) < 1000 * 1000:
            fail("the message says %s bytes were cut from a megabyte text" % m.group(1))
    if grown > 100:
        fail("the server grew %.0f MB keeping 120 calls" % grown)

    step("the kept calls stay under 4 MB however many come; the newest are kept")
    name = "y" * (8 * 1024)
    for i in range(1100):
        call("GetItem", {"TableName": name, "Key": {"id": {"S": "a"}}})
    size, doc = page_calls()
    seqs = [c["seq"] for c in doc["calls"]]
    print("   api/calls keeps %d calls in %d bytes" % (len(seqs), size))
    if size > 4 * 1024 * 1024 + 64 * 1024 or len(seqs) >= 1000:
        fail("api/calls answered %d calls in %d bytes" % (len(seqs), size))
    if seqs[-1] != 1 + 120 + 1100 or seqs != list(range(seqs[0], seqs[-1] + 1)):
        fail("the kept calls are not the newest ones in order: %s...%s" % (seqs[:3], seqs[-3:]))
    if doc["session"]["calls"] != seqs[-1]:
        fail("api/calls counts %s calls in the session, expected %d"
             % (doc["session"]["calls"], seqs[-1]))

    def open_stream():
        s = socket.create_connection(("127.0.0.1", page_port), timeout=10)
        s.sendall(("GET %sevents HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n\r\n"
                   % (prefix, page_port)).encode())
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = s.recv(4096)
            if not chunk:
                break
            head += chunk
        return s, int(head.split(b" ", 2)[1]) if head else 0

    step("20 event streams opened and closed in a row: the next is answered at once")
    for i in range(20):
        s, status = open_stream()
        s.close()
        if status != 200:
            fail("event stream %d was answered %d after the ones before it closed" % (i + 1, status))
    s, status = open_stream()
    s.close()
    if status != 200:
        fail("a new event stream was answered %d after 20 closed" % status)

    step("16 streams open at once refuse a 17th; once they close, a new one is answered")
    streams = []
    for i in range(16):
        s, status = open_stream()
        if status != 200:
            fail("event stream %d of 16 was answered %d" % (i + 1, status))
        streams.append(s)
    s, status = open_stream()
    s.close()
    if status != 503:
        fail("a 17th event stream was answered %d, expected 503" % status)
    for s in streams:
        s.close()
    s, status = open_stream()
    s.close()
    if status != 200:
        fail("a new event stream was answered %d after the 16 closed" % status)
finally:
    server.terminate()
    server.wait(timeout=30)

# ---- .ui --port ----------------------------------------------------------------------------
def free_port():
    probe = socket.socket()
    probe.bind(("127.0.0.1", 0))
    port = probe.getsockname()[1]
    probe.close()
    return port

s = Session(binary)
s.expect("ddblab> ")
step(".ui --port refuses what is not a port, with the range it takes")
for bad in ["abc", "0", "70000", "-1", "80.5"]:
    s.send(".ui --port %s\r" % bad)
    s.expect("--port needs a port number from 1 to 65535, not '%s'" % bad)
    s.expect("ddblab> ")
s.send(".ui --port\r")
s.expect("--port needs a port number from 1 to 65535")
s.expect("ddblab> ")

step(".ui --port N listens on port N")
port = free_port()
s.send(".ui --port %d\r" % port)
s.expect("page: http://127.0.0.1:%d/" % port)
s.expect("ddblab> ")
m = re.search(rb"page: (http://127\.0\.0\.1:\d+/[0-9a-f]{32}/)", bytes(s.transcript))
with urllib.request.urlopen(m.group(1).decode() + "api/state", timeout=10) as r:
    assert r.status == 200 and json.loads(r.read())["source"] == "shell"
s.send(".ui --port %d\r" % (port + 1 if port < 65535 else port - 1))
s.expect("the page already runs on port %d; .ui stop first" % port)
s.expect("ddblab> ")
s.send(".ui stop\r")
s.expect("page stopped")
s.expect("ddblab> ")

step("a port another program holds is named as in use")
holder = socket.socket()
holder.bind(("127.0.0.1", 0))
holder.listen(1)
taken = holder.getsockname()[1]
s.send(".ui --port %d\r" % taken)
s.expect("127.0.0.1:%d is already in use by another program" % taken)
s.expect("ddblab> ")
holder.close()
s.finish()
print("page_server: all checks passed")
PY
