# boto3's low-level client against `ddblab serve` with DynamoDB's legacy (non-expression)
# parameters: Expected and ConditionalOperator on PutItem/UpdateItem/DeleteItem, AttributeUpdates
# with ReturnValues, KeyConditions and QueryFilter on Query, ScanFilter on Scan, AttributesToGet
# on GetItem/BatchGetItem/Query/Scan, and the mixing and validation errors with DynamoDB's
# messages. DynamoDB: API reference "Legacy conditional parameters".
source "$(dirname "$0")/lib/serve_common.sh" "$@"
require_tools boto3
start_server

"$PY" - "$ENDPOINT" <<'PYEOF' || fail "legacy parameter checks failed"
import sys

import boto3
from botocore.exceptions import ClientError

client = boto3.client("dynamodb", region_name="us-east-1", endpoint_url=sys.argv[1])


def check(cond, what):
    if not cond:
        print("FAIL:", what, file=sys.stderr)
        sys.exit(1)


def refused(call, code, message, **kwargs):
    try:
        call(**kwargs)
    except ClientError as e:
        got = (e.response["Error"]["Code"], e.response["Error"]["Message"])
        check(got == (code, message), f"{call.__name__}: want {(code, message)}, got {got}")
        return
    check(False, f"{call.__name__} should have failed with {message}")


def item(pk, sk):
    return client.get_item(TableName="Tbl", Key={"PK": {"S": pk}, "SK": {"S": sk}},
                           ConsistentRead=True).get("Item")


client.create_table(
    TableName="Tbl",
    AttributeDefinitions=[{"AttributeName": "PK", "AttributeType": "S"},
                          {"AttributeName": "SK", "AttributeType": "S"}],
    KeySchema=[{"AttributeName": "PK", "KeyType": "HASH"},
               {"AttributeName": "SK", "KeyType": "RANGE"}],
    BillingMode="PAY_PER_REQUEST",
)
KEY = {"PK": {"S": "u"}, "SK": {"S": "a"}}
INVALID = "One or more parameter values were invalid: "

# Rule: Expected Exists=false guards a PutItem (create-only).
client.put_item(TableName="Tbl", Item={**KEY, "n": {"N": "1"}},
                Expected={"PK": {"Exists": False}})
refused(client.put_item, "ConditionalCheckFailedException", "The conditional request failed",
        TableName="Tbl", Item=KEY, Expected={"PK": {"Exists": False}})
check(item("u", "a")["n"] == {"N": "1"}, "refused put left the item")

# Rule: AttributeUpdates PUT/ADD/DELETE with Expected (Value form) and ReturnValues.
r = client.update_item(
    TableName="Tbl", Key=KEY,
    AttributeUpdates={"n": {"Action": "ADD", "Value": {"N": "2"}},
                      "tags": {"Action": "ADD", "Value": {"SS": ["x", "y"]}},
                      "hist": {"Action": "ADD", "Value": {"L": [{"S": "e1"}]}},
                      "name": {"Action": "PUT", "Value": {"S": "Ada"}}},
    Expected={"n": {"Value": {"N": "1"}}},
    ReturnValues="UPDATED_NEW")
check(r["Attributes"] == {"n": {"N": "3"}, "tags": {"SS": ["x", "y"]},
                          "hist": {"L": [{"S": "e1"}]}, "name": {"S": "Ada"}},
      f"UPDATED_NEW: {r.get('Attributes')}")
r = client.update_item(
    TableName="Tbl", Key=KEY,
    AttributeUpdates={"tags": {"Action": "DELETE", "Value": {"SS": ["x"]}},
                      "hist": {"Action": "ADD", "Value": {"L": [{"S": "e2"}]}},
                      "name": {"Action": "DELETE"}},
    ReturnValues="ALL_NEW")
check(r["Attributes"] == {**KEY, "n": {"N": "3"}, "tags": {"SS": ["y"]},
                          "hist": {"L": [{"S": "e1"}, {"S": "e2"}]}},
      f"ALL_NEW: {r.get('Attributes')}")
r = client.update_item(TableName="Tbl", Key=KEY,
                       AttributeUpdates={"n": {"Action": "PUT", "Value": {"N": "10"}}},
                       ReturnValues="UPDATED_OLD")
check(r["Attributes"] == {"n": {"N": "3"}}, f"UPDATED_OLD: {r.get('Attributes')}")

# Rule: Expected ComparisonOperator form, ConditionalOperator OR/AND.
client.update_item(TableName="Tbl", Key=KEY,
                   AttributeUpdates={"ok": {"Value": {"BOOL": True}}},
                   Expected={"n": {"ComparisonOperator": "BETWEEN",
                                   "AttributeValueList": [{"N": "5"}, {"N": "10"}]},
                             "zz": {"ComparisonOperator": "NOT_NULL"}},
                   ConditionalOperator="OR")
