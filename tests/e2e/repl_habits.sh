#!/usr/bin/env bash
# The REPL as SQL users expect it, on a real pseudo-terminal: SQL pasted over several lines runs
# as one statement (a clause line joins the statement above it), a line that cannot be a whole
# statement shows the continuation prompt, a one-line statement still runs on Enter, Tab inside
# a quoted name completes table and index names with the closing quote, and Ctrl-D with tables
# in memory warns first (a second Ctrl-D leaves).
#   bash repl_habits.sh <ddblab binary>
set -euo pipefail
bin=$1
home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT

XDG_DATA_HOME="$home/data" HOME="$home" TERM=xterm NO_COLOR=1 /usr/bin/python3 - "$bin" "$(dirname "$0")/lib" <<'PY'
import os, sys, time

binary = sys.argv[1]
sys.path.insert(0, sys.argv[2])
from pty_session import Session, fail

def step(name):
    sys.stdout.write("- " + name + "\n")

s = Session(binary)
s.expect("ddblab> ")
s.send("create-table --table-name Shop --attribute-definitions AttributeName=PK,AttributeType=S "
       "AttributeName=SK,AttributeType=S AttributeName=G,AttributeType=S --key-schema "
       "AttributeName=PK,KeyType=HASH AttributeName=SK,KeyType=RANGE --billing-mode PAY_PER_REQUEST "
       "--global-secondary-indexes '[{\"IndexName\":\"ByG\",\"KeySchema\":[{\"AttributeName\":\"G\","
       "\"KeyType\":\"HASH\"}],\"Projection\":{\"ProjectionType\":\"ALL\"}}]'\r")
s.expect("Table Shop")
s.expect("ddblab> ")
s.send("INSERT INTO \"Shop\" VALUE {'PK':'CUST#3','SK':'A','G':'g'}\r")
s.expect("1 item written")
s.expect("ddblab> ")
s.send("INSERT INTO \"Shop\" VALUE {'PK':'CUST#3','SK':'B'}\r")
s.expect("1 item written")
s.expect("ddblab> ")

step("SQL pasted over several lines runs as one statement")
s.send("SELECT *\rFROM \"Shop\"\rWHERE PK = 'CUST#3'\rORDER BY SK DESC;\r", pause=1.0)
s.expect("-- Query Shop | 2 returned / 2 read")
s.expect("ddblab> ")
shown = s.transcript.decode(errors="replace")
if "Invalid choice 'FROM'" in shown or "Invalid choice 'WHERE'" in shown:
    fail("the pasted SELECT was cut into several statements:\n" + shown[-2000:])

step("a line that cannot be a whole statement continues, with the continuation prompt, to its ;")
s.type("SELECT *\r")
s.expect("...> ")
s.type("FROM \"Shop\" WHERE PK = 'CUST#3' AND SK = 'A'\r")
s.expect("...> ")
s.type(";\r")
s.expect("-- GetItem Shop | 1 returned")
s.expect("ddblab> ")

step("a one-line statement without ; runs on Enter")
s.type("SELECT * FROM \"Shop\" WHERE PK = 'CUST#3' AND SK = 'B'\r")
s.expect("-- GetItem Shop | 1 returned")
s.expect("ddblab> ")

step("Tab inside a quoted name completes the table, closing the quote")
s.type("SELECT * FROM \"Sh\t")
s.type(" WHERE PK = 'CUST#3'\r")
s.expect("-- Query Shop | 2 returned")
s.expect("ddblab> ")

step("... and an index name after \"table\".")
s.type("SELECT * FROM \"Shop\".\"B\t")
s.type(" WHERE G = 'g'\r")
s.expect("-- Query Shop.ByG | 1 returned")
s.expect("ddblab> ")

step("Ctrl-D with tables in memory warns first; a second Ctrl-D leaves")
s.send("\x04", pause=0.5)
s.expect(".save FILE keeps it")
s.expect("Press Ctrl-D again to leave.")
s.expect("ddblab> ")
s.finish()

step("lesson text wraps to a 60-column terminal, between words")
import fcntl, struct, termios, re
s = Session(binary)
fcntl.ioctl(s.fd, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 60, 0, 0))
s.expect("ddblab> ")
s.send(".lesson start item-collections --fresh\r")
s.expect("step 1 of")
s.expect("ddblab")
text = s.transcript.decode(errors="replace").replace("\r", "")
step_text = text[text.find("step 1 of"):]
step_text = step_text[step_text.find("\n") + 1:step_text.rfind("\n")]
for line in step_text.split("\n"):
    if len(line) > 60 and not line.startswith(" "):
        fail("a lesson line is wider than the terminal (%d): %r" % (len(line), line))
if "newest first, with one query." not in step_text.replace("\n", " "):
    fail("the step text lost words when wrapped:\n" + step_text)
step("Ctrl-D inside a lesson says what leaving ends before it leaves")
s.send("\x04", pause=0.5)
s.expect("Leaving now ends the lesson database")
s.expect("Press Ctrl-D again to leave.")
s.send(".lesson quit\r")
s.expect("ddblab> ")
s.finish()

step("a long simulate run shows progress on the terminal while its output goes to a file")
scenario = os.path.join(os.environ["HOME"], "busy.lua")
with open(scenario, "w") as f:
    f.write('''return { setup = { "create-table --table-name Tbl --attribute-definitions AttributeName=id,AttributeType=S --key-schema AttributeName=id,KeyType=HASH --billing-mode PAY_PER_REQUEST" },
  seconds = 30, clients = { { rate = 4000, statement = function(i) return "put-item --table-name Tbl --item '{\\"id\\":{\\"S\\":\\"k" .. (i % 500) .. "\\"}}'" end } } }
''')
out = os.path.join(os.environ["HOME"], "busy.txt")
s = Session("/bin/sh", ["-c", "exec '%s' simulate '%s' > '%s'" % (binary, scenario, out)])
s.expect("simulating: ", timeout=60)
s.expect("virtual seconds", timeout=60)
s.wait_exit(timeout=120)
if "requests in 30 virtual seconds" not in open(out).read():
    fail("the simulation's output did not reach the file")
print("repl_habits: ok")
PY
