#!/usr/bin/env bash
# Drives the interactive REPL through a pseudo-terminal: tab completion of dot-commands, options
# and table names, the continuation prompt, Ctrl-C dropping the current input, persistent history
# across sessions, and Ctrl-D leaving with status 0.
#   bash repl_pty.sh <ddblab binary>
set -euo pipefail
bin=$1
home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT

XDG_DATA_HOME="$home/data" HOME="$home" TERM=xterm NO_COLOR=1 /usr/bin/python3 - "$bin" "$home" "$(dirname "$0")/lib" <<'PY'
import os, sys

binary, home = sys.argv[1], sys.argv[2]
sys.path.insert(0, sys.argv[3])
from pty_session import Session

def step(name):
    sys.stdout.write("- " + name + "\n")

s = Session(binary)
s.expect("ddblab> ")

step("Tab completes a dot-command prefix")
s.send(".hel\t")
s.send(" keys\r")
s.expect("Ctrl-C drops the current input")
s.expect("ddblab> ")

step("Tab completes the argument of .mode")
s.send(".mode jso\t")
s.send("\r")
s.expect("ddblab> ")
s.send(".mode\r")
s.expect("current mode: json")
s.send(".mode table\r")
s.expect("ddblab> ")

step("a trailing backslash shows the continuation prompt")
s.send("create-table --table-name Things --attribute-definitions AttributeName=id,AttributeType=S \\\r")
s.expect("...> ")
s.send("  --key-schema AttributeName=id,KeyType=HASH --billing-mode PAY_PER_REQUEST\r")
s.expect("Table Things")
s.expect("ddblab> ")

step("an open quote continues too")
s.send("put-item --table-name Things --item '{\"id\":\r")
s.expect("...> ")
s.send("{\"S\":\"one\"}}'\r")
s.expect("PutItem Things")
s.expect("ddblab> ")

step("Tab completes subcommands, options and table names")
s.send("describe-ta\t")
s.send("--table-n\t")
s.send("Thi\t")
s.send("\r")
s.expect("Table Things")
s.expect("ddblab> ")

step("Ctrl-C drops the current input and gives a fresh prompt")
s.send("scan --table-name Thin")
s.send("\x03")
s.expect("^C")
s.expect("ddblab> ")
s.send("get-item --table-name Things \\\r")
s.expect("...> ")
s.send("\x03")
s.expect("ddblab> ")
s.send(".print still alive\r")
s.expect("still alive")
s.expect("ddblab> ")
s.finish()

step("history persists across sessions")
hist = os.path.join(home, "data", "ddblab", "history")
# libedit writes spaces as \040.
text = open(hist, encoding="utf-8", errors="replace").read().replace("\\040", " ")
if ".print still alive" not in text:
    sys.stderr.write("history file lacks the last input:\n" + text + "\n")
    sys.exit(1)
s = Session(binary)
s.expect("ddblab> ")
s.send("\x1b[A")  # Up: the previous session's last input
s.send("\r")
s.expect("still alive")
s.expect("ddblab> ")
s.finish()
print("repl_pty: ok")
PY
