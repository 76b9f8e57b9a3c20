# Shared by the e2e tests that run ddblab commands and check their exit status and output
# (sourced, not a test itself). Sets `work` (a scratch folder, removed on exit, and the current
# folder) and `fail`; `check NAME STATUS COMMAND...` runs a command into $work/out, and
# `has NAME TEXT` checks that output. The test ends with `exit $fail`.
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail=0
cd "$work" || exit 1

check() {  # name, wanted status, command...
  local name=$1 want=$2
  shift 2
  "$@" >"$work/out" 2>&1
  local got=$?
  if [ "$got" != "$want" ]; then
    echo "FAIL $name: exit status $got, wanted $want; output:" >&2
    sed 's/^/  /' "$work/out" >&2
    fail=1
  else
    echo "ok   $name"
  fi
}

has() {  # name, text the last output must contain
  if ! grep -qF -- "$2" "$work/out"; then
    echo "FAIL $1: output lacks \"$2\"; output:" >&2
    sed 's/^/  /' "$work/out" >&2
    fail=1
  fi
}
