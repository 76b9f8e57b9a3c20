#!/usr/bin/env bash
# Hostile graded solutions, one per attack, graded in one batch of 50 with ordinary ones: every
# solution gets a verdict, none shows file text or the environment, nothing ends by a signal,
# and the process limits name themselves in their verdicts.
# usage: bash hostile_solutions.sh <ddblab binary>
set -euo pipefail
BIN=${1:?usage: hostile_solutions.sh <ddblab binary>}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
exec /usr/bin/python3 "$ROOT/tests/e2e/lib/hostile_solutions.py" "$BIN" "$ROOT"
