# DynamoDB Streams through `ddblab serve`, as real clients read them: boto3's `dynamodbstreams`
# client and the aws CLI's `aws dynamodbstreams`, on the same port as DynamoDB. A table created
# with a stream; writes of every kind leave one record each (none for a write that changes
# nothing); records read by TRIM_HORIZON, AT/AFTER_SEQUENCE_NUMBER and LATEST iterators; a
# partition split closes the shards and opens children; an iterator expires after 15 minutes on
# the server's clock (--clock, so the test does not wait); DynamoDB's errors.
source "$(dirname "$0")/lib/serve_common.sh" "$@"
require_tools boto3 aws
start_server

PYTHONPATH="$(dirname "$0")/lib" "$PY" - "$ENDPOINT" <<'PYEOF' || fail "boto3 streams checks failed"
import sys

import boto3
from boto3_checks import check, error_of

ENDPOINT = sys.argv[1]
ddb = boto3.client("dynamodb", region_name="us-east-1", endpoint_url=ENDPOINT)
streams = boto3.client("dynamodbstreams", region_name="us-east-1", endpoint_url=ENDPOINT)

desc = ddb.create_table(
    TableName="Orders", BillingMode="PAY_PER_REQUEST",
    AttributeDefinitions=[{"AttributeName": "PK", "AttributeType": "S"}],
    KeySchema=[{"AttributeName": "PK", "KeyType": "HASH"}],
    StreamSpecification={"StreamEnabled": True, "StreamViewType": "NEW_AND_OLD_IMAGES"},
)["TableDescription"]
arn = desc["LatestStreamArn"]
check(desc["StreamSpecification"] == {"StreamEnabled": True, "StreamViewType": "NEW_AND_OLD_IMAGES"},
      "CreateTable describes the stream: %s" % desc.get("StreamSpecification"))
check(arn == desc["TableArn"] + "/stream/" + desc["LatestStreamLabel"], "stream ARN: " + arn)
listed = streams.list_streams(TableName="Orders")["Streams"]
check([s["StreamArn"] for s in listed] == [arn], "ListStreams: %s" % listed)

ddb.put_item(TableName="Orders", Item={"PK": {"S": "o1"}, "total": {"N": "10"}})
ddb.put_item(TableName="Orders", Item={"PK": {"S": "o1"}, "total": {"N": "10"}})  # no change
ddb.update_item(TableName="Orders", Key={"PK": {"S": "o1"}}, UpdateExpression="SET #t = :t", ExpressionAttributeNames={"#t": "total"},
                ExpressionAttributeValues={":t": {"N": "12"}})
ddb.batch_write_item(RequestItems={"Orders": [{"PutRequest": {"Item": {"PK": {"S": "o2"}}}},
                                              {"PutRequest": {"Item": {"PK": {"S": "o3"}}}}]})
ddb.transact_write_items(TransactItems=[{"Delete": {"TableName": "Orders", "Key": {"PK": {"S": "o2"}}}}])
ddb.delete_item(TableName="Orders", Key={"PK": {"S": "nobody"}})  # nothing deleted
ddb.execute_statement(Statement="UPDATE Orders SET amount = 20 WHERE PK = 'o3'")


def read_all():
    out = []
    shards = streams.describe_stream(StreamArn=arn)["StreamDescription"]["Shards"]
    for shard in shards:
        it = streams.get_shard_iterator(StreamArn=arn, ShardId=shard["ShardId"],
                                        ShardIteratorType="TRIM_HORIZON")["ShardIterator"]
        while it:
            page = streams.get_records(ShardIterator=it)
            out += page["Records"]
            if not page["Records"]:
                break
            it = page.get("NextShardIterator")
    return sorted(out, key=lambda r: int(r["dynamodb"]["SequenceNumber"]))


records = read_all()
events = [(r["eventName"], r["dynamodb"]["Keys"]["PK"]["S"]) for r in records]
check(events == [("INSERT", "o1"), ("MODIFY", "o1"), ("INSERT", "o2"), ("INSERT", "o3"),
                 ("REMOVE", "o2"), ("MODIFY", "o3")], "records: %s" % events)
