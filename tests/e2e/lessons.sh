#!/usr/bin/env bash
# Lessons in the shell: listing, progress that survives a restart, and lessons that misbehave
# (endless loop, memory bomb, reaching for io/os/require) ending with a clear message while the
# shell keeps running.
set -u
bin=$1
root=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export DDBLAB_DATA_DIR="$tmp/data" DDBLAB_LESSONS_DIR="$root/lessons" NO_COLOR=1

fail() {
  echo "FAIL: $1" >&2
  [ -n "${2:-}" ] && printf '%s\n' "$2" | tail -n 40 >&2
  exit 1
}

# Every lesson loads and is listed.
out=$("$bin" lesson list 2>&1) || fail "lesson list failed" "$out"
n=$(grep -c ' new ' <<<"$out")
want=$(find "$root/lessons" -mindepth 2 -maxdepth 2 -name lesson.lua | wc -l)
[ "$n" -eq "$want" ] || fail "expected $want new lessons (one per lessons/*/lesson.lua), got $n" "$out"
grep -q "not loaded" <<<"$out" && fail "a lesson failed to load" "$out"

# Progress: pass step 1 in one session, find it saved, resume in the next.
answer=$(grep -v '^#' "$root/lessons/first-steps/lesson.answers" | head -n 1)
out=$("$bin" --keep-going -c '.lesson start first-steps' -c "$answer" 2>&1)
grep -q "Step passed" <<<"$out" || fail "step 1 did not pass in the REPL path" "$out"
[ -f "$tmp/data/progress.json" ] || fail "no progress.json written"
out=$("$bin" lesson list 2>&1)
grep -E "first-steps +step 2/4" <<<"$out" >/dev/null || fail "progress not listed" "$out"
out=$("$bin" --keep-going -c '.lesson start first-steps' -c '.lesson status' 2>&1)
grep -q "Resuming at step 2" <<<"$out" || fail "did not resume" "$out"
out=$("$bin" --keep-going -c '.lesson start first-steps' -c '.lesson hint' -c '.lesson quit' -c '.lesson hint' 2>&1)
grep -q "Hint 1/" <<<"$out" || fail ".lesson hint gave no hint" "$out"
grep -q "No lesson in progress" <<<"$out" || fail ".lesson quit did not end the lesson" "$out"

# Hostile lessons: each ends with a clear message and the shell carries on.
bad="$tmp/bad"
mkdir -p "$bad"/{spin,bomb,nosy,needy}
cat >"$bad/spin/lesson.lua" <<'LUA'
return lesson { id = "spin", title = "Spin", setup = function() while true do end end,
  steps = { { id = "a", text = "x", check = function() return true end } } }
LUA
cat >"$bad/bomb/lesson.lua" <<'LUA'
return lesson { id = "bomb", title = "Bomb",
  setup = function() local t = {} for i = 1, 1e9 do t[i] = string.rep("x", 65536) .. i end end,
  steps = { { id = "a", text = "x", check = function() return true end } } }
LUA
cat >"$bad/nosy/lesson.lua" <<'LUA'
return lesson { id = "nosy", title = "Nosy",
  steps = { { id = "a", text = "x", check = function() return io.open("/etc/passwd") end },
            { id = "b", text = "y", check = function() return os.execute("true") end } } }
LUA
cat >"$bad/needy/lesson.lua" <<'LUA'
local m = require("socket")
return lesson { id = "needy", title = "Needy", steps = { { id = "a", text = "x", check = function() return true end } } }
LUA
export DDBLAB_LESSONS_DIR="$bad"
check_msg() { # lesson, expected message
  out=$(timeout 60 "$bin" --keep-going -c ".lesson start $1" -c "SELECT * FROM \"nothing\"" -c '.lesson list' 2>&1)
  grep -qF "$2" <<<"$out" || fail "lesson $1: expected '$2'" "$out"
  grep -qF "Spin" <<<"$out" || fail "lesson $1: the shell did not keep running" "$out"
}
check_msg spin "instruction budget"
check_msg bomb "memory limit"
check_msg needy "require"
out=$(timeout 60 "$bin" --keep-going -c '.lesson start nosy' -c 'aws dynamodb list-tables' -c '.lesson next' \
  -c 'aws dynamodb list-tables' -c '.lesson list' 2>&1)
grep -qF "global 'io'" <<<"$out" || fail "io was reachable" "$out"
grep -qF "field 'execute'" <<<"$out" || fail "os.execute was reachable" "$out"
grep -qF "Spin" <<<"$out" || fail "the shell did not keep running" "$out"
echo "ok"
