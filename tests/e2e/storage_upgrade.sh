#!/usr/bin/env bash
# Older database files are upgraded when opened. Format 1 (no kept item counts): each table is
# counted once. Format 2 (counts kept by SQLite triggers): the triggers go, so nothing is counted
# twice. Either way user_version becomes 4 and the counts are kept from then on. Format 3 (items
# without their size in their bytes): read exactly as a format-4 copy of the same data.
#   bash storage_upgrade.sh <ddblab binary>
set -uo pipefail
bin=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
fail=0
create='create-table --table-name Things --attribute-definitions AttributeName=pk,AttributeType=S AttributeName=g,AttributeType=S --key-schema AttributeName=pk,KeyType=HASH --billing-mode PAY_PER_REQUEST --global-secondary-indexes IndexName=ByG,KeySchema=[{AttributeName=g,KeyType=HASH}],Projection={ProjectionType=ALL}'
"$bin" old.db -c "$create" -c ".generate Things 40" >/dev/null || { echo "FAIL setup" >&2; exit 1; }
# Make it a format-1 file: no counts table, no triggers.
python3 - old.db <<'PY' || exit 1
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
for (name,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'trigger'").fetchall():
    db.execute('DROP TRIGGER "%s"' % name)
db.execute("DROP TABLE ddblab_stats")
db.execute("PRAGMA user_version=1")
db.commit()
PY
out=$("$bin" old.db --mode ddbjson -c "put-item --table-name Things --item '{\"pk\":{\"S\":\"new\"},\"g\":{\"S\":\"x\"}}'" -c "describe-table --table-name Things")
for want in '"ItemCount": 41,'; do
  if [ "$(grep -cF -- "$want" <<<"$out")" != 2 ]; then  # the table and its GSI
    echo "FAIL upgrade: wanted $want for the table and its index; got:" >&2
    echo "$out" | grep -E "ItemCount|SizeBytes" >&2
    fail=1
  fi
done
version=$(python3 -c "import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute('PRAGMA user_version').fetchone()[0])" old.db)
[ "$version" = 4 ] || { echo "FAIL upgrade: user_version is $version, wanted 4" >&2; fail=1; }
[ $fail = 0 ] && echo "ok   a format-1 file is counted once on open, then kept (ItemCount 41, user_version 4)"

# A format-2 file: counts right, kept by triggers on every data table.
"$bin" two.db -c "$create" -c ".generate Things 40" >/dev/null || { echo "FAIL setup" >&2; exit 1; }
python3 - two.db <<'PY' || exit 1
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
names = [n for (n,) in db.execute(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND (name GLOB 't[0-9]*' OR name GLOB 'i[0-9]*')")]
for name in names:
    i = name[1:]
    db.executescript(f"""
CREATE TRIGGER {name}_ins AFTER INSERT ON {name} BEGIN UPDATE ddblab_stats SET item_count = item_count + 1, size_bytes = size_bytes + NEW.size WHERE id = {i}; END;
CREATE TRIGGER {name}_del AFTER DELETE ON {name} BEGIN UPDATE ddblab_stats SET item_count = item_count - 1, size_bytes = size_bytes - OLD.size WHERE id = {i}; END;
CREATE TRIGGER {name}_upd AFTER UPDATE OF size ON {name} BEGIN UPDATE ddblab_stats SET size_bytes = size_bytes - OLD.size + NEW.size WHERE id = {i}; END;
""")
db.execute("PRAGMA user_version=2")
db.commit()
PY
out=$("$bin" two.db --mode ddbjson -c "put-item --table-name Things --item '{\"pk\":{\"S\":\"new\"},\"g\":{\"S\":\"x\"}}'" -c "delete-item --table-name Things --key '{\"pk\":{\"S\":\"new\"}}'" -c "put-item --table-name Things --item '{\"pk\":{\"S\":\"new\"},\"g\":{\"S\":\"x\"}}'" -c "describe-table --table-name Things")
if [ "$(grep -cF -- '"ItemCount": 41,' <<<"$out")" != 2 ]; then
  echo "FAIL format 2: wanted ItemCount 41 for the table and its index; got:" >&2
  echo "$out" | grep -E "ItemCount|SizeBytes" >&2
  fail=1
fi
triggers=$(python3 -c "import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute(\"SELECT count(*) FROM sqlite_master WHERE type = 'trigger'\").fetchone()[0])" two.db)
[ "$triggers" = 0 ] || { echo "FAIL format 2: $triggers triggers left" >&2; fail=1; }
[ $fail = 0 ] && echo "ok   a format-2 file loses its count triggers on open and counts each write once (ItemCount 41)"

# A format-3 file: every item in the plain form (a format byte of 1 and no size). Reads of it must
# answer exactly as reads of a format-4 copy: the same items and the same capacity, through each
# read path (whole items, a filter, a projection, an index).
"$bin" four.db -c "$create" -c ".generate Things 40" >/dev/null || { echo "FAIL setup" >&2; exit 1; }
cp four.db three.db
python3 - three.db <<'PY' || exit 1
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
def plain(item):
    assert item[0] == 2, item[:1]
    i = 1
    while item[i] & 0x80:
        i += 1
    return b"\x01" + item[i + 1:]
names = [n for (n,) in db.execute(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND (name GLOB 't[0-9]*' OR name GLOB 'i[0-9]*')")]
for name in names:
    cols = "h, ipk, isk, pk, sk" if name.startswith("i") else "h, pk, sk"
    for row in db.execute(f"SELECT {cols}, item FROM {name}").fetchall():
        where = " AND ".join(f"{c} = ?" for c in cols.split(", "))
        db.execute(f"UPDATE {name} SET item = ? WHERE {where}", (plain(row[-1]),) + tuple(row[:-1]))
db.execute("PRAGMA user_version=3")
db.commit()
PY
pk=$("$bin" four.db --mode json -c "scan --table-name Things --max-items 1" | python3 -c "import json,sys; print(json.load(sys.stdin)['Items'][0]['pk'])")
reads=(--mode ddbjson
  -c "scan --table-name Things --return-consumed-capacity TOTAL"
  -c "scan --table-name Things --filter-expression 'attribute_exists(g)' --return-consumed-capacity TOTAL"
  -c "get-item --table-name Things --key '{\"pk\":{\"S\":\"$pk\"}}' --projection-expression g --return-consumed-capacity TOTAL"
  -c "get-item --table-name Things --key '{\"pk\":{\"S\":\"$pk\"}}' --return-consumed-capacity TOTAL"
  -c "scan --table-name Things --index-name ByG --return-consumed-capacity INDEXES")
want=$("$bin" four.db "${reads[@]}") && got=$("$bin" three.db "${reads[@]}")
if [ -z "$want" ] || [ "$want" != "$got" ]; then
  echo "FAIL format 3: reads differ from the format-4 copy" >&2
  diff <(echo "$want") <(echo "$got") | head -20 >&2
  fail=1
fi
out=$("$bin" three.db --mode json -c "put-item --table-name Things --item '{\"pk\":{\"S\":\"$pk\"},\"g\":{\"S\":\"y\"}}' --return-values ALL_OLD" -c "get-item --table-name Things --key '{\"pk\":{\"S\":\"$pk\"}}'")
grep -q '"g": "y"' <<<"$out" || { echo "FAIL format 3: a rewritten item does not read back: $out" >&2; fail=1; }
version=$(python3 -c "import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute('PRAGMA user_version').fetchone()[0])" three.db)
[ "$version" = 4 ] || { echo "FAIL format 3: user_version is $version, wanted 4" >&2; fail=1; }
[ $fail = 0 ] && echo "ok   a format-3 file (items without their size) reads exactly as its format-4 copy, then takes writes"
exit $fail
