# boto3 and raw HTTP against `ddblab serve`: the rules of Fidelity IV as a client meets them.
# - A table's ARN is accepted wherever a table name goes (reads, writes, batches, transactions,
#   the control plane, ListStreams).
# - ARNs name the region the request was signed for; an ARN of any region names the table, and
#   stream records' awsRegion matches their stream's ARN.
# - An update of a missing item reads its key attributes from the Key.
# - ReturnConsumedCapacity INDEXES on an index read lists Table: {CapacityUnits: 0} beside it.
# - The request is validated before the table is looked up: a batch's unused names and
#   duplicate keys on a missing table, an empty FilterExpression and an invalid start key before
#   the key condition meets the key schema.
# - "1 validation error detected: " on single-item writes' request validation and Query's Select
#   checks; none on Scan's (which say "Querying"), filters, or checks against the key schema.
# - 10^12 provisioned units: partitions (and stream shards) stop at the table quota.
# - A shard iterator altered by its client is refused; a body nested 1,000,000 levels is refused
#   as a shallower one is.
# - SerializationException's body member is "Message", the modelled exceptions' "message".
# - Malformed framing is answered 400 and the connection closed (RFC 9112): whitespace before a
#   header's colon, two Host fields, NUL or CR in a value, conflicting Content-Length.
source "$(dirname "$0")/lib/serve_common.sh" "$@"
require_tools boto3
start_server

PYTHONPATH="$(dirname "$0")/lib" "$PY" - "$ENDPOINT" "$PORT" <<'PYEOF' || fail "boto3 checks failed"
import socket
import sys

import boto3
from boto3_checks import check, error_of

ENDPOINT, PORT = sys.argv[1], int(sys.argv[2])


def client(region, service="dynamodb"):
    return boto3.client(service, region_name=region, endpoint_url=ENDPOINT)


eu = client("eu-west-2")
us = client("us-east-1")
created = eu.create_table(
    TableName="fid4", BillingMode="PAY_PER_REQUEST",
    AttributeDefinitions=[{"AttributeName": "p", "AttributeType": "S"},
                          {"AttributeName": "g", "AttributeType": "S"}],
    KeySchema=[{"AttributeName": "p", "KeyType": "HASH"}],
    GlobalSecondaryIndexes=[{"IndexName": "byG", "Projection": {"ProjectionType": "ALL"},
                             "KeySchema": [{"AttributeName": "g", "KeyType": "HASH"}]}],
    StreamSpecification={"StreamEnabled": True, "StreamViewType": "NEW_IMAGE"})
desc = created["TableDescription"]
arn = desc["TableArn"]

# --- ARNs carry the caller's signing region ----------------------------------------------------
check(arn == "arn:aws:dynamodb:eu-west-2:000000000000:table/fid4", "TableArn: %s" % arn)
check(desc["LatestStreamArn"].startswith(arn + "/stream/"), desc["LatestStreamArn"])
check(desc["GlobalSecondaryIndexes"][0]["IndexArn"] == arn + "/index/byG", desc)
check(us.describe_table(TableName="fid4")["Table"]["TableArn"] ==
      "arn:aws:dynamodb:us-east-1:000000000000:table/fid4", "the same table read from us-east-1")
eu.tag_resource(ResourceArn=arn, Tags=[{"Key": "k", "Value": "v"}])
check(us.list_tags_of_resource(
    ResourceArn="arn:aws:dynamodb:us-east-1:000000000000:table/fid4")["Tags"] ==
      [{"Key": "k", "Value": "v"}], "an ARN built from the client's own region names the table")
code, msg = error_of(eu.put_item, TableName="arn:aws:dynamodb:eu-west-2:111111111111:table/fid4",
                     Item={"p": {"S": "x"}})
check(code == "ResourceNotFoundException", "another account's ARN names no table: %s" % msg)

# --- A table's ARN wherever a table name goes --------------------------------------------------
eu.put_item(TableName=arn, Item={"p": {"S": "a"}, "g": {"S": "G"}})
check(eu.get_item(TableName=arn, Key={"p": {"S": "a"}})["Item"]["g"] == {"S": "G"}, "GetItem")
eu.update_item(TableName=arn, Key={"p": {"S": "a"}}, UpdateExpression="SET n = :one",
               ExpressionAttributeValues={":one": {"N": "1"}})
