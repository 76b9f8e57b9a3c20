#!/usr/bin/env bash
# `ddblab simulate` on the course's two acceptance scenarios (scripts/demos): 1,500 writes a
# second for 120 s on one partition-key value of a 4,000 WCU table, with increasing sort keys,
# throttles about a third of the writes on one partition; the same traffic sharded over 20
# calculated suffixes throttles none. Checks the JSON contract, the text heat map, and the SVG
# by parsing it; split for heat on spread and on increasing sort keys (release builds). Also: bad
# scenarios get one clear message. The SVG's throttled plot keeps a steady rate inside its axes
# and labels its seconds.
# usage: bash simulate_hot_partition.sh <ddblab binary>
set -euo pipefail
BIN=${1:?usage: simulate_hot_partition.sh <ddblab binary>}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
DEMOS="$ROOT/scripts/demos"
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

# The acceptance scenarios run 120 virtual seconds. Under sanitizers (about 50x slower) every
# scenario runs shorter: the shares stay the same, since the partition ceiling, not burst credit,
# decides them, and each second's numbers are checked either way.
LONG=120 SHORT=20 BRIEF=10
if [ -n "${DDBLAB_SANITIZED:-}" ]; then LONG=8 SHORT=5 BRIEF=4; fi
"$BIN" simulate "$DEMOS/hot_partition_day_key.lua" --seconds $LONG --format json --out "$TMP/hot.json"
"$BIN" simulate "$DEMOS/hot_partition_sharded.lua" --seconds $LONG --format json --out "$TMP/sharded.json"
"$BIN" simulate "$DEMOS/hot_partition_day_key.lua" --seconds $SHORT --format svg --out "$TMP/hot.svg"
"$BIN" simulate "$DEMOS/hot_partition_day_key.lua" --seconds $SHORT > "$TMP/hot.txt"
"$BIN" simulate "$DEMOS/gsi_static_key.lua" --seconds $BRIEF --format json --out "$TMP/gsi.json"
"$BIN" simulate "$DEMOS/on_demand_hot_key.lua" --seconds $BRIEF --format json --out "$TMP/ondemand.json"

/usr/bin/python3 - "$TMP" "$LONG" "$SHORT" "$BRIEF" <<'PY'
import json, sys, xml.etree.ElementTree as ET
tmp = sys.argv[1]
long_seconds, short_seconds, brief_seconds = (int(a) for a in sys.argv[2:5])

def check_contract(doc, seconds):
    for k in ("seconds", "requests", "throttled"):
        assert isinstance(doc[k], int), k
    assert doc["seconds"] == seconds
    assert doc["tables"], "no tables"
    for t in doc["tables"]:
        for p in t["partitions"]:
            for k in ("partition", "requests", "throttled", "consumed_rcu", "consumed_wcu"):
                assert k in p, k
            assert len(p["series"]) == seconds
            assert sum(s["throttled"] for s in p["series"]) == p["throttled"]
    return doc

hot = check_contract(json.load(open(f"{tmp}/hot.json")), long_seconds)
assert hot["requests"] == 1500 * long_seconds, hot["requests"]
share = hot["throttled"] / hot["requests"]
assert 0.30 <= share <= 0.36, f"day key: {share:.3f} throttled, expected about a third"
parts = hot["tables"][0]["partitions"]
busy = [p for p in parts if p["requests"] > 0]
assert len(busy) == 1, f"day key should hit one partition, hit {len(busy)}"
assert busy[0]["throttled"] == hot["throttled"]
assert max(s["consumed_wcu"] for s in busy[0]["series"]) <= 1000
print(f"ok   day key: {hot['throttled']} of {hot['requests']} throttled ({share:.1%}) on one partition")

sharded = check_contract(json.load(open(f"{tmp}/sharded.json")), long_seconds)
assert sharded["requests"] == 1500 * long_seconds
assert sharded["throttled"] == 0, sharded["throttled"]
busy = [p for p in sharded["tables"][0]["partitions"] if p["requests"] > 0]
assert len(busy) >= 3, f"sharded writes reached only {len(busy)} partitions"
print(f"ok   sharded over 20 suffixes: none throttled, {len(busy)} partitions busy")

root = ET.parse(f"{tmp}/hot.svg").getroot()
ns = {"s": "http://www.w3.org/2000/svg"}
assert root.tag == "{http://www.w3.org/2000/svg}svg"
cells = root.findall(".//s:rect[@class='cell']", ns)
assert len(cells) == short_seconds * len(parts), len(cells)
red = [c for c in cells if int(c.get("data-throttled")) > 0]
assert len(red) == short_seconds, f"{len(red)} throttled cells, expected one per second"
line = root.find(".//s:polyline[@class='throttled']", ns)
assert line is not None and len(line.get("points").split()) == short_seconds
print("ok   svg parses: heat map cells and the throttled-per-second plot")

