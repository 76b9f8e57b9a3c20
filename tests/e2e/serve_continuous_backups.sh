# DescribeContinuousBackups and UpdateContinuousBackups, the first operations served from the
# operation model, against `ddblab serve` with boto3 and the aws CLI: the SDKs parse the
# generated response bodies (timestamps included), the setting survives a restart on a file
# database, and a missing table is TableNotFoundException. DynamoDB: API reference,
# DescribeContinuousBackups / UpdateContinuousBackups.
source "$(dirname "$0")/lib/serve_common.sh" "$@"
require_tools boto3 aws
DB="$WORK/pitr.db"
start_server --db "$DB" --clock 1700000000

PYTHONPATH="$(dirname "$0")/lib" "$PY" - "$ENDPOINT" <<'PYEOF' || fail "boto3 checks failed"
import datetime
import sys

import boto3
from boto3_checks import check, error_of

client = boto3.client("dynamodb", region_name="us-east-1", endpoint_url=sys.argv[1])
client.create_table(
    TableName="Orders",
    AttributeDefinitions=[{"AttributeName": "PK", "AttributeType": "S"}],
    KeySchema=[{"AttributeName": "PK", "KeyType": "HASH"}],
    BillingMode="PAY_PER_REQUEST")

d = client.describe_continuous_backups(TableName="Orders")["ContinuousBackupsDescription"]
check(d["ContinuousBackupsStatus"] == "ENABLED", str(d))
check(d["PointInTimeRecoveryDescription"] == {"PointInTimeRecoveryStatus": "DISABLED"}, str(d))

# (Debian's botocore predates RecoveryPeriodInDays in requests: the default period is asked for.)
u = client.update_continuous_backups(
    TableName="Orders", PointInTimeRecoverySpecification={"PointInTimeRecoveryEnabled": True})
p = u["ContinuousBackupsDescription"]["PointInTimeRecoveryDescription"]
check(p["PointInTimeRecoveryStatus"] == "ENABLED", str(p))
# botocore reads the timestamps as datetimes.
check(p["EarliestRestorableDateTime"] ==
      datetime.datetime.fromtimestamp(1700000000, datetime.timezone.utc), str(p))

code, message = error_of(client.describe_continuous_backups, TableName="Missing")
check(code == "TableNotFoundException", code)
check(message == "Table not found: Missing", message)
PYEOF

# The setting is kept in the file database: a restarted server still reports it, to the aws CLI.
stop_server
start_server --db "$DB" --clock 1700000000
out=$(ddb describe-continuous-backups --table-name Orders) || fail "describe-continuous-backups: $out"
expect_eq "$(json_get "$out" 'r["ContinuousBackupsDescription"]["PointInTimeRecoveryDescription"]["PointInTimeRecoveryStatus"]')" \
  "ENABLED" "status after a restart"
expect_eq "$(json_get "$out" 'r["ContinuousBackupsDescription"]["PointInTimeRecoveryDescription"]["EarliestRestorableDateTime"]')" \
  "2023-11-14T22:13:20+00:00" "earliest restorable time after a restart"
out=$(ddb update-continuous-backups --table-name Orders \
  --point-in-time-recovery-specification PointInTimeRecoveryEnabled=false) ||
  fail "update-continuous-backups: $out"
expect_eq "$(json_get "$out" 'r["ContinuousBackupsDescription"]["PointInTimeRecoveryDescription"]')" \
  "{'PointInTimeRecoveryStatus': 'DISABLED'}" "disabled"
echo "serve_continuous_backups: ok"