check(eu.query(TableName=arn, KeyConditionExpression="p = :p",
               ExpressionAttributeValues={":p": {"S": "a"}})["Count"] == 1, "Query")
check(eu.scan(TableName=arn)["Count"] == 1, "Scan")
got = eu.batch_get_item(RequestItems={arn: {"Keys": [{"p": {"S": "a"}}]}})["Responses"]
check(len(got[arn]) == 1, "BatchGetItem answers under the ARN it was asked with: %s" % got)
eu.batch_write_item(RequestItems={arn: [{"PutRequest": {"Item": {"p": {"S": "b"}}}}]})
eu.transact_write_items(TransactItems=[{"Put": {"TableName": arn, "Item": {"p": {"S": "c"}}}}])
check(len(eu.transact_get_items(TransactItems=[{"Get": {"TableName": arn, "Key": {"p": {"S": "c"}}}}])
          ["Responses"]) == 1, "TransactGetItems")
eu.delete_item(TableName=arn, Key={"p": {"S": "c"}})
check(eu.describe_table(TableName=arn)["Table"]["TableName"] == "fid4", "DescribeTable")

# --- Stream records' awsRegion matches their stream's ARN --------------------------------------
streams = client("eu-west-2", "dynamodbstreams")
listed = streams.list_streams(TableName=arn)["Streams"]
check(len(listed) == 1 and listed[0]["StreamArn"].startswith("arn:aws:dynamodb:eu-west-2:"), listed)
shards = streams.describe_stream(StreamArn=listed[0]["StreamArn"])["StreamDescription"]["Shards"]
shards_of_fid4 = [s["ShardId"] for s in shards]
regions = set()
for shard in shards:
    it = streams.get_shard_iterator(StreamArn=listed[0]["StreamArn"], ShardId=shard["ShardId"],
                                    ShardIteratorType="TRIM_HORIZON")["ShardIterator"]
    regions |= {r["awsRegion"] for r in streams.get_records(ShardIterator=it)["Records"]}
check(regions == {"eu-west-2"}, "records name the stream's region: %s" % regions)

# --- An update of a missing item reads the key attributes from the Key -------------------------
new = eu.update_item(TableName="fid4", Key={"p": {"S": "k1"}},
                     UpdateExpression="SET b = if_not_exists(b, p), c = p",
                     ReturnValues="ALL_NEW")["Attributes"]
check(new == {"p": {"S": "k1"}, "b": {"S": "k1"}, "c": {"S": "k1"}}, "key attributes: %s" % new)

# --- INDEXES on an index read lists the table at zero ------------------------------------------
cc = eu.query(TableName="fid4", IndexName="byG", KeyConditionExpression="g = :g",
              ExpressionAttributeValues={":g": {"S": "G"}},
              ReturnConsumedCapacity="INDEXES")["ConsumedCapacity"]
check(cc["Table"] == {"CapacityUnits": 0.0} and cc["GlobalSecondaryIndexes"]["byG"]["CapacityUnits"]
      == 0.5, "index query INDEXES: %s" % cc)
cc = eu.scan(TableName="fid4", IndexName="byG", ReturnConsumedCapacity="INDEXES")["ConsumedCapacity"]
check(cc["Table"] == {"CapacityUnits": 0.0}, "index scan INDEXES: %s" % cc)

# --- The request before the table --------------------------------------------------------------
code, msg = error_of(eu.batch_get_item, RequestItems={
    "nosuch": {"Keys": [{"p": {"S": "x"}}], "ExpressionAttributeNames": {"#u": "u"}}})
check(code == "ValidationException", "BatchGetItem's unused names on a missing table: %s" % msg)
code, msg = error_of(eu.batch_get_item, RequestItems={
    "nosuch": {"Keys": [{"p": {"S": "x"}}, {"p": {"S": "x"}}]}})
check(msg == "Provided list of item keys contains duplicates", "BatchGetItem duplicates: " + msg)
code, msg = error_of(eu.batch_write_item, RequestItems={
    "nosuch": [{"DeleteRequest": {"Key": {"p": {"S": "x"}}}}] * 2})
check(msg == "Provided list of item keys contains duplicates", "BatchWriteItem duplicates: " + msg)
code, msg = error_of(eu.query, TableName="fid4", KeyConditionExpression="nokey = :v",
                     FilterExpression=" ", ExpressionAttributeValues={":v": {"S": "x"}})
