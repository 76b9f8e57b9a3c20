-- Lesson 17: a follower counter kept by a stream handler, and why it must be idempotent.
-- The followed user's PROFILE carries follower_count; the edges are FOLLOWER# items in the same
-- collection (PK = USER#<followed>, SK = FOLLOWER#<follower>). The handler (a Lambda on the
-- table's stream) keeps the count. Delivery is at least once: `.stream attach ... --redeliver 1`
-- reports each batch's first invocation as failed after the handler ran, so every batch is
-- delivered twice, as after a Lambda timeout in production.
--
-- Checks judge effects, never spelling: for every user whose edges the statement changed, the
-- difference between follower_count and the real number of FOLLOWER# edges. Each step's setup
-- (and every miss) sets follower_count back to the real number, so a step never inherits an
-- earlier double count.
local T = "app-main"
local USERS = { "ana", "bo", "cy", "dee", "eli" }

local function edge_key(followed, follower)
  return [['{"PK":{"S":"USER#]] .. followed .. [["},"SK":{"S":"FOLLOWER#]] .. follower .. [["}}']]
end
local function follow_cli(followed, follower)
  return [[aws dynamodb put-item --table-name app-main --item '{"PK":{"S":"USER#]] .. followed ..
    [["},"SK":{"S":"FOLLOWER#]] .. follower .. [["},"since":{"S":"2026-06-10"}}']]
end
local FOLLOW_DEE = follow_cli("ana", "dee")
local FOLLOW_ELI = follow_cli("ana", "eli")
local UNFOLLOW_BO = [[aws dynamodb delete-item --table-name app-main --key ]] .. edge_key("ana", "bo")
local ATTACH_NAIVE = ".stream attach app-main follower-count.lua --redeliver 1"
local DETACH_NAIVE = ".stream detach app-main follower-count"
local ATTACH_IDEMPOTENT = ".stream attach app-main follower-count-idempotent.lua --redeliver 1"

-- State ---------------------------------------------------------------------------------------
local function starts(s, p) return type(s) == "string" and string.sub(s, 1, #p) == p end
local function is_edge(k) return type(k) == "table" and starts(k.PK, "USER#") and starts(k.SK, "FOLLOWER#") end
local function is_marker(k) return type(k) == "table" and starts(k.SK, "COUNTED#") end
local function id_of(pk) return string.sub(pk, 6) end      -- USER#ana -> ana
local function follower_of(sk) return string.sub(sk, 10) end -- FOLLOWER#bo -> bo

-- The table as the checks see it: profiles by PK, edges and markers as "PK|follower" sets.
local function load()
  local s = { profiles = {}, edges = {}, markers = {}, followers = {} }
  for _, it in ipairs(ddb.items(T)) do
    if it.SK == "PROFILE" then
      s.profiles[it.PK] = it
    elseif is_edge(it) then
      s.edges[it.PK .. "|" .. follower_of(it.SK)] = true
      s.followers[it.PK] = (s.followers[it.PK] or 0) + 1
    elseif is_marker(it) then
      s.markers[it.PK .. "|" .. string.sub(it.SK, 9)] = true
    end
  end
  return s
end

local KNOWN = {} -- the edges as of the last setup or check
local WITH_MARKERS = false

-- Sets follower_count to the real number of edges (and, once the idempotent handler is in play,
-- makes the COUNTED# markers match the edges, as its deployment would have backfilled them).
local function resync()
  local s = load()
  for pk, p in pairs(s.profiles) do
    local n = s.followers[pk] or 0
    if p.follower_count ~= n then
      ddb.call("UpdateItem", { TableName = T, Key = ddb.item({ PK = pk, SK = "PROFILE" }),
        UpdateExpression = "SET follower_count = :n", ExpressionAttributeValues = ddb.item({ [":n"] = n }) })
    end
  end
  if WITH_MARKERS then
    for e in pairs(s.edges) do
      if not s.markers[e] then
        local pk, f = string.match(e, "^(.-)|(.*)$")
        ddb.put(T, { PK = pk, SK = "COUNTED#" .. f })
      end
    end
    for m in pairs(s.markers) do
      if not s.edges[m] then
        local pk, f = string.match(m, "^(.-)|(.*)$")
        ddb.call("DeleteItem", { TableName = T, Key = ddb.item({ PK = pk, SK = "COUNTED#" .. f }) })
      end
    end
  end
  KNOWN = s.edges
  return s
end

local function list_followers(s, pk)
  local out = {}
  for e in pairs(s.edges) do
    local p, f = string.match(e, "^(.-)|(.*)$")
    if p == pk then out[#out + 1] = f end
  end
  table.sort(out)
  return out
end

-- What the statement did to the follow graph and the counts.
-- Returns {added = {edge...}, removed = {edge...}, users = {pk -> {edges, count, added, removed}}}.
local function effect()
  local s = load()
  local e = { added = {}, removed = {}, users = {}, state = s }
  local function user(pk)
    if not e.users[pk] then
      local p = s.profiles[pk]
      e.users[pk] = { pk = pk, edges = s.followers[pk] or 0, count = p and p.follower_count or 0,
        profile = p, added = 0, removed = 0 }
    end
    return e.users[pk]
  end
  for k in pairs(s.edges) do
    if not KNOWN[k] then
      e.added[#e.added + 1] = k
      local u = user(string.match(k, "^(.-)|"))
      u.added = u.added + 1
    end
  end
  for k in pairs(KNOWN) do
    if not s.edges[k] then
      e.removed[#e.removed + 1] = k
      local u = user(string.match(k, "^(.-)|"))
      u.removed = u.removed + 1
    end
  end
  table.sort(e.added)
  table.sort(e.removed)
  KNOWN = s.edges
  return e
end

local function edge_text(k)
  local pk, f = string.match(k, "^(.-)|(.*)$")
  return f .. " follows " .. id_of(pk)
end
local function joined(list, f)
  local out = {}
  for i, x in ipairs(list) do out[i] = f and f(x) or x end
  return table.concat(out, ", ")
end
local function n_followers(n) return n .. " follower" .. (n == 1 and "" or "s") end

-- The users whose edges changed, in a stable order.
local function changed_users(e)
  local out = {}
  for _, u in pairs(e.users) do out[#out + 1] = u end
  table.sort(out, function(a, b) return a.pk < b.pk end)
  return out
end

local function handler_names(r)
  local names = {}
  for _, m in ipairs((r.stream and r.stream.mappings) or {}) do
    if m.table == T then names[#names + 1] = m.name end
  end
  return names
end
local function has_handler(r, name)
  for _, n in ipairs(handler_names(r)) do if n == name then return true end end
  return false
end
local function redelivered(r) return r.stream ~= nil and (r.stream.failed or 0) >= 1 end

-- Feedback shared by the steps for statements that are not an edge write ----------------------
-- Returns a verdict when the statement is off the step's path; nil when the checks go on.
local function off_path(r, e, want)
  local off = off_table(r, T, "the users and their followers are in app-main")
  if off then return false, off end
  local op = r.op or ""
  local write = op == "PutItem" or op == "UpdateItem" or op == "DeleteItem" or op == "TransactWriteItems"
    or op == "BatchWriteItem"
  if not write then
    if not r.ok then return false, "That statement failed ({error}); this step expects " .. want .. "." end
    return nil, "(Reading is fine. This step expects " .. want .. ".)"
  end
  if not r.ok then
    local code = r.error and r.error.code or ""
    local k = r.key or r.item
    if op == "PutItem" and is_edge(k) and (code == "DuplicateItemException" or code == "ConditionalCheckFailedException") then
      return nil, "DynamoDB refused it ({error}): " .. id_of(k.PK) .. " already has the follower " .. follower_of(k.SK) ..
        ". Follow with a user who is not a follower yet."
    end
    return false, "DynamoDB refused the write ({error}); this step expects " .. want .. "."
  end
  for _, w in ipairs(r.writes or {}) do
    local k = w.key or w.item
    if w.op ~= "ConditionCheck" and type(k) == "table" and k.SK == "PROFILE" then
      resync()
      return false, "That statement wrote " .. tostring(k.PK) .. "'s PROFILE. follower_count belongs to the handler: the application only writes edges, and the handler derives the count from the stream. (The lesson set every follower_count back to the real number of edges.)"
    end
    if w.op ~= "ConditionCheck" and is_marker(k) then
      resync()
      return false, "That statement wrote a COUNTED# marker; the markers are the idempotent handler's bookkeeping. (The lesson put the markers and counts back in line with the edges.)"
    end
  end
  if #e.added == 0 and #e.removed == 0 then
    local touched = nil
    for _, w in ipairs(r.writes or {}) do
      local k = w.key or w.item
      if w.op ~= "ConditionCheck" and type(k) == "table" then touched = touched or k end
    end
    if touched and not is_edge(touched) then
      return false, "That wrote PK = " .. tostring(touched.PK) .. ", SK = " .. tostring(touched.SK) ..
        ", which is not a follow edge: an edge is PK = USER#<followed>, SK = FOLLOWER#<follower> (the handler ignores every other item)."
    end
  end
  return nil
end

-- Whether every user whose edges changed has a profile; feedback when not.
local function unknown_user(e)
  for _, u in ipairs(changed_users(e)) do
    if not u.profile or u.profile.name == nil then
      return "There is no user " .. u.pk .. " here (no PROFILE item). The users are " ..
        joined(USERS, function(x) return "USER#" .. x end) .. "."
    end
  end
  return nil
end

local function counts_text(e)
  local parts = {}
  for _, u in ipairs(changed_users(e)) do
    parts[#parts + 1] = id_of(u.pk) .. " has " .. n_followers(u.edges) .. " and follower_count says " .. tostring(u.count)
  end
  return table.concat(parts, "; ")
end

-- diff = follower_count - real followers, summed over the users the statement changed.
local function total_diff(e)
  local d = 0
  for _, u in ipairs(changed_users(e)) do d = d + (u.count - u.edges) end
  return d
end

local LAST = {} -- numbers for the explanations

return lesson {
  id = "stream-idempotent-counter",
  number = 17,
  title = "At-least-once delivery: an idempotent follower counter",
  summary = [[
A stream handler (the Lambda of DynamoDB Streams) keeps follower_count from the follow edges.
Delivery is at least once: a batch can come again after the handler did its work, and a
handler that blindly adds 1 counts the follow twice. Make each edge count once with a
condition, and the redelivery changes nothing.]],
  requires = { "conditions-transactions", "stream-entity-filter" },

  setup = function()
    fresh_table(T, { stream = "NEW_AND_OLD_IMAGES" })
    seed(T, {
      { PK = "USER#ana", SK = "PROFILE", name = "Ana", follower_count = 2 },
      { PK = "USER#ana", SK = "FOLLOWER#bo", since = "2026-05-02" },
      { PK = "USER#ana", SK = "FOLLOWER#cy", since = "2026-05-20" },
      { PK = "USER#bo", SK = "PROFILE", name = "Bo", follower_count = 1 },
      { PK = "USER#bo", SK = "FOLLOWER#ana", since = "2026-05-03" },
      { PK = "USER#cy", SK = "PROFILE", name = "Cy", follower_count = 0 },
      { PK = "USER#dee", SK = "PROFILE", name = "Dee", follower_count = 0 },
      { PK = "USER#eli", SK = "PROFILE", name = "Eli", follower_count = 0 },
    })
    WITH_MARKERS = false
    resync()
  end,

  steps = {
    {
      id = "double-count",
      setup = function()
        WITH_MARKERS = false
        resync()
      end,
      text = [[
app-main holds users (PK = USER#<id>, SK = PROFILE, with follower_count) and follow edges in
the followed user's collection: PK = USER#<followed>, SK = FOLLOWER#<follower>. USER#ana has
2 followers (bo, cy) and follower_count = 2.

The handler lessons/handlers/follower-count.lua keeps the count: on an INSERT of an edge it
does ADD follower_count 1 on the followed user's PROFILE, on a REMOVE it adds -1. Attach it as
production runs it, where a batch is sometimes delivered again after the handler already ran
(a timeout, a crash before the checkpoint):

  .stream attach app-main follower-count.lua --redeliver 1

(--redeliver 1 reports each batch's first invocation as failed after the handler ran, so
every batch is delivered twice.) Then let dee follow ana: put the edge PK = USER#ana,
SK = FOLLOWER#dee (put-item, or a PartiQL INSERT).]],
      check = function(r)
        local e = effect()
        local want = "a put of the edge PK = USER#ana, SK = FOLLOWER#dee with the naive handler attached"
        local v, msg = off_path(r, e, want)
        if v ~= nil or msg ~= nil then return v, msg end
        if #e.added == 0 then
          if #e.removed > 0 then
            resync()
            return nil, "That removed an edge (" .. joined(e.removed, edge_text) .. "); this step is a follow: put a new FOLLOWER# edge. (The lesson set the counts back to the real numbers.)"
          end
          return nil, "No new edge: ana's followers are " .. joined(list_followers(e.state, "USER#ana")) ..
            ". A put that changes nothing writes no stream record, so the handler had nothing to count. Put a new edge, e.g. PK = USER#ana, SK = FOLLOWER#dee."
        end
        local who = unknown_user(e)
        if who then resync() return false, who end
        local d, added = total_diff(e), #e.added
        if r.stream == nil then
          local before = counts_text(e)
          resync()
          return nil, "No handler is attached, so nothing counted: " .. before .. ". Attach the handler (" ..
            ATTACH_NAIVE .. ") and follow with another user (e.g. eli follows ana). The lesson set the count to the real number."
        end
        if d == added and redelivered(r) then
          LAST = { text = counts_text(e), added = added }
          return true
        end
        if d == 0 and not redelivered(r) then
          resync()
          return nil, "Counted right (" .. counts_text(e) .. "): every record was delivered once. Production is not that kind. Attach again with redelivery, which replaces the handler of the same name (" ..
            ATTACH_NAIVE .. "), and follow with another user (e.g. eli follows ana)."
        end
        if d == 0 then
          resync()
          return nil, "Counted once despite the redelivery: that is the idempotent handler of the next step. This step runs the naive one: " ..
            ATTACH_NAIVE .. " (and .stream detach app-main follower-count-idempotent), then follow with another user."
        end
        resync()
        local names = handler_names(r)
        return nil, "The count is off by " .. d .. " for " .. added .. " new edge" .. (added == 1 and "" or "s") .. " (" .. counts_text(e) ..
          ") with " .. #names .. " handler" .. (#names == 1 and "" or "s") .. " attached (" .. joined(names) ..
          "). Attach only follower-count.lua with --redeliver 1 (.stream detach app-main NAME removes the others) and follow with another user. (The lesson set the count back to the real number.)"
      end,
      hints = {
        "Attach the handler first (.stream attach app-main follower-count.lua --redeliver 1), then put one new edge: PK = USER#ana, SK = FOLLOWER#dee.",
        "Edges are written by the application; follower_count is written only by the handler.",
        ATTACH_NAIVE .. "   then   " .. FOLLOW_DEE,
      },
      -- Solutions replay statements only (a skipped step attaches no handler); the .stream
      -- commands are in the last hint, and the next steps' texts say what to attach.
      show = FOLLOW_DEE,
      explain = function()
        return "One follow, and follower_count went up by 2: " .. LAST.text .. ".\n" ..
          "The stream line shows why: the first invocation did ADD 1 and was then reported failed,\n" ..
          "so Lambda delivered the same batch again and the handler did ADD 1 once more. Streams and\n" ..
          "Lambda promise at-least-once delivery, not exactly-once: a handler whose effect is not\n" ..
          "idempotent (ADD, append, send a mail) turns every retry into a wrong number."
      end,
    },
    {
      id = "count-once",
      setup = function()
        WITH_MARKERS = true
        resync()
      end,
      text = [[
The lesson set every follower_count back to the real number of edges and wrote a marker for
each counted edge, PK = USER#<followed>, SK = COUNTED#<follower> (as deploying the new handler
would backfill them).

lessons/handlers/follower-count-idempotent.lua counts each edge once: on an INSERT it runs one
TransactWriteItems that puts the marker with attribute_not_exists(PK) and does the ADD; on a
REMOVE it deletes the marker with attribute_exists(PK) and adds -1. A redelivered record finds
the marker already in place: the transaction is cancelled (ConditionalCheckFailed) and nothing
is counted twice.

Replace the naive handler with it: detach it first (.stream detach app-main follower-count),
or attach the new file with --name follower-count, which replaces the old one; two handlers
attached at once would both count. Keep --redeliver 1:

  .stream detach app-main follower-count
  .stream attach app-main follower-count-idempotent.lua --redeliver 1

Then let eli follow ana (PK = USER#ana, SK = FOLLOWER#eli).]],
      check = function(r)
        local e = effect()
        local want = "a put of a new edge, e.g. PK = USER#ana, SK = FOLLOWER#eli, with follower-count-idempotent.lua attached"
        local v, msg = off_path(r, e, want)
        if v ~= nil or msg ~= nil then return v, msg end
        if #e.added == 0 then
          if #e.removed > 0 then
            resync()
            return nil, "That removed an edge (" .. joined(e.removed, edge_text) .. "); this step is a follow: put a new FOLLOWER# edge. (The lesson set the counts and markers back in line.)"
          end
          return nil, "No new edge: ana's followers are " .. joined(list_followers(e.state, "USER#ana")) ..
            ". Put a new one, e.g. PK = USER#ana, SK = FOLLOWER#eli."
        end
        local who = unknown_user(e)
        if who then resync() return false, who end
        local d, added = total_diff(e), #e.added
        if r.stream == nil then
          resync()
          return nil, "No handler is attached, so nothing counted. Attach the idempotent one (" .. ATTACH_IDEMPOTENT ..
            ") and follow with another user. (The lesson set the count to the real number.)"
        end
        if d == 0 and redelivered(r) then
          LAST = { text = counts_text(e), failed = r.stream.failed,
            marker = "COUNTED#" .. string.match(e.added[1], "|(.*)$") }
          return true
        end
        local names = handler_names(r)
        if d > 0 then
          local text = counts_text(e)
          resync()
          if #names >= 2 then
            local naive = has_handler(r, "follower-count") and has_handler(r, "follower-count-idempotent")
            return false, "Counted " .. (d + added) .. " times for " .. added .. " follow" .. (added == 1 and "" or "s") .. " (" .. text .. "): " ..
              #names .. " handlers are attached (" .. joined(names) .. ") and each counts the edge. " ..
              (naive and ("Detach the naive one: " .. DETACH_NAIVE .. ".") or "Keep only follower-count-idempotent.lua: .stream status shows which is which, .stream detach app-main NAME removes one.") ..
              " (The lesson set the count back to the real number.)"
          end
          return false, "The follow was counted twice again (" .. text .. "): the handler attached as " .. joined(names) ..
            " is not idempotent. Attach follower-count-idempotent.lua instead (" .. ATTACH_IDEMPOTENT ..
            ", with --name " .. joined(names) .. " to replace it). (The lesson set the count back to the real number.)"
        end
        if d == 0 then
          resync()
          return nil, "Counted once (" .. counts_text(e) .. "), but nothing was redelivered this time, so this does not show the handler is idempotent. Attach it with --redeliver 1 (" ..
            ATTACH_IDEMPOTENT .. ") and follow with another user."
        end
        local text = counts_text(e)
        resync()
        return nil, "follower_count is off by " .. d .. " (" .. text .. "): the follow was not counted, or a handler also applied records that waited in the stream from earlier statements (a skipped step's writes). Keep only the idempotent handler attached (.stream status lists them; " ..
          ATTACH_IDEMPOTENT .. ") and follow with another user. (The lesson set the count to the real number.)"
      end,
      hints = {
        "Only one counting handler may run: .stream detach app-main follower-count, then .stream attach app-main follower-count-idempotent.lua --redeliver 1.",
        "Then put a new edge: PK = USER#ana, SK = FOLLOWER#eli.",
        DETACH_NAIVE .. "   then   " .. ATTACH_IDEMPOTENT .. "   then   " .. FOLLOW_ELI,
      },
      show = FOLLOW_ELI,
      explain = function()
        return "The batch was delivered twice again (" .. tostring(LAST.failed) .. " failed invocation" .. (LAST.failed == 1 and "" or "s") ..
          "), and the count rose by exactly 1:\n" .. LAST.text .. ".\n" ..
          "The second delivery's transaction found the marker " .. LAST.marker .. " already there: its\n" ..
          "attribute_not_exists(PK) failed, the whole transaction was cancelled, the ADD with it,\n" ..
          "and the handler took ConditionalCheckFailed to mean \"done already\". Dedupe on something\n" ..
          "the record identifies (the edge here; an event id or an order id elsewhere), in the same\n" ..
          "atomic write as the effect. The price: a transaction costs 2 WCU per item it writes."
      end,
    },
    {
      id = "unfollow-once",
      setup = function()
        WITH_MARKERS = true
        resync()
      end,
      text = [[
Unfollows come through the stream too, and are redelivered the same way. Let bo unfollow ana:
delete the edge PK = USER#ana, SK = FOLLOWER#bo (delete-item, or a PartiQL DELETE), with the
idempotent handler still attached with --redeliver 1 (.stream status lists the attached
handlers; if it is not there: .stream attach app-main follower-count-idempotent.lua --redeliver 1).]],
      check = function(r)
        local e = effect()
        local want = "a delete of the edge PK = USER#ana, SK = FOLLOWER#bo with follower-count-idempotent.lua attached"
        local v, msg = off_path(r, e, want)
        if v ~= nil or msg ~= nil then return v, msg end
        if #e.removed == 0 then
          if #e.added > 0 then
            resync()
            return nil, "That added a follower (" .. joined(e.added, edge_text) .. "); this step is an unfollow: delete an edge, e.g. PK = USER#ana, SK = FOLLOWER#bo. (The lesson set the counts and markers in line.)"
          end
          return nil, "No edge was removed: ana's followers are " .. joined(list_followers(e.state, "USER#ana")) ..
            ". A delete of an item that does not exist writes no stream record."
        end
        local who = unknown_user(e)
        if who then resync() return false, who end
        local d, removed = total_diff(e), #e.removed
        if r.stream == nil then
          resync()
          return nil, "No handler is attached, so nothing was subtracted. Attach the idempotent one (" .. ATTACH_IDEMPOTENT ..
            ") and unfollow another edge (e.g. cy unfollows ana). (The lesson set the count to the real number.)"
        end
        if d == 0 and redelivered(r) then
          LAST = { text = counts_text(e), marker = "COUNTED#" .. string.match(e.removed[1], "|(.*)$") }
          return true
        end
        local names = handler_names(r)
        if d < 0 then
          local text = counts_text(e)
          resync()
          if #names >= 2 then
            return false, "The unfollow was subtracted " .. (removed - d) .. " times (" .. text .. "): " .. #names ..
              " handlers are attached (" .. joined(names) .. ") and each one subtracts. Keep only follower-count-idempotent.lua: .stream status shows which is which, .stream detach app-main NAME removes one. (The lesson set the count back to the real number.)"
          end
          return false, "The unfollow was subtracted twice (" .. text .. "): the handler attached as " .. joined(names) ..
            " is not idempotent. Attach follower-count-idempotent.lua instead (" .. ATTACH_IDEMPOTENT ..
            ", with --name " .. joined(names) .. " to replace it). (The lesson set the count back to the real number.)"
        end
        if d == 0 then
          resync()
          return nil, "Subtracted once (" .. counts_text(e) .. "), but nothing was redelivered this time. Attach the handler with --redeliver 1 (" ..
            ATTACH_IDEMPOTENT .. ") and unfollow another edge (e.g. cy unfollows ana)."
        end
        local text = counts_text(e)
        resync()
        return nil, "follower_count is off by +" .. d .. " (" .. text .. "): the unfollow was not subtracted, or a handler also applied records that waited in the stream from earlier statements (a skipped step's writes). Keep only the idempotent handler attached (.stream status lists them; " ..
          ATTACH_IDEMPOTENT .. ") and unfollow another edge (e.g. cy unfollows ana). (The lesson set the count to the real number.)"
      end,
      hints = {
        "Delete one edge with the idempotent handler attached: PK = USER#ana, SK = FOLLOWER#bo.",
        UNFOLLOW_BO,
      },
      show = UNFOLLOW_BO,
      explain = function()
        return "One unfollow, delivered twice, subtracted once: " .. LAST.text .. ".\n" ..
          "The first delivery deleted " .. LAST.marker .. " and added -1 in one transaction; the second found\n" ..
          "no marker, attribute_exists(PK) failed, and nothing changed. The marker mirrors the edge,\n" ..
          "so follow, unfollow and follow again each count once, whatever the stream repeats. The\n" ..
          "rule holds for any stream consumer: make the effect conditional on state that the same\n" ..
          "write records, and a retry is harmless."
      end,
    },
  },
}