modify = records[1]
check(modify["dynamodb"]["OldImage"]["total"] == {"N": "10"} and
      modify["dynamodb"]["NewImage"]["total"] == {"N": "12"}, "MODIFY images: %s" % modify)
check(modify["eventSource"] == "aws:dynamodb" and modify["eventVersion"] == "1.1" and
      modify["awsRegion"] == "us-east-1" and modify["dynamodb"]["StreamViewType"] ==
      "NEW_AND_OLD_IMAGES", "record fields: %s" % modify)
check("NewImage" not in records[4]["dynamodb"], "a REMOVE has no NewImage")

desc = streams.describe_stream(StreamArn=arn)["StreamDescription"]
check(desc["StreamStatus"] == "ENABLED" and len(desc["Shards"]) == 4, "4 open shards: %s" % desc)


def first_at(shard_id, seq):
    recs = streams.get_records(ShardIterator=streams.get_shard_iterator(
        StreamArn=arn, ShardId=shard_id, ShardIteratorType="AT_SEQUENCE_NUMBER",
        SequenceNumber=seq)["ShardIterator"])["Records"]
    return recs[0]["dynamodb"]["SequenceNumber"] if recs else None


# The shard holding o1's records: AT_SEQUENCE_NUMBER there starts at that very record.
seq = modify["dynamodb"]["SequenceNumber"]
shard = next(s["ShardId"] for s in desc["Shards"] if first_at(s["ShardId"], seq) == seq)
page = streams.get_records(ShardIterator=streams.get_shard_iterator(
    StreamArn=arn, ShardId=shard, ShardIteratorType="AFTER_SEQUENCE_NUMBER",
    SequenceNumber=records[0]["dynamodb"]["SequenceNumber"])["ShardIterator"])
check(page["Records"][0]["dynamodb"]["SequenceNumber"] == modify["dynamodb"]["SequenceNumber"],
      "AFTER_SEQUENCE_NUMBER")
latest = streams.get_shard_iterator(StreamArn=arn, ShardId=shard,
                                    ShardIteratorType="LATEST")["ShardIterator"]
page = streams.get_records(ShardIterator=latest)
check(page["Records"] == [] and "NextShardIterator" in page, "LATEST on an open shard: %s" % page)

# A split: the shards close and children open.
ddb.update_table(TableName="Orders", BillingMode="PROVISIONED",
                 ProvisionedThroughput={"ReadCapacityUnits": 24000, "WriteCapacityUnits": 8000})
ddb.put_item(TableName="Orders", Item={"PK": {"S": "o9"}})
desc = streams.describe_stream(StreamArn=arn)["StreamDescription"]
closed = [s for s in desc["Shards"] if "EndingSequenceNumber" in s["SequenceNumberRange"]]
children = [s for s in desc["Shards"] if "ParentShardId" in s]
check(len(closed) == 4 and len(children) == len(desc["Shards"]) - 4 and children,
      "a split closes the shards and opens children: %d shards, %d closed" %
      (len(desc["Shards"]), len(closed)))
check(len(read_all()) == 7, "every record is still read once across the generations")

code, msg = error_of(streams.describe_stream, StreamArn=arn + "x")
check((code, msg) == ("ResourceNotFoundException",
                      "Requested resource not found: Stream: %sx not found" % arn), msg)
code, msg = error_of(streams.get_shard_iterator, StreamArn=arn,
                     ShardId="shardId-00000000000000000099-00000000",
                     ShardIteratorType="TRIM_HORIZON")
check((code, msg) == ("ResourceNotFoundException",
                      "Requested resource not found: Shard does not exist"), msg)
code, msg = error_of(streams.get_records, ShardIterator="not-an-iterator")
check(code == "ValidationException", msg)
code, msg = error_of(ddb.update_table, TableName="Orders",
                     StreamSpecification={"StreamEnabled": True, "StreamViewType": "KEYS_ONLY"})
