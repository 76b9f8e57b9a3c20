"""Reads wrk's output for bench/serve_bench.sh: the "BENCH {json}" line that request.lua and
static.lua print. Prints it as one JSON line with the target's name; exits non-zero when wrk
saw an error answer or a socket error, so a broken server never reports a rate."""
import json
import sys

name, out = sys.argv[1], sys.argv[2]
lines = [l for l in out.splitlines() if l.startswith("BENCH ")]
if not lines:
    raise SystemExit("serve_bench: no result from wrk for %s:\n%s" % (name, out))
r = json.loads(lines[-1][len("BENCH "):])
if r["status_errors"] or r["socket_errors"] or not r["requests"]:
    raise SystemExit("serve_bench: %s had %d error answers and %d socket errors in %d requests"
                     % (name, r["status_errors"], r["socket_errors"], r["requests"]))
r["name"] = name
print(json.dumps(r))
