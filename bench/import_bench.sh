#!/usr/bin/env bash
# .import into a file database against raw SQLite inserting the same rows, in one run.
# The items come from .generate + .export (DynamoDB's export format, ~190 bytes a line). The raw
# side inserts, per item, its two key strings and its JSON line into a WITHOUT ROWID table with
# the same journal settings (WAL, synchronous=FULL), in one transaction, from Python's sqlite3:
# the floor any SQLite-backed import pays. Prints one JSON line for scripts/bench, with the
# import's peak RSS and its rate per CPU second (the wall rate depends on what else runs).
# usage: bash import_bench.sh <ddblab binary> [--quick] [--items N]
set -euo pipefail
BIN=${1:?usage: import_bench.sh <ddblab binary> [--quick] [--items N]}
shift
N=200000
while [ $# -gt 0 ]; do
  case "$1" in
    --quick) N=50000 ;;
    --items) N=$2; shift ;;
  esac
  shift
done
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
CREATE='create-table --table-name Bench --attribute-definitions AttributeName=PK,AttributeType=S AttributeName=SK,AttributeType=S --key-schema AttributeName=PK,KeyType=HASH AttributeName=SK,KeyType=RANGE --billing-mode PAY_PER_REQUEST'
"$BIN" "$TMP/src.db" -c "$CREATE" -c ".generate Bench $N" -c ".export Bench $TMP/items.jsonl" >/dev/null
/usr/bin/python3 - "$BIN" "$TMP" "$N" "$CREATE" <<'PY'
import json, os, resource, sqlite3, subprocess, sys, time
bin_, tmp, n, create = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
items = os.path.join(tmp, "items.jsonl")

def ddblab_import():
    db = os.path.join(tmp, "import.db")
    subprocess.run([bin_, db, "-c", create], check=True, capture_output=True)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    # GNU time reports the import's own peak RSS: a child forked straight from this process
    # would inherit the high-water mark of Python's memory (the raw side's rows).
    out = subprocess.run(["/usr/bin/time", "-f", "peak_rss_kb=%M", bin_, db, "-c",
                          f".import Bench {items}"], capture_output=True, text=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if f"imported {n} items" not in out.stdout:
        sys.exit("import failed: " + out.stdout + out.stderr)
    rss_kb = int(out.stderr.rsplit("peak_rss_kb=", 1)[1].split()[0])
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    for f in os.listdir(tmp):
        if f.startswith("import.db"):
            os.remove(os.path.join(tmp, f))
    return wall, cpu, rss_kb / 1024

def raw_sqlite():
    db = os.path.join(tmp, "raw.db")
    rows = []
    with open(items) as f:
        for line in f:
            item = json.loads(line)["Item"]
            rows.append((item["PK"]["S"], item["SK"]["S"], line))
    start_cpu, start = time.process_time(), time.perf_counter()
    con = sqlite3.connect(db, isolation_level=None)
    con.execute("PRAGMA journal_mode=WAL")
    con.execute("PRAGMA synchronous=FULL")
    con.execute("CREATE TABLE items (pk TEXT, sk TEXT, item BLOB, PRIMARY KEY (pk, sk)) WITHOUT ROWID")
    con.execute("BEGIN")
    con.executemany("INSERT OR REPLACE INTO items VALUES (?, ?, ?)", rows)
    con.execute("COMMIT")
    con.close()
    wall, cpu = time.perf_counter() - start, time.process_time() - start_cpu
    for f in os.listdir(tmp):
        if f.startswith("raw.db"):
            os.remove(os.path.join(tmp, f))
    return wall, cpu

# Alternate the two sides so both see the same machine; the best of each counts.
imports, raws = [], []
for _ in range(2):
    imports.append(ddblab_import())
    raws.append(raw_sqlite())
wall, cpu, rss = min(imports)
raw_wall, raw_cpu = min(raws)
print(json.dumps({"name": "import_jsonl_file_db", "ops_per_s": round(n / wall),
                  "sqlite_ops_per_s": round(n / raw_wall), "ratio": round(raw_wall / wall, 3),
                  "items": n, "cpu_items_per_s": round(n / cpu),
                  "sqlite_cpu_items_per_s": round(n / raw_cpu),
                  "peak_rss_mb": round(max(r[2] for r in imports), 1)}))
PY
