# boto3 against `ddblab serve`: a wrong-typed secondary-index key is rejected with DynamoDB's
# message on PutItem, BatchWriteItem (nothing written) and TransactWriteItems (cancelled with a
# ValidationError reason); a transaction's cancellation reasons follow DynamoDB (first item-level
# error only, None elsewhere; failed conditions all reported); a refused conditional write's error
# body carries no ConsumedCapacity, as on DynamoDB.
source "$(dirname "$0")/lib/serve_common.sh" "$@"
require_tools boto3
start_server

"$PY" - "$ENDPOINT" <<'PYEOF' || fail "boto3 checks failed"
import sys

import boto3
from botocore.exceptions import ClientError

client = boto3.client("dynamodb", region_name="us-east-1", endpoint_url=sys.argv[1])
MISMATCH = ("One or more parameter values were invalid: Type mismatch for Index Key GSI1PK "
            "Expected: S Actual: N IndexName: GSI1")


def check(cond, what):
    if not cond:
        print("FAIL:", what, file=sys.stderr)
        sys.exit(1)


def error_of(call, **kwargs):
    try:
        call(**kwargs)
    except ClientError as e:
        return e.response
    check(False, "expected an error from %s" % call.__name__)


client.create_table(
    TableName="fidelity",
    AttributeDefinitions=[{"AttributeName": "PK", "AttributeType": "S"},
                          {"AttributeName": "GSI1PK", "AttributeType": "S"}],
    KeySchema=[{"AttributeName": "PK", "KeyType": "HASH"}],
    GlobalSecondaryIndexes=[{
        "IndexName": "GSI1",
        "KeySchema": [{"AttributeName": "GSI1PK", "KeyType": "HASH"}],
        "Projection": {"ProjectionType": "ALL"},
    }],
    BillingMode="PAY_PER_REQUEST",
)
bad = {"PK": {"S": "p1"}, "GSI1PK": {"N": "3"}}


def absent(pk):
    return "Item" not in client.get_item(TableName="fidelity", Key={"PK": {"S": pk}},
                                         ConsistentRead=True)


# PutItem
r = error_of(client.put_item, TableName="fidelity", Item=bad)
check(r["Error"]["Code"] == "ValidationException", "put: %r" % r["Error"])
check(r["Error"]["Message"] == MISMATCH, "put message: %r" % r["Error"]["Message"])
check(absent("p1"), "put stored nothing")

# BatchWriteItem: the whole batch is rejected.
r = error_of(client.batch_write_item, RequestItems={"fidelity": [
    {"PutRequest": {"Item": {"PK": {"S": "ok"}}}}, {"PutRequest": {"Item": bad}}]})
check(r["Error"]["Code"] == "ValidationException", "batch: %r" % r["Error"])
check(r["Error"]["Message"] == MISMATCH, "batch message: %r" % r["Error"]["Message"])
check(absent("ok") and absent("p1"), "batch wrote nothing")

# TransactWriteItems: cancelled, ValidationError on the first offending action, None elsewhere,
# even for an action whose condition would have failed.
r = error_of(client.transact_write_items, TransactItems=[
    {"Put": {"TableName": "fidelity", "Item": bad}},
    {"Put": {"TableName": "fidelity", "Item": {"PK": {"S": "p2"}, "GSI1PK": {"N": "4"}}}},
    {"Put": {"TableName": "fidelity", "Item": {"PK": {"S": "p3"}},
             "ConditionExpression": "attribute_exists(PK)"}},
])
check(r["Error"]["Code"] == "TransactionCanceledException", "transact: %r" % r["Error"])
reasons = r["CancellationReasons"]
check([x["Code"] for x in reasons] == ["ValidationError", "None", "None"], "reasons %r" % reasons)
check(reasons[0]["Message"] == MISMATCH, "reason message %r" % reasons[0])
check("Message" not in reasons[1] and "Message" not in reasons[2], "None has no Message")
check(absent("p2") and absent("p3"), "transaction wrote nothing")

# Failed conditions are all reported.
client.put_item(TableName="fidelity", Item={"PK": {"S": "x1"}})
client.put_item(TableName="fidelity", Item={"PK": {"S": "x3"}})
r = error_of(client.transact_write_items, TransactItems=[
    {"Put": {"TableName": "fidelity", "Item": {"PK": {"S": "x2"}}}},
    {"ConditionCheck": {"TableName": "fidelity", "Key": {"PK": {"S": "x1"}},
                        "ConditionExpression": "attribute_not_exists(PK)"}},
    {"Put": {"TableName": "fidelity", "Item": {"PK": {"S": "x3"}},
             "ConditionExpression": "attribute_not_exists(PK)"}},
])
check(r["Error"]["Code"] == "TransactionCanceledException", "conditions: %r" % r["Error"])
codes = [x["Code"] for x in r["CancellationReasons"]]
check(codes == ["None", "ConditionalCheckFailed", "ConditionalCheckFailed"], "codes %r" % codes)
check(r["CancellationReasons"][1]["Message"] == "The conditional request failed", "ccf message")
check("ConsumedCapacity" not in r, "cancelled transaction body has no ConsumedCapacity")

# A refused conditional write: no ConsumedCapacity in the error body, as DynamoDB sends it.
r = error_of(client.put_item, TableName="fidelity", Item={"PK": {"S": "x1"}},
             ConditionExpression="attribute_not_exists(PK)", ReturnConsumedCapacity="TOTAL")
check(r["Error"]["Code"] == "ConditionalCheckFailedException", "ccf: %r" % r["Error"])
check("ConsumedCapacity" not in r, "refused write body has no ConsumedCapacity")
print("ok")
PYEOF
echo "PASS serve_fidelity_validations"
