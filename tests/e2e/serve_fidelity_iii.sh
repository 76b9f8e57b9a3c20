# boto3 and raw HTTP against `ddblab serve`: the rules of Fidelity III as a client meets them.
# - Request bodies sent with Content-Encoding gzip or deflate are decoded (gzip members may be
#   concatenated; what follows the last member is ignored, as DynamoDB ignores it); an unknown
#   encoding, a body that is not what its encoding says, an empty or truncated stream get HTTP 500
#   InternalServerError and write nothing; the 16 MB limit applies to the decoded body (413).
# - Responses of 4 KB or more are gzip- or deflate-compressed as Accept-Encoding negotiates.
# - Every reply carries "Server: Server"; GET / names the host addressed; a request with Origin
#   gets DynamoDB's CORS headers, and a preflight is answered.
# - Sets come back with their members in key order (S and B by bytes, N numerically) from every
#   read: GetItem, Query, Scan, ReturnValues, PartiQL.
# - Tags: lengths in characters, DynamoDB's character set and messages; TTL's messages.
source "$(dirname "$0")/lib/serve_common.sh" "$@"
require_tools boto3
start_server

PYTHONPATH="$(dirname "$0")/lib" "$PY" - "$ENDPOINT" <<'PYEOF' || fail "boto3 checks failed"
import gzip
import json
import sys
import urllib.error
import urllib.request
import zlib

import boto3
from boto3_checks import check, error_of

ENDPOINT = sys.argv[1]
client = boto3.client("dynamodb", region_name="us-east-1", endpoint_url=ENDPOINT)



client.create_table(
    TableName="fid3", AttributeDefinitions=[{"AttributeName": "p", "AttributeType": "S"}],
    KeySchema=[{"AttributeName": "p", "KeyType": "HASH"}], BillingMode="PAY_PER_REQUEST")


def post(body, encoding=None, target="PutItem"):
    headers = {"Content-Type": "application/x-amz-json-1.0",
               "X-Amz-Target": "DynamoDB_20120810." + target}
    if encoding is not None:
        headers["Content-Encoding"] = encoding
    req = urllib.request.Request(ENDPOINT + "/", data=body, headers=headers, method="POST")
    try:
        with urllib.request.urlopen(req) as r:
            return r.status, r.read()
    except urllib.error.HTTPError as e:
        return e.code, e.read()


def put_body(p, value="x"):
    return json.dumps({"TableName": "fid3", "Item": {"p": {"S": p}, "v": {"S": value}}}).encode()


def exists(p):
    return "Item" in client.get_item(TableName="fid3", Key={"p": {"S": p}})


# --- Compressed request bodies -------------------------------------------------------------
status, _ = post(gzip.compress(put_body("gz")), "gzip")
check(status == 200 and exists("gz"), "a gzip body is decoded (status %d)" % status)
status, _ = post(zlib.compress(put_body("zl")), "deflate")
check(status == 200 and exists("zl"), "a deflate (zlib) body is decoded (status %d)" % status)
whole = put_body("two", "y" * 20000)
status, _ = post(gzip.compress(whole[:100]) + gzip.compress(whole[100:]), "gzip")
check(status == 200 and exists("two"), "concatenated gzip members are one body (%d)" % status)
status, _ = post(gzip.compress(put_body("junk")) + b"junk", "gzip")
check(status == 200 and exists("junk"), "bytes after the last gzip member are ignored (%d)" % status)
for name, body, encoding in [
        ("unknown", put_body("unknown"), "br"),
        ("notgzip", put_body("notgzip"), "gzip"),
        ("notdeflate", put_body("notdeflate"), "deflate"),
        ("truncated", gzip.compress(put_body("truncated"))[:-1], "gzip"),
        ("empty", b"", "gzip"),
        ("twodeflates", zlib.compress(put_body("twodeflates")) + zlib.compress(b" "), "deflate")]:
    status, reply = post(body, encoding)
    check(status == 500, "%s: HTTP 500, not %d" % (name, status))
    err = json.loads(reply)
    check(err["__type"].endswith("#InternalServerError"), "%s: %s" % (name, err))
    check("could not be decoded" in err["message"], "%s: message %s" % (name, err["message"]))
    check(not exists(name), "%s: nothing was written" % name)
# A small gzip body that expands past 16 MB is refused like a large body, with 413.
bomb = gzip.compress(b'{"TableName": "fid3", "Item": {"p": {"S": "bomb"}, "v": {"S": "' +
                     b"z" * (17 * 1024 * 1024) + b'"}}}')
check(len(bomb) < 1024 * 1024, "the bomb is small on the wire")
status, _ = post(bomb, "gzip")
check(status == 413, "a decoded body over 16 MB: 413, not %d" % status)
check(not exists("bomb"), "the bomb was not written")
# boto3 itself compresses when the operation asks for it: the same path, signed.
status, reply = post(gzip.compress(json.dumps({"TableName": "fid3"}).encode()), "gzip",
                     "DescribeTable")
