# `ddblab serve --keys FILE --db-per-key DIR` (the class setup) and `ddblab keys new N`:
#   * `keys new 2` writes a keys file (owner-only) and prints each student's [ddblab] profile;
#     pasted into a credentials file, the profiles work for boto3 and the aws CLI, each on its
#     own database;
#   * an unknown key, a wrong secret, and a request signed 20 minutes ago (a replay) or 20
#     minutes ahead are refused with DynamoDB's errors and texts, through boto3 and the CLI;
#   * a request signed by hand (an independent SigV4 signer, over a gzip body) is accepted now;
#   * a keys file with a malformed line is refused naming the line; `keys new` refuses 0, 1001
#     and an existing file;
#   * listening beyond loopback without --keys prints a warning.
source "$(dirname "$0")/lib/serve_common.sh" "$@"
require_tools boto3 aws

# keys new: the file, its mode, and the profiles to paste.
"$DDBLAB" keys new 2 --out "$WORK/keys.txt" > "$WORK/keys.out" 2> "$WORK/keys.err" ||
  fail "keys new 2 failed: $(cat "$WORK/keys.err")"
expect_eq "$(stat -c %a "$WORK/keys.txt")" "600" "the keys file's mode"
expect_eq "$(grep -c '^AKIA[A-Z2-7]\{16\} [A-Za-z0-9+/]\{40\}$' "$WORK/keys.txt")" "2" "key lines in the file"
# The printed blocks, student 1's then student 2's, become two credentials files.
awk '/^# student 1$/{on=1;next} /^# student 2$/{on=0} on && NF' "$WORK/keys.out" > "$WORK/student1.ini"
awk '/^# student 2$/{on=1;next} on && NF' "$WORK/keys.out" > "$WORK/student2.ini"
grep -q '^\[ddblab\]$' "$WORK/student1.ini" || fail "no [ddblab] profile for student 1: $(cat "$WORK/keys.out")"
KEY1=$(awk '/aws_access_key_id/{print $3}' "$WORK/student1.ini")
KEY2=$(awk '/aws_access_key_id/{print $3}' "$WORK/student2.ini")
grep -q "^$KEY1 " "$WORK/keys.txt" && grep -q "^$KEY2 " "$WORK/keys.txt" ||
  fail "the printed keys are not the file's"
[ "$KEY1" != "$KEY2" ] || fail "keys new drew the same key twice"

"$DDBLAB" keys new 2 --out "$WORK/keys.txt" > /dev/null 2> "$WORK/again.err"
expect_eq "$?" "1" "keys new over an existing file"
grep -q "already exists" "$WORK/again.err" || fail "keys new over a file: $(cat "$WORK/again.err")"
for n in 0 1001 ten; do
  "$DDBLAB" keys new "$n" --out "$WORK/k$n.txt" > /dev/null 2> "$WORK/n.err"
  expect_eq "$?" "2" "keys new $n"
  grep -q "N must be a number from 1 to 1000" "$WORK/n.err" || fail "keys new $n: $(cat "$WORK/n.err")"
  [ ! -e "$WORK/k$n.txt" ] || fail "keys new $n wrote a file"
done

start_server --keys "$WORK/keys.txt" --db-per-key "$WORK/dbs" --log
grep -q "requests must be signed with one of the 2 keys in $WORK/keys.txt" "$SERVER_OUT" ||
  fail "the banner does not say requests are checked: $(cat "$SERVER_OUT")"

PYTHONPATH="$(dirname "$0")/lib" "$PY" - "$ENDPOINT" "$WORK" "$KEY1" <<'PYEOF' || fail "boto3 checks of --keys failed"
import datetime
import gzip
import hashlib
import hmac
import json
import sys
import urllib.error
import urllib.parse
import urllib.request

import boto3
from boto3_checks import check, error_of

endpoint, work, key1 = sys.argv[1], sys.argv[2], sys.argv[3]


def profile_client(n):
    session = boto3.Session(profile_name="ddblab")
    return session.client("dynamodb", region_name="us-east-1", endpoint_url=endpoint)


