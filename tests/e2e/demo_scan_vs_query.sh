#!/usr/bin/env bash
# scripts/demos/scan-vs-query at small sizes: the SVG parses as XML, has the Scan+filter and the
# Query series for both capacity and time, and Scan+filter consumes more read capacity than Query
# at every size, growing with the table while Query stays flat.
# DynamoDB: Scan reads every item and filters afterwards; a FilterExpression does not reduce the
# capacity consumed (developer guide, "Filter expressions for Scan").
#   bash demo_scan_vs_query.sh <ddblab binary>
set -uo pipefail
bin=$1
root=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
sizes=1000,10000
repeat=2
if [ "${DDBLAB_SANITIZED:-0}" = 1 ]; then sizes=500,1000; repeat=1; fi
if ! /usr/bin/python3 "$root/scripts/demos/scan-vs-query" --ddblab "$bin" --sizes "$sizes" \
    --repeat "$repeat" --out "$work/plot.svg" > "$work/out" 2>&1; then
  echo "FAIL: the demo failed:" >&2
  cat "$work/out" >&2
  exit 1
fi
/usr/bin/python3 - "$work/plot.svg" "$sizes" <<'PY'
import sys
import xml.etree.ElementTree as ET
ns = {"s": "http://www.w3.org/2000/svg"}
root = ET.parse(sys.argv[1]).getroot()
sizes = [int(s) for s in sys.argv[2].split(",")]
series = {}
for g in root.iter("{http://www.w3.org/2000/svg}g"):
    if g.get("class") == "series":
        pts = {int(c.get("data-items")): float(c.get("data-value")) for c in g.findall("s:circle", ns)}
        series[(g.get("data-series"), g.get("data-metric"))] = pts
want = {(s, m) for s in ("Scan+filter", "Query") for m in ("rcu", "seconds")}
assert set(series) == want, f"series {sorted(series)}, wanted {sorted(want)}"
for key, pts in series.items():
    assert sorted(pts) == sizes, f"{key}: points at {sorted(pts)}, wanted {sizes}"
scan, query = series[("Scan+filter", "rcu")], series[("Query", "rcu")]
for n in sizes:
    assert scan[n] > query[n], f"at {n} items Scan used {scan[n]} RCU, Query {query[n]}"
# Ten orders of 4 KB or less: one eventually consistent read, 0.5 RCU, at any table size.
assert all(query[n] == 0.5 for n in sizes), f"Query RCU {query}"
grow = sizes[1] / sizes[0]
assert scan[sizes[1]] > 0.8 * grow * scan[sizes[0]], f"Scan RCU did not grow with the table: {scan}"
print("ok   scan-vs-query SVG:", {n: (scan[n], query[n]) for n in sizes})
PY
