#!/usr/bin/env bash
# A database file of storage format 1 (no kept item counts) is upgraded when opened: each table is
# counted once, user_version becomes 2, and the counts are kept from then on.
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
[ "$version" = 2 ] || { echo "FAIL upgrade: user_version is $version, wanted 2" >&2; fail=1; }
[ $fail = 0 ] && echo "ok   a format-1 file is counted once on open, then kept (ItemCount 41, user_version 2)"
exit $fail
