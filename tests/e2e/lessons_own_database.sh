#!/usr/bin/env bash
# Lessons run in their own database. In a database file that holds the user's own tables, named
# exactly like the tables every lesson creates (with a GSI and items), starting a lesson,
# resetting it, working through it to the end and quitting it leaves those tables identical:
# the same definitions and the same items, byte for byte in a .dump. The prompt names the
# lesson's database while it is active, and .open is refused until the lesson is left.
#   bash lessons_own_database.sh <ddblab binary>
set -euo pipefail
bin=$1
root=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export NO_COLOR=1 DDBLAB_DATA_DIR="$tmp/data" DDBLAB_LESSONS_DIR="$root/lessons"
db="$tmp/mine.db"

fail() {
  echo "FAIL: $1" >&2
  [ -n "${2:-}" ] && printf '%s\n' "$2" | tail -n 40 >&2
  exit 1
}

# The user's tables: every name a lesson uses, each with a GSI and items of the user's own.
setup="$tmp/setup.ddb"
: >"$setup"
for t in app-main social-network edtech-platform edtech-v2 orders-by-day tracking-main; do
  cat >>"$setup" <<EOF
aws dynamodb create-table --table-name $t \\
  --attribute-definitions AttributeName=PK,AttributeType=S AttributeName=SK,AttributeType=S \\
    AttributeName=GSI1PK,AttributeType=S \\
  --key-schema AttributeName=PK,KeyType=HASH AttributeName=SK,KeyType=RANGE \\
  --global-secondary-indexes '[{"IndexName":"MyIndex","KeySchema":[{"AttributeName":"GSI1PK","KeyType":"HASH"}],"Projection":{"ProjectionType":"ALL"}}]' \\
  --billing-mode PAY_PER_REQUEST
aws dynamodb put-item --table-name $t --item '{"PK":{"S":"MINE#1"},"SK":{"S":"KEEP"},"GSI1PK":{"S":"G"},"note":{"S":"my own data in $t"}}'
INSERT INTO "$t" VALUE {'PK': 'MINE#2', 'SK': 'KEEP', 'n': 7}
EOF
done
"$bin" "$db" -f "$setup" >/dev/null || fail "could not create the user's tables"
"$bin" "$db" -c ".dump" >"$tmp/before.dump"
grep -q "my own data in app-main" "$tmp/before.dump" || fail "the setup wrote nothing" "$(cat "$tmp/before.dump")"

for lua in "$root"/lessons/*/lesson.lua; do
  id=$(basename "$(dirname "$lua")")
  # Under the sanitizers (40x slower) the two lessons that run throughput simulations are left
  # to their own tests (lesson: hot-partitions, lesson: static-gsi-key), which also check that
  # they run in the lesson's database; every other lesson still runs here.
  if [ "${DDBLAB_SANITIZED:-0}" = 1 ] && grep -q "ddb.simulate" "$lua"; then
    echo "skip: $id (simulations; sanitizer build)"
    continue
  fi
  script="$tmp/$id.ddb"
  {
    echo ".lesson start $id --fresh"
    echo ".lesson reset"
    cat "$root/lessons/$id/lesson.answers"
    echo ".lesson status"
    echo ".lesson quit"
  } >"$script"
  out=$("$bin" "$db" --echo --keep-going -f "$script" 2>&1) || true
  grep -qF "lesson db)> " <<<"$out" || fail "$id: the prompt does not name the lesson's database" "$out"
  "$bin" "$db" -c ".dump" >"$tmp/after.dump"
  cmp -s "$tmp/before.dump" "$tmp/after.dump" ||
    fail "$id changed the user's tables" "$(diff "$tmp/before.dump" "$tmp/after.dump" | head -n 20)"
  echo "ok: $id leaves the user's tables as they were"
done

# Leaving the lesson returns to the user's tables; .open waits until the lesson is left.
out=$("$bin" "$db" --keep-going -c ".lesson start first-steps --fresh" \
  -c ".open $tmp/other.db" -c "SELECT * FROM \"app-main\" WHERE PK = 'MINE#1'" \
  -c ".lesson quit" -c "SELECT * FROM \"app-main\" WHERE PK = 'MINE#1'" 2>&1) || true
grep -qF "the lesson database is in use; .lesson quit returns to your database first" <<<"$out" || fail ".open was not refused during a lesson" "$out"
[ "$(grep -c "my own data in app-main" <<<"$out")" -eq 1 ] ||
  fail "the user's item should be seen after the lesson only" "$out"
echo "ok: .lesson quit returns to the user's tables"