check(msg == "Invalid FilterExpression: The expression can not be empty;", "empty filter: " + msg)
code, msg = error_of(eu.query, TableName="fid4", KeyConditionExpression="nokey = :v",
                     ExclusiveStartKey={"q": {"S": "x"}}, ExpressionAttributeValues={":v": {"S": "x"}})
check(msg.startswith("The provided starting key is invalid"), "start key first: " + msg)


# --- "1 validation error detected: " where DynamoDB puts it, and not elsewhere ----------------
ENVELOPE = "1 validation error detected: "
for call, kwargs, want in [
        (eu.update_item, dict(TableName="fid4", Key={"p": {"S": "a"}}, UpdateExpression=""),
         ENVELOPE + "Invalid UpdateExpression: The expression can not be empty;"),
        (eu.update_item, dict(TableName="fid4", Key={"p": {"S": "a"}}, UpdateExpression="SET b = :v",
                              ExpressionAttributeValues={":v": {"S": "x"}, ":unused": {"S": "y"}}),
         ENVELOPE + "Value provided in ExpressionAttributeValues unused in expressions: "
         "keys: {:unused}"),
        (eu.update_item, dict(TableName="fid4", Key={"p": {"S": "a"}},
                              UpdateExpression="SET b = :v, b.c = :v",
                              ExpressionAttributeValues={":v": {"S": "x"}}),
         ENVELOPE + "Invalid UpdateExpression: Two document paths overlap with each other; must "
         "remove or rewrite one of these paths; path one: [b], path two: [b, c]"),
        (eu.query, dict(TableName="fid4", KeyConditionExpression="p = :p", Select="COUNT",
                        ProjectionExpression="p", ExpressionAttributeValues={":p": {"S": "a"}}),
         ENVELOPE + "Cannot specify the ProjectionExpression when choosing to get only the Count"),
        (eu.query, dict(TableName="fid4", KeyConditionExpression="p = :p",
                        Select="ALL_PROJECTED_ATTRIBUTES",
                        ExpressionAttributeValues={":p": {"S": "a"}}),
         ENVELOPE + "ALL_PROJECTED_ATTRIBUTES can be used only when Querying using an IndexName"),
        # Bare: Scan's Select checks (which also say "Querying"), filters, key attributes.
        (eu.scan, dict(TableName="fid4", Select="ALL_PROJECTED_ATTRIBUTES"),
         "ALL_PROJECTED_ATTRIBUTES can be used only when Querying using an IndexName"),
        (eu.scan, dict(TableName="fid4", Select="COUNT", ProjectionExpression="p"),
         "Cannot specify the ProjectionExpression when choosing to get only the Count"),
        (eu.scan, dict(TableName="fid4", FilterExpression=""),
         "Invalid FilterExpression: The expression can not be empty;"),
        (eu.put_item, dict(TableName="fid4", Item={"p": {"S": "a"}},
                           ExpressionAttributeNames={"#n": "n"}),
         "ExpressionAttributeNames can only be specified when using expressions"),
        (eu.update_item, dict(TableName="fid4", Key={"p": {"S": "a"}}, UpdateExpression="SET p = :v",
                              ExpressionAttributeValues={":v": {"S": "x"}}),
         "One or more parameter values were invalid: Cannot update attribute p. This attribute is "
         "part of the key")]:
    code, msg = error_of(call, **kwargs)
    check(code == "ValidationException" and msg == want, "%s: want %r, got %r" % (
        call.__name__, want, msg))

# --- 10^12 provisioned units: the partition model stops at the table quota ---------------------
eu.create_table(TableName="fid4huge", AttributeDefinitions=[{"AttributeName": "p", "AttributeType": "S"}],
                KeySchema=[{"AttributeName": "p", "KeyType": "HASH"}],
                ProvisionedThroughput={"ReadCapacityUnits": 10**12, "WriteCapacityUnits": 10**12},
                StreamSpecification={"StreamEnabled": True, "StreamViewType": "KEYS_ONLY"})
huge_stream = eu.describe_table(TableName="fid4huge")["Table"]["LatestStreamArn"]
shards = streams.describe_stream(StreamArn=huge_stream)["StreamDescription"]["Shards"]
check(len(shards) == 54, "ceil(40,000 / 3,000 + 40,000 / 1,000) shards, not 10^9: %d" % len(shards))

