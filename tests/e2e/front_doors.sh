#!/usr/bin/env bash
# One table of inputs through every front door, which must all make the same calls with the same
# results: the REPL through a real pty, -f (with CRLF line ends), -c, a lesson step (statements
# the student types, seen by the step's check) and a lesson's own `ddb.try` (lesson code), and a
# graded solution whose PartiQL pattern is continued with a trailing backslash. The inputs cover
# the statement-boundary rule (docs/shell.md, "Where a statement ends"): backslash
# continuation, open quotes and braces, PartiQL over several lines, CRLF and non-ASCII text.
#   bash front_doors.sh <ddblab binary>
set -euo pipefail
bin=$1
root=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export NO_COLOR=1 DDBLAB_DATA_DIR="$tmp/data" HOME="$tmp" XDG_DATA_HOME="$tmp/xdg"

/usr/bin/python3 - "$bin" "$tmp" "$root" "$root/tests/e2e/lib" <<'PY'
import json, os, subprocess, sys

binary, tmp, root = sys.argv[1], sys.argv[2], sys.argv[3]
sys.path.insert(0, sys.argv[4])
from pty_session import Session

# Each input is one statement, as a user would write or paste it (lines joined with \n).
# A PartiQL statement laid out over several lines ends with `;` (typed in the REPL it waits for
# it); one joined by `\` ends at the line without one.
INPUTS = [
    "aws dynamodb create-table --table-name Doors \\\n"
    "  --attribute-definitions AttributeName=PK,AttributeType=S AttributeName=SK,AttributeType=S \\\n"
    "  --key-schema AttributeName=PK,KeyType=HASH AttributeName=SK,KeyType=RANGE \\\n"
    "  --billing-mode PAY_PER_REQUEST",
    "aws dynamodb put-item --table-name Doors --item '{\n"
    "  \"PK\": {\"S\": \"USER#1\"}, \"SK\": {\"S\": \"PROFILE\"},\n"
    "  \"name\": {\"S\": \"José — lições ✓\"}, \"age\": {\"N\": \"41\"}\n"
    "}'",
    "INSERT INTO \"Doors\" VALUE {'PK': 'USER#1', 'SK': 'NOTE#2',\n"
    "  'text': '東京 naïve café'};",
    "INSERT INTO \"Doors\" VALUE {'PK': 'USER#2', 'SK': 'NOTE#1', 'text': 'plain'}",
    "SELECT * FROM \"Doors\" WHERE\n  PK = 'USER#1' AND\n  begins_with(SK, 'NOTE#');",
    "SELECT * FROM \"Doors\" \\\nWHERE PK = 'USER#1'",
    "aws dynamodb query --table-name Doors \\\n"
    "  --key-condition-expression \"PK = :pk\" \\\n"
    "  --expression-attribute-values '{\":pk\": {\"S\": \"USER#1\"}}'",
    "UPDATE \"Doors\" SET age = 42 WHERE\n  PK = 'USER#1' AND SK = 'PROFILE';",
    "aws dynamodb get-item --table-name Doors --key '{\"PK\":{\"S\":\"USER#1\"},\"SK\":{\"S\":\"PROFILE\"}}'",
    "SELECT * FROM \"Doors\" WHERE name = 'José — lições ✓'",
    "aws dynamodb get-item --table-name Missing --key '{\"PK\":{\"S\":\"x\"}}'",
]


def fail(msg):
    sys.stderr.write("FAIL: " + msg + "\n")
    sys.exit(1)


def plain(v):
    (t, x), = v.items()
    if t == "S":
        return x
    if t == "N":
        return int(x)
    if t == "M":
        return {k: plain(e) for k, e in x.items()}
    if t == "L":
        return [plain(e) for e in x]
    if t == "BOOL":
        return x
    fail("unexpected type " + t)


