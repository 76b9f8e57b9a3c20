#!/usr/bin/env bash
# Script mode: -c, -f, standard input, comments, --echo, --mode, --keep-going, exit statuses
# (0, 252 for a parse error, 254 for an engine error), no colour off a terminal, and the
# classroom demos running to the end.
#   bash repl_script_mode.sh <ddblab binary>
set -uo pipefail
bin=$1
root=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail=0

expect_status() {  # name, wanted status, command...
  local name=$1 want=$2
  shift 2
  "$@" >"$work/out" 2>&1
  local got=$?
  if [ "$got" != "$want" ]; then
    echo "FAIL $name: exit status $got, wanted $want; output:" >&2
    sed 's/^/  /' "$work/out" >&2
    fail=1
  else
    echo "ok   $name"
  fi
}

expect_output() {  # name, text the last output must contain
  if ! grep -qF -- "$2" "$work/out"; then
    echo "FAIL $1: output lacks \"$2\"; output:" >&2
    sed 's/^/  /' "$work/out" >&2
    fail=1
  fi
}

expect_status "-c runs a statement" 0 "$bin" -c 'list-tables'
expect_output "-c runs a statement" "(no tables)"

expect_status "-c is repeatable and keeps one database" 0 "$bin" \
  -c 'create-table --table-name Things --attribute-definitions AttributeName=id,AttributeType=S --key-schema AttributeName=id,KeyType=HASH --billing-mode PAY_PER_REQUEST' \
  -c '.tables'
expect_output "-c is repeatable and keeps one database" "Things"

expect_status "a parse error exits 252" 252 "$bin" -c 'querry --table-name Things'
expect_status "an engine error exits 254" 254 "$bin" -c 'describe-table --table-name Missing'
expect_status "a PartiQL syntax error exits 252" 252 "$bin" -c 'SELECT * FROM'
expect_status "a dot-command usage error exits 252" 252 "$bin" -c '.mode nonsense'

cat >"$work/script.ddb" <<'DDB'
# a comment
-- another comment

describe-table --table-name Missing
.print after the error
DDB
expect_status "a script stops at the first error" 254 "$bin" -f "$work/script.ddb"
if grep -q "after the error" "$work/out"; then
  echo "FAIL a script stops at the first error: it went on" >&2
  fail=1
fi
expect_output "a script stops at the first error" "stopped at line 4"
expect_status "--keep-going runs the rest, still failing" 254 "$bin" --keep-going -f "$work/script.ddb"
expect_output "--keep-going runs the rest, still failing" "after the error"

expect_status "a script on standard input" 0 sh -c "printf '.print from stdin\n' | '$bin'"
expect_output "a script on standard input" "from stdin"

expect_status "--echo prints each input with the prompt" 0 "$bin" --echo -c 'list-tables'
expect_output "--echo prints each input with the prompt" "ddblab> list-tables"

expect_status "--mode jsonl" 0 "$bin" --mode jsonl -c 'list-tables'
expect_output "--mode jsonl" '{"statement":"list-tables","ok":true,"TableNames":[]'

expect_status "no colour off a terminal" 0 "$bin" -c 'list-tables'
if grep -q $'\x1b\[' "$work/out"; then
  echo "FAIL no colour off a terminal: escape codes in the output" >&2
  fail=1
fi

expect_status "an unknown option exits 252" 252 "$bin" --frobnicate
expect_status "a missing script exits 1" 1 "$bin" -f "$work/nonexistent.ddb"

db="$work/lab.db"
expect_status "a database file keeps tables" 0 "$bin" "$db" -c 'create-table --table-name Kept --attribute-definitions AttributeName=id,AttributeType=S --key-schema AttributeName=id,KeyType=HASH --billing-mode PAY_PER_REQUEST'
expect_status "a database file keeps tables (reopened)" 0 "$bin" "$db" -c '.tables'
expect_output "a database file keeps tables (reopened)" "Kept"

for demo in "$root"/scripts/demos/*.ddb; do
  expect_status "demo $(basename "$demo") runs to the end" 0 "$bin" -f "$demo" --echo
done

exit $fail
