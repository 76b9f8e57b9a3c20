# Raw HTTP against `ddblab serve`: DynamoDB's request framework checks every member's
# constraints before the operation reads the request further or looks up a table, and lists
# every violation in one "N validation errors detected: " message, member by member in the
# order of its own model. Expected texts are those captured from DynamoDB (UpdateItem,
# BatchWriteItem, TransactWriteItems, 2026) or its enum sets; every hand-read data-plane
# operation is covered: Get/Put/Update/DeleteItem, Query, Scan, the batches, the transactions,
# the PartiQL operations, ListTables and the Streams API.
source "$(dirname "$0")/lib/serve_common.sh" "$@"
start_server

"$PY" - "$ENDPOINT" <<'PYEOF' || fail "member constraint checks failed"
import json
import sys
import urllib.error
import urllib.request

ENDPOINT = sys.argv[1]
AUTH = ("AWS4-HMAC-SHA256 Credential=k/20260101/us-east-1/dynamodb/aws4_request, "
        "SignedHeaders=host, Signature=0")


def call(op, body, target="DynamoDB_20120810."):
    req = urllib.request.Request(ENDPOINT, data=json.dumps(body).encode(), headers={
        "X-Amz-Target": target + op,
        "Content-Type": "application/x-amz-json-1.0", "Authorization": AUTH})
    try:
        return 200, json.loads(urllib.request.urlopen(req).read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read())


def refused(op, body, *violations, target="DynamoDB_20120810."):
    status, reply = call(op, body, target)
    n = len(violations)
    want = "%d validation error%s detected: %s" % (n, "s" if n > 1 else "", "; ".join(violations))
    if status != 400 or not reply.get("__type", "").endswith("ValidationException") or \
            reply.get("message") != want:
        print("FAIL: %s %s\n  got:  %s %s\n  want: %s" % (op, body, status, reply, want),
              file=sys.stderr)
        sys.exit(1)


def enum(value, path, allowed):
    return ("Value '%s' at '%s' failed to satisfy constraint: Member must satisfy enum value "
            "set: [%s]" % (value, path, allowed))


RCC = enum("BOGUS", "returnConsumedCapacity", "INDEXES, TOTAL, NONE")
RICM = enum("BOGUS2", "returnItemCollectionMetrics", "SIZE, NONE")
RV = enum("BOGUS3", "returnValues", "ALL_NEW, UPDATED_OLD, ALL_OLD, NONE, UPDATED_NEW")
CONDOP = enum("XOR", "conditionalOperator", "OR, AND")
SELECT = enum("BOGUS4", "select",
              "SPECIFIC_ATTRIBUTES, COUNT, ALL_ATTRIBUTES, ALL_PROJECTED_ATTRIBUTES")
NO_KEY = "Value null at 'key' failed to satisfy constraint: Member must not be null"
EMPTY_NAME = ("Value '' at 'tableName' failed to satisfy constraint: Member must have length "
              "greater than or equal to 1")
KEY = {"pk": {"S": "k"}}

