#!/usr/bin/env bash
# The command line and keeping work: `ddblab --db FILE` opens FILE as `serve --db` does; -c and
# -f run in the order given; .save copies an in-memory database to a file that `ddblab FILE`
# opens later, and refuses to overwrite one; quitting the REPL with tables in memory says how to
# keep them.
#   bash command_line_save.sh <ddblab binary>
set -uo pipefail
bin=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail=0

check() {  # name, wanted text, output file
  if grep -qF -- "$2" "$3"; then
    echo "ok   $1"
  else
    echo "FAIL $1: output lacks \"$2\"; output:" >&2
    sed 's/^/  /' "$3" >&2
    fail=1
  fi
}

create='create-table --table-name Things --attribute-definitions AttributeName=id,AttributeType=S --key-schema AttributeName=id,KeyType=HASH --billing-mode PAY_PER_REQUEST'

# --db FILE: the table written in one run is there in the next.
"$bin" --db "$work/a.db" -c "$create" -c "put-item --table-name Things --item '{\"id\":{\"S\":\"x\"}}'" \
  >"$work/out" 2>&1
"$bin" --db "$work/a.db" -c 'scan --table-name Things --select COUNT' >"$work/out" 2>&1
check "--db FILE keeps the database in FILE" "Count: 1" "$work/out"
"$bin" "$work/a.db" --db "$work/b.db" -c '.tables' >"$work/out" 2>&1
check "a second database FILE is refused" "ddblab: give one database FILE" "$work/out"

# -c and -f in command-line order.
printf '.print from-script\n' >"$work/s.ddb"
"$bin" -c '.print first' -f "$work/s.ddb" -c '.print last' >"$work/out" 2>&1
if [ "$(tr '\n' ' ' <"$work/out")" = "first from-script last " ]; then
  echo "ok   -c and -f run in the order given"
else
  echo "FAIL -c and -f order; output:" >&2
  sed 's/^/  /' "$work/out" >&2
  fail=1
fi

# .save: an in-memory session copied to a file, which opens with its items.
"$bin" -c "$create" -c "put-item --table-name Things --item '{\"id\":{\"S\":\"y\"}}'" \
  -c ".save $work/saved.db" >"$work/out" 2>&1
check ".save says where the copy is" "saved to $work/saved.db; open it with: ddblab $work/saved.db" \
  "$work/out"
"$bin" "$work/saved.db" -c "get-item --table-name Things --key '{\"id\":{\"S\":\"y\"}}'" >"$work/out" 2>&1
check ".save copies tables and items" "1 returned / 1 read" "$work/out"
"$bin" -c ".save $work/saved.db" >"$work/out" 2>&1
check ".save refuses an existing file" ".save: cannot save to $work/saved.db: output file already exists" \
  "$work/out"

# Quitting the REPL with tables in memory.
HOME="$work" XDG_DATA_HOME="$work/data" TERM=xterm NO_COLOR=1 /usr/bin/python3 - "$bin" \
  "$(dirname "$0")/lib" "$create" <<'PY' || fail=1
import sys
binary = sys.argv[1]
sys.path.insert(0, sys.argv[2])
from pty_session import Session

s = Session(binary)
s.expect("ddblab> ")
s.send(sys.argv[3] + "\r")
s.expect("ddblab> ")
s.send("\x04")
# Ctrl-D warns before the tables are lost, and stays; a second Ctrl-D leaves.
s.expect("The table of your in-memory database will be gone: .save FILE keeps it")
s.expect("Press Ctrl-D again to leave.")
s.expect("ddblab> ")
s.finish()
print("ok   quitting with tables in memory warns first and says how to keep them")

# .quit leaves at once and then says what was lost.
s = Session(binary)
s.expect("ddblab> ")
s.send(sys.argv[3] + "\r")
s.expect("ddblab> ")
s.send(".quit\r")
s.wait_exit()
want = b"The table of this in-memory database is gone now. To keep tables, run .save FILE"
if want not in s.transcript:
    sys.exit("FAIL leaving with .quit: no note; the terminal showed:\n"
             + s.transcript[-600:].decode(errors="replace"))
print("ok   .quit with tables in memory says how to keep them")
PY

exit $fail
