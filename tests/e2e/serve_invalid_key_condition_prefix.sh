# boto3 against `ddblab serve`: which Query key-condition refusals DynamoDB words as expression
# errors ("Invalid KeyConditionExpression: ...") and which it leaves bare. Texts as DynamoDB
# answers them (eu-west-2, 2026; moto's AWS-verified suite for the bare condition family): the
# prefix on syntax, placeholders, reserved words, operand types, two conditions on one key and
# a nested key path; none on operators, the attribute-count and key-schema checks.
source "$(dirname "$0")/lib/serve_common.sh" "$@"
require_tools boto3
start_server

PYTHONPATH="$(dirname "$0")/lib" "$PY" - "$ENDPOINT" <<'PYEOF' || fail "key condition checks failed"
import sys

import boto3
from boto3_checks import check, error_of

ddb = boto3.client("dynamodb", region_name="us-east-1", endpoint_url=sys.argv[1])
ddb.create_table(
    TableName="kc_num", BillingMode="PAY_PER_REQUEST",
    AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"},
                          {"AttributeName": "sk", "AttributeType": "N"}],
    KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"},
               {"AttributeName": "sk", "KeyType": "RANGE"}])
PREFIX = "Invalid KeyConditionExpression: "
SCHEMA = ("One or more parameter values were invalid: Condition parameter type does not match "
          "schema type")


def operand(op, t):
    return (PREFIX + "Incorrect operand type for operator or function; operator or function: "
            "%s, operand type: %s" % (op, t))


def refused(expression, values, want):
    code, msg = error_of(ddb.query, TableName="kc_num", KeyConditionExpression=expression,
                         ExpressionAttributeValues=values)
    check(code == "ValidationException" and msg == want,
          "%s\n  got:  %s %s\n  want: %s" % (expression, code, msg, want))


p = {":p": {"S": "q"}}
refused("pk = :p AND begins_with(sk, :v)", {**p, ":v": {"N": "1"}}, operand("begins_with", "N"))
refused("pk = :p AND begins_with(sk, :v)", {**p, ":v": {"S": "a"}}, SCHEMA)
refused("pk = :p AND sk < :v", {**p, ":v": {"BOOL": True}}, operand("<", "BOOL"))
refused("pk = :p AND :v >= sk", {**p, ":v": {"BOOL": True}}, operand(">=", "BOOL"))
refused("pk = :p AND sk BETWEEN :a AND :b", {**p, ":a": {"BOOL": False}, ":b": {"BOOL": True}},
        operand("BETWEEN", "BOOL"))
refused("pk = :p AND sk = :v", {**p, ":v": {"BOOL": True}}, SCHEMA)
refused("pk = :p AND sk > :a AND sk < :b", {**p, ":a": {"N": "1"}, ":b": {"N": "5"}},
        PREFIX + "KeyConditionExpressions must only contain one condition per key")
refused("pk = :p AND sk > :a AND extra = :b", {**p, ":a": {"N": "1"}, ":b": {"N": "5"}},
        "The number of query conditions (3) exceeds the number of key attributes defined in the "
        "schema (2)")
refused("pk.foo = :p", p,
        PREFIX + "KeyConditionExpressions cannot have conditions on nested attributes")
refused("pk = :p AND sk[0] = :v", {**p, ":v": {"N": "1"}},
        PREFIX + "KeyConditionExpressions cannot have conditions on nested attributes")
refused("data.foo = :p", p, PREFIX + "Attribute name is a reserved keyword; reserved keyword: data")
refused("pk = :p AND sk = pk", p,
        "Invalid condition in KeyConditionExpression: Multiple attribute names used in one "
        "condition")
refused("pk = :p OR sk = :p", p, "Invalid operator used in KeyConditionExpression: OR")
refused("sk = :v", {":v": {"N": "1"}}, "Query condition missed key schema element: pk")
refused("pk = :q", p, PREFIX + "An expression attribute value used in expression is not "
        "defined; attribute value: :q")
print("ok")
PYEOF
echo "PASS serve_invalid_key_condition_prefix"
