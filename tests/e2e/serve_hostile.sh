# Hostile input over HTTP: every shape gets a 4xx with one of DynamoDB's error types (or a bare
# 4xx status where the HTTP framing itself is broken), within a per-request bound; the server never
# crashes, and a normal request still succeeds after each shape. Also the 408 answers: a head or a
# body that stops arriving (--request-timeout 1), and the silent close of an idle keep-alive
# connection (--idle-timeout 2).
source "$(dirname "$0")/lib/serve_common.sh" "$@"
require_tools
start_server --request-timeout 1 --idle-timeout 2

"$PY" - "$PORT" "$SERVER_PID" "${DDBLAB_SANITIZED:-}" <<'PYEOF' || fail "hostile input checks failed"
import http.client
import json
import os
import socket
import sys
import time

port, pid = int(sys.argv[1]), int(sys.argv[2])
# Seconds one hostile request may take. Sanitized builds run some 40x slower.
BOUND = 60.0 if sys.argv[3] else 5.0
TYPES = {"ValidationException", "SerializationException", "UnknownOperationException",
         "ResourceNotFoundException", "MissingAuthenticationTokenException",
         "AccessDeniedException", "IncompleteSignatureException", "RequestEntityTooLarge"}


def check(cond, what):
    if not cond:
        print("FAIL:", what, file=sys.stderr)
        sys.exit(1)


def alive():
    try:
        os.kill(pid, 0)
        return True
    except OSError:
        return False


def post(op, body, headers=None, target=True):
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=BOUND + 30)
    h = {"Content-Type": "application/x-amz-json-1.0"}
    if target:
        h["X-Amz-Target"] = "DynamoDB_20120810." + op
    h.update(headers or {})
    if isinstance(body, str):
        body = body.encode()
    started = time.time()
    c.request("POST", "/", body, h)
    r = c.getresponse()
    data = r.read()
    c.close()
    return r.status, data, time.time() - started


def call(op, obj):
    return post(op, json.dumps(obj))


def error_type(data):
    try:
        doc = json.loads(data)
    except ValueError:
        return None
    return doc.get("__type", "").split("#")[-1] if isinstance(doc, dict) else None


def normal_request_works(after):
    status, data, _ = call("GetItem", {"TableName": "tbl", "Key": {"PK": {"S": "k"}}})
    check(status == 200 and b'"n"' in data, "a normal GetItem after %s: %d %r" % (after, status, data[:200]))


status, _, _ = call("CreateTable", {
    "TableName": "tbl", "BillingMode": "PAY_PER_REQUEST",
    "AttributeDefinitions": [{"AttributeName": "PK", "AttributeType": "S"}],
    "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"}]})
check(status == 200, "CreateTable")
check(call("PutItem", {"TableName": "tbl", "Item": {"PK": {"S": "k"}, "n": {"N": "1"}}})[0] == 200,
      "PutItem")

