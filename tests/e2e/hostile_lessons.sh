#!/usr/bin/env bash
# Hostile lessons (tests/hostile/lessons/<id>/lesson.lua), one per attack: each ends with a clean
# message within its limits: no file text and no environment in the output, no signal, no hang.
# usage: bash hostile_lessons.sh <ddblab binary>
set -euo pipefail
BIN=${1:?usage: hostile_lessons.sh <ddblab binary>}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
exec /usr/bin/python3 "$ROOT/tests/e2e/lib/hostile_lessons.py" "$BIN" "$ROOT/tests/hostile/lessons"
