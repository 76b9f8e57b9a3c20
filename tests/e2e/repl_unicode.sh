#!/usr/bin/env bash
# Non-ASCII text is stored byte for byte from every front door: typed and pasted at the REPL
# prompt (through a pseudo-terminal), given with -c and read from a -f script. LANG and LC_ALL are
# unset, as in CI, so ddblab itself must read the terminal as UTF-8 (it once stored
# "José — lições ✓" as "Jos  lies"). Each value is read back as JSON by a separate process.
#   bash repl_unicode.sh <ddblab binary>
set -euo pipefail
bin=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

env -u LANG -u LC_ALL -u LC_CTYPE -u LANGUAGE XDG_DATA_HOME="$work/data" HOME="$work" TERM=xterm \
  NO_COLOR=1 /usr/bin/python3 - "$bin" "$work" "$(dirname "$0")/lib" <<'PY'
import json, os, subprocess, sys

binary, work = sys.argv[1], sys.argv[2]
sys.path.insert(0, sys.argv[3])
from pty_session import Session
VALUES = [
    "José — lições ✓",        # precomposed accents, an em dash, a check mark
    "Jose\u0301 “aspas”",      # a decomposed accent (e + U+0301) and smart quotes
    "漢字かな 한국어 🚀",         # wide characters and an emoji
]
CREATE = ("create-table --table-name Uni --attribute-definitions AttributeName=PK,AttributeType=S "
          "--key-schema AttributeName=PK,KeyType=HASH --billing-mode PAY_PER_REQUEST")

def put(value):
    return "put-item --table-name Uni --item '{\"PK\":{\"S\":\"%s\"}}'" % value

def get(value):
    return "get-item --table-name Uni --key '{\"PK\":{\"S\":\"%s\"}}'" % value

def fail(message):
    sys.stderr.write(message + "\n")
    sys.exit(1)

def step(name):
    sys.stdout.write("- " + name + "\n")

def stored(db):
    """The PK values in `db`, read back as JSON by a separate ddblab process."""
    p = subprocess.run([binary, db, "--mode", "json", "-c", "scan --table-name Uni"],
                       capture_output=True)
    if p.returncode != 0:
        fail("scan failed (%d): %s" % (p.returncode, p.stderr.decode(errors="replace")))
    return sorted(item["PK"] for item in json.loads(p.stdout.decode("utf-8"))["Items"])

def check(db, where):
    got = stored(db)
    want = sorted(VALUES)
    if [g.encode() for g in got] != [w.encode() for w in want]:
        fail("%s stored %r, expected %r" % (where, got, want))

step("the REPL stores typed and pasted non-ASCII text unchanged")
db = os.path.join(work, "repl.db")
s = Session(binary, [db])
s.expect("ddblab> ")
s.send(CREATE + "\r")
s.expect("Table Uni")
s.expect("ddblab> ")
for i, value in enumerate(VALUES):
    (s.type if i == 0 else s.send)(put(value) + "\r")
    s.expect("PutItem Uni")
    s.expect("ddblab> ")
step("the REPL reads it back unchanged")
s.send(".mode json\r")
s.expect("ddblab> ")
for value in VALUES:
    s.send(get(value) + "\r")
    s.expect('"PK": "%s"' % value)
    s.expect("ddblab> ")
s.send(".print %s\r" % VALUES[0])
s.expect("\r\n%s\r\n" % VALUES[0])
s.expect("ddblab> ")
s.finish()
check(db, "the REPL")

step("history keeps it: Up in the next session recalls the last input unchanged")
s = Session(binary, [db])
s.expect("ddblab> ")
s.send("\x1b[A")
s.send("\r")
s.expect("\r\n%s\r\n" % VALUES[0])
s.expect("ddblab> ")
s.finish()

step("LC_ALL=C and LANG=POSIX do not turn the REPL back to ASCII")
for env in ({"LC_ALL": "C"}, {"LANG": "POSIX"}):
    s = Session(binary, [], env)
    s.expect("ddblab> ")
    s.send(".print %s\r" % VALUES[2])
    s.expect("\r\n%s\r\n" % VALUES[2])
    s.expect("ddblab> ")
    s.finish()

step("-c stores it unchanged")
db = os.path.join(work, "c.db")
args = [binary, db, "-c", CREATE]
for value in VALUES:
    args += ["-c", put(value)]
subprocess.run(args, check=True, capture_output=True)
check(db, "-c")

step("-f stores it unchanged")
db = os.path.join(work, "f.db")
script = os.path.join(work, "script.ddb")
with open(script, "wb") as f:
    f.write(("\n".join([CREATE] + [put(v) for v in VALUES]) + "\n").encode())
subprocess.run([binary, db, "-f", script], check=True, capture_output=True)
check(db, "-f")
print("repl_unicode: ok")
PY