KEY = {"PK": {"S": "k"}}
ins = {":v%d" % i: {"N": str(i)} for i in range(101)}
# name -> (operation, body as JSON text or bytes, headers, whether X-Amz-Target is sent)
SHAPES = {
    "ReturnItemCollectionMetrics as a number": ("PutItem", json.dumps(
        {"TableName": "tbl", "Item": KEY, "ReturnItemCollectionMetrics": 5})),
    "ReturnItemCollectionMetrics as a list": ("PutItem", json.dumps(
        {"TableName": "tbl", "Item": KEY, "ReturnItemCollectionMetrics": ["SIZE"]})),
    "a 65,536-byte attribute name": ("PutItem", json.dumps(
        {"TableName": "tbl", "Item": {"PK": {"S": "a"}, "x" * 65536: {"S": "v"}}})),
    "IN with 101 values": ("Scan", json.dumps(
        {"TableName": "tbl", "FilterExpression": "n IN (%s)" % ",".join(ins),
         "ExpressionAttributeValues": ins})),
    "ExpressionAttributeValues without an expression (PutItem)": ("PutItem", json.dumps(
        {"TableName": "tbl", "Item": KEY, "ExpressionAttributeValues": {":a": {"S": "x"}}})),
    "ExpressionAttributeValues on GetItem": ("GetItem", json.dumps(
        {"TableName": "tbl", "Key": KEY, "ExpressionAttributeValues": {":a": {"S": "x"}}})),
    "a transaction over 4 MB": ("TransactWriteItems", json.dumps({"TransactItems": [
        {"Put": {"TableName": "tbl", "Item": {"PK": {"S": "t%d" % i}, "v": {"S": "x" * 380000}}}}
        for i in range(12)]})),
    "a 4 MB expression": ("Scan", json.dumps(
        {"TableName": "tbl", "FilterExpression": "n = :v AND " * 330000 + "n = :v",
         "ExpressionAttributeValues": {":v": {"N": "1"}}})),
    "an item nested 100,000 levels": ("PutItem",
        '{"TableName":"tbl","Item":{"PK":{"S":"a"},"d":' + '{"L":[' * 100000 + "]}" * 100000 + "}}"),
    "JSON nested 100,000 levels": ("PutItem", "[" * 100000 + "]" * 100000),
    "a number with 100,000 digits as Limit": ("Scan",
        '{"TableName":"tbl","Limit":' + "9" * 100000 + "}"),
    "a negative Limit": ("Scan", json.dumps({"TableName": "tbl", "Limit": -1})),
    "Segment without TotalSegments": ("Scan", json.dumps({"TableName": "tbl", "Segment": 0})),
    "a number of 39 digits": ("PutItem", json.dumps(
        {"TableName": "tbl", "Item": {"PK": {"S": "a"}, "n": {"N": "1" * 39}}})),
    "a number of 1e400": ("PutItem", json.dumps(
        {"TableName": "tbl", "Item": {"PK": {"S": "a"}, "n": {"N": "1e400"}}})),
    "an attribute value with two types": ("PutItem", json.dumps(
        {"TableName": "tbl", "Item": {"PK": {"S": "a", "N": "1"}}})),
    "an empty string set": ("PutItem", json.dumps(
        {"TableName": "tbl", "Item": {"PK": {"S": "a"}, "s": {"SS": []}}})),
    "a duplicate in a number set": ("PutItem", json.dumps(
        {"TableName": "tbl", "Item": {"PK": {"S": "a"}, "s": {"NS": ["1", "1.0"]}}})),
    "invalid base64 binary": ("PutItem", json.dumps(
        {"TableName": "tbl", "Item": {"PK": {"S": "a"}, "b": {"B": "!!!"}}})),
    "an unterminated object": ("PutItem", '{"TableName":'),
    "a body that is a list": ("PutItem", "[1,2]"),
    "a body that is a string": ("PutItem", '"PutItem"'),
    "binary garbage": ("PutItem", bytes(range(256)) * 40),
    "invalid UTF-8 in a string": ("PutItem", b'{"TableName":"tbl","Item":{"PK":{"S":"\xff\xfe"}}}'),
    "a lone surrogate escape": ("PutItem", '{"TableName":"tbl","Item":{"PK":{"S":"\\ud800"}}}'),
    "a NUL in a table name": ("GetItem", '{"TableName":"tb\\u0000l","Key":{"PK":{"S":"k"}}}'),
    "UTF-16": ("ListTables", "{}".encode("utf-16")),
    "an unknown operation": ("Frobnicate", "{}"),
    "a 300-byte table name": ("GetItem", json.dumps({"TableName": "t" * 300, "Key": KEY})),
    "a 1,000,000-character PartiQL statement": ("ExecuteStatement", json.dumps(
        {"Statement": "SELECT * FROM tbl WHERE " + "PK = 'k' OR " * 83000 + "PK = 'k'"})),
    "PartiQL nested 100,000 parentheses": ("ExecuteStatement", json.dumps(
        {"Statement": "SELECT * FROM tbl WHERE " + "(" * 100000 + "PK = 'k'" + ")" * 100000})),
    "a batch of 26 writes": ("BatchWriteItem", json.dumps({"RequestItems": {"tbl": [
        {"PutRequest": {"Item": {"PK": {"S": "b%d" % i}}}} for i in range(26)]}})),
    "a batch of 101 reads": ("BatchGetItem", json.dumps({"RequestItems": {"tbl": {
        "Keys": [{"PK": {"S": "b%d" % i}} for i in range(101)]}}})),
    "UpdateExpression with 10,000 actions on one path": ("UpdateItem", json.dumps(
        {"TableName": "tbl", "Key": KEY,
         "UpdateExpression": "SET " + ", ".join(["n = :v"] * 10000),
         "ExpressionAttributeValues": {":v": {"N": "1"}}})),
}

for name, (op, body) in SHAPES.items():
    status, data, took = post(op, body)
    check(alive(), "the server died on: " + name)
    kind = error_type(data)
    check(400 <= status < 500, "%s: status %d %r" % (name, status, data[:200]))
    check(kind in TYPES, "%s: not a DynamoDB error type: %r" % (name, data[:200]))
    check(took < BOUND, "%s: took %.1f s" % (name, took))
    normal_request_works(name)
    print("ok   %-58s %d %s (%.2f s)" % (name, status, kind, took))

