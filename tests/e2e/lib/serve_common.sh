# Shared helpers for the `ddblab serve` end-to-end tests (sourced, not a test itself).
# Usage: source lib/serve_common.sh "$1"; start_server [serve options...]
# Sets PORT, ENDPOINT, SERVER_PID, SERVER_OUT, SERVER_ERR; the server is killed on exit.

set -u
DDBLAB="${1:?usage: $0 /path/to/ddblab}"
WORK="$(mktemp -d "${TMPDIR:-/tmp}/ddblab-e2e.XXXXXX")"
SERVER_PID=""

# Debian's packages (boto3, the aws CLI) live with the system interpreter; the first python3 on
# PATH may be another installation.
PY=/usr/bin/python3
AWS=/usr/bin/aws
export AWS_ACCESS_KEY_ID=ddblab-test AWS_SECRET_ACCESS_KEY=ddblab-test
export AWS_DEFAULT_REGION=us-east-1 AWS_REGION=us-east-1 AWS_PAGER=""
export AWS_CONFIG_FILE="$WORK/aws-config" AWS_SHARED_CREDENTIALS_FILE="$WORK/aws-credentials"
: > "$AWS_CONFIG_FILE"
: > "$AWS_SHARED_CREDENTIALS_FILE"

stop_server() {
  if [ -n "$SERVER_PID" ] && kill -0 "$SERVER_PID" 2>/dev/null; then
    kill -TERM "$SERVER_PID" 2>/dev/null
    for _ in $(seq 1 50); do
      kill -0 "$SERVER_PID" 2>/dev/null || break
      sleep 0.1
    done
    kill -KILL "$SERVER_PID" 2>/dev/null
  fi
  [ -n "$SERVER_PID" ] && wait "$SERVER_PID" 2>/dev/null
  SERVER_PID=""
}

cleanup() {
  stop_server
  rm -rf "$WORK"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

fail() {
  echo "FAIL: $*" >&2
  if [ -f "${SERVER_ERR:-/dev/null}" ]; then
    echo "--- server stderr (last 30 lines) ---" >&2
    tail -n 30 "$SERVER_ERR" >&2
  fi
  exit 1
}

# Waits up to 20 s for the server's stderr to show a line matching the grep pattern $1 (a handler
# reports after the commit it ran on); the caller's own checks say what is missing.
wait_for_log() {
  for _ in $(seq 1 400); do
    grep -q -- "$1" "$SERVER_ERR" && return 0
    sleep 0.05
  done
  return 0
}

require_tools() {
  [ -x "$DDBLAB" ] || fail "no ddblab binary at $DDBLAB"
  for tool in "$@"; do
    case "$tool" in
      aws) [ -x "$AWS" ] || fail "Debian's awscli is not installed ($AWS); run scripts/deps" ;;
      boto3) "$PY" -c 'import boto3' 2>/dev/null ||
               fail "python3-boto3 is not installed for $PY; run scripts/deps" ;;
      curl) command -v curl >/dev/null || fail "curl is not installed" ;;
    esac
  done
}

# Starts `ddblab serve --port 0 "$@"` and waits for its "ready" line.
start_server() {
  SERVER_OUT="$WORK/server.out.$RANDOM"
  SERVER_ERR="$WORK/server.err.$RANDOM"
  "$DDBLAB" serve --port 0 "$@" > "$SERVER_OUT" 2> "$SERVER_ERR" &
  SERVER_PID=$!
  for _ in $(seq 1 200); do
    if grep -q '^ready$' "$SERVER_OUT" 2>/dev/null; then break; fi
    kill -0 "$SERVER_PID" 2>/dev/null || fail "server exited before ready: $(cat "$SERVER_ERR")"
    sleep 0.05
  done
  grep -q '^ready$' "$SERVER_OUT" || fail "server did not print ready within 10 s"
  PORT="$(grep -o 'http://127\.0\.0\.1:[0-9]*' "$SERVER_OUT" | head -n1 | sed 's/.*://')"
  [ -n "$PORT" ] || fail "could not read the port from: $(cat "$SERVER_OUT")"
  ENDPOINT="http://127.0.0.1:$PORT"
}

# aws dynamodb ... against the server, JSON output.
ddb() {
  local sub="$1"
  shift
  "$AWS" dynamodb "$sub" --endpoint-url "$ENDPOINT" --output json "$@"
}

# Evaluates a Python expression over the JSON in "$1" (bound to `r`) and prints the result.
json_get() {
  "$PY" -c 'import json,sys; r=json.loads(sys.argv[1]); print(eval(sys.argv[2]))' "$1" "$2"
}

# expect_eq ACTUAL EXPECTED WHAT
expect_eq() {
  [ "$1" = "$2" ] || fail "$3: expected '$2', got '$1'"
}