import os
os.environ["AWS_SHARED_CREDENTIALS_FILE"] = work + "/student1.ini"
student1 = profile_client(1)
os.environ["AWS_SHARED_CREDENTIALS_FILE"] = work + "/student2.ini"
student2 = profile_client(2)
student1.create_table(TableName="Grades", BillingMode="PAY_PER_REQUEST",
                      AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"}],
                      KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}])
student1.put_item(TableName="Grades", Item={"pk": {"S": "a"}})
check(student1.list_tables()["TableNames"] == ["Grades"], "student 1's profile works")
check(student2.list_tables()["TableNames"] == [], "student 2 has a database of their own")

secret1 = [l.split()[1] for l in open(work + "/keys.txt") if l.startswith(key1 + " ")][0]


def client(key_id, secret):
    return boto3.client("dynamodb", region_name="us-east-1", endpoint_url=endpoint,
                        aws_access_key_id=key_id, aws_secret_access_key=secret)


code, message = error_of(client("AKIAUNKNOWNUNKNOWN00", secret1).list_tables)
check((code, message) == ("UnrecognizedClientException",
                          "The security token included in the request is invalid."),
      "an unknown key: %s %s" % (code, message))
code, message = error_of(client(key1, secret1[:-1] + "x").list_tables)
check(code == "InvalidSignatureException" and message.startswith(
    "The request signature we calculated does not match the signature you provided. Check your "
    "AWS Secret Access Key and signing method. Consult the service documentation for details."
    "\n\nThe Canonical String for this request should have been\n'POST\n/\n"),
      "a wrong secret: %s %r" % (code, message))
check(client(key1, secret1).list_tables()["TableNames"] == ["Grades"], "the right secret works")


def signed_request(key_id, secret, when, target, payload, gzipped=False):
    """A request signed by hand with AWS Signature Version 4 at `when` (independent of botocore)."""
    host = urllib.parse.urlparse(endpoint).netloc
    body = gzip.compress(payload.encode()) if gzipped else payload.encode()
    amz_date = when.strftime("%Y%m%dT%H%M%SZ")
    headers = {"content-type": "application/x-amz-json-1.0", "host": host,
               "x-amz-date": amz_date, "x-amz-target": "DynamoDB_20120810." + target}
    if gzipped:
        headers["content-encoding"] = "gzip"
    names = sorted(headers)
    canonical = "\n".join(["POST", "/", ""] + ["%s:%s" % (n, headers[n]) for n in names] +
                          ["", ";".join(names), hashlib.sha256(body).hexdigest()])
    scope = "%s/us-east-1/dynamodb/aws4_request" % amz_date[:8]
    to_sign = "\n".join(["AWS4-HMAC-SHA256", amz_date, scope,
                         hashlib.sha256(canonical.encode()).hexdigest()])
    key = ("AWS4" + secret).encode()
    for part in (amz_date[:8], "us-east-1", "dynamodb", "aws4_request"):
        key = hmac.new(key, part.encode(), hashlib.sha256).digest()
    signature = hmac.new(key, to_sign.encode(), hashlib.sha256).hexdigest()
    headers["authorization"] = "AWS4-HMAC-SHA256 Credential=%s/%s, SignedHeaders=%s, Signature=%s" % (
        key_id, scope, ";".join(names), signature)
    del headers["host"]
    request = urllib.request.Request(endpoint + "/", data=body, headers=headers, method="POST")
    try:
        with urllib.request.urlopen(request) as reply:
            return reply.status, json.loads(reply.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read())


now = datetime.datetime.now(datetime.timezone.utc)
status, body = signed_request(key1, secret1, now, "Scan", '{"TableName": "Grades"}', gzipped=True)
check(status == 200 and body["Count"] == 1, "a hand-signed gzip request now: %s %s" % (status, body))
# A request captured 20 minutes ago and sent again is refused, as is one dated 20 minutes ahead.
status, body = signed_request(key1, secret1, now - datetime.timedelta(minutes=20), "ListTables", "{}")
check(status == 400 and body["__type"] == "com.amazon.coral.service#InvalidSignatureException" and
      body["message"].startswith("Signature expired: ") and body["message"].endswith(" - 15 min.)") and
      " is now earlier than " in body["message"], "a 20-minute-old request: %s %s" % (status, body))