check(status == 200 and json.loads(reply)["Table"]["TableName"] == "fid3", "gzip DescribeTable")

# Responses of 4 KB or more are compressed when Accept-Encoding asks, x-amz-crc32 over the bytes
# sent; smaller ones, or none asked for, go as they are.
for i in range(30):
    client.put_item(TableName="fid3", Item={"p": {"S": "big%d" % i}, "v": {"S": "w" * 200}})


def scan_with(accept, limit=None):
    body = {"TableName": "fid3"}
    if limit:
        body["Limit"] = limit
    req = urllib.request.Request(ENDPOINT + "/", data=json.dumps(body).encode(), method="POST",
                                 headers={"Content-Type": "application/x-amz-json-1.0",
                                          "X-Amz-Target": "DynamoDB_20120810.Scan",
                                          "Accept-Encoding": accept})
    with urllib.request.urlopen(req) as r:
        return r.headers, r.read()


for accept, coding in [("gzip", "gzip"), ("br, identity, deflate, gzip", "deflate"),
                       ("identity", None), ("gzip;q=0", None)]:
    headers, raw = scan_with(accept)
    check(headers.get("Content-Encoding") == coding, "%s: Content-Encoding %s" % (accept, headers))
    check(headers["x-amz-crc32"] == str(zlib.crc32(raw)), "%s: crc32 of the bytes sent" % accept)
    plain = gzip.decompress(raw) if coding == "gzip" else zlib.decompress(raw) if coding else raw
    check(json.loads(plain)["Count"] >= 30, "%s: the Scan decodes" % accept)
headers, raw = scan_with("gzip", limit=1)
check(headers.get("Content-Encoding") is None and len(raw) < 4096, "a small response is not compressed")

# --- HTTP as DynamoDB speaks it: Server header, health line, CORS ---------------------------
def raw(method, headers=None, body=None):
    req = urllib.request.Request(ENDPOINT + "/", data=body, method=method, headers=headers or {})
    try:
        with urllib.request.urlopen(req) as r:
            return r.status, r.headers, r.read()
    except urllib.error.HTTPError as e:
        return e.code, e.headers, e.read()


host = ENDPOINT.split("://", 1)[1]
status, headers, body = raw("GET")
check(status == 200 and body.decode() == "healthy: " + host, "health line: %r" % body)
check(headers.get("Server") == "Server", "Server header on success: %s" % headers)
status, headers, _ = raw("POST", {"Content-Type": "application/x-amz-json-1.0",
                                  "X-Amz-Target": "DynamoDB_20120810.DescribeTable"},
                         b'{"TableName": "nope-nope"}')
check(status == 400 and headers.get("Server") == "Server", "Server header on an error")
check(headers.get("Access-Control-Allow-Origin") is None, "no CORS headers without Origin")
status, headers, _ = raw("OPTIONS", {"Origin": "http://localhost:5173",
                                     "Access-Control-Request-Method": "POST",
                                     "Access-Control-Request-Headers": "content-type, x-amz-target"})
check(status == 200, "preflight: 200, not %d" % status)
check(headers.get("Access-Control-Allow-Origin") == "*", "preflight Allow-Origin: %s" % headers)
check(headers.get("Access-Control-Allow-Methods") == "POST", "preflight echoes the method")
check(headers.get("Access-Control-Allow-Headers") == "content-type, x-amz-target",
      "preflight echoes the headers")
check(headers.get("Access-Control-Max-Age") and headers.get("Access-Control-Expose-Headers"),
      "preflight Max-Age and Expose-Headers: %s" % headers)
status, headers, _ = raw("POST", {"Origin": "http://localhost:5173",
                                  "Content-Type": "application/x-amz-json-1.0",
                                  "X-Amz-Target": "DynamoDB_20120810.ListTables"}, b"{}")
check(status == 200 and headers.get("Access-Control-Allow-Origin") == "*" and
      "x-amzn-RequestId" in headers.get("Access-Control-Expose-Headers", "") and
      headers.get("Access-Control-Max-Age") is None, "a cross-origin POST: %s" % headers)

# --- Sets in key order ---------------------------------------------------------------------
client.put_item(TableName="fid3", Item={"p": {"S": "sets"},
                                      "ss": {"SS": ["zyx", "tsr", "wvu"]},
                                      "ns": {"NS": ["10", "-2.5", "9", "100"]},
                                      "bs": {"BS": [b"\xff", b"\x01", b"\x80"]}})
want = {"ss": ["tsr", "wvu", "zyx"], "ns": ["-2.5", "9", "10", "100"],
        "bs": [b"\x01", b"\x80", b"\xff"]}


def check_sets(item, where):
    for attr, members in want.items():
        got = item[attr][attr.upper()]
        check(got == members, "%s: %s is %s, want %s" % (where, attr, got, members))


