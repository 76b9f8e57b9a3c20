"""Builds hostile variants of the edtech reference solution, grades them in one batch with
copies of the reference, and checks every verdict (see tests/e2e/hostile_solutions.sh)."""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

BIN, ROOT = os.path.abspath(sys.argv[1]), sys.argv[2]
EX = os.path.join(ROOT, "exercises")
SECRET = "SECRET-FILE-TEXT-77b2e4"
TOKEN = "SECRET-ENV-TOKEN-c901dd"
INSTRUCTOR_ITEM = ("'{\"PK\":{\"S\":\"INSTRUCTOR#${instructor_id}\"},\"SK\":{\"S\":\"PROFILE\"},"
                   "\"instructor_id\":{\"S\":\"${instructor_id}\"},\"name\":{\"S\":\"${name}\"}}'")
PUT = "aws dynamodb put-item --table-name edtech --item "


def deep_item(levels):
    return "'{\"PK\":{\"S\":\"x\"},\"a\":" + "{\"M\":{\"a\":" * levels + "{\"S\":\"v\"}" + \
        "}}" * levels + "}'"


def many_keys_item(n, entity="INSTRUCTOR#${instructor_id}"):
    return "'{\"PK\":{\"S\":\"" + entity + "\"},\"SK\":{\"S\":\"PROFILE\"}," + \
        ",".join("\"k%d\":{\"S\":\"v\"}" % i for i in range(n)) + "}'"


# name -> (the Instructor template's statement, text its feedback must contain)
def attacks(secret):
    refused = "graded solutions are self-contained"
    return {
        "file-absolute": (PUT + "file://" + secret, refused),
        "fileb-absolute": (PUT + "fileb://" + secret, refused),
        "file-relative": (PUT + "file://../outside/secret.txt", refused),
        "file-home": (PUT + "file://~/secret.txt", refused),
        "table-name-file": ("aws dynamodb put-item --table-name file://" + secret + " --item " +
                            INSTRUCTOR_ITEM, refused),
        "cli-input-json-file": ("aws dynamodb put-item --cli-input-json file://" + secret, refused),
        "shorthand-file": (PUT + "PK@=file://" + secret, refused),
        "shorthand-bare-path": (PUT + "PK@=" + secret, refused),
        "proc-environ": ("aws dynamodb put-item --table-name fileb:///proc/self/environ --item " +
                         INSTRUCTOR_ITEM, refused),
        "dev-zero": (PUT + "file:///dev/zero", refused),
        "dev-urandom": (PUT + "fileb:///dev/urandom", refused),
        "deep-json": (PUT + deep_item(100000), "Nesting deeper than 1000 levels"),
        "many-json-keys": (PUT + many_keys_item(150000), "Item size has exceeded"),
        "huge-echo": ("aws dynamodb put-item --table-name " + "T" * 200000 + " --item " +
                      INSTRUCTOR_ITEM, "more bytes not shown"),
        "terminal-escapes": ("aws dynamodb put-item --table-name \x1b[2J\x1b]0;pwned\x07 --item " +
                             INSTRUCTOR_ITEM, "failed to satisfy constraint"),
        # Lua that would print Q seven times if it ever ran as code: it must stay text.
        "lua-in-values": (PUT + "'{\"PK\":{\"S\":\"]] .. string.rep([[Q]], 7) .. [[\"},\"SK\":"
                          "{\"S\":\"\\\" .. string.rep(\\\"Q\\\", 7) .. \\\"\"},"
                          "\"instructor_id\":{\"S\":\"${instructor_id}\"}}'", None),
        "lua-in-placeholder": (PUT + "'{\"PK\":{\"S\":\"${string.rep('Q', 7)}\"}}'",
                               "no value for placeholder ${string.rep('Q', 7)}"),
    }


