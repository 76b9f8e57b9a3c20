#!/usr/bin/env bash
# Script mode: -c, -f, standard input, comments, --echo, --mode, --keep-going, exit statuses
# (0, 252 for a parse error, 254 for an engine error), no colour off a terminal, and the
# classroom demos running to the end.
#   bash repl_script_mode.sh <ddblab binary>
set -uo pipefail
bin=$1
root=$(cd "$(dirname "$0")/../.." && pwd)
source "$root/tests/e2e/lib/status_checks.sh"

check "-c runs a statement" 0 "$bin" -c 'list-tables'
has "-c runs a statement" "(no tables)"

check "-c is repeatable and keeps one database" 0 "$bin" \
  -c 'create-table --table-name Things --attribute-definitions AttributeName=id,AttributeType=S --key-schema AttributeName=id,KeyType=HASH --billing-mode PAY_PER_REQUEST' \
  -c '.tables'
has "-c is repeatable and keeps one database" "Things"

check "a parse error exits 252" 252 "$bin" -c 'querry --table-name Things'
check "an engine error exits 254" 254 "$bin" -c 'describe-table --table-name Missing'
check "a PartiQL syntax error exits 252" 252 "$bin" -c 'SELECT * FROM'
check "a dot-command usage error exits 252" 252 "$bin" -c '.mode nonsense'

cat >"$work/script.ddb" <<'DDB'
# a comment
-- another comment

describe-table --table-name Missing
.print after the error
DDB
check "a script stops at the first error" 254 "$bin" -f "$work/script.ddb"
if grep -q "after the error" "$work/out"; then
  echo "FAIL a script stops at the first error: it went on" >&2
  fail=1
fi
has "a script stops at the first error" "stopped at line 4"
check "--keep-going runs the rest, still failing" 254 "$bin" --keep-going -f "$work/script.ddb"
has "--keep-going runs the rest, still failing" "after the error"

# Several -c (or the same -f twice): the message names which one stopped.
check "a failing -c among several is named by its place" 252 "$bin" -c '.print A' -c '.print B' \
  -c '.print C' -c '.print D' -c 'querry --table-name Things'
has "a failing -c among several is named by its place" "stopped at line 1 of -c #5 "
check "a lone -c is just -c" 254 "$bin" -c 'describe-table --table-name Missing'
has "a lone -c is just -c" "stopped at line 1 of -c "
printf '.print once\n.check error\n' >"$work/twice.ddb"
check "the same -f twice is named by its place" 1 "$bin" -f "$work/twice.ddb" -c '.print B' \
  -f "$work/twice.ddb"
has "the same -f twice is named by its place" "stopped at line 2 of $work/twice.ddb (-f #1) "

check "a script on standard input" 0 sh -c "printf '.print from stdin\n' | '$bin'"
has "a script on standard input" "from stdin"

check "--echo prints each input with the prompt" 0 "$bin" --echo -c 'list-tables'
has "--echo prints each input with the prompt" "ddblab> list-tables"

check "--mode jsonl" 0 "$bin" --mode jsonl -c 'list-tables'
has "--mode jsonl" '{"statement":"list-tables","ok":true,"TableNames":[]'

check "no colour off a terminal" 0 "$bin" -c 'list-tables'
if grep -q $'\x1b\[' "$work/out"; then
  echo "FAIL no colour off a terminal: escape codes in the output" >&2
  fail=1
fi

check "an unknown option exits 252" 252 "$bin" --frobnicate
check "a missing script exits 1" 1 "$bin" -f "$work/nonexistent.ddb"

db="$work/lab.db"
check "a database file keeps tables" 0 "$bin" "$db" -c 'create-table --table-name Kept --attribute-definitions AttributeName=id,AttributeType=S --key-schema AttributeName=id,KeyType=HASH --billing-mode PAY_PER_REQUEST'
check "a database file keeps tables (reopened)" 0 "$bin" "$db" -c '.tables'
has "a database file keeps tables (reopened)" "Kept"

for demo in "$root"/scripts/demos/*.ddb; do
  check "demo $(basename "$demo") runs to the end" 0 "$bin" -f "$demo" --echo
done

exit $fail
