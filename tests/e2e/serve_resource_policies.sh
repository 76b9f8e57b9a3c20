# Resource-based policies and the operations that need S3, against `ddblab serve` with boto3
# and raw HTTP. DynamoDB's rules (API reference, PutResourcePolicy /
# GetResourcePolicy / DeleteResourcePolicy; messages as AWS answers them):
# - a policy is kept on a table or on one of its streams and read back with its RevisionId;
#   putting the same document again keeps the revision, a new document gets a greater one;
# - ExpectedRevisionId must match the policy in place (NO_POLICY: that there is none), else
#   PolicyNotFoundException naming both revisions;
# - a resource without a policy: Get is PolicyNotFoundException, Delete an empty success;
# - the document is at most 20,480 bytes of JSON whose statements are there and name their
#   resources;
# - ResourceArn must be a table's or a stream's ARN in the caller's account; a missing table is
#   ResourceNotFoundException; deleting the table deletes its policy; DescribeTable shows none;
# - the policy is kept in the database file (a restarted server reads it back);
# - ImportTable, ExportTableToPointInTime and their Describe/List companions are refused with
#   UnknownOperationException naming the shell's .import/.export;
# - PutItem and UpdateItem wrap an empty or duplicated set, NULL false and an invalid
#   ExpressionAttributeValues entry in "1 validation error detected: "; GetItem does not.
source "$(dirname "$0")/lib/serve_common.sh" "$@"
require_tools boto3
DB="$WORK/policies.db"
start_server --db "$DB" --clock 1700000000

PYTHONPATH="$(dirname "$0")/lib" "$PY" - "$ENDPOINT" <<'PYEOF' || fail "boto3 checks failed"
import json
import sys
import urllib.request

import boto3
from boto3_checks import check, error_of

ENDPOINT = sys.argv[1]
c = boto3.client("dynamodb", region_name="us-east-1", endpoint_url=ENDPOINT)


class Raw:
    """The resource policy operations as raw JSON requests (Debian's botocore predates them)."""

    def __init__(self, region):
        self.region = region

    def call(self, operation, **body):
        req = urllib.request.Request(ENDPOINT, data=json.dumps(body).encode(), headers={
            "X-Amz-Target": "DynamoDB_20120810." + operation,
            "Content-Type": "application/x-amz-json-1.0",
            "Authorization": "AWS4-HMAC-SHA256 Credential=k/20260101/%s/dynamodb/aws4_request, "
                             "SignedHeaders=host, Signature=0" % self.region})
        try:
            with urllib.request.urlopen(req) as r:
                return json.loads(r.read())
        except urllib.error.HTTPError as e:
            err = json.loads(e.read())
            raise RawError(err["__type"].split("#")[-1], err.get("message", ""))

    def __getattr__(self, name):
        operation = "".join(w.capitalize() for w in name.split("_"))
        call = lambda **body: self.call(operation, **body)
        call.__name__ = name
        return call


class RawError(Exception):
    def __init__(self, code, message):
        self.code, self.message = code, message


def raw_error_of(call, **kwargs):
    try:
        call(**kwargs)
    except RawError as e:
        return e.code, e.message
    check(False, "expected an error from %s %s" % (call.__name__, kwargs))


p = Raw("us-east-1")
created = c.create_table(
    TableName="Docs", BillingMode="PAY_PER_REQUEST",
    AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"}],
    KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}],
    StreamSpecification={"StreamEnabled": True, "StreamViewType": "KEYS_ONLY"})["TableDescription"]
arn, stream_arn = created["TableArn"], created["LatestStreamArn"]


def policy(action, resource=None):
    return json.dumps({"Version": "2012-10-17", "Statement": [{
        "Effect": "Allow", "Principal": {"AWS": "arn:aws:iam::000000000000:root"},
        "Action": action, "Resource": resource or arn}]})


# --- no policy yet ---------------------------------------------------------------------------
code, msg = raw_error_of(p.get_resource_policy, ResourceArn=arn)
check(code == "PolicyNotFoundException", code)
check(msg == "Resource-based policy not found for the provided ResourceArn: " + arn, msg)
deleted = p.delete_resource_policy(ResourceArn=arn)
check("RevisionId" not in deleted, "deleting where there is no policy: %s" % deleted)

# --- put, get, the same again, a new one -----------------------------------------------------
first = p.put_resource_policy(ResourceArn=arn, Policy=policy("dynamodb:GetItem"),
                              ExpectedRevisionId="NO_POLICY")["RevisionId"]
got = p.get_resource_policy(ResourceArn=arn)
check(got["RevisionId"] == first, got)
check(json.loads(got["Policy"])["Statement"][0]["Action"] == "dynamodb:GetItem", got)
again = p.put_resource_policy(ResourceArn=arn, Policy=policy("dynamodb:GetItem"))["RevisionId"]
check(again == first, "the same document keeps its revision: %s %s" % (first, again))
second = p.put_resource_policy(ResourceArn=arn, Policy=policy("dynamodb:PutItem"),
                               ExpectedRevisionId=first,
                               ConfirmRemoveSelfResourceAccess=False)["RevisionId"]
