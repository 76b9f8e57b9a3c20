#!/usr/bin/env bash
# Ctrl-C and Ctrl-D while a long read runs in the REPL, on a real pseudo-terminal:
# - Ctrl-C stops a Scan between pages; the REPL says how far it got, offers .more, and goes on;
# - Ctrl-C stops a .read script between statements;
# - a Ctrl-D typed while a statement still prints is kept for the next prompt, where it leaves.
# The test stops reading the terminal while the Scan prints, so ddblab is certainly still
# running (blocked on a full terminal) when the key arrives.
#   bash repl_interrupt.sh <ddblab binary>
set -euo pipefail
bin=$1
lib=$(cd "$(dirname "$0")/lib" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"

n=40000
[ "${DDBLAB_SANITIZED:-0}" = 1 ] && n=15000
"$bin" big.db -c 'create-table --table-name Big --attribute-definitions AttributeName=PK,AttributeType=S AttributeName=SK,AttributeType=S --key-schema AttributeName=PK,KeyType=HASH AttributeName=SK,KeyType=RANGE --billing-mode PAY_PER_REQUEST' \
  -c ".generate Big $n" >/dev/null
printf 'scan --table-name Big\nlist-tables\n' > long.ddb

HOME="$work" XDG_DATA_HOME="$work" TERM=xterm NO_COLOR=1 /usr/bin/python3 - "$bin" "$lib" <<'PY'
import sys, time

binary = sys.argv[1]
sys.path.insert(0, sys.argv[2])
from pty_session import Session, fail

def step(name):
    sys.stdout.write("- " + name + "\n")

s = Session(binary, ["big.db"])
s.expect("ddblab> ")

step("Ctrl-C stops a long Scan between pages and the REPL goes on")
s.send("scan --table-name Big\r")
s.expect("----")
time.sleep(1)  # not reading: ddblab fills the terminal and waits, mid-Scan
s.send("\x03")
s.expect("interrupted after ", timeout=120)
s.expect(" items (Ctrl-C); .more reads the rest")
s.expect("more: .more")
s.expect("ddblab> ")
s.send("describe-table --table-name Big\r")
s.expect("Table Big")
s.expect("ddblab> ")

step("Ctrl-C stops a .read script between statements")
s.send(".read long.ddb\r")
s.expect("----")
time.sleep(1)
s.send("\x03")
s.expect("interrupted at line 1 of long.ddb", timeout=120)
s.expect("ddblab> ")
s.send(".tables\r")
s.expect("Big")
s.expect("ddblab> ")

step("a Ctrl-D typed while a statement prints leaves at the next prompt")
s.send("scan --table-name Big\r")
s.expect("----")
s.send("\x04")
s.wait_exit(timeout=120)
PY
echo "repl_interrupt: ok"
