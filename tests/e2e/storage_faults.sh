# Storage faults surface as clear errors naming the file and what to do, and nothing is damaged:
# a damaged file, a database from a newer ddblab (the storage format in SQLite's user_version),
# a read-only file or folder, and a full disk (simulated with a file size limit). The texts are
# ddblab's own: DynamoDB has no counterpart, its storage is not the user's file.
source "$(dirname "$0")/lib/serve_common.sh" "$@"
require_tools
DDBLAB="$(realpath "$DDBLAB")"
cd "$WORK" || fail "cd"
sum() { md5sum "$1" | cut -d' ' -f1; }

# ---- a damaged file: refused by the shell and by serve, and left as it was
printf 'these bytes are not a database, but long enough to have a header....................\n' \
  > damaged.db
before=$(sum damaged.db)
DAMAGED="damaged.db is damaged or is not a ddblab database (SQLite: file is not a database). Restore it from a copy, or give another file name to start a new database; ddblab will not change this file."
"$DDBLAB" damaged.db -c "aws dynamodb list-tables" > out 2> err
expect_eq "$?" 255 "shell exit status on a damaged file"
expect_eq "$(cat err)" "ddblab: cannot open damaged.db: $DAMAGED" "shell on a damaged file"
"$DDBLAB" serve --port 0 --db damaged.db > out 2> err
expect_eq "$?" 1 "serve exit status on a damaged file"
expect_eq "$(cat err)" "ddblab serve: cannot open damaged.db: $DAMAGED" "serve on a damaged file"
expect_eq "$(sum damaged.db)" "$before" "the damaged file is unchanged"
[ -e damaged.db-wal ] && fail "a -wal file was created next to the damaged file"

# ---- a database from a newer ddblab
"$DDBLAB" newer.db -c "aws dynamodb list-tables" > /dev/null || fail "creating newer.db"
"$PY" -c 'import sqlite3; c = sqlite3.connect("newer.db"); c.execute("PRAGMA user_version=9"); c.commit()'
before=$(sum newer.db)
"$DDBLAB" newer.db -c "aws dynamodb list-tables" > out 2> err
expect_eq "$?" 255 "shell exit status on a newer file"
expect_eq "$(cat err)" "ddblab: cannot open newer.db: newer.db was written by a newer ddblab (storage format 9; this ddblab reads format 4 and older). Open it with that newer ddblab, or upgrade this one; ddblab will not change this file." "a newer file"
expect_eq "$(sum newer.db)" "$before" "the newer file is unchanged"
# ...while a file of this format opens, and one from before formats were recorded is upgraded.
"$PY" -c 'import sqlite3; c = sqlite3.connect("newer.db"); c.execute("PRAGMA user_version=0"); c.commit()'
"$DDBLAB" newer.db -c "aws dynamodb list-tables" > /dev/null || fail "opening a format-0 file"
expect_eq "$("$PY" -c 'import sqlite3; print(sqlite3.connect("newer.db").execute("PRAGMA user_version").fetchone()[0])')" 4 "format recorded"

# ---- read-only file and read-only folder. Root ignores permissions, so as root the checks run
# as nobody (setpriv); without setpriv they are skipped with a note.
as_user=()
if [ "$(id -u)" = 0 ]; then
  if command -v setpriv >/dev/null; then
    as_user=(setpriv --reuid=65534 --regid=65534 --clear-groups)
    chmod 755 "$WORK"
  else
    echo "note: running as root without setpriv; read-only checks skipped"
  fi