status, _ = call("CreateTable", {
    "TableName": "members", "BillingMode": "PAY_PER_REQUEST",
    "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}],
    "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}]})
assert status == 200

# Single-item writes: every bad enum is listed, ReturnConsumedCapacity first, and nothing is
# written.
refused("PutItem", {"TableName": "members", "Item": KEY, "ReturnValues": "BOGUS3",
                    "ReturnConsumedCapacity": "BOGUS", "ReturnItemCollectionMetrics": "BOGUS2"},
        RCC, RV, RICM)
refused("DeleteItem", {"TableName": "members", "Key": KEY, "ReturnValues": "BOGUS3",
                       "ReturnConsumedCapacity": "BOGUS", "ReturnItemCollectionMetrics": "BOGUS2"},
        RCC, RV, RICM)
status, got = call("GetItem", {"TableName": "members", "Key": KEY})
assert status == 200 and "Item" not in got, got

# Captured from DynamoDB: an empty table name, the enums and a missing Key, member by member.
refused("UpdateItem", {"TableName": "", "UpdateExpression": "SET a = :a",
                       "ExpressionAttributeValues": {":a": {"S": "x"}},
                       "ReturnConsumedCapacity": "INVALID", "ReturnValues": "INVALID"},
        enum("INVALID", "returnConsumedCapacity", "INDEXES, TOTAL, NONE"), EMPTY_NAME,
        enum("INVALID", "returnValues", "ALL_NEW, UPDATED_OLD, ALL_OLD, NONE, UPDATED_NEW"),
        NO_KEY)
refused("UpdateItem", {"TableName": "", "UpdateExpression": "SET a = :a",
                       "ExpressionAttributeValues": {":a": {"S": "x"}}}, EMPTY_NAME, NO_KEY)
# ... and a legacy ConditionalOperator outside its enum beside a missing Key, on a missing table.
refused("UpdateItem", {"TableName": "no_such_table",
                       "AttributeUpdates": {"x": {"Action": "PUT", "Value": {"S": "1"}}},
                       "Expected": {"a": {"Exists": False}, "b": {"Exists": False}},
                       "ConditionalOperator": "XOR"}, CONDOP, NO_KEY)
refused("GetItem", {"TableName": "no_such_table", "ReturnConsumedCapacity": "BOGUS"},
        RCC, NO_KEY)
refused("PutItem", {"ReturnConsumedCapacity": "BOGUS"}, RCC,
        "Value null at 'tableName' failed to satisfy constraint: Member must not be null",
        "Value null at 'item' failed to satisfy constraint: Member must not be null")

# Reads: Query and Scan list their Limit, enums, segments and names together.
refused("Query", {"TableName": "members", "Limit": 0, "ReturnConsumedCapacity": "BOGUS",
                  "Select": "BOGUS4", "ConditionalOperator": "XOR"},
        "Value at 'Limit' failed to satisfy constraint: Member must have value greater than or "
        "equal to 1", RCC, SELECT, CONDOP)
refused("Scan", {"TableName": "members", "Limit": 0, "ReturnConsumedCapacity": "BOGUS",
                 "Segment": -1, "TotalSegments": 0, "Select": "BOGUS4", "IndexName": "x!"},
        "Value '0' at 'limit' failed to satisfy constraint: Member must have value greater than "
        "or equal to 1", RCC,
        "Value '-1' at 'segment' failed to satisfy constraint: Member must have value greater "
        "than or equal to 0", SELECT,
        "Value '0' at 'totalSegments' failed to satisfy constraint: Member must have value "
        "greater than or equal to 1",
        "Value 'x!' at 'indexName' failed to satisfy constraint: Member must satisfy regular "
        "expression pattern: [a-zA-Z0-9_.-]+",
        "Value 'x!' at 'indexName' failed to satisfy constraint: Member must have length greater "
        "than or equal to 3")

# Batches and transactions (captured from DynamoDB): both enums, ReturnConsumedCapacity first,
# ahead of a missing table; the token first in a transaction; nothing written.
refused("BatchWriteItem", {"RequestItems": {"members": [{"PutRequest": {"Item": KEY}}]},
                           "ReturnConsumedCapacity": "BOGUS",
                           "ReturnItemCollectionMetrics": "BOGUS2"}, RCC, RICM)
refused("BatchWriteItem", {"RequestItems": {"no_such_table": [{"PutRequest": {"Item": KEY}}]},
                           "ReturnConsumedCapacity": "BOGUS"}, RCC)
refused("BatchGetItem", {"RequestItems": {"no_such_table": {"Keys": [KEY]}},
                         "ReturnConsumedCapacity": "BOGUS"}, RCC)
token = "x" * 37
refused("TransactWriteItems", {"TransactItems": [{"Put": {"TableName": "members", "Item": KEY}}],
                               "ClientRequestToken": token, "ReturnConsumedCapacity": "BOGUS",
                               "ReturnItemCollectionMetrics": "BOGUS2"},
        "Value '%s' at 'clientRequestToken' failed to satisfy constraint: Member must have "
        "length less than or equal to 36" % token, RCC, RICM)
refused("TransactWriteItems", {"TransactItems": [], "ReturnConsumedCapacity": "BOGUS"}, RCC,
        "Value '[]' at 'transactItems' failed to satisfy constraint: Member must have length "
        "greater than or equal to 1")
refused("TransactGetItems", {"ReturnConsumedCapacity": "BOGUS"},
        "Value null at 'transactItems' failed to satisfy constraint: Member must not be null", RCC)

# PartiQL: the statement, its parameters and the enums and Limit together.
refused("ExecuteStatement", {"Statement": "SELECT * FROM members", "Parameters": [],
                             "ReturnConsumedCapacity": "BOGUS", "Limit": 0},
        "Value '[]' at 'parameters' failed to satisfy constraint: Member must have length greater "
        "than or equal to 1", RCC,
        "Value '0' at 'limit' failed to satisfy constraint: Member must have value greater than "
        "or equal to 1")
refused("ExecuteStatement", {"ReturnConsumedCapacity": "BOGUS"},
        "Value null at 'statement' failed to satisfy constraint: Member must not be null", RCC)
refused("BatchExecuteStatement", {"Statements": [], "ReturnConsumedCapacity": "BOGUS"},
        "Value at 'statements' failed to satisfy constraint: Member must have length greater "
        "than or equal to 1", RCC)
refused("ExecuteTransaction", {"TransactStatements": [], "ClientRequestToken": "",
                               "ReturnConsumedCapacity": "BOGUS"},
        "Value at 'transactStatements' failed to satisfy constraint: Member must have length "
        "greater than or equal to 1",
        "Value '' at 'clientRequestToken' failed to satisfy constraint: Member must have length "
        "greater than or equal to 1", RCC)

# ListTables: its Limit and its start name together.
refused("ListTables", {"Limit": 0, "ExclusiveStartTableName": "a"},
        "Value '0' at 'limit' failed to satisfy constraint: Member must have value greater than "
        "or equal to 1",
        "Value 'a' at 'exclusiveStartTableName' failed to satisfy constraint: Member must have "
        "length greater than or equal to 3")

# Streams: the missing members, the enum and the Limit together.
NULL = "Value null at '%s' failed to satisfy constraint: Member must not be null"
STREAMS = "DynamoDBStreams_20120810."


def refused_streams(op, body, *violations):
    refused(op, body, *violations, target=STREAMS)


refused_streams("GetShardIterator", {"ShardIteratorType": "NEWEST"}, NULL % "streamArn",
                NULL % "shardId",
                enum("NEWEST", "shardIteratorType",
                     "AFTER_SEQUENCE_NUMBER, LATEST, AT_SEQUENCE_NUMBER, TRIM_HORIZON"))
refused_streams("GetRecords", {"Limit": 0}, NULL % "shardIterator",
                "Value '0' at 'limit' failed to satisfy constraint: Member must have value "
                "greater than or equal to 1")
refused_streams("DescribeStream", {"Limit": 101}, NULL % "streamArn",
                "Value '101' at 'limit' failed to satisfy constraint: Member must have value "
                "less than or equal to 100")
refused_streams("ListStreams", {"TableName": "x!", "Limit": 0},
                "Value 'x!' at 'tableName' failed to satisfy constraint: Member must satisfy "
                "regular expression pattern: [a-zA-Z0-9_.-]+",
                "Value 'x!' at 'tableName' failed to satisfy constraint: Member must have length "
                "greater than or equal to 3",
                "Value '0' at 'limit' failed to satisfy constraint: Member must have value "
                "greater than or equal to 1")

status, got = call("Scan", {"TableName": "members"})
assert status == 200 and got["Count"] == 0, got
print("ok")
PYEOF
echo "PASS serve_member_constraints_listed"
