"""Runs every hostile lesson with `ddblab lesson run` and checks how it ended (see
tests/e2e/hostile_lessons.sh)."""
import os
import shutil
import subprocess
import sys
import tempfile
import time

BIN, SRC = os.path.abspath(sys.argv[1]), sys.argv[2]
SECRET = "SECRET-FILE-TEXT-5d1c9e"
TOKEN = "SECRET-ENV-TOKEN-a83f02"
# Seconds per lesson (the sandbox's own limits are 10 s per call); sanitizer builds run ~40x slower.
DEADLINE = 120 if os.environ.get("DDBLAB_SANITIZED") else 40

# What each attack's output must say (beyond the common checks).
EXPECT = {
    "reads-absolute-file": "only files inside the lesson's own folder can be read",
    "reads-dotdot-file": "only files inside the lesson's own folder can be read",
    "reads-symlink-out": "only files inside the lesson's own folder can be read",
    "reads-proc-environ": "only files inside the lesson's own folder can be read",
    "reads-dev-zero": "only files inside the lesson's own folder can be read",
    "shorthand-file": "only files inside the lesson's own folder can be read",
    # The instruction budget, or under a slow sanitizer build the wall-clock limit, stops it.
    "catastrophic-pattern": "Lua script stopped",
    "lazy-quadratic-pattern": "Lua script stopped",
    "gc-finalizer-loop": "__gc metamethods are not allowed",
    "gc-finalizer-alloc": "__gc metamethods are not allowed",
    "cyclic-table-call": "the table contains itself",
    "dag-table-call": "more than 1000000 values",
    "tostring-loop-error": "setup failed",
    "string-rep-bomb": "resulting string too large",
    "deep-recursion": "stack overflow",
    "coroutine-loop": "coroutine",
    "binary-chunk": "binary",
    "string-dump": "dump",
    "io-os-debug": "io",
    "string-metatable": "setup failed",
    "reads-own-folder": "saw: ",
}

work = tempfile.mkdtemp()
try:
    lessons = os.path.join(work, "lessons")
    shutil.copytree(SRC, lessons)
    outside = os.path.join(work, "outside")
    os.mkdir(outside)
    secret_path = os.path.join(outside, "secret.txt")
    with open(secret_path, "w") as f:
        f.write(SECRET)
    os.symlink(secret_path, os.path.join(lessons, "reads-symlink-out", "leak.json"))
    # One folder per lesson (<id>/lesson.lua); any.answers beside them is not one.
    ids = sorted(n for n in os.listdir(lessons)
                 if os.path.isfile(os.path.join(lessons, n, "lesson.lua")))
    for name in ids:
        path = os.path.join(lessons, name, "lesson.lua")
        text = open(path).read().replace("@SECRET@", secret_path)
        open(path, "w").write(text)
    env = dict(os.environ, DDBLAB_LESSONS_DIR=lessons, DDBLAB_HOME=os.path.join(work, "home"),
               GRADING_TOKEN=TOKEN)
    failures = []
    assert set(ids) == set(EXPECT), set(ids) ^ set(EXPECT)
    for lesson in ids:
        t0 = time.monotonic()
        try:
            p = subprocess.run([BIN, "lesson", "run", lesson, "--answers",
                                os.path.join(lessons, "any.answers")],
                               capture_output=True, env=env, cwd=outside, timeout=DEADLINE)
        except subprocess.TimeoutExpired:
            failures.append(f"{lesson}: still running after {DEADLINE} s")
            continue
        seconds = time.monotonic() - t0
        out = (p.stdout + p.stderr).decode("utf-8", "replace")
        problems = []
        if p.returncode < 0 or p.returncode >= 128:
            problems.append(f"ended by a signal (status {p.returncode})")
        if SECRET in out:
            problems.append("the secret file's text is in the output")
        if TOKEN in out:
            problems.append("the environment is in the output")
        if EXPECT[lesson] not in out:
            problems.append(f"no {EXPECT[lesson]!r} in the output")
        if lesson == "reads-own-folder" and "Unable to load paramfile" in out:
            problems.append("a file inside the lesson's folder was refused")
        if len(out) > 200_000:
            problems.append(f"{len(out)} bytes of output")
        status = "ok  " if not problems else "FAIL"
        print(f"{status} {lesson} ({seconds:.1f} s)")
        if problems:
            failures.append(f"{lesson}: " + "; ".join(problems) + "\n" + out[-1500:])
    if failures:
        print("\n\n".join(failures))
        sys.exit(1)
finally:
    shutil.rmtree(work, ignore_errors=True)
