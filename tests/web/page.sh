#!/usr/bin/env bash
# The browser build's page in headless Chromium as a student uses it: typing, completion, reload,
# lessons, grading, the time limit (tests/web/page_test.js says what each step checks).
# usage: bash page.sh <native ddblab binary> <build/web folder>
set -euo pipefail
BIN=$(cd "$(dirname "${1:?usage: page.sh <ddblab> <build/web>}")" && pwd)/$(basename "$1")
WEB=$(cd "${2:?usage: page.sh <ddblab> <build/web>}" && pwd)
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
ARTIFACTS=$(dirname "$BIN")/test-artifacts/web
mkdir -p "$ARTIFACTS"
node "$ROOT/tests/web/page_test.js" "$WEB" "$ROOT" "$ARTIFACTS"
