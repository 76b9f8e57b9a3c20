#!/usr/bin/env bash
# Runs one golden session test through the real ddblab binary and compares what it printed.
#
#   run_session.sh <ddblab binary> <file.test>
#   DDBLAB_RECORD=1 run_session.sh <ddblab binary> <file.test>   rewrites the expected output
#
# A .test file is a sequence of records, run in order by ONE ddblab process on a fresh in-memory
# database with a fixed clock (--clock 1700000000), NO_COLOR set, in the file's directory (so
# file:// and .read paths are relative to the test), with lesson progress kept in a scratch
# DDBLAB_DATA_DIR (never the user's own). Outside records, blank lines and lines
# starting with # are comments; by convention a file starts with
#   # name: tests/sessions/<group>/<file>.test
#   # description: <the rule the file pins>
#   # group: [<group>]
#
# Records:
#
#   statement ok
#   <one input: an aws-CLI command, a PartiQL statement or EXPLAIN; may span lines>
#   (ends at a blank line)
#
#     The input (a statement or a dot-command) must succeed; its output is not compared.
#
#   statement error [ExceptionType]
#   <one input>
#   (ends at a blank line)
#
#     The input must fail (a statement with that DynamoDB exception type when one is given).
#
#   query
#   <any inputs, one per line or continued as in the REPL: dot-commands, statements>
#   ----
#   <the exact expected output: stdout and stderr interleaved as printed>
#   ====
#
#     Everything the inputs print must equal the expected block, byte for byte.
#
# The runner turns the file into one script: `.print @@@record N` before each record and
# `.check ok|error [Type]` after each statement record, runs `ddblab --keep-going -f`, splits the
# output at the markers and compares record by record. With DDBLAB_RECORD=1 the expected blocks of
# query records are replaced by what the binary printed; review the change with `git diff`.
set -euo pipefail

if [ $# -ne 2 ]; then
  echo "usage: run_session.sh <ddblab binary> <file.test>" >&2
  exit 2
fi
bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
test_file=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# 1. Parse the test into a script, the expected blocks and a list of records.
awk -v work="$work" '
  function start(kind, arg) {
    n++; kind_of[n] = kind; arg_of[n] = arg; line_of[n] = NR; dot[n] = 0; first = 1
    print ".print @@@record " n > (work "/script.ddb")
  }
  function end_statement() {
    print ".check " arg_of[n] > (work "/script.ddb")
    state = "top"
  }
  BEGIN { state = "top"; n = 0 }
  state == "top" {
    if ($0 ~ /^statement ok[ \t]*$/) { start("statement", "ok"); state = "stmt"; next }
    if ($0 ~ /^statement error/) {
      arg = $0; sub(/^statement /, "", arg); sub(/[ \t]+$/, "", arg)
      start("statement", arg); state = "stmt"; next
    }
    if ($0 ~ /^query[ \t]*$/) { start("query", ""); state = "qin"; next }
    if ($0 ~ /^#/ || $0 ~ /^[ \t]*$/) next
    printf "%s:%d: expected a record (statement ok|error, query), got: %s\n", FILENAME, NR, $0 > "/dev/stderr"
    exit 2
  }
  state == "stmt" {
    if ($0 ~ /^[ \t]*$/) { end_statement(); next }
    if (first && $0 ~ /^\./) dot[n] = 1
    first = 0
    print > (work "/script.ddb"); next
  }
  state == "qin" {
    if ($0 == "----") { state = "qexp"; printf "" > (work "/exp." n); next }
    print > (work "/script.ddb"); next
  }
  state == "qexp" {
    if ($0 == "====") { state = "top"; next }
    print > (work "/exp." n); next
  }
  END {
    if (state == "stmt") end_statement()
    if (state == "qin" || state == "qexp") {
      printf "%s: record at line %d is not closed (---- and ====)\n", FILENAME, line_of[n] > "/dev/stderr"
      exit 2
    }
    for (i = 1; i <= n; i++) printf "%d %s %d %d %s\n", i, kind_of[i], line_of[i], dot[i], arg_of[i] > (work "/records")
  }
' "$test_file"
touch "$work/records" "$work/script.ddb"
# DDBLAB_SCRIPT_OUT=FILE: only write the script the records make (for running it elsewhere, e.g.
# the browser build: tests/web/goldens.sh) and stop.
if [ -n "${DDBLAB_SCRIPT_OUT:-}" ]; then
  cp "$work/script.ddb" "$DDBLAB_SCRIPT_OUT"
  exit 0
fi

# 2. Run the script through the binary.
status=0
(cd "$(dirname "$test_file")" &&
  NO_COLOR=1 DDBLAB_DATA_DIR="$work/data" "$bin" --clock 1700000000 --keep-going -f "$work/script.ddb") >"$work/actual" 2>&1 ||
  status=$?

# 3. Split the output at the record markers.
awk -v work="$work" '
  BEGIN { cur = 0; printf "" > (work "/act.0") }
  /^@@@record [0-9]+$/ { cur = $2; printf "" > (work "/act." cur); next }
  # In jsonl mode the marker comes wrapped as {"command":".print @@@record N","text":"@@@record N"}.
  /^\{"command":"\.print @@@record [0-9]+","text":"@@@record [0-9]+"\}$/ {
    n = $0; sub(/^.*"text":"@@@record /, "", n); sub(/"\}$/, "", n)
    cur = n; printf "" > (work "/act." cur); next
  }
  { print > (work "/act." cur) }
' "$work/actual"

# 4. Compare, or record.
rel=${test_file#"$(cd "$(dirname "$0")" && pwd)/"}
failures=0
if [ -s "$work/act.0" ]; then
  echo "$rel: output before the first record:" >&2
  cat "$work/act.0" >&2
  failures=$((failures + 1))
fi
while read -r n kind line dot arg; do
  act="$work/act.$n"
  [ -f "$act" ] || : >"$act"
  if [ "$kind" = statement ]; then
    if grep -q '^check failed:' "$act"; then
      echo "$rel:$line: statement $arg failed; the session printed:" >&2
      sed 's/^/  /' "$act" >&2
      failures=$((failures + 1))
    fi
  elif [ "${DDBLAB_RECORD:-}" != 1 ]; then
    if ! diff -u --label expected --label actual "$work/exp.$n" "$act" >"$work/diff"; then
      echo "$rel:$line: query output differs:" >&2
      cat "$work/diff" >&2
      failures=$((failures + 1))
    fi
  fi
done <"$work/records"

if [ "${DDBLAB_RECORD:-}" = 1 ]; then
  awk -v work="$work" '
    BEGIN { state = "top"; n = 0 }
    state == "top" && /^(statement (ok|error)|query[ \t]*$)/ { n++; if ($0 ~ /^query/) state = "qin" }
    state == "qin" && $0 == "----" {
      print
      f = work "/act." n
      while ((getline l < f) > 0) print l
      close(f)
      state = "skip"; next
    }
    state == "skip" { if ($0 == "====") { print; state = "top" } next }
    { print }
  ' "$test_file" >"$work/rewritten"
  if ! cmp -s "$work/rewritten" "$test_file"; then
    cp "$work/rewritten" "$test_file"
    echo "$rel: expectations rewritten" >&2
  fi
  exit 0
fi

if [ $failures -ne 0 ]; then
  echo "$rel: $failures record(s) failed (ddblab exit status $status)" >&2
  exit 1
fi
echo "$rel: ok"
