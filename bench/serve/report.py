"""Sums the interleaved wrk slices of bench/serve_bench.sh per target and prints scripts/bench's
JSON lines: one per target, then the ratios against their targets."""
import json
import sys

totals = {}
for line in open(sys.argv[1]):
    r = json.loads(line)
    t = totals.setdefault(r["name"], {"requests": 0, "us": 0, "p50": [], "p99": []})
    t["requests"] += r["requests"]
    t["us"] += r["duration_us"]
    t["p50"].append(r["p50_us"])
    t["p99"].append(r["p99_us"])

rates = {}
for name, t in totals.items():
    rates[name] = t["requests"] / (t["us"] / 1e6)
    print(json.dumps({"name": name, "ops_per_s": round(rates[name]), "sqlite_ops_per_s": None,
                      "ratio": None, "p50_ms": round(sorted(t["p50"])[len(t["p50"]) // 2] / 1000, 2),
                      "p99_ms": round(max(t["p99"]) / 1000, 2)}))

for name, base, target in (("serve_get_item", "nginx_static", 0.5),
                           ("serve_query_100", "dynalite_query_100", 5.0),
                           ("serve_put_item", "dynalite_put_item", 5.0)):
    out = {"name": "%s_vs_%s" % (name, base), "ops_per_s": round(rates.get(name, 0)) or None,
           "sqlite_ops_per_s": None, "baseline_ops_per_s": round(rates.get(base, 0)) or None,
           "ratio": None, "target": target}
    if rates.get(name) and rates.get(base):
        out["ratio"] = round(rates[name] / rates[base], 3)
        out["meets_target"] = out["ratio"] >= target
    else:
        out["skipped"] = "%s was not measured" % base
    print(json.dumps(out))