check(msg == "Table already has an enabled stream: TableName: Orders", msg)
PYEOF

# The aws CLI reads the same stream.
arn=$("$AWS" dynamodb describe-table --table-name Orders --endpoint-url "$ENDPOINT" \
  --query Table.LatestStreamArn --output text) || fail "describe-table"
shard=$("$AWS" dynamodbstreams describe-stream --stream-arn "$arn" --endpoint-url "$ENDPOINT" \
  --query 'StreamDescription.Shards[0].ShardId' --output text) || fail "aws dynamodbstreams describe-stream"
it=$("$AWS" dynamodbstreams get-shard-iterator --stream-arn "$arn" --shard-id "$shard" \
  --shard-iterator-type TRIM_HORIZON --endpoint-url "$ENDPOINT" --query ShardIterator \
  --output text) || fail "aws dynamodbstreams get-shard-iterator"
"$AWS" dynamodbstreams get-records --shard-iterator "$it" --endpoint-url "$ENDPOINT" \
  > "$WORK/records.json" || fail "aws dynamodbstreams get-records"
"$PY" -c 'import json,sys; d=json.load(open(sys.argv[1])); assert "Records" in d' "$WORK/records.json" ||
  fail "get-records printed no Records"

# An iterator expires after 15 minutes of the server's clock: one is taken at a fixed time, and
# the same database reopened 1,000 seconds later refuses it.
stop_server
start_server --db "$WORK/streams.db" --clock 1700000000
"$PY" - "$ENDPOINT" "$WORK/iterator" <<'PYEOF' || fail "taking an iterator"
import sys
import boto3
ep = sys.argv[1]
ddb = boto3.client("dynamodb", region_name="us-east-1", endpoint_url=ep)
streams = boto3.client("dynamodbstreams", region_name="us-east-1", endpoint_url=ep)
arn = ddb.create_table(
    TableName="Clocked", BillingMode="PAY_PER_REQUEST",
    AttributeDefinitions=[{"AttributeName": "PK", "AttributeType": "S"}],
    KeySchema=[{"AttributeName": "PK", "KeyType": "HASH"}],
    StreamSpecification={"StreamEnabled": True, "StreamViewType": "KEYS_ONLY"},
)["TableDescription"]["LatestStreamArn"]
ddb.put_item(TableName="Clocked", Item={"PK": {"S": "kept"}})
shards = streams.describe_stream(StreamArn=arn)["StreamDescription"]["Shards"]
with open(sys.argv[2], "w") as f:
    for s in shards:
        f.write(streams.get_shard_iterator(StreamArn=arn, ShardId=s["ShardId"],
                                           ShardIteratorType="TRIM_HORIZON")["ShardIterator"] + "\n")
PYEOF
stop_server
start_server --db "$WORK/streams.db" --clock 1700001000
PYTHONPATH="$(dirname "$0")/lib" "$PY" - "$ENDPOINT" "$WORK/iterator" <<'PYEOF' || fail "iterator expiry"
import sys
import boto3
from boto3_checks import check, error_of
streams = boto3.client("dynamodbstreams", region_name="us-east-1", endpoint_url=sys.argv[1])
it = open(sys.argv[2]).read().split()[0]
code, msg = error_of(streams.get_records, ShardIterator=it)
check((code, msg) == ("ExpiredIteratorException", "Shard iterator has expired"), "%s %s" % (code, msg))
# The record survived the restart: a fresh iterator reads it.
arn = it.split("|")[0]
total = 0
for s in streams.describe_stream(StreamArn=arn)["StreamDescription"]["Shards"]:
    fresh = streams.get_shard_iterator(StreamArn=arn, ShardId=s["ShardId"],
                                       ShardIteratorType="TRIM_HORIZON")["ShardIterator"]
    total += len(streams.get_records(ShardIterator=fresh)["Records"])
check(total == 1, "the record is kept with the database file: %d" % total)
PYEOF
echo "ok: serve streams"
