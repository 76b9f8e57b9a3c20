# boto3 against `ddblab serve`: tags, Time to Live with a moved clock, DescribeEndpoints and
# DescribeLimits, DeleteTable's response, members ddblab refuses by name, and the HTTP edges
# (Content-Type parameters, a chunked body over the size limit) with raw http.client.
# DynamoDB: API reference, TagResource / UntagResource / ListTagsOfResource / UpdateTimeToLive /
# DescribeTimeToLive / DescribeEndpoints / DescribeLimits / DeleteTable; developer guide,
# "Time to Live (TTL)".
source "$(dirname "$0")/lib/serve_common.sh" "$@"
require_tools boto3
DB="$WORK/api.db"
start_server --db "$DB" --clock 1700000000

PYTHONPATH="$(dirname "$0")/lib" "$PY" - "$ENDPOINT" <<'PYEOF' || fail "boto3 checks (first clock) failed"
import http.client
import json
import sys
from urllib.parse import urlparse

import boto3
from boto3_checks import check, error_of

endpoint = sys.argv[1]
client = boto3.client("dynamodb", region_name="us-east-1", endpoint_url=endpoint)



created = client.create_table(
    TableName="Sessions",
    AttributeDefinitions=[{"AttributeName": "PK", "AttributeType": "S"}],
    KeySchema=[{"AttributeName": "PK", "KeyType": "HASH"}],
    BillingMode="PAY_PER_REQUEST",
    Tags=[{"Key": "course", "Value": "ddb101"}])
arn = created["TableDescription"]["TableArn"]

# ---- tags
check(client.list_tags_of_resource(ResourceArn=arn)["Tags"] ==
      [{"Key": "course", "Value": "ddb101"}], "CreateTable's Tags are the table's first tags")
client.tag_resource(ResourceArn=arn, Tags=[{"Key": "env", "Value": "dev"}])
client.untag_resource(ResourceArn=arn, TagKeys=["course"])
check(client.list_tags_of_resource(ResourceArn=arn)["Tags"] == [{"Key": "env", "Value": "dev"}],
      "TagResource then UntagResource leave one tag")
code, message = error_of(client.list_tags_of_resource, ResourceArn=arn + "x")
check(code == "ResourceNotFoundException", "an unknown ARN is ResourceNotFoundException")
check(message == "Requested resource not found: ResourcArn: %sx not found" % arn, message)
code, message = error_of(client.tag_resource, ResourceArn=arn + "/index/I", Tags=[{"Key": "k", "Value": "v"}])
check(message == "Invalid TableArn: Invalid ResourceArn provided as input %s/index/I" % arn, message)

# ---- TagResource answers an empty body, as DynamoDB does
url = urlparse(endpoint)
conn = http.client.HTTPConnection(url.hostname, url.port)
body = json.dumps({"ResourceArn": arn, "Tags": [{"Key": "a", "Value": "b"}]})
conn.request("POST", "/", body, {"X-Amz-Target": "DynamoDB_20120810.TagResource",
                                 "Content-Type": "application/x-amz-json-1.0"})
resp = conn.getresponse()
check(resp.status == 200 and resp.read() == b"", "TagResource: 200 with an empty body")

# ---- Content-Type with parameters is accepted
conn.request("POST", "/", json.dumps({}), {"X-Amz-Target": "DynamoDB_20120810.ListTables",
             "Content-Type": "application/x-amz-json-1.0; charset=utf-8"})
resp = conn.getresponse()
check(resp.status == 200 and json.loads(resp.read())["TableNames"] == ["Sessions"],
      "Content-Type with a charset parameter is accepted")

# ---- a chunked body over 16 MB is refused with 413
conn.putrequest("POST", "/")
conn.putheader("X-Amz-Target", "DynamoDB_20120810.ListTables")
conn.putheader("Content-Type", "application/x-amz-json-1.0")
conn.putheader("Transfer-Encoding", "chunked")
conn.endheaders()
chunk = b" " * (1024 * 1024)
for _ in range(17):
    conn.send(b"%x\r\n" % len(chunk) + chunk + b"\r\n")
conn.send(b"0\r\n\r\n")
resp = conn.getresponse()
check(resp.status == 413 and resp.read() == b"",
      "a chunked body over the limit gets 413, got %s" % resp.status)
conn.close()

