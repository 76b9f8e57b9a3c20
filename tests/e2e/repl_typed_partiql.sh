#!/usr/bin/env bash
# PartiQL typed by hand, line by line with pauses (not pasted), on a real pseudo-terminal: a
# statement whose first line is incomplete waits for its `;` (the continuation prompt shows), so
# a half-typed SELECT never runs as a Scan; a one-line statement still runs on Enter; a blank
# line says what the statement waits for; a dot-command typed meanwhile runs on its own.
#   bash repl_typed_partiql.sh <ddblab binary>
set -euo pipefail
bin=$1
home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT

XDG_DATA_HOME="$home/data" HOME="$home" TERM=xterm NO_COLOR=1 /usr/bin/python3 - "$bin" "$(dirname "$0")/lib" <<'PY'
import sys, time

binary = sys.argv[1]
sys.path.insert(0, sys.argv[2])
from pty_session import Session, fail

def step(name):
    sys.stdout.write("- " + name + "\n")

s = Session(binary)
s.expect("ddblab> ")

def line(text):
    """Types one line a key at a time, presses Enter, and waits as a person would."""
    s.type(text)
    s.send("\r", pause=0.6)

s.send("aws dynamodb create-table --table-name App --attribute-definitions "
       "AttributeName=PK,AttributeType=S AttributeName=SK,AttributeType=S --key-schema "
       "AttributeName=PK,KeyType=HASH AttributeName=SK,KeyType=RANGE "
       "--billing-mode PAY_PER_REQUEST\r")
s.expect("ddblab> ")
for sk in ("ORDER#1", "ORDER#2", "PROFILE"):
    s.send("aws dynamodb put-item --table-name App --item "
           "'{\"PK\":{\"S\":\"CUSTOMER#c1\"},\"SK\":{\"S\":\"%s\"}}'\r" % sk)
    s.expect("PutItem App")
    s.expect("ddblab> ")

step("the four-line SELECT typed with pauses runs once, as one Query, after its ;")
mark = len(s.transcript)
line("SELECT *")
s.expect("...> ")
line('FROM "App"')
s.expect("...> ")
line("WHERE PK = 'CUSTOMER#c1'")
s.expect("...> ")
typed = s.transcript[mark:].decode(errors="replace")
if "-- " in typed or "Scan" in typed:
    fail("a partial statement ran before its ;:\n" + typed)
line("ORDER BY SK DESC;")
s.expect("-- Query App |")
s.expect("ddblab> ")
out = s.transcript[mark:].decode(errors="replace")
for bad in ("Scan", "Invalid choice", "error"):
    if bad in out:
        fail("%r in the output of the typed statement:\n%s" % (bad, out))
if out.count("-- Query App") != 1:
    fail("expected one statement to run:\n" + out)
if out.find("PROFILE") > out.find("ORDER#1"):
    fail("ORDER BY SK DESC was not part of the statement:\n" + out)

step("a one-line statement still runs on Enter, without ;")
line("SELECT * FROM \"App\" WHERE PK = 'CUSTOMER#c1' AND SK = 'PROFILE'")
s.expect("-- GetItem App |")
s.expect("ddblab> ")

step("a blank line while the statement waits says what it waits for; a dot-command runs")
line("SELECT PK")
s.expect("...> ")
line('FROM "App"')
s.expect("...> ")
line("")
s.expect("the statement runs when a line ends with ;")
s.expect("...> ")
line(".print meanwhile")
s.expect("meanwhile")
s.expect("...> ")
line("WHERE PK = 'CUSTOMER#c1' AND SK = 'ORDER#2';")
s.expect("-- GetItem App |")
s.expect("ddblab> ")

step("Ctrl-C drops a statement that waits for its ;")
line("SELECT *")
s.expect("...> ")
line('FROM "App"')
s.expect("...> ")
s.send("\x03")
s.expect("ddblab> ")
mark = len(s.transcript)
line(".print dropped")
s.expect("dropped")
s.expect("ddblab> ")
if "-- " in s.transcript[mark:].decode(errors="replace"):
    fail("the dropped statement ran")
s.finish()
print("ok")
PY