# The plot's y axis has headroom: the steady 500 throttled a second is a line inside the plot,
# below its top edge, and the top tick is above 500.
plot = root.find(".//s:g[@id='throttled']", ns)
area = plot.find("s:rect[@class='plot-area']", ns)
top, bottom = float(area.get("y")), float(area.get("y")) + float(area.get("height"))
ys = [float(p.split(",")[1]) for p in line.get("points").split()]
assert all(top + 5 < y < bottom for y in ys), f"the 500/s line sits at y={min(ys)}; plot is {top}..{bottom}"
y_ticks = [int(t.text) for t in plot.findall("s:text[@class='y-tick']", ns)]
assert max(y_ticks) > 500 and 0 in y_ticks, y_ticks
# The plot's x axis is labelled in virtual seconds, as the heat map's is.
x_ticks = [int(t.text) for t in plot.findall("s:text[@class='x-tick']", ns)]
assert x_ticks and x_ticks[0] == 0 and x_ticks == sorted(x_ticks) and max(x_ticks) < short_seconds, x_ticks
assert all(float(t.get("y")) > bottom for t in plot.findall("s:text[@class='x-tick']", ns))
print(f"ok   svg plot: the 500/s line inside a 0..{max(y_ticks)} axis; x ticks {x_ticks}")

text = open(f"{tmp}/hot.txt").read()
want = f"{1500 * short_seconds} requests in {short_seconds} virtual seconds: {500 * short_seconds} throttled"
assert text.startswith(want), text[:80]
assert "!" in text
print("ok   text summary and heat map")

# A static GSI key: the index's one partition throttles a third of the base-table writes.
gsi = check_contract(json.load(open(f"{tmp}/gsi.json")), brief_seconds)
assert gsi["throttled"] == 500 * brief_seconds, gsi["throttled"]
index = [t for t in gsi["tables"] if t["index"] == "ByType"][0]
base = [t for t in gsi["tables"] if t["index"] is None][0]
assert sum(p["throttled"] for p in index["partitions"]) == 500 * brief_seconds
assert sum(p["throttled"] for p in base["partitions"]) == 0
assert sum(1 for p in base["partitions"] if p["requests"] > 0) >= 3
print("ok   static GSI key: the index partition throttles the base writes")

# On demand: the hot item's partition throttles at its ceiling; the spread client does not.
od = check_contract(json.load(open(f"{tmp}/ondemand.json")), brief_seconds)
assert od["tables"][0]["billing_mode"] == "PAY_PER_REQUEST"
hot_part = max(od["tables"][0]["partitions"], key=lambda p: p["throttled"])
assert hot_part["throttled"] > 900 * brief_seconds and od["throttled"] == hot_part["throttled"]
assert all(s["consumed_wcu"] <= 1000 for s in hot_part["series"])
print(f"ok   on demand: a hot key still throttles ({od['throttled']} of {od['requests']})")
PY

# Split for heat needs 300 virtual seconds of heat before it acts (504,000 requests): release
# builds only; the model's rules are unit-tested under the sanitizers too.
if [ -z "${DDBLAB_SANITIZED:-}" ]; then
  "$BIN" simulate "$DEMOS/split_for_heat.lua" --format json --out "$TMP/split.json"
  /usr/bin/python3 - "$TMP/split.json" <<'PY'
import json, sys
doc = json.load(open(sys.argv[1]))
def busy(table):
    t = [t for t in doc["tables"] if t["table"] == table and t["index"] is None][0]
    return [p for p in t["partitions"] if p["requests"] > 0]
def throttled(parts, lo, hi):  # writes throttled in virtual seconds [lo, hi)
    return sum(s["throttled"] for p in parts for s in p["series"][lo:hi])
# Before any split both tables throttle a sixth (1,200 WCU a second against a 1,000 WCU ceiling).
for table in ("reviews", "orders"):
    parts = busy(table)
    assert throttled(parts, 0, 290) == 100 * 290, (table, throttled(parts, 0, 290))
    assert len(parts) == 2, f"{table}: {len(parts)} busy partitions, expected a split in two"
# Spread sort keys: after the split both halves serve their share and nothing throttles.
assert throttled(busy("reviews"), 320, 420) == 0
assert all(p["requests"] > 30000 for p in busy("reviews"))
# Increasing sort keys: the new writes all land in the upper half, which throttles as before.
orders = busy("orders")
assert throttled(orders, 320, 420) == 100 * 100, throttled(orders, 320, 420)
upper = max(orders, key=lambda p: p["partition"])
assert sum(s["throttled"] for s in upper["series"][320:]) == 100 * 100
print("ok   split for heat: spread sort keys stop throttling after the split; increasing ones do not")
PY
fi

# Bad scenarios: one clear message each, exit status 1.
expect_error() {
  local name=$1 want=$2
  if "$BIN" simulate "$TMP/$name.lua" > "$TMP/out.txt" 2> "$TMP/err.txt"; then
    echo "FAIL $name: accepted"; exit 1
  fi
  grep -qF -- "$want" "$TMP/err.txt" || { echo "FAIL $name:"; cat "$TMP/err.txt"; exit 1; }
  echo "ok   refuses $name"
}
echo 'return { clients = { { rate = 10, statment = "x" } } }' > "$TMP/misspelt.lua"
expect_error misspelt "clients[1] has an unknown field 'statment'"
echo 'return { clients = {} }' > "$TMP/noclients.lua"
expect_error noclients "clients must name at least one client"
echo 'return { seconds = 10, clients = { { rate = 5, statement = "SELEC * FROM t" } } }' > "$TMP/typo.lua"
expect_error typo "clients[1] request 0:"
echo 'return { clients = { { rate = 5, statement = function() while true do end end } } }' > "$TMP/loop.lua"
expect_error loop "clients[1] request 0:"
echo 'return { clients = { { rate = 5, statement = function() return io.open("/etc/passwd") end } } }' > "$TMP/io.lua"
expect_error io "clients[1] request 0:"