check(item("u", "a")["ok"] == {"BOOL": True}, "OR condition applied the update")
refused(client.update_item, "ConditionalCheckFailedException", "The conditional request failed",
        TableName="Tbl", Key=KEY, AttributeUpdates={"ok": {"Value": {"BOOL": False}}},
        Expected={"n": {"ComparisonOperator": "GT", "AttributeValueList": [{"N": "5"}]},
                  "zz": {"ComparisonOperator": "NOT_NULL"}})
refused(client.delete_item, "ConditionalCheckFailedException", "The conditional request failed",
        TableName="Tbl", Key=KEY,
        Expected={"tags": {"ComparisonOperator": "NOT_CONTAINS",
                           "AttributeValueList": [{"S": "y"}]}})

# Rule: the two styles are not mixed, and each legacy member is validated. A single-item
# write reports it as one constraint violation ("1 validation error detected: ").
refused(client.put_item, "ValidationException",
        "1 validation error detected: "
        "Can not use both expression and non-expression parameters in the same request: "
        "Non-expression parameters: {Expected} Expression parameters: {ConditionExpression}",
        TableName="Tbl", Item=KEY, Expected={"n": {"Exists": False}},
        ConditionExpression="attribute_not_exists(n)")
refused(client.update_item, "ValidationException",
        "1 validation error detected: "
        "Can not use both expression and non-expression parameters in the same request: "
        "Non-expression parameters: {AttributeUpdates} Expression parameters: {UpdateExpression}",
        TableName="Tbl", Key=KEY, AttributeUpdates={"a": {"Value": {"N": "1"}}},
        UpdateExpression="SET b = :b", ExpressionAttributeValues={":b": {"N": "1"}})
refused(client.update_item, "ValidationException",
        INVALID + "Invalid number of argument(s) for the BETWEEN ComparisonOperator",
        TableName="Tbl", Key=KEY, AttributeUpdates={"a": {"Value": {"N": "1"}}},
        Expected={"n": {"ComparisonOperator": "BETWEEN", "AttributeValueList": [{"N": "1"}]}})
refused(client.update_item, "ValidationException",
        INVALID + "ComparisonOperator LT is not valid for SS AttributeValue type",
        TableName="Tbl", Key=KEY, AttributeUpdates={"a": {"Value": {"N": "1"}}},
        Expected={"n": {"ComparisonOperator": "LT", "AttributeValueList": [{"SS": ["a"]}]}})
refused(client.update_item, "ValidationException",
        INVALID + "Value must be provided when Exists is true for Attribute: n",
        TableName="Tbl", Key=KEY, AttributeUpdates={"a": {"Value": {"N": "1"}}},
        Expected={"n": {"Exists": True}})
refused(client.update_item, "ValidationException",
        INVALID + "ADD action is not supported for the type S",
        TableName="Tbl", Key=KEY, AttributeUpdates={"a": {"Action": "ADD", "Value": {"S": "x"}}})
refused(client.update_item, "ValidationException", "Type mismatch for attribute to update",
        TableName="Tbl", Key=KEY, AttributeUpdates={"tags": {"Action": "ADD", "Value": {"N": "1"}}})
refused(client.update_item, "ValidationException",
        INVALID + "Cannot update attribute SK. This attribute is part of the key",
        TableName="Tbl", Key=KEY, AttributeUpdates={"SK": {"Value": {"S": "b"}}})
refused(client.update_item, "ValidationException",
        "1 validation error detected: "
        "ExpressionAttributeValues can only be specified when using expressions: "
        "UpdateExpression and ConditionExpression are null",
        TableName="Tbl", Key=KEY, AttributeUpdates={"a": {"Value": {"N": "1"}}},
        ExpressionAttributeValues={":v": {"N": "1"}})

# Rule: KeyConditions, QueryFilter, ConditionalOperator, AttributesToGet on Query.
for i in range(1, 6):
    client.put_item(TableName="Tbl", Item={"PK": {"S": "q"}, "SK": {"S": f"s{i}"},
                                         "n": {"N": str(i)}, "kind": {"S": "even" if i % 2 == 0 else "odd"}})
r = client.query(TableName="Tbl",
                 KeyConditions={"PK": {"ComparisonOperator": "EQ", "AttributeValueList": [{"S": "q"}]},
                                "SK": {"ComparisonOperator": "BETWEEN",
                                       "AttributeValueList": [{"S": "s2"}, {"S": "s5"}]}},
                 QueryFilter={"kind": {"ComparisonOperator": "EQ", "AttributeValueList": [{"S": "odd"}]},
                              "n": {"ComparisonOperator": "GE", "AttributeValueList": [{"N": "4"}]}},
                 ConditionalOperator="OR",
                 AttributesToGet=["SK"], Select="SPECIFIC_ATTRIBUTES")
