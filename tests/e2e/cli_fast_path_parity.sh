#!/usr/bin/env bash
# The aws-CLI fast path (shell/session/cli/fast_command.cc) and the full parser give the same
# output. Everyday get-item, put-item, update-item, delete-item, query and scan lines take the
# fast path; the same lines with --no-cli-pager (a global option ddblab ignores) take the full
# path. Every output mode must print the same thing for both, errors, hints, footers, warnings
# and .more pages included.
#   bash cli_fast_path_parity.sh <ddblab binary>
set -uo pipefail
bin=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
cat > setup.ddb <<'SCRIPT'
aws dynamodb create-table --table-name Orders --attribute-definitions AttributeName=pk,AttributeType=S AttributeName=sk,AttributeType=S AttributeName=g,AttributeType=S AttributeName=l,AttributeType=N --key-schema AttributeName=pk,KeyType=HASH AttributeName=sk,KeyType=RANGE --billing-mode PAY_PER_REQUEST --global-secondary-indexes 'IndexName=ByG,KeySchema=[{AttributeName=g,KeyType=HASH}],Projection={ProjectionType=ALL}' --local-secondary-indexes 'IndexName=ByL,KeySchema=[{AttributeName=pk,KeyType=HASH},{AttributeName=l,KeyType=RANGE}],Projection={ProjectionType=KEYS_ONLY}'
SCRIPT
cat > lines.ddb <<'SCRIPT'
aws dynamodb put-item --table-name Orders --item '{"pk":{"S":"c1"},"sk":{"S":"o1"},"g":{"S":"x"},"l":{"N":"5"},"note":{"S":"caf\u00e9 \"q\""},"ok":{"BOOL":true},"gone":{"NULL":true}}' --return-consumed-capacity INDEXES
aws dynamodb put-item --table-name Orders --item '{"pk":{"S":"c1"},"sk":{"S":"o2"},"g":{"S":"x"},"l":{"N":"07.50"}}' --return-values ALL_OLD
put-item --table-name Orders --item '{"pk":{"S":"c1"},"sk":{"S":"o3"},"l":{"N":"9"}}'
put-item --table-name Orders --item '{"pk":{"S":"c2"},"sk":{"S":"o1"},"g":{"S":"y"}}'
put-item --table-name Orders --item '{"pk":{"S":"c1"},"sk":{"S":"o1"}}' --condition-expression 'attribute_not_exists(#p)' --expression-attribute-names '{"#p":"pk"}' --return-values-on-condition-check-failure ALL_OLD
put-item --table-name Orders --item '{"pk":{"S":"c1"},"sk":{"S":"o2"},"g":{"S":"z"}}' --return-values ALL_OLD --return-consumed-capacity TOTAL
put-item --table-name Orders --item '{"pk":{"N":"1"},"sk":{"S":"o1"}}'
put-item --table-name Ordres --item '{"pk":{"S":"c1"},"sk":{"S":"o1"}}'
put-item --table-name Orders --item '{"pk":{"S":"c1"},"sk":{"S":"o9"}}' --return-values EVERYTHING
get-item --table-name Orders --key '{"pk":{"S":"c1"},"sk":{"S":"o1"}}' --consistent-read --return-consumed-capacity TOTAL
get-item --table-name Orders --key '{"pk":{"S":"c1"},"sk":{"S":"nope"}}'
get-item --table-name Orders --key '{"pk":{"S":"c1"},"sk":{"S":"o1"}}' --projection-expression '#n, ok' --expression-attribute-names '{"#n":"note"}'
get-item --table-name Orders --key '{"pk":{"S":"c1"}}'
update-item --table-name Orders --key '{"pk":{"S":"c1"},"sk":{"S":"o3"}}' --update-expression 'SET l = l + :one, g = :g' --expression-attribute-values '{":one":{"N":"1"},":g":{"S":"x"}}' --return-values UPDATED_NEW --return-consumed-capacity INDEXES
update-item --table-name Orders --key '{"pk":{"S":"c1"},"sk":{"S":"o3"}}' --update-expression 'SET l = :v' --condition-expression 'l > :big' --expression-attribute-values '{":v":{"N":"0"},":big":{"N":"100"}}'
query --table-name Orders --key-condition-expression 'pk = :p' --expression-attribute-values '{":p":{"S":"c1"}}' --return-consumed-capacity TOTAL
query --table-name Orders --index-name ByG --key-condition-expression 'g = :g' --expression-attribute-values '{":g":{"S":"x"}}' --no-scan-index-forward
query --table-name Orders --index-name ByL --key-condition-expression 'pk = :p AND l > :l' --expression-attribute-values '{":p":{"S":"c1"},":l":{"N":"6"}}'
query --table-name Orders --key-condition-expression 'pk = :p' --filter-expression 'l > :l' --expression-attribute-values '{":p":{"S":"c1"},":l":{"N":"100"}}'
query --table-name Orders --key-condition-expression 'pk = :p' --expression-attribute-values '{":p":{"S":"c1"}}' --select COUNT
query --table-name Orders --key-condition-expression 'pk = :p' --expression-attribute-values '{":p":{"S":"c1"}}' --limit 1
.more
query --table-name Orders --key-condition-expression 'g = :g' --expression-attribute-values '{":g":{"S":"x"}}'
scan --table-name Orders --filter-expression 'attribute_exists(ok)'
scan --table-name Orders --limit 2 --return-consumed-capacity TOTAL
.more
scan --table-name Orders --segment 1 --total-segments 2 --consistent-read
delete-item --table-name Orders --key '{"pk":{"S":"c2"},"sk":{"S":"o1"}}' --return-values ALL_OLD --return-consumed-capacity INDEXES
delete-item --table-name Orders --key '{"pk":{"S":"c2"},"sk":{"S":"o1"}}' --condition-expression 'attribute_exists(pk)'
scan --table-name Orders --select COUNT
SCRIPT
# The same lines on the full path: each aws-CLI line gains an ignored global option.
sed -E '/^\./!s/$/ --no-cli-pager/' lines.ddb > full.ddb
# What names the table instance (its creation time and id) differs between any two runs.
instance() {
  sed -E 's/"(CreationDateTime|LastUpdateToPayPerRequestDateTime)": ?[0-9.]+/"\1":0/g;
          s/"TableId": ?"[^"]*"/"TableId":""/g'
}
fail=0
for mode in table json ddbjson jsonl; do
  fast=$({ cat setup.ddb lines.ddb; } | "$bin" --mode "$mode" --keep-going 2>&1 | instance)
  full=$({ cat setup.ddb full.ddb; } | "$bin" --mode "$mode" --keep-going 2>&1 | instance)
  # jsonl records the statement as typed; the added option is its only difference.
  full=${full// --no-cli-pager/}
  if [ "$fast" != "$full" ]; then
    echo "FAIL --mode $mode: the fast path and the full parser print differently:" >&2
    diff <(echo "$full") <(echo "$fast") | head -20 >&2
    fail=1
  fi
done
# The script must have run as written: writes, reads, pages and the refusals it asks for.
out=$({ cat setup.ddb lines.ddb; } | "$bin" --keep-going 2>&1)
for want in ConditionalCheckFailedException ResourceNotFoundException \
  "Query condition missed key schema element" "more: .more"; do
  if ! grep -q "$want" <<<"$out"; then
    echo "FAIL the script did not run as written: no \"$want\" in its output" >&2
    fail=1
  fi
done
[ $fail = 0 ] && echo "ok   the aws-CLI fast path prints what the full parser prints, in every mode"
exit $fail
