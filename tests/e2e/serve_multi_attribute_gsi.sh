# Multi-attribute GSI keys against `ddblab serve`: CreateTable and UpdateTable with up to four
# HASH and four RANGE attributes, DescribeTable, sparse index membership, type checks on writes,
# Query rules and order, pagination, legacy KeyConditions, Scan and parallel Scan.
# DynamoDB: Developer Guide "Multi-attribute keys pattern" (GSI.DesignPattern.MultiAttributeKeys).
# Requests that name such a KeySchema are sent as raw JSON (Debian's botocore may predate the
# feature); item writes go through boto3.
source "$(dirname "$0")/lib/serve_common.sh" "$@"
require_tools boto3
start_server

"$PY" - "$ENDPOINT" <<'PYEOF' || fail "multi-attribute GSI checks failed"
import json
import sys
import urllib.error
import urllib.request

import boto3
from botocore.exceptions import ClientError

endpoint = sys.argv[1]
client = boto3.client("dynamodb", region_name="us-east-1", endpoint_url=endpoint)


def check(cond, what):
    if not cond:
        print("FAIL:", what, file=sys.stderr)
        sys.exit(1)


def raw(operation, body):
    """POSTs one DynamoDB JSON request; returns (status, parsed body)."""
    req = urllib.request.Request(
        endpoint + "/", data=json.dumps(body).encode(), method="POST",
        headers={"X-Amz-Target": "DynamoDB_20120810." + operation,
                 "Content-Type": "application/x-amz-json-1.0"})
    try:
        with urllib.request.urlopen(req) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read())


def ok(operation, body):
    status, out = raw(operation, body)
    check(status == 200, f"{operation}: {out}")
    return out


def refused(operation, body, message):
    status, out = raw(operation, body)
    got = (status, out.get("__type", "").split("#")[-1], out.get("message", out.get("Message")))
    check(got == (400, "ValidationException", message),
          f"{operation}: want {message!r}, got {got}")


def defs(**types):
    return [{"AttributeName": n, "AttributeType": t} for n, t in types.items()]


def keys(hash_names, range_names=()):
    return ([{"AttributeName": n, "KeyType": "HASH"} for n in hash_names] +
            [{"AttributeName": n, "KeyType": "RANGE"} for n in range_names])


table = {
    "TableName": "Matches",
    "BillingMode": "PAY_PER_REQUEST",
    "AttributeDefinitions": defs(matchId="S", tournamentId="S", regionCode="S", round="N",
                                 bracket="S"),
    "KeySchema": keys(["matchId"]),
    "GlobalSecondaryIndexes": [{
        "IndexName": "ByTournament",
        "KeySchema": keys(["tournamentId", "regionCode"], ["round", "bracket"]),
        "Projection": {"ProjectionType": "ALL"},
    }],
}

# CreateTable validation, with DynamoDB's messages.
bad = json.loads(json.dumps(table))
bad["GlobalSecondaryIndexes"][0]["KeySchema"] = (keys(["tournamentId"], ["round"]) +
                                                 keys(["regionCode"], ["bracket"]))
refused("CreateTable", bad, "One or more parameter values were invalid: All HASH key attributes "
        "must precede RANGE key attributes in the KeySchema")
bad = dict(table, AttributeDefinitions=defs(matchId="S", a="S", b="S", c="S", d="S", e="S"),
           GlobalSecondaryIndexes=[{"IndexName": "Gsi", "KeySchema": keys("abcde"),
                                    "Projection": {"ProjectionType": "ALL"}}])
refused("CreateTable", bad, "One or more parameter values were invalid: The KeySchema exceeds "
        "the maximum allowed number of HASH key attributes")
bad = dict(table, AttributeDefinitions=defs(matchId="S", a="S", b="S"),
           KeySchema=keys(["matchId", "a"], ["b"]), GlobalSecondaryIndexes=None)
del bad["GlobalSecondaryIndexes"]
refused("CreateTable", bad, "1 validation error detected: Value '[KeySchemaElement("
        "attributeName=matchId, keyType=HASH), KeySchemaElement(attributeName=a, keyType=HASH), "
        "KeySchemaElement(attributeName=b, keyType=RANGE)]' at 'keySchema' failed to satisfy "
        "constraint: Member must have length less than or equal to 2")

ok("CreateTable", table)
described = ok("DescribeTable", {"TableName": "Matches"})["Table"]
check(described["GlobalSecondaryIndexes"][0]["KeySchema"] ==
      keys(["tournamentId", "regionCode"], ["round", "bracket"]),
      f"KeySchema order: {described['GlobalSecondaryIndexes'][0]['KeySchema']}")


def match(mid, t, r, rnd, b):
    return {"matchId": {"S": mid}, "tournamentId": {"S": t}, "regionCode": {"S": r},
            "round": {"N": rnd}, "bracket": {"S": b}}


for item in [match("m1", "W", "EU", "10", "A"), match("m2", "W", "EU", "2", "B"),
             match("m3", "W", "EU", "2", "A"), match("m4", "W", "US", "1", "A"),
             match("m5", "W", "EU", "-1", "Z")]:
    client.put_item(TableName="Matches", Item=item)
# Sparse: no bracket, so not in the index.
client.put_item(TableName="Matches", Item={"matchId": {"S": "m6"}, "tournamentId": {"S": "W"},
                                           "regionCode": {"S": "EU"}, "round": {"N": "3"}})
# A wrong type on any key attribute is refused.
try:
    client.put_item(TableName="Matches", Item=dict(match("m7", "W", "EU", "1", "A"),
                                                   regionCode={"N": "1"}))
    check(False, "wrong-typed regionCode accepted")