def ser(v):
    # The same rendering as the lesson's Lua `ser` below: keys sorted as strings.
    if isinstance(v, dict):
        return "{" + ",".join(k + "=" + ser(v[k]) for k in sorted(v)) + "}"
    if isinstance(v, list):
        keys = sorted(str(i + 1) for i in range(len(v)))
        return "{" + ",".join(k + "=" + ser(v[int(k) - 1]) for k in keys) + "}"
    if isinstance(v, bool):
        return "true" if v else "false"
    return str(v)


def from_jsonl(obj):
    """One jsonl object as the tuple every front door is compared on."""
    items = obj.get("Items")
    if items is None and "Item" in obj:
        items = [obj["Item"]]
    items = [{k: plain(v) for k, v in it.items()} for it in (items or [])]
    err = obj.get("error") or {}
    trace = obj.get("trace") or {}
    count = obj["Count"] if "Count" in obj else len(items)
    return "|".join([
        "true" if obj["ok"] else "false", err.get("type", ""), err.get("message", ""),
        str(trace.get("items_read", 0)), str(trace.get("items_returned", 0)), str(count),
        ser(items)])


def jsonl_records(text):
    out = []
    for line in text.splitlines():
        line = line.strip()
        i = line.find('{"statement"')
        if i >= 0:
            out.append(from_jsonl(json.loads(line[i:])))
    return out


def check_same(name, got, want):
    if len(got) != len(want):
        fail("%s: %d results, expected %d:\n%s" % (name, len(got), len(want), "\n".join(got)))
    for i, (g, w) in enumerate(zip(got, want)):
        if g != w:
            fail("%s: input %d differs:\n  input: %r\n  got:   %s\n  want:  %s"
                 % (name, i + 1, INPUTS[i], g, w))
    print("ok:", name)


# -f, with Windows line ends.
script = os.path.join(tmp, "inputs.ddb")
with open(script, "wb") as f:
    f.write("\r\n".join(INPUTS + [""]).encode())
run = subprocess.run([binary, "--mode", "jsonl", "--keep-going", "--clock", "1700000000",
                      "-f", script], capture_output=True)
reference = jsonl_records(run.stdout.decode())
if len(reference) != len(INPUTS):
    fail("-f gave %d results for %d inputs:\n%s" % (len(reference), len(INPUTS),
                                                    run.stdout.decode() + run.stderr.decode()))
if not reference[1].startswith("true") or "José — lições ✓" not in reference[8]:
    fail("the non-ASCII value did not round-trip:\n" + reference[8])
if "東京 naïve café" not in reference[4] or reference[4].split("|")[5] != "1":
    fail("the multi-line PartiQL SELECT did not run as one Query:\n" + reference[4])
print("ok: -f (CRLF)")

# -c, one flag per input.
args = [binary, "--mode", "jsonl", "--keep-going", "--clock", "1700000000"]
for s in INPUTS:
    args += ["-c", s]
run = subprocess.run(args, capture_output=True)
check_same("-c", jsonl_records(run.stdout.decode()), reference)

# The REPL through a pty, typed line by line; each input at a fresh prompt, as a person would.
repl = Session(binary, ["--mode", "jsonl", "--clock", "1700000000"])
repl.expect("ddblab> ")
for n, s in enumerate(INPUTS):
    for line in s.split("\n"):
        repl.send(line + "\r", pause=0.05)
    repl.send(".print done-%d\r" % n, pause=0)
    repl.expect('"text":"done-%d"' % n)  # jsonl wraps dot-command text as JSON
    repl.expect("ddblab> ")
repl.finish()
text = repl.transcript.decode(errors="replace").replace("\r", "")
check_same("REPL (pty)", jsonl_records(text), reference)

