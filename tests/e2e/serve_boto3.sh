# boto3 against `ddblab serve`: the edtech enroll_student transaction as the course writes it,
# both query directions, the duplicate enrollment cancelled with TransactionCanceledException,
# the Query paginator, botocore exception types, and concurrent clients.
source "$(dirname "$0")/lib/serve_common.sh" "$@"
require_tools boto3
start_server

"$PY" - "$ENDPOINT" <<'PYEOF' || fail "boto3 checks failed"
import sys
import threading
from datetime import datetime, timezone

import boto3
from boto3.dynamodb.conditions import Key
from botocore.exceptions import ClientError

endpoint = sys.argv[1]
dynamodb = boto3.resource("dynamodb", region_name="us-east-1", endpoint_url=endpoint)
# Typed (low-level) calls go through a plain client; a resource's client would re-serialize them.
client = boto3.client("dynamodb", region_name="us-east-1", endpoint_url=endpoint)


def check(cond, what):
    if not cond:
        print("FAIL:", what, file=sys.stderr)
        sys.exit(1)


client.create_table(
    TableName="edtech-platform",
    AttributeDefinitions=[
        {"AttributeName": "PK", "AttributeType": "S"},
        {"AttributeName": "SK", "AttributeType": "S"},
        {"AttributeName": "GSI1PK", "AttributeType": "S"},
        {"AttributeName": "GSI1SK", "AttributeType": "S"},
    ],
    KeySchema=[{"AttributeName": "PK", "KeyType": "HASH"},
               {"AttributeName": "SK", "KeyType": "RANGE"}],
    GlobalSecondaryIndexes=[{
        "IndexName": "GSI1",
        "KeySchema": [{"AttributeName": "GSI1PK", "KeyType": "HASH"},
                      {"AttributeName": "GSI1SK", "KeyType": "RANGE"}],
        "Projection": {"ProjectionType": "ALL"},
    }],
    BillingMode="PAY_PER_REQUEST",
)
client.get_waiter("table_exists").wait(TableName="edtech-platform")
table = dynamodb.Table("edtech-platform")
outcomes = []


# Matricular aluno em curso — the course's function, verbatim but for the outcome list.
def enroll_student(student_id: str, course_id: str) -> None:
    now = datetime.now(timezone.utc).isoformat()
    try:
        dynamodb.meta.client.transact_write_items(
            TransactItems=[
                {
                    "Put": {
                        "TableName": "edtech-platform",
                        "Item": {
                            "PK": {"S": f"STUDENT#{student_id}"},
                            "SK": {"S": f"ENROLLMENT#{course_id}"},
                            "GSI1PK": {"S": f"COURSE#{course_id}"},
                            "GSI1SK": {"S": f"STUDENT#{student_id}"},
                            "entity_type": {"S": "ENROLLMENT"},
                            "enrolled_at": {"S": now},
                            "progress": {"N": "0"},
                        },
                        "ConditionExpression": "attribute_not_exists(PK)",
                    }
                },
                {
                    "Put": {
                        "TableName": "edtech-platform",
                        "Item": {
                            "PK": {"S": f"COURSE#{course_id}"},
                            "SK": {"S": f"ENROLLMENT#STUDENT#{student_id}"},
                            "GSI1PK": {"S": f"COURSE#{course_id}"},
                            "GSI1SK": {"S": f"STUDENT#{student_id}"},
                            "entity_type": {"S": "ENROLLMENT"},
                            "enrolled_at": {"S": now},
                            "progress": {"N": "0"},
                            "last_seen": {"S": now},
                        },
                        "ConditionExpression": "attribute_not_exists(PK)",
                    }
                },
            ]
        )
        outcomes.append("enrolled")
    except ClientError as e:
        if e.response["Error"]["Code"] == "TransactionCanceledException":
            outcomes.append("cancelled")
            reasons = [r["Code"] for r in e.response.get("CancellationReasons", [])]
            check(reasons == ["ConditionalCheckFailed", "ConditionalCheckFailed"],
                  f"cancellation reasons {reasons}")
        else:
            raise


def get_student_courses(student_id: str) -> list[dict]:
    response = table.query(
        KeyConditionExpression=(
            Key("PK").eq(f"STUDENT#{student_id}") & Key("SK").begins_with("ENROLLMENT#")
        )
    )
    return response.get("Items", [])


def get_course_students(course_id: str) -> list[dict]:
    response = table.query(
        IndexName="GSI1",
        KeyConditionExpression=(
            Key("GSI1PK").eq(f"COURSE#{course_id}") & Key("GSI1SK").begins_with("STUDENT#")
        ),
    )
    return response.get("Items", [])


# Verbatim, the course calls transact_write_items through a *resource's* client, whose
# parameters boto3 serializes again: {"S": ...} becomes a map, and DynamoDB rejects the key type.
# In a transaction that is an item-level check: DynamoDB cancels the transaction with a
# ValidationError reason on the first Put and None on the other (ScyllaDB Alternator's
# test_transact_write_cancellation_reasons_validationerror, run against DynamoDB).
try:
    dynamodb.meta.client.transact_write_items(TransactItems=[{"Put": {
        "TableName": "edtech-platform",
        "Item": {"PK": {"S": "STUDENT#s0"}, "SK": {"S": "ENROLLMENT#c0"}}}}])
    check(False, "typed values through a resource client should be rejected")