except ClientError as e:
    check(e.response["Error"]["Message"] == "One or more parameter values were invalid: Type "
          "mismatch for Index Key regionCode Expected: S Actual: N IndexName: ByTournament",
          e.response["Error"]["Message"])

values = {":t": {"S": "W"}, ":r": {"S": "EU"}}


def query(kc, extra=None, **kw):
    body = {"TableName": "Matches", "IndexName": "ByTournament", "KeyConditionExpression": kc,
            "ExpressionAttributeValues": dict(values, **(extra or {}))}
    body.update(kw)
    return body


def ids(out):
    return [i["matchId"]["S"] for i in out["Items"]]


out = ok("Query", query("tournamentId = :t AND regionCode = :r"))
check(ids(out) == ["m5", "m3", "m2", "m1"], f"order by (round, bracket): {ids(out)}")
out = ok("Query", query("tournamentId = :t AND regionCode = :r", ScanIndexForward=False))
check(ids(out) == ["m1", "m2", "m3", "m5"], f"descending: {ids(out)}")
out = ok("Query", query("tournamentId = :t AND regionCode = :r AND round = :n AND "
                        "begins_with(bracket, :b)", {":n": {"N": "2"}, ":b": {"S": "B"}}))
check(ids(out) == ["m2"], f"round = 2 AND begins_with(bracket, B): {ids(out)}")
out = ok("Query", query("tournamentId = :t AND regionCode = :r AND round BETWEEN :a AND :b",
                        {":a": {"N": "0"}, ":b": {"N": "5"}}))
check(ids(out) == ["m3", "m2"], f"BETWEEN: {ids(out)}")
refused("Query", query("tournamentId = :t"),
        "HASH key attributes regionCode must have equality conditions specified in the query")
refused("Query", query("tournamentId = :t AND regionCode = :r AND bracket = :b",
                       {":b": {"S": "A"}}),
        "RANGE key attributes round must have equality conditions specified in the query "
        "because a condition is present on key attribute bracket")
refused("Query", query("tournamentId = :t AND regionCode = :r AND round > :n AND bracket = :b",
                       {":n": {"N": "1"}, ":b": {"S": "A"}}),
        "RANGE key attributes round must have equality conditions specified in the query "
        "because a condition is present on key attribute bracket")
refused("Query", query("tournamentId = :t AND regionCode = :r", {":b": {"S": "A"}},
                       FilterExpression="bracket = :b"),
        "Filter Expression can only contain non-primary key attributes: Primary key attribute: "
        "bracket")

# Pagination: LastEvaluatedKey names the table key and every index key attribute.
seen, start = [], None
while True:
    body = query("tournamentId = :t AND regionCode = :r", Limit=3)
    if start:
        body["ExclusiveStartKey"] = start
    out = ok("Query", body)
    seen += ids(out)
    start = out.get("LastEvaluatedKey")
    if not start:
        break
    check(sorted(start) == ["bracket", "matchId", "regionCode", "round", "tournamentId"],
          f"LastEvaluatedKey: {start}")
check(seen == ["m5", "m3", "m2", "m1"], f"pages: {seen}")

# Legacy KeyConditions.
out = ok("Query", {"TableName": "Matches", "IndexName": "ByTournament", "KeyConditions": {
    "tournamentId": {"ComparisonOperator": "EQ", "AttributeValueList": [{"S": "W"}]},
    "regionCode": {"ComparisonOperator": "EQ", "AttributeValueList": [{"S": "EU"}]},
    "round": {"ComparisonOperator": "GE", "AttributeValueList": [{"N": "2"}]}}})
check(ids(out) == ["m3", "m2", "m1"], f"KeyConditions: {ids(out)}")

# Scan and parallel Scan of the index.
out = ok("Scan", {"TableName": "Matches", "IndexName": "ByTournament"})
check(out["Count"] == 5, f"Scan count {out['Count']}")
total = 0
for seg in range(3):
    total += ok("Scan", {"TableName": "Matches", "IndexName": "ByTournament", "Segment": seg,
                         "TotalSegments": 3})["Count"]
check(total == 5, f"parallel Scan total {total}")

# UpdateTable creates one, backfilled from existing items.
ok("UpdateTable", {
    "TableName": "Matches",
    "AttributeDefinitions": defs(bracket="S", round="N", regionCode="S"),
    "GlobalSecondaryIndexUpdates": [{"Create": {
        "IndexName": "ByBracket", "KeySchema": keys(["bracket", "regionCode"], ["round"]),
        "Projection": {"ProjectionType": "KEYS_ONLY"}}}]})
out = ok("Query", {"TableName": "Matches", "IndexName": "ByBracket",
                   "KeyConditionExpression": "bracket = :b AND regionCode = :r",
                   "ExpressionAttributeValues": {":b": {"S": "A"}, ":r": {"S": "EU"}}})
check(ids(out) == ["m3", "m1"], f"backfilled index: {ids(out)}")
check(sorted(out["Items"][0]) == ["bracket", "matchId", "regionCode", "round"],
      f"KEYS_ONLY projection: {sorted(out['Items'][0])}")
# Parenthesised SET values, as ElectroDB's add and subtract updates send them.
client.update_item(TableName="Matches", Key={"matchId": {"S": "m1"}},
                   UpdateExpression="SET #n = (if_not_exists(#n, :d) - :v)",
                   ExpressionAttributeNames={"#n": "score"},
                   ExpressionAttributeValues={":d": {"N": "10"}, ":v": {"N": "3"}})
got = client.get_item(TableName="Matches", Key={"matchId": {"S": "m1"}})["Item"]["score"]
check(got == {"N": "7"}, f"parenthesised subtract: {got}")
print("ok")
PYEOF