# Lessons: the step's check sees what the student typed; the setup's ddb.try runs lesson code.
lessons = os.path.join(tmp, "lessons")
os.makedirs(lessons)
LUA_SER = r'''
local function ser(v)
  if type(v) == "table" then
    local keys = {}
    for k in pairs(v) do keys[#keys + 1] = tostring(k) end
    table.sort(keys)
    local parts = {}
    for _, k in ipairs(keys) do
      local x = v[k]
      if x == nil then x = v[tonumber(k)] end
      parts[#parts + 1] = k .. "=" .. ser(x)
    end
    return "{" .. table.concat(parts, ",") .. "}"
  end
  return tostring(v)
end
local function record(r)
  local e = r.error or {}
  say("RECORD|" .. tostring(r.ok) .. "|" .. (e.code or "") .. "|" .. (e.message or "") .. "|" ..
      r.read .. "|" .. r.returned .. "|" .. r.count .. "|" .. ser(r.items))
end
'''


def lua_long(s):
    return "[==[" + s + "]==]"


with open(os.path.join(lessons, "observe.lua"), "w") as f:
    f.write(LUA_SER + '''
return lesson {
  id = "observe", number = 1, title = "observe", summary = "observe",
  steps = {{ id = "any", text = "run anything",
             check = function(r) record(r); return false, "keep going" end }},
}
''')
with open(os.path.join(lessons, "ddbtry.lua"), "w") as f:
    f.write(LUA_SER + "local INPUTS = {" + ",".join(lua_long(s) for s in INPUTS) + "}\n" + '''
return lesson {
  id = "ddbtry", number = 2, title = "ddbtry", summary = "ddbtry",
  setup = function() for _, s in ipairs(INPUTS) do record(ddb.try(s)) end end,
  steps = {{ id = "any", text = "nothing", check = function(r) return true end }},
}
''')
answers = os.path.join(tmp, "answers")
with open(answers, "wb") as f:
    f.write("\r\n".join(INPUTS + [""]).encode())
env = dict(os.environ, DDBLAB_LESSONS_DIR=lessons)


def lesson_records(lesson):
    run = subprocess.run([binary, "lesson", "run", lesson, "--answers", answers],
                         capture_output=True, env=env)
    out = run.stdout.decode() + run.stderr.decode()
    recs = [l[len("RECORD|"):] for l in out.splitlines() if l.startswith("RECORD|")]
    return recs, out


recs, out = lesson_records("observe")
check_same("lesson step (what the student types)", recs, reference)
recs, out = lesson_records("ddbtry")
check_same("lesson code (ddb.try)", recs[:len(INPUTS)], reference)

# A graded solution: the edtech reference with its first PartiQL pattern continued over two lines
# with a trailing backslash, in a CRLF file, scores exactly what the reference scores.
ref = open(os.path.join(root, "exercises", "edtech", "reference.ddb")).read()
lines = ref.split("\n")
changed = False
for i, l in enumerate(lines):
    if l.startswith("SELECT") and " WHERE " in l:
        a, b = l.split(" WHERE ", 1)
        lines[i] = a + " \\\nWHERE " + b
        changed = True
        break
if not changed:
    fail("the edtech reference has no one-line PartiQL pattern to continue")
variant = os.path.join(tmp, "variant.ddb")
with open(variant, "wb") as f:
    f.write("\r\n".join("\n".join(lines).split("\n")).encode())


def grade(path):
    run = subprocess.run([binary, "grade", "edtech", path, "--seed", "7", "--format", "json",
                          "--exercises-dir", os.path.join(root, "exercises")],
                         capture_output=True)
    rep = json.loads(run.stdout.decode())["reports"][0]
    return rep["score"], rep["max_score"], [c["message"] for c in rep["checks"]
                                            if c["status"] != "passed"]


want = grade(os.path.join(root, "exercises", "edtech", "reference.ddb"))
got = grade(variant)
if got != want or want[0] != want[1]:
    fail("grade: the continued pattern scored %s, the reference %s" % (got, want))
print("ok: grade (a PartiQL pattern continued with \\ in a CRLF file scores full marks)")
PY
