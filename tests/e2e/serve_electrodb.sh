# ElectroDB and the AWS SDK for JavaScript v3, unmodified, against `ddblab serve`: a service
# over a multi-attribute GSI (tests/e2e/js/electrodb_service.js). The npm packages are pinned in
# tests/e2e/js/package-lock.json and installed by scripts/deps; node is Debian's.
source "$(dirname "$0")/lib/serve_common.sh" "$@"
JS_DIR="$(cd "$(dirname "$0")/js" && pwd)"
command -v node >/dev/null || fail "node is not installed; run scripts/deps"
[ -d "$JS_DIR/node_modules/electrodb" ] ||
  fail "ElectroDB is not installed in $JS_DIR/node_modules; run scripts/deps"
start_server
node "$JS_DIR/electrodb_service.js" "$ENDPOINT" || fail "the ElectroDB service failed"
