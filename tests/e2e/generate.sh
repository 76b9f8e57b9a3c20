#!/usr/bin/env bash
# .generate TABLE N [--script GEN.lua]: N synthetic items from the default template (key attributes
# of the table and its indexes filled from the item number) or from a Lua generator, all in one
# transaction; the counts are exact after.
#   bash generate.sh <ddblab binary>
set -uo pipefail
bin=$1
source "$(cd "$(dirname "$0")" && pwd)/lib/status_checks.sh"

n=5000
[ "${DDBLAB_SANITIZED:-0}" = 1 ] && n=500
create='create-table --table-name Gen --attribute-definitions AttributeName=PK,AttributeType=S AttributeName=SK,AttributeType=S AttributeName=GSI1PK,AttributeType=S --key-schema AttributeName=PK,KeyType=HASH AttributeName=SK,KeyType=RANGE --billing-mode PAY_PER_REQUEST --global-secondary-indexes IndexName=GSI1,KeySchema=[{AttributeName=GSI1PK,KeyType=HASH}],Projection={ProjectionType=ALL}'
check ".generate" 0 "$bin" g.db -c "$create" -c ".generate Gen $n"
has ".generate" "generated $n items in Gen"
check "ItemCount" 0 "$bin" g.db --mode ddbjson -c "describe-table --table-name Gen"
has "ItemCount" "\"ItemCount\": $n,"
# Ten items per item collection, sorted by number.
check "one collection" 0 "$bin" g.db --mode ddbjson \
  -c "query --table-name Gen --key-condition-expression 'PK = :p' --expression-attribute-values '{\":p\":{\"S\":\"PK#3\"}}' --select COUNT"
has "one collection" "\"Count\": 10,"
# --script: a Lua generator, from the command line, at import speed, all or nothing.
cat > gen.lua <<'LUA'
local KINDS = { "book", "game", "tool" }
function item(i, r)
  return { PK = "ITEM#" .. i // 10, SK = string.format("%06d", i), GSI1PK = r:pick(KINDS),
    price = r:int(1, 500) / 4 }
end
LUA
check ".generate --script" 0 "$bin" s.db -c "$create" -c ".generate Gen $n --script gen.lua"
has ".generate --script" "generated $n items in Gen"
check "script ItemCount" 0 "$bin" s.db --mode ddbjson -c "describe-table --table-name Gen"
has "script ItemCount" "\"ItemCount\": $n,"
# Every item is in the index under one of the generator's three kinds.
total=0
for kind in book game tool; do
  "$bin" s.db --mode ddbjson -c "query --table-name Gen --index-name GSI1 --key-condition-expression 'GSI1PK = :k' --expression-attribute-values '{\":k\":{\"S\":\"$kind\"}}' --select COUNT" > "$work/out" 2>&1
  count=$(grep -o '"Count": [0-9]*' "$work/out" | grep -o '[0-9]*$')
  [ "${count:-0}" -gt 0 ] || { echo "FAIL script index: no $kind items" >&2; fail=1; }
  total=$((total + ${count:-0}))
done
[ "$total" = "$n" ] && echo "ok   script index" || { echo "FAIL script index: $total of $n" >&2; fail=1; }
# An error at the last item leaves nothing behind.
printf 'function item(i) if i == %d then return { SK = "x" } end return { PK = "P", SK = tostring(i) } end\n' "$n" > last.lua
check "last item bad" 254 "$bin" s.db -c ".generate Gen $n --script last.lua"
has "last item bad" "ValidationException: item $n: One or more parameter values were invalid: Missing the key PK in the item"
has "last item bad" "nothing was generated"
check "still n" 0 "$bin" s.db --mode ddbjson -c "describe-table --table-name Gen"
has "still n" "\"ItemCount\": $n,"
check "usage" 252 "$bin" g.db -c ".generate Gen lots"
has "usage" "usage: .generate TABLE N"
check "unknown table" 254 "$bin" g.db -c ".generate Nope 5"
has "unknown table" "ResourceNotFoundException"
exit $fail
