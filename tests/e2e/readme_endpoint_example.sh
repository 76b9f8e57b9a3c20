#!/usr/bin/env bash
# The README's `--endpoint-url` example works as printed: the line is taken from README.md and
# run with the real aws CLI against `ddblab serve`, with no credentials or region in the
# environment or config beyond what the line itself sets (only the port differs).
source "$(dirname "$0")/lib/serve_common.sh" "$@"
require_tools aws
start_server

root=$(cd "$(dirname "$0")/../.." && pwd)
line=$(grep -E '^ *AWS_ACCESS_KEY_ID=.* aws dynamodb list-tables --endpoint-url http://127\.0\.0\.1:8000$' \
  "$root/README.md" | head -n1 | sed 's/^ *//')
[ -n "$line" ] || fail "README.md has no list-tables --endpoint-url example line"
line=${line//127.0.0.1:8000/127.0.0.1:$PORT}
line=${line// aws dynamodb / $AWS dynamodb }
out=$(env -u AWS_ACCESS_KEY_ID -u AWS_SECRET_ACCESS_KEY -u AWS_DEFAULT_REGION -u AWS_REGION \
  bash -c "$line" 2>&1) || fail "the README example failed: $line
$out"
expect_eq "$(json_get "$out" 'r["TableNames"]')" "[]" "list-tables through the README example"
echo "ok   README --endpoint-url example: $line"