check_sets(client.get_item(TableName="fid3", Key={"p": {"S": "sets"}})["Item"], "GetItem")
check_sets(client.scan(TableName="fid3", FilterExpression="p = :p",
                       ExpressionAttributeValues={":p": {"S": "sets"}})["Items"][0], "Scan")
check_sets(client.query(TableName="fid3", KeyConditionExpression="p = :p",
                        ExpressionAttributeValues={":p": {"S": "sets"}})["Items"][0], "Query")
out = client.update_item(TableName="fid3", Key={"p": {"S": "sets"}},
                         UpdateExpression="ADD ss :s, ns :n",
                         ExpressionAttributeValues={":s": {"SS": ["aaa", "zzz"]},
                                                    ":n": {"NS": ["0", "1000"]}},
                         ReturnValues="UPDATED_NEW")["Attributes"]
check(out["ss"]["SS"] == ["aaa", "tsr", "wvu", "zyx", "zzz"], "UPDATED_NEW SS: %s" % out)
check(out["ns"]["NS"] == ["-2.5", "0", "9", "10", "100", "1000"], "UPDATED_NEW NS: %s" % out)
old = client.put_item(TableName="fid3", Item={"p": {"S": "sets"}, "ss": {"SS": ["b", "a"]}},
                      ReturnValues="ALL_OLD")["Attributes"]
check(old["ss"]["SS"] == ["aaa", "tsr", "wvu", "zyx", "zzz"], "ALL_OLD SS: %s" % old)
rows = client.execute_statement(Statement="SELECT ss FROM fid3 WHERE p = 'sets'")["Items"]
check(rows[0]["ss"]["SS"] == ["a", "b"], "PartiQL SELECT: %s" % rows)

# --- Tags and TTL --------------------------------------------------------------------------
arn = client.describe_table(TableName="fid3")["Table"]["TableArn"]
client.tag_resource(ResourceArn=arn, Tags=[{"Key": "\u05d0" * 128, "Value": "\u05d0" * 256},
                                           {"Key": "a+b-c=d.e_f:g/h@i", "Value": "caf\u00e9"}])
tags = {t["Key"]: t["Value"] for t in client.list_tags_of_resource(ResourceArn=arn)["Tags"]}
check(tags.get("\u05d0" * 128) == "\u05d0" * 256, "128-character Hebrew key: %s" % list(tags))
for tags_in, message in [
        ([{"Key": "hi!", "Value": "v"}], "The Tag Key provided is invalid, Key: hi!"),
        ([{"Key": "k", "Value": "<>"}], "The Tag Value provided is invalid, Value: <>"),
        ([{"Key": "aws:x", "Value": "v"}], "Tag Key cannot be prefixed with aws:, Key: aws:x"),
        ([{"Key": "d", "Value": "1"}, {"Key": "d", "Value": "2"}],
         "Duplicate Tag Keys provided as input: Duplicate Tag Key found d"),
        ([{"Key": "k%d" % i, "Value": "v"} for i in range(49)],
         "Number of Tags exceed the current limit for the provided ResourceArn")]:
    code, msg = error_of(client.tag_resource, ResourceArn=arn, Tags=tags_in)
    check((code, msg) == ("ValidationException", message), "tag %s: %s %s" % (tags_in[0], code, msg))
code, msg = error_of(client.create_table, TableName="badtags",
                     AttributeDefinitions=[{"AttributeName": "p", "AttributeType": "S"}],
                     KeySchema=[{"AttributeName": "p", "KeyType": "HASH"}],
                     BillingMode="PAY_PER_REQUEST", Tags=[{"Key": "a#b", "Value": "v"}])
check(msg == "The Tag Key provided is invalid, Key: a#b", "CreateTable bad tag: " + msg)
check("badtags" not in client.list_tables()["TableNames"], "a refused CreateTable leaves no table")
client.create_table(TableName="notags",
                    AttributeDefinitions=[{"AttributeName": "p", "AttributeType": "S"}],
                    KeySchema=[{"AttributeName": "p", "KeyType": "HASH"}],
                    BillingMode="PAY_PER_REQUEST", Tags=[])
client.update_time_to_live(TableName="fid3", TimeToLiveSpecification={"AttributeName": "exp",
                                                                     "Enabled": True})
code, msg = error_of(client.update_time_to_live, TableName="fid3",
                     TimeToLiveSpecification={"AttributeName": "other", "Enabled": True})
check(msg == "TimeToLive is active on a different AttributeName: current AttributeName is exp",
      "TTL on another attribute: " + msg)
code, msg = error_of(client.update_time_to_live, TableName="fid3",
                     TimeToLiveSpecification={"AttributeName": "exp", "Enabled": True})
check(msg == "TimeToLive is already enabled", "TTL twice: " + msg)
print("ok")
PYEOF
echo "ok: serve fidelity III"