# Members DynamoDB's JSON protocol does not define are ignored, as DynamoDB does; 100,000 of them
# are read in linear time.
status, data, took = post("ListTables", json.dumps({"m%d" % i: i for i in range(100000)}))
check(status == 200 and took < BOUND, "100,000 unknown members: %d after %.1f s" % (status, took))
print("ok   %-58s 200, ignored (%.2f s)" % ("100,000 unknown members", took))

status, data, _ = post("ListTables", "{}", target=False)
check(status == 400 and error_type(data) == "UnknownOperationException", "no X-Amz-Target")
print("ok   no X-Amz-Target: 400 UnknownOperationException")


def raw(payload, wait=BOUND):
    """Sends raw bytes, returns what came back until the server closed or answered."""
    s = socket.create_connection(("127.0.0.1", port), timeout=wait)
    s.sendall(payload)
    got = b""
    try:
        while b"\r\n\r\n" not in got:
            chunk = s.recv(65536)
            if not chunk:
                break
            got += chunk
    except socket.timeout:
        pass
    s.close()
    return got


HEAD = (b"POST / HTTP/1.1\r\nHost: x\r\nX-Amz-Target: DynamoDB_20120810.ListTables\r\n"
        b"Content-Type: application/x-amz-json-1.0\r\n")
FRAMING = {
    "a Content-Length past 16 MB": (HEAD + b"Content-Length: 17000000\r\n\r\n{}", b" 413 "),
    "a negative Content-Length": (HEAD + b"Content-Length: -5\r\n\r\n{}", b" 400 "),
    "a Content-Length that is not a number": (HEAD + b"Content-Length: 1x\r\n\r\n{}", b" 400 "),
    "two different Content-Lengths": (HEAD + b"Content-Length: 2\r\nContent-Length: 3\r\n\r\n{}",
                                      b" 400 "),
    "a chunk size that is not hex": (HEAD + b"Transfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n",
                                     b" 400 "),
    "a header line of 100 KB": (HEAD + b"X-Pad: " + b"a" * 100000 + b"\r\n\r\n", b" 4"),
    "a request line that is not HTTP": (b"HELLO\r\n\r\n", b" 400 "),
    "an unsupported HTTP version": (b"POST / HTTP/9.9\r\nHost: x\r\n\r\n", b" 4"),
}
for name, (payload, want) in FRAMING.items():
    started = time.time()
    got = raw(payload)
    took = time.time() - started
    check(alive(), "the server died on: " + name)
    check(got.startswith(b"HTTP/1.1") and want in got.split(b"\r\n")[0],
          "%s: answered %r" % (name, got[:120]))
    check(took < BOUND, "%s: took %.1f s" % (name, took))
    normal_request_works(name)
    print("ok   %-58s %s (%.2f s)" % (name, got.split(b"\r\n")[0].decode(), took))

# 408: a head that stops part-way, and a body that never completes (--request-timeout 1).
for name, payload in (("a head that stops part-way", HEAD),
                      ("a body that never completes", HEAD + b"Content-Length: 100\r\n\r\n{")):
    started = time.time()
    got = raw(payload, wait=30)
    took = time.time() - started
    check(b" 408 " in got.split(b"\r\n")[0], "%s: answered %r" % (name, got[:120]))
    check(0.9 <= took < 10, "%s: 408 after %.1f s, expected about 1 s" % (name, took))
    normal_request_works(name)
    print("ok   %-58s 408 after %.1f s" % (name, took))

# An idle keep-alive connection is closed silently after --idle-timeout 2.
s = socket.create_connection(("127.0.0.1", port), timeout=30)
body = json.dumps({"TableName": "tbl", "Key": KEY}).encode()
s.sendall(HEAD.replace(b"ListTables", b"GetItem") + b"Content-Length: %d\r\n\r\n" % len(body) + body)
first = s.recv(65536)
check(first.startswith(b"HTTP/1.1 200"), "the keep-alive connection's request")
started = time.time()
rest = s.recv(65536)
took = time.time() - started
check(rest == b"", "an idle connection got %r instead of a close" % rest[:80])
check(1.5 <= took < 10, "the idle connection closed after %.1f s, expected about 2 s" % took)
s.close()
print("ok   an idle keep-alive connection is closed after %.1f s" % took)
normal_request_works("all of the above")
print("ok   the server still answers")
PYEOF
stop_server
