#!/usr/bin/env bash
# Lesson records read what the engine reported: a PartiQL UPDATE is judged by the request it was
# planned into and by the item's images before and after, as the engine held them at commit; a
# refused conditional write leaves the image as it was. Driven through `ddblab lesson run`.
set -u
bin=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export DDBLAB_DATA_DIR="$tmp/data" DDBLAB_LESSONS_DIR="$tmp/lessons" NO_COLOR=1
mkdir -p "$tmp/lessons"

fail() {
  echo "FAIL: $1" >&2
  [ -n "${2:-}" ] && printf '%s\n' "$2" | tail -n 30 >&2
  exit 1
}

cat > "$tmp/lessons/effects-probe.lua" <<'LUA'
local function show(r)
  local w = r.writes and r.writes[1] or {}
  say("effect: op=" .. tostring(r.op) .. " language=" .. tostring(r.language) ..
    " key=" .. tostring(w.key and w.key.PK) .. " update=" .. tostring(w.update) ..
    " condition=" .. tostring(w.condition) .. " before.n=" .. tostring(w.before and w.before.n) ..
    " image.n=" .. tostring(w.image and w.image.n) .. " written=" .. tostring(r.written))
  return w
end

return lesson {
  id = "effects-probe",
  number = 1,
  title = "Effects probe",
  summary = [[Shows what a statement's record says it did.]],
  setup = function()
    fresh_table("probe")
    seed("probe", { { PK = "a", SK = "x", n = 1 } })
  end,
  steps = {
    {
      id = "refused",
      text = [[A guarded update that fails.]],
      check = function(r)
        local w = show(r)
        return not r.ok and w.image ~= nil and w.image.n == 1
      end,
    },
    {
      id = "update",
      text = [[Update the item.]],
      check = function(r)
        local w = show(r)
        return r.ok and w.before ~= nil and w.before.n == 1 and w.image ~= nil and w.image.n == 2
      end,
    },
  },
}
LUA
cat > "$tmp/probe.answers" <<'ANS'
UPDATE "probe" SET n = 5 WHERE PK = 'a' AND SK = 'x' AND n = 7
UPDATE "probe" SET n = 2 WHERE PK = 'a' AND SK = 'x'
ANS

out=$("$bin" lesson run effects-probe --answers "$tmp/probe.answers" 2>&1) ||
  fail "the probe lesson did not complete" "$out"
grep -qF "effect: op=UpdateItem language=partiql key=a update=SET n = 5 condition=attribute_exists(PK) AND n = 7 before.n=1 image.n=1 written=0" <<<"$out" ||
  fail "the refused UPDATE's record does not show its plan and unchanged image" "$out"
grep -qF "effect: op=UpdateItem language=partiql key=a update=SET n = 2 condition=attribute_exists(PK) before.n=1 image.n=2 written=1" <<<"$out" ||
  fail "the UPDATE's record does not show its plan and its images before and after" "$out"
echo "ok: lesson records read the plans and images the engine reported"