status, body = signed_request(key1, secret1, now + datetime.timedelta(minutes=20), "ListTables", "{}")
check(status == 400 and body["__type"] == "com.amazon.coral.service#InvalidSignatureException" and
      body["message"].startswith("Signature not yet current: ") and
      body["message"].endswith(" + 15 min.)"), "a request dated ahead: %s %s" % (status, body))
# The expiry is checked before the key, as DynamoDB does.
status, body = signed_request("AKIAUNKNOWNUNKNOWN00", "x", now - datetime.timedelta(minutes=20),
                              "ListTables", "{}")
check(body["__type"] == "com.amazon.coral.service#InvalidSignatureException",
      "an old request of an unknown key: %s" % body)
status, body = signed_request(key1, secret1, now, "ListTables", "{}")
check(status == 200 and body["TableNames"] == ["Grades"], "the hand signer agrees with serve: %s" % body)
PYEOF

# The aws CLI: the right profile works; a wrong secret and an unknown key are refused.
export AWS_SHARED_CREDENTIALS_FILE="$WORK/student1.ini"
tables=$(AWS_PROFILE=ddblab AWS_ACCESS_KEY_ID= AWS_SECRET_ACCESS_KEY= ddb list-tables --profile ddblab) ||
  fail "aws CLI with student 1's profile: $tables"
expect_eq "$(json_get "$tables" 'r["TableNames"]')" "['Grades']" "student 1's tables (aws CLI)"
out=$(AWS_ACCESS_KEY_ID="$KEY1" AWS_SECRET_ACCESS_KEY=wrong ddb list-tables 2>&1)
grep -q "(InvalidSignatureException) when calling the ListTables operation: The request signature we calculated does not match" <<< "$out" ||
  fail "aws CLI with a wrong secret: $out"
out=$(AWS_ACCESS_KEY_ID=AKIANOSUCHKEY0000000 AWS_SECRET_ACCESS_KEY=x ddb list-tables 2>&1)
grep -q "(UnrecognizedClientException) when calling the ListTables operation: The security token included in the request is invalid." <<< "$out" ||
  fail "aws CLI with an unknown key: $out"
grep -q "ListTables · UnrecognizedClientException · 400" "$SERVER_ERR" ||
  fail "the log does not show the refusal"
stop_server

# A malformed keys file is refused, naming its line.
printf '# class keys\n\nAKIAONE secret1\nAKIATWO\n' > "$WORK/bad-keys.txt"
"$DDBLAB" serve --port 0 --keys "$WORK/bad-keys.txt" > /dev/null 2> "$WORK/bad.err"
expect_eq "$?" "2" "serve with a malformed keys file"
grep -q "^ddblab serve: --keys $WORK/bad-keys.txt: line 4: expected \`KEYID SECRET\` (two fields), found 1$" "$WORK/bad.err" ||
  fail "malformed keys file: $(cat "$WORK/bad.err")"
printf 'AKIAONE secret1\n../evil secret\n' > "$WORK/bad-keys.txt"
"$DDBLAB" serve --port 0 --keys "$WORK/bad-keys.txt" > /dev/null 2> "$WORK/bad.err"
grep -q "line 2: the key id must be 1 to 128 of A-Z, a-z, 0-9 and _" "$WORK/bad.err" ||
  fail "a key id that is no file name: $(cat "$WORK/bad.err")"

# Beyond loopback without --keys: a warning on stderr.
"$DDBLAB" serve --host 0.0.0.0 --port 0 --quiet > "$WORK/open.out" 2> "$WORK/open.err" &
open_pid=$!
for _ in $(seq 1 100); do grep -q '^ready$' "$WORK/open.out" && break; sleep 0.05; done
kill -TERM "$open_pid"
wait "$open_pid"
grep -q "WARNING: listening on 0.0.0.0 (beyond loopback) without --keys" "$WORK/open.err" ||
  fail "no warning for an open server: $(cat "$WORK/open.err")"
echo "ok: serve --keys checks each request's signature with DynamoDB's errors; keys new's profiles work"
