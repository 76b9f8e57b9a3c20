#!/usr/bin/env bash
# .generate TABLE N: N synthetic items from the default template (key attributes of the table and
# its indexes filled from the item number), all in one transaction; the counts are exact after.
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
check "usage" 252 "$bin" g.db -c ".generate Gen lots"
has "usage" "usage: .generate TABLE N"
check "unknown table" 254 "$bin" g.db -c ".generate Nope 5"
has "unknown table" "ResourceNotFoundException"
exit $fail