except ClientError as e:
    check(e.response["Error"]["Code"] == "TransactionCanceledException", "resource-client enroll")
    reasons = e.response.get("CancellationReasons", [])
    check([r["Code"] for r in reasons] == ["ValidationError"], f"reasons {reasons}")
    check("Type mismatch for key" in reasons[0].get("Message", ""), f"reasons {reasons}")

# The same function body with a plain client (typed values pass through unchanged).
import types  # noqa: E402
dynamodb = types.SimpleNamespace(
    meta=types.SimpleNamespace(
        client=boto3.client("dynamodb", region_name="us-east-1", endpoint_url=endpoint)))

enroll_student("s1", "c10")
enroll_student("s1", "c20")
enroll_student("s2", "c10")
enroll_student("s1", "c10")  # duplicate
check(outcomes == ["enrolled", "enrolled", "enrolled", "cancelled"], f"outcomes {outcomes}")
check(sorted(i["SK"] for i in get_student_courses("s1")) == ["ENROLLMENT#c10", "ENROLLMENT#c20"],
      "courses of s1")
students = sorted({i["GSI1SK"] for i in get_course_students("c10")})
check(students == ["STUDENT#s1", "STUDENT#s2"], f"students of c10: {students}")

# The cancelled transaction wrote nothing and a successful one reports 2x WCU.
resp = client.transact_write_items(
    TransactItems=[{"Put": {"TableName": "edtech-platform",
                            "Item": {"PK": {"S": "STUDENT#s9"}, "SK": {"S": "PROFILE"}}}}],
    ReturnConsumedCapacity="TOTAL")
cc = resp["ConsumedCapacity"]
check(isinstance(cc, list) and cc[0]["TableName"] == "edtech-platform", f"capacity {cc}")
check(cc[0]["CapacityUnits"] == 2.0, f"transactional put costs 2 WCU: {cc}")

# Pagination with boto3's paginator: 25 lessons, 10 per page.
with table.batch_writer() as batch:
    for n in range(25):
        batch.put_item(Item={"PK": "COURSE#c30", "SK": f"MODULE#m1#LESSON#{n:03d}", "n": n})
paginator = client.get_paginator("query")
pages = list(paginator.paginate(
    TableName="edtech-platform",
    KeyConditionExpression="PK = :pk AND begins_with(SK, :m)",
    ExpressionAttributeValues={":pk": {"S": "COURSE#c30"}, ":m": {"S": "MODULE#"}},
    PaginationConfig={"PageSize": 10}))
sizes = [p["Count"] for p in pages]
check(sum(sizes) == 25 and max(sizes) == 10, f"page sizes {sizes}")
keys = [i["SK"]["S"] for p in pages for i in p["Items"]]
check(keys == sorted(keys) and len(set(keys)) == 25, "pages in order without repeats")
scan_total = sum(p["Count"] for p in client.get_paginator("scan").paginate(
    TableName="edtech-platform", PaginationConfig={"PageSize": 7}))
check(scan_total == 25 + 6 + 1, f"scan paginator total {scan_total}")

# Errors surface as botocore's modelled exceptions.
try:
    table.put_item(Item={"PK": "STUDENT#s1", "SK": "ENROLLMENT#c10"},
                   ConditionExpression="attribute_not_exists(PK)")
    check(False, "conditional put should fail")
except client.exceptions.ConditionalCheckFailedException as e:
    check(e.response["Error"]["Message"] == "The conditional request failed", "CCF message")
try:
    client.describe_table(TableName="no-such-table")
    check(False, "describe of a missing table should fail")
except client.exceptions.ResourceNotFoundException:
    pass
try:
    client.get_item(TableName="no-such-table", Key={"PK": {"S": "x"}, "SK": {"S": "y"}})
    check(False, "get_item on a missing table should fail")
except client.exceptions.ResourceNotFoundException:
    pass
try:
    table.query(KeyConditionExpression="SK = :s", ExpressionAttributeValues={":s": "x"})
    check(False, "query without the partition key should fail")
except ClientError as e:
    check(e.response["Error"]["Code"] == "ValidationException", "ValidationException code")

# Many concurrent clients.
errors = []


def worker(w):
    try:
        c = boto3.client("dynamodb", region_name="us-east-1", endpoint_url=endpoint)
        for n in range(20):
            c.put_item(TableName="edtech-platform",
                       Item={"PK": {"S": f"LOAD#{w}"}, "SK": {"S": f"{n:03d}"}})
            got = c.get_item(TableName="edtech-platform",
                             Key={"PK": {"S": f"LOAD#{w}"}, "SK": {"S": f"{n:03d}"}})
            if "Item" not in got:
                errors.append(f"worker {w} lost item {n}")
    except Exception as e:  # noqa: BLE001 - report any failure from the thread
        errors.append(repr(e))


threads = [threading.Thread(target=worker, args=(w,)) for w in range(8)]
for t in threads:
    t.start()
for t in threads:
    t.join()
check(not errors, f"concurrent clients: {errors[:3]}")
total = sum(p["Count"] for p in client.get_paginator("scan").paginate(
    TableName="edtech-platform", Select="COUNT"))
check(total == 32 + 160, f"items after the load: {total}")
print("boto3 checks passed")
PYEOF
echo "PASS serve_boto3"