check(r["Items"] == [{"SK": {"S": "s3"}}, {"SK": {"S": "s4"}}, {"SK": {"S": "s5"}}],
      f"legacy query: {r['Items']}")
check(r["ScannedCount"] == 4, "QueryFilter runs after the key condition")
r = client.query(TableName="Tbl", KeyConditions={
    "PK": {"ComparisonOperator": "EQ", "AttributeValueList": [{"S": "q"}]},
    "SK": {"ComparisonOperator": "BEGINS_WITH", "AttributeValueList": [{"S": "s1"}]}})
check(r["Count"] == 1, "BEGINS_WITH on the sort key")
refused(client.query, "ValidationException",
        "Attempted conditional constraint is not an indexable operation",
        TableName="Tbl", KeyConditions={"PK": {"ComparisonOperator": "NE",
                                             "AttributeValueList": [{"S": "q"}]}})
refused(client.query, "ValidationException", "Query key condition not supported",
        TableName="Tbl", KeyConditions={"PK": {"ComparisonOperator": "GT",
                                             "AttributeValueList": [{"S": "q"}]}})
refused(client.query, "ValidationException",
        INVALID + "Condition parameter type does not match schema type",
        TableName="Tbl", KeyConditions={"PK": {"ComparisonOperator": "EQ",
                                             "AttributeValueList": [{"N": "1"}]}})
refused(client.query, "ValidationException",
        "Can not use both expression and non-expression parameters in the same request: "
        "Non-expression parameters: {QueryFilter} Expression parameters: "
        "{KeyConditionExpression}",
        TableName="Tbl", KeyConditionExpression="PK = :q",
        ExpressionAttributeValues={":q": {"S": "q"}},
        QueryFilter={"n": {"ComparisonOperator": "NOT_NULL"}})

# Rule: ScanFilter with the thirteen operators.
cases = [("EQ", [{"N": "3"}], 1), ("NE", [{"N": "3"}], 5), ("LE", [{"N": "3"}], 3),
         ("LT", [{"N": "3"}], 2), ("GE", [{"N": "3"}], 4), ("GT", [{"N": "3"}], 3),
         ("NOT_NULL", [], 5), ("NULL", [], 1), ("CONTAINS", [{"S": "dd"}], 3),
         ("NOT_CONTAINS", [{"S": "dd"}], 2), ("BEGINS_WITH", [{"S": "ev"}], 2),
         ("IN", [{"N": "1"}, {"N": "5"}], 2), ("BETWEEN", [{"N": "2"}, {"N": "4"}], 3)]
for op, values, want in cases:
    attr = "kind" if op in ("NOT_NULL", "NULL", "CONTAINS", "NOT_CONTAINS", "BEGINS_WITH") else "n"
    cond = {"ComparisonOperator": op}
    if values:
        cond["AttributeValueList"] = values
    got = client.scan(TableName="Tbl", ScanFilter={attr: cond})["Count"]
    check(got == want, f"ScanFilter {op}: want {want}, got {got}")
refused(client.scan, "ValidationException",
        "ConditionalOperator can only be used when Filter or Expected has two or more elements",
        TableName="Tbl", ScanFilter={"n": {"ComparisonOperator": "NULL"}}, ConditionalOperator="AND")

# Rule: AttributesToGet on GetItem and BatchGetItem, and its validation.
r = client.get_item(TableName="Tbl", Key={"PK": {"S": "q"}, "SK": {"S": "s2"}},
                    AttributesToGet=["n", "absent"])
check(r["Item"] == {"n": {"N": "2"}}, f"GetItem AttributesToGet: {r['Item']}")
r = client.batch_get_item(RequestItems={"Tbl": {
    "Keys": [{"PK": {"S": "q"}, "SK": {"S": "s1"}}], "AttributesToGet": ["kind"]}})
check(r["Responses"]["Tbl"] == [{"kind": {"S": "odd"}}], f"BatchGetItem: {r['Responses']}")
refused(client.get_item, "ValidationException",
        INVALID + "Duplicate value in attribute name: n",
        TableName="Tbl", Key={"PK": {"S": "q"}, "SK": {"S": "s2"}}, AttributesToGet=["n", "n"])
refused(client.get_item, "ValidationException",
        "Can not use both expression and non-expression parameters in the same request: "
        "Non-expression parameters: {AttributesToGet} Expression parameters: "
        "{ProjectionExpression}",
        TableName="Tbl", Key={"PK": {"S": "q"}, "SK": {"S": "s2"}}, AttributesToGet=["n"],
        ProjectionExpression="kind")
print("legacy parameters: ok")
PYEOF
echo "PASS"