work = tempfile.mkdtemp()
try:
    sols = os.path.join(work, "solutions")
    outside = os.path.join(work, "outside")
    os.makedirs(sols)
    os.makedirs(outside)
    secret = os.path.join(outside, "secret.txt")
    open(secret, "w").write(SECRET)
    open(os.path.join(sols, "secret.txt"), "w").write(SECRET)
    reference = open(os.path.join(EX, "edtech", "reference.ddb")).read()
    original = PUT + INSTRUCTOR_ITEM
    assert original in reference
    hostile = {}
    for name, (statement, expect) in attacks(secret).items():
        path = os.path.join(sols, "hostile-" + name + ".ddb")
        open(path, "w").write(reference.replace(original, statement))
        hostile[path] = (name, expect)
    ordinary = []
    for i in range(50 - len(hostile)):
        path = os.path.join(sols, "ordinary-%02d.ddb" % i)
        shutil.copy(os.path.join(EX, "edtech", "reference.ddb"), path)
        ordinary.append(path)
    env = dict(os.environ, GRADING_TOKEN=TOKEN, HOME=outside)
    t0 = time.monotonic()
    p = subprocess.run([BIN, "grade", "edtech", *sorted(hostile), *ordinary, "--jobs", "2",
                        "--format", "json", "--reveal-hidden", "--exercises-dir", EX],
                       capture_output=True, env=env, cwd=sols, timeout=900)
    seconds = time.monotonic() - t0
    out = p.stdout.decode("utf-8", "replace")
    err = p.stderr.decode("utf-8", "replace")
    assert p.returncode in (0, 1), (p.returncode, err[-2000:])
    assert SECRET not in out + err, "the secret file's text reached the output"
    assert TOKEN not in out + err, "the environment reached the output"
    assert "\x1b" not in out and "\x07" not in out, "terminal escapes reached the report"
    reports = {r["solution"]: r for r in json.loads(out)["reports"]}
    assert len(reports) == 50, len(reports)
    failures = []
    for path in ordinary:
        r = reports[path]
        if r["error"] or r["score"] != r["max_score"]:
            failures.append(f"{path}: {r['score']}/{r['max_score']} {r['error']}")
    for path, (name, expect) in sorted(hostile.items()):
        r = reports[path]
        text = json.dumps(r)
        problems = []
        if r["error"]:
            problems.append("grader error: " + r["error"])
        if r["score"] >= r["max_score"] and name not in ("lua-in-values",):
            problems.append("full marks for a broken template")
        if expect and expect not in text:
            problems.append(f"no {expect!r} in its feedback")
        if "QQQQQQQ" in text:
            problems.append("student text ran as Lua code")
        if len(text) > 100_000:
            problems.append(f"a report of {len(text)} bytes")
        print(("ok   " if not problems else "FAIL ") + name +
              f"  {r['score']}/{r['max_score']}")
        if problems:
            failures.append(name + ": " + "; ".join(problems) + "\n" + text[:1500])
    if failures:
        print("\n\n".join(failures))
        sys.exit(1)
    print(f"ok   50 solutions ({len(hostile)} hostile) graded in {seconds:.1f} s")

    # The process limits: each ends the solution with a verdict naming the limit and the check.
    def verdict(name, keys, *options, repeat=1):
        path = os.path.join(sols, name + ".ddb")
        # Every student's profile write carries an item of `keys` attributes: work that grows
        # with the generated data, far past one second on any machine.
        student = [l for l in reference.splitlines() if "STUDENT#${student_id}" in l and
                   "PROFILE" in l and "put-item" in l]
        assert len(student) == 1, student
        # `repeat` copies make the work several seconds even on a fast, idle machine; a limit that
        # works stops it after one second, so the copies cost nothing when the test passes.
        # The item uses the Student template's own placeholder, so every student's write runs.
        burner = PUT + many_keys_item(keys, "STUDENT#${student_id}")
        text = reference.replace(student[0], "\n".join([burner] * repeat))
        open(path, "w").write(text)
        p = subprocess.run([BIN, "grade", "edtech", path, "--format", "json", "--exercises-dir",
                            EX, *options], capture_output=True, env=env, cwd=sols, timeout=300)
        assert p.returncode == 1, (name, p.returncode, p.stderr[-2000:])
        return json.loads(p.stdout)["reports"][0]["error"]

    cpu = verdict("cpu-burner", 150000, "--cpu-limit", "1", repeat=5)
    assert cpu.startswith("exceeded the CPU time limit of 1 s while running check "), cpu
    print("ok   --cpu-limit: " + cpu)
    wall = verdict("wall-burner", 150000, "--timeout", "1", repeat=5)
    assert wall.startswith("exceeded the time limit of 1 s while running "), wall
    print("ok   --timeout: " + wall)
    sanitized = b"libasan" in subprocess.run(["ldd", BIN], capture_output=True).stdout
    if not sanitized:  # AddressSanitizer reserves terabytes of address space: no RLIMIT_AS there
        mem = verdict("memory-burner", 300000, "--memory-limit", "100", repeat=2)
        assert mem.startswith("exceeded the memory limit of 100 MiB while running check "), mem
        print("ok   --memory-limit: " + mem)
finally:
    shutil.rmtree(work, ignore_errors=True)