# --- A signed iterator: an altered one is refused ----------------------------------------------
it = streams.get_shard_iterator(StreamArn=listed[0]["StreamArn"], ShardId=shards_of_fid4[0],
                                ShardIteratorType="TRIM_HORIZON")["ShardIterator"]
payload, tag = it.rsplit("|", 1)
later = payload[:payload.rfind(".") + 1] + "99999999999999|" + tag
code, msg = error_of(streams.get_records, ShardIterator=later)
check((code, msg) == ("ValidationException", "Invalid ShardIterator"), "altered: %s %s" % (code, msg))


# --- Malformed framing: 400, and the connection closed -----------------------------------------
def raw(head, body=b""):
    s = socket.create_connection(("127.0.0.1", PORT), timeout=10)
    s.sendall(head + body)
    reply = b""
    while True:
        chunk = s.recv(65536)
        if not chunk:
            break
        reply += chunk
    s.close()
    return reply


BODY = b'{"TableName":"fid4","Item":{"p":{"S":"smuggled"}}}'
START = (b"POST / HTTP/1.1\r\nHost: h\r\nX-Amz-Target: DynamoDB_20120810.PutItem\r\n"
         b"Content-Type: application/x-amz-json-1.0\r\n")
for name, head in [
        ("space before the colon (Transfer-Encoding)",
         START + b"Transfer-Encoding : chunked\r\n\r\n"),
        ("space before the colon (Content-Length)",
         START + b"Content-Length : %d\r\n\r\n" % len(BODY)),
        ("two Host fields", START + b"Host: other\r\nContent-Length: %d\r\n\r\n" % len(BODY)),
        ("NUL in a value", START + b"X-Note: a\x00b\r\nContent-Length: %d\r\n\r\n" % len(BODY)),
        ("CR in a value", START + b"X-Note: a\rb\r\nContent-Length: %d\r\n\r\n" % len(BODY)),
        ("a folded line", START + b"X-Note: a\r\n b\r\nContent-Length: %d\r\n\r\n" % len(BODY)),
        ("two Content-Lengths", START + b"Content-Length: %d\r\nContent-Length: 3\r\n\r\n" % len(BODY)),
        ("Content-Length and chunked",
         START + b"Content-Length: %d\r\nTransfer-Encoding: chunked\r\n\r\n" % len(BODY)),
        ("a signed Content-Length", START + b"Content-Length: +%d\r\n\r\n" % len(BODY))]:
    reply = raw(head, BODY)
    check(reply.startswith(b"HTTP/1.1 400"), "%s: %r" % (name, reply[:60]))
check("Item" not in eu.get_item(TableName="fid4", Key={"p": {"S": "smuggled"}}),
      "no malformed request was executed")
# A body nested 1,000,000 levels deep is refused as one nested 40 levels is (DynamoDB's item limit
# is 32), without building a million containers first.
deep = (b'{"TableName":"fid4","Item":{"p":{"S":"deep"},"d":' + b'{"L":[' * 1000000 +
        b']}' * 1000000 + b'}}')
reply = raw(b"POST / HTTP/1.1\r\nHost: h\r\nX-Amz-Target: DynamoDB_20120810.PutItem\r\n"
            b"Content-Type: application/x-amz-json-1.0\r\nConnection: close\r\n"
            b"Content-Length: %d\r\n\r\n" % len(deep), deep)
check(b"Nesting Levels have exceeded supported limits" in reply, "deep item: %r" % reply[-200:])
# DynamoDB's SerializationException spells its member "Message"; modelled exceptions "message".
bad_type = b'{"TableName":"fid4","Item":{"p":{"S":"x"}},"ReturnValues":[1]}'
reply = raw(START + b"Connection: close\r\nContent-Length: %d\r\n\r\n" % len(bad_type), bad_type)
check(b'SerializationException","Message":' in reply, "Serialization casing: %r" % reply[-160:])
reply = raw(START + b"Connection: close\r\nContent-Length: 2\r\n\r\n", b"{}")
check(b'ValidationException","message":' in reply, "Validation casing: %r" % reply[-160:])
ok = raw(START + b"Connection: close\r\nContent-Length: %d\r\n\r\n" % len(BODY), BODY)
check(ok.startswith(b"HTTP/1.1 200"), "the same request well framed is answered: %r" % ok[:60])
print("serve_fidelity_iv: all checks passed")
PYEOF