check(int(second) > int(first), "revisions rise: %s then %s" % (first, second))

# --- ExpectedRevisionId ----------------------------------------------------------------------
code, msg = raw_error_of(p.put_resource_policy, ResourceArn=arn, Policy=policy("dynamodb:Query"),
                     ExpectedRevisionId=first)
check(code == "PolicyNotFoundException", code)
check(msg == ("Resource-based policy not found for the provided ResourceArn: Requested update "
              "for policy with revision id %s, but the policy associated to target table Docs "
              "has revision id %s." % (first, second)), msg)
code, msg = raw_error_of(p.put_resource_policy, ResourceArn=arn, Policy=policy("dynamodb:Query"),
                     ExpectedRevisionId="NO_POLICY")
check(msg == ("Resource-based policy not found for the provided ResourceArn: Requested policy "
              "update expecting none to be present for table Docs, but a policy exists with "
              "revision id %s." % second), msg)
code, msg = raw_error_of(p.delete_resource_policy, ResourceArn=arn, ExpectedRevisionId="unknown")
check(code == "PolicyNotFoundException" and "revision id unknown, but" in msg, msg)
check(p.get_resource_policy(ResourceArn=arn)["RevisionId"] == second, "refusals change nothing")

# --- the document's size and JSON ------------------------------------------------------------
INVALID = "One or more parameter values were invalid: "
for doc, want in [
        ("{not json", "Invalid policy document: This policy contains invalid Json"),
        ("", "Invalid policy document: This policy contains invalid Json"),
        (json.dumps({"Version": "2012-10-17", "Statement": []}),
         "Invalid policy document: Could not parse the policy: Statement is empty!"),
        (json.dumps({"Version": "2012-10-17", "Statement": [{"Effect": "Allow",
                     "Principal": "*", "Action": "dynamodb:GetItem"}]}),
         "Invalid policy document: Missing required field Resource"),
        (policy("dynamodb:GetItem") + " " * 20480, "Maximum policy size of 20480 bytes exceeded")]:
    code, msg = raw_error_of(p.put_resource_policy, ResourceArn=arn, Policy=doc)
    check(code == "ValidationException" and msg == INVALID + want, "%r: %s %s" % (doc[:30], code, msg))
# Whitespace counts, up to the limit itself.
padded = policy("dynamodb:Scan")
padded += " " * (20480 - len(padded))
p.put_resource_policy(ResourceArn=arn, Policy=padded)
check(p.get_resource_policy(ResourceArn=arn)["Policy"] == padded, "20,480 bytes are kept as sent")

# --- ResourceArn -----------------------------------------------------------------------------
for bad, want_code, want in [
        ("Docs", "ValidationException", INVALID + "ARNs must start with 'arn:': Docs"),
        (arn + "x", "ResourceNotFoundException",
         "Requested resource not found: Table: Docsx not found"),
        (arn.replace("000000000000", "111111111111"), "ValidationException",
         "This action is only supported by accounts that match the resource owner\u2019s account."),
        (arn.replace("arn:aws:", "arn:aws-cn:"), "ValidationException",
         INVALID + "Invalid resource Arn: " + arn.replace("arn:aws:", "arn:aws-cn:")),
        (arn + "/index/byG", "ValidationException",
         INVALID + "Invalid resource arn provided, only table or stream is accepted. Provided "
         "resource arn: " + arn + "/index/byG"),
        (arn + "/backup/01", "ValidationException",
         INVALID + "Provided Arn is not a DynamoDB resource arn: " + arn + "/backup/01"),
        (arn + "/stream/2000-01-01T00:00:00.000", "ResourceNotFoundException",
         "Requested resource not found: Stream: 2000-01-01T00:00:00.000 not found for Table: Docs")]:
    code, msg = raw_error_of(p.get_resource_policy, ResourceArn=bad)
    check((code, msg) == (want_code, want), "%s: %s %s" % (bad, code, msg))
# An ARN of another region names the same table (one catalog answers every region).
check(Raw("eu-west-2").get_resource_policy(ResourceArn=arn.replace("us-east-1", "eu-west-2"))["Policy"] == padded,
      "an ARN in the caller's region")

# --- a stream's policy is its own --------------------------------------------------------------
code, msg = raw_error_of(p.get_resource_policy, ResourceArn=stream_arn)
check(code == "PolicyNotFoundException" and msg.endswith(stream_arn), msg)
stream_rev = p.put_resource_policy(ResourceArn=stream_arn,
                                   Policy=policy("dynamodb:GetRecords", stream_arn))["RevisionId"]
check(p.get_resource_policy(ResourceArn=stream_arn)["RevisionId"] == stream_rev, "stream policy")
check(p.get_resource_policy(ResourceArn=arn)["Policy"] == padded, "the table's is unchanged")