fi
if [ "$(id -u)" != 0 ] || [ ${#as_user[@]} -gt 0 ]; then
  mkdir ro && "$DDBLAB" ro/file.db -c "aws dynamodb list-tables" > /dev/null || fail "ro/file.db"
  [ "$(id -u)" = 0 ] && chown -R 65534 ro
  chmod 444 ro/file.db
  "${as_user[@]}" "$DDBLAB" ro/file.db -c "aws dynamodb list-tables" > out 2> err
  expect_eq "$?" 255 "shell exit status on a read-only file"
  expect_eq "$(cat err)" "ddblab: cannot open ro/file.db: ro/file.db cannot be written (Permission denied). ddblab needs write access to the database file and to its folder (for its -wal and -shm files): fix the permissions, or copy the file to a writable folder." "a read-only file"
  chmod 644 ro/file.db
  chmod 555 ro
  "${as_user[@]}" "$DDBLAB" ro/file.db -c "aws dynamodb list-tables" > out 2> err
  expect_eq "$?" 255 "shell exit status in a read-only folder"
  grep -q "^ddblab: cannot open ro/file.db: ro/file.db cannot be written (.*). ddblab needs write access to the database file and to its folder (for its -wal and -shm files): fix the permissions, or copy the file to a writable folder.$" err ||
    fail "a read-only folder: $(cat err)"
  "${as_user[@]}" "$DDBLAB" serve --port 0 --db ro/new.db > out 2> err
  expect_eq "$(cat err)" "ddblab serve: cannot open ro/new.db: ro/new.db cannot be written (Permission denied). ddblab needs write access to the database file and to its folder (for its -wal and -shm files): fix the permissions, or copy the file to a writable folder." "a new file in a read-only folder"
  chmod 755 ro
fi

# ---- disk full: serve under a file size limit (SIGXFSZ ignored, as a full disk sends no signal).
# The write that does not fit is answered 500 with a clear message, the server keeps serving, and
# the file stays intact.
cat > limited.py <<'PYEOF'
import os, resource, signal, sys
signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
limit = int(sys.argv[1])
resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
os.execv(sys.argv[2], sys.argv[2:])
PYEOF
"$DDBLAB" full.db -c "aws dynamodb create-table --table-name tbl --attribute-definitions AttributeName=PK,AttributeType=S --key-schema AttributeName=PK,KeyType=HASH --billing-mode PAY_PER_REQUEST" > /dev/null || fail "full.db"
SERVER_OUT="$WORK/limited.out"
SERVER_ERR="$WORK/limited.err"
"$PY" limited.py 200000 "$DDBLAB" serve --port 0 --db full.db > "$SERVER_OUT" 2> "$SERVER_ERR" &
SERVER_PID=$!
for _ in $(seq 1 100); do grep -q '^ready$' "$SERVER_OUT" 2>/dev/null && break; sleep 0.05; done
PORT="$(grep -o 'http://127\.0\.0\.1:[0-9]*' "$SERVER_OUT" | head -n1 | sed 's/.*://')"
[ -n "$PORT" ] || fail "the size-limited server did not start: $(cat "$SERVER_ERR")"
"$PY" - "$PORT" <<'PYEOF' || fail "disk full checks"
import http.client, json, sys
conn = http.client.HTTPConnection("127.0.0.1", int(sys.argv[1]), timeout=30)


def call(op, body):
    conn.request("POST", "/", json.dumps(body), {"X-Amz-Target": "DynamoDB_20120810." + op,
                                                 "Content-Type": "application/x-amz-json-1.0"})
    r = conn.getresponse()
    return r.status, json.loads(r.read() or b"{}")


status, body = call("PutItem", {"TableName": "tbl",
                                "Item": {"PK": {"S": "big"}, "v": {"S": "x" * 300000}}})
expected = ("Internal server error: cannot write full.db: the disk is full or a file size limit was "
            "reached (disk I/O error). This request was not applied; free some space and retry.")
if status != 500 or body.get("message") != expected:
    sys.exit("disk full: %d %r" % (status, body))
status, body = call("GetItem", {"TableName": "tbl", "Key": {"PK": {"S": "big"}}})
if status != 200 or body != {}:
    sys.exit("after disk full the server serves and the write is absent: %d %r" % (status, body))
PYEOF
stop_server
expect_eq "$("$PY" -c 'import sqlite3; print(sqlite3.connect("full.db").execute("PRAGMA integrity_check").fetchone()[0])')" ok "integrity after disk full"
echo "PASS storage_faults"
