#!/usr/bin/env bash
# Peak memory of a REPL-style Scan of a 200k-item table (20k with --quick): the whole table read
# by `scan --table-name Big` through the shell, printed in table mode and in jsonl, output thrown
# away. Long reads stream page by page, so the peak should stay near the figure for a small
# table (target: under about 150 MB at any size). Prints JSON lines for scripts/bench.
# usage: bash repl_memory_bench.sh <ddblab binary> [--quick]
set -euo pipefail
BIN=${1:?usage: repl_memory_bench.sh <ddblab binary> [--quick]}
N=200000
[ "${2:-}" = "--quick" ] && N=20000
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
"$BIN" "$TMP/t.db" -c 'create-table --table-name Big --attribute-definitions AttributeName=PK,AttributeType=S AttributeName=SK,AttributeType=S --key-schema AttributeName=PK,KeyType=HASH AttributeName=SK,KeyType=RANGE --billing-mode PAY_PER_REQUEST' \
  -c ".generate Big $N" >/dev/null
bytes=$(stat -c %s "$TMP/t.db")
# The same process reading one small page: what the shell costs before any table data.
/usr/bin/time -f %M -o "$TMP/small" "$BIN" "$TMP/t.db" -c 'scan --table-name Big --max-items 10' >/dev/null
for mode in table jsonl; do
  /usr/bin/time -f %M -o "$TMP/$mode" "$BIN" "$TMP/t.db" --mode "$mode" -c 'scan --table-name Big' >/dev/null
done
/usr/bin/python3 - "$N" "$bytes" "$(cat "$TMP/small")" "$(cat "$TMP/table")" "$(cat "$TMP/jsonl")" <<'PY'
import json, sys
n, db_bytes, small, table, jsonl = map(int, sys.argv[1:])
for mode, kb in (("table", table), ("jsonl", jsonl)):
    print(json.dumps({"name": "repl_scan_peak_rss_%s_%dk_items" % (mode, n // 1000),
                      "ops_per_s": None, "sqlite_ops_per_s": None, "ratio": None,
                      "peak_rss_mb": round(kb / 1024, 1),
                      "small_read_peak_rss_mb": round(small / 1024, 1),
                      "table_file_mb": round(db_bytes / 1048576, 1),
                      "target_mb": 150}))
PY