# --- DescribeTable shows no policy; deleting removes it ------------------------------------------
check("ResourcePolicy" not in json.dumps(c.describe_table(TableName="Docs"), default=str),
      "DescribeTable")
c.create_table(TableName="Gone", BillingMode="PAY_PER_REQUEST",
               AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"}],
               KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}])
gone = arn.replace("table/Docs", "table/Gone")
p.put_resource_policy(ResourceArn=gone, Policy=policy("dynamodb:GetItem", gone))
deleted = p.delete_resource_policy(ResourceArn=gone)
check(deleted.get("RevisionId"), "a real delete answers a RevisionId: %s" % deleted)
p.put_resource_policy(ResourceArn=gone, Policy=policy("dynamodb:GetItem", gone))
c.delete_table(TableName="Gone")
c.create_table(TableName="Gone", BillingMode="PAY_PER_REQUEST",
               AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"}],
               KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}])
code, _ = raw_error_of(p.get_resource_policy, ResourceArn=gone)
check(code == "PolicyNotFoundException", "a table created again under the name has no policy")

# --- the S3 operations -----------------------------------------------------------------------
for call, kwargs, names in [
        (c.export_table_to_point_in_time, {"TableArn": arn, "S3Bucket": "b"}, ".export"),
        (c.list_exports, {}, ".export"),
        (c.describe_export, {"ExportArn": arn + "/export/1"}, ".export"),
        (c.import_table, {"S3BucketSource": {"S3Bucket": "b"}, "InputFormat": "DYNAMODB_JSON",
                          "TableCreationParameters": {
                              "TableName": "Imported", "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}],
                              "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}],
                              "BillingMode": "PAY_PER_REQUEST"}}, ".import"),
        (c.list_imports, {}, ".import"),
        (c.describe_import, {"ImportArn": arn + "/import/1"}, ".import")]:
    code, msg = error_of(call, **kwargs)
    check(code == "UnknownOperationException", "%s: %s" % (call.__name__, code))
    check("is not supported by ddblab" in msg and names in msg, "%s: %s" % (call.__name__, msg))
# An operation DynamoDB does not have is still answered bare.
req = urllib.request.Request(ENDPOINT, data=b"{}", headers={
    "X-Amz-Target": "DynamoDB_20120810.NoSuchOperation",
    "Content-Type": "application/x-amz-json-1.0"})
try:
    urllib.request.urlopen(req)
    check(False, "NoSuchOperation succeeded")
except urllib.error.HTTPError as e:
    body = json.loads(e.read())
    check(body == {"__type": "com.amazon.coral.service#UnknownOperationException"}, body)

# --- "1 validation error detected: " on PutItem's and UpdateItem's values ----------------------
ENV = "1 validation error detected: "
for item_value, want in [
        ({"SS": []}, INVALID + "An string set  may not be empty"),
        ({"NS": []}, INVALID + "An number set  may not be empty"),
        ({"SS": ["x", "x"]}, INVALID + "Input collection [x, x] contains duplicates."),
        ({"NULL": False}, INVALID + "Null attribute value types must have the value of true")]:
    _, msg = error_of(c.put_item, TableName="Docs", Item={"pk": {"S": "k"}, "a": item_value})
    check(msg == ENV + want, "PutItem %s: %s" % (item_value, msg))
_, msg = error_of(c.update_item, TableName="Docs", Key={"pk": {"S": "k"}},
                  UpdateExpression="SET tags = :t",
                  ExpressionAttributeValues={":t": {"SS": ["a", "b", "a"]}})
check(msg == ENV + "ExpressionAttributeValues contains invalid value: " + INVALID +
      "Input collection [a, b, a] contains duplicates. for key :t", msg)
_, msg = error_of(c.get_item, TableName="Docs", Key={"pk": {"NULL": False}})
check(msg == INVALID + "Null attribute value types must have the value of true",
      "GetItem stays bare: " + msg)
PYEOF

# The policy is kept in the database file: a restarted server returns it (raw HTTP: Debian's aws
# CLI and botocore predate the operations; the shell's own aws CLI is pinned by
# tests/sessions/cli/resource_policies.test).
stop_server
start_server --db "$DB" --clock 1700000000
"$PY" - "$ENDPOINT" <<'PYEOF' || fail "the policy after a restart"
import json
import sys
import urllib.request

req = urllib.request.Request(sys.argv[1], headers={
    "X-Amz-Target": "DynamoDB_20120810.GetResourcePolicy",
    "Content-Type": "application/x-amz-json-1.0"},
    data=json.dumps({"ResourceArn": "arn:aws:dynamodb:us-east-1:000000000000:table/Docs"}).encode())
with urllib.request.urlopen(req) as r:
    got = json.loads(r.read())
assert json.loads(got["Policy"])["Statement"][0]["Action"] == "dynamodb:Scan", got
PYEOF
echo "serve_resource_policies: ok"
