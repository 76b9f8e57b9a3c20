#!/usr/bin/env bash
# `.exercise load` can run again, also after the solution is edited: each load creates the
# solution's tables afresh in the exercise's own database (a table renamed in the solution
# replaces the old one, with no "table already exists"), the user's own database keeps its
# tables, and `.exercise reset` returns to it.
#   bash exercise_load_again.sh <ddblab binary>
set -euo pipefail
bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
root=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export NO_COLOR=1 DDBLAB_DATA_DIR="$tmp/data"
cd "$tmp"

fail() {
  echo "FAIL: $1" >&2
  [ -n "${2:-}" ] && printf '%s\n' "$2" | tail -n 40 >&2
  exit 1
}

cp "$root/exercises/ecommerce/reference.ddb" shop.ddb
# The solution is edited between the two loads (the table renamed), as a student saves a file.
cat >session.ddb <<'EOF2'
create-table --table-name mine --attribute-definitions AttributeName=id,AttributeType=S --key-schema AttributeName=id,KeyType=HASH --billing-mode PAY_PER_REQUEST
.exercise start ecommerce shop.ddb
.exercise load
.print @@tables
.tables
.exercise load 2
.print @@tables
.tables
.exercise reset
.print @@tables
.tables
EOF2
out=$("$bin" --keep-going -f session.ddb 2>&1) || fail "the session failed" "$out"
got=$(grep -A1 '^@@tables' <<<"$out" | grep -v '^@@tables' | grep -v '^--$' | tr '\n' ' ')
[ "$got" = "shop shop mine " ] || fail "tables after load, load again and reset: '$got'" "$out"
grep -q "Dropped the exercise's database" <<<"$out" || fail "reset said nothing" "$out"

sed -i 's/--table-name shop /--table-name shop_v2 /g' shop.ddb
out=$("$bin" --keep-going -c ".exercise start ecommerce shop.ddb" -c ".exercise load" \
  -c ".exercise load 2" -c ".tables" 2>&1) || fail "loading the edited solution failed" "$out"
[ "$(tail -n 1 <<<"$out")" = "shop_v2" ] || fail "expected only shop_v2 after the edit" "$out"
if grep -q "ResourceInUseException" <<<"$out"; then
  fail "a load found the previous load's table" "$out"
fi
echo "exercise_load_again: ok"