# ---- a request line over 8 KB gets DynamoDB's 400 Bad Request (not 414)
conn = http.client.HTTPConnection(url.hostname, url.port)
conn.request("POST", "/" + "x" * 17000, "{}", {"X-Amz-Target": "DynamoDB_20120810.ListTables",
                                               "Content-Type": "application/x-amz-json-1.0"})
resp = conn.getresponse()
check(resp.status == 400, "an over-long request line gets 400, got %s" % resp.status)
conn.close()

# ---- Time to Live
check(client.describe_time_to_live(TableName="Sessions")["TimeToLiveDescription"] ==
      {"TimeToLiveStatus": "DISABLED"}, "a new table's TTL is DISABLED")
r = client.update_time_to_live(TableName="Sessions",
                               TimeToLiveSpecification={"Enabled": True, "AttributeName": "exp"})
check(r["TimeToLiveSpecification"] == {"Enabled": True, "AttributeName": "exp"},
      "UpdateTimeToLive echoes the specification")
code, message = error_of(client.update_time_to_live, TableName="Sessions",
                         TimeToLiveSpecification={"Enabled": True, "AttributeName": "exp"})
check(message == "TimeToLive is already enabled", message)
client.put_item(TableName="Sessions", Item={"PK": {"S": "s1"}, "exp": {"N": "1700000100"}})
client.put_item(TableName="Sessions", Item={"PK": {"S": "s2"}, "exp": {"N": "1700009999"}})
check("Item" in client.get_item(TableName="Sessions", Key={"PK": {"S": "s1"}}),
      "an item is there before its expiry")

# ---- DescribeEndpoints and DescribeLimits
ep = client.describe_endpoints()["Endpoints"]
check(len(ep) == 1 and ep[0]["CachePeriodInMinutes"] == 1440, "DescribeEndpoints: %r" % ep)
limits = client.describe_limits()
check((limits["AccountMaxReadCapacityUnits"], limits["AccountMaxWriteCapacityUnits"],
       limits["TableMaxReadCapacityUnits"], limits["TableMaxWriteCapacityUnits"]) ==
      (80000, 80000, 40000, 40000), "DescribeLimits: %r" % limits)

# ---- members ddblab does not model are refused by name
code, message = error_of(client.create_table, TableName="Encrypted",
    AttributeDefinitions=[{"AttributeName": "PK", "AttributeType": "S"}],
    KeySchema=[{"AttributeName": "PK", "KeyType": "HASH"}], BillingMode="PAY_PER_REQUEST",
    SSESpecification={"Enabled": True})
check(code == "ValidationException" and message.startswith("ddblab does not support SSESpecification"),
      message)
check("Encrypted" not in client.list_tables()["TableNames"], "a refused CreateTable creates nothing")
PYEOF

# Reopen the same file with the clock 1000 seconds later: the expired item is swept.
stop_server
start_server --db "$DB" --clock 1700001000

PYTHONPATH="$(dirname "$0")/lib" "$PY" - "$ENDPOINT" <<'PYEOF' || fail "boto3 checks (later clock) failed"
import sys

import boto3
from boto3_checks import check

client = boto3.client("dynamodb", region_name="us-east-1", endpoint_url=sys.argv[1])


check(client.describe_time_to_live(TableName="Sessions")["TimeToLiveDescription"] ==
      {"TimeToLiveStatus": "ENABLED", "AttributeName": "exp"}, "TTL survives reopening")
check("Item" not in client.get_item(TableName="Sessions", Key={"PK": {"S": "s1"}}),
      "the expired item is gone once the clock has passed its TTL")
check("Item" in client.get_item(TableName="Sessions", Key={"PK": {"S": "s2"}}),
      "an item not yet expired stays")
arn = client.describe_table(TableName="Sessions")["Table"]["TableArn"]
check([t["Key"] for t in client.list_tags_of_resource(ResourceArn=arn)["Tags"]] == ["a", "env"],
      "tags survive reopening")

# ---- DeleteTable describes the table as it goes
d = client.delete_table(TableName="Sessions")["TableDescription"]
check(d["TableStatus"] == "DELETING", "DeleteTable: TableStatus DELETING")
check(d["ItemCount"] == 1 and d["TableName"] == "Sessions" and d["TableArn"] == arn, repr(d))
for absent in ("KeySchema", "AttributeDefinitions", "CreationDateTime"):
    check(absent not in d, "DeleteTable's description omits %s" % absent)
PYEOF
echo "serve_api_surface: ok"
