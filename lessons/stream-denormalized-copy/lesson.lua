-- Lesson 16: a denormalized copy (the group's name on every membership) kept in step by a stream
-- handler, and what one rename costs: one write per copy.
-- Model: a membership is ONE item under its user, PK = USER#<u>, SK = GROUP#<g>, with the copy in
-- group_name; GSI1 flips it (GSI1PK = GROUP#<g>, GSI1SK = USER#<u>) for "the members of a group".
-- The student attaches lessons/handlers/group-name-copies.lua with `.stream attach`; checks judge
-- r.stream (what the handlers did because of the statement), r.writes and the copies as stored.
local T = "app-main"
local HANDLER = "group-name-copies"
local ATTACH = ".stream attach app-main group-name-copies.lua"
-- Why r.stream can be nil: no handler on app-main (or one still bound to the stream app-main had
-- before `.lesson reset` recreated it, which makes the shell's handler run fail).
local NO_HANDLER = "no handler read app-main's stream: none is attached (handlers end with the session that attached them, and after `.lesson reset` app-main has a new stream, so attach again)"
local G1 = { PK = "GROUP#g1", SK = "PROFILE" }
local G2 = { PK = "GROUP#g2", SK = "PROFILE" }
local OLD_NAME, NEW_NAME = "Rust Devs", "Rustaceans"

local RENAME = [[aws dynamodb update-item --table-name app-main --key '{"PK":{"S":"GROUP#g1"},"SK":{"S":"PROFILE"}}' --update-expression "SET #n = :n" --expression-attribute-names '{"#n":"name"}' --expression-attribute-values '{":n":{"S":"Rustaceans"}}']]
local RENAME_PARTIQL = [[UPDATE "app-main" SET name = 'Rustaceans' WHERE PK = 'GROUP#g1' AND SK = 'PROFILE']]
local USER_GROUPS = [[aws dynamodb query --table-name app-main --key-condition-expression "PK = :u AND begins_with(SK, :g)" --expression-attribute-values '{":u":{"S":"USER#u1"},":g":{"S":"GROUP#"}}']]
local USER_GROUPS_PARTIQL = [[SELECT * FROM "app-main" WHERE PK = 'USER#u1' AND begins_with(SK, 'GROUP#')]]
local DESCRIBE = [[aws dynamodb update-item --table-name app-main --key '{"PK":{"S":"GROUP#g1"},"SK":{"S":"PROFILE"}}' --update-expression "SET description = :d" --expression-attribute-values '{":d":{"S":"Rust, from embedded to web"}}']]
local DESCRIBE_PARTIQL = [[UPDATE "app-main" SET description = 'Rust, from embedded to web' WHERE PK = 'GROUP#g1' AND SK = 'PROFILE']]

local USERS = { { "u1", "Ana" }, { "u2", "Bruno" }, { "u3", "Carla" }, { "u4", "Diego" }, { "u5", "Eva" }, { "u6", "Fabio" } }
local SEEDED = {
  { PK = "GROUP#g1", SK = "PROFILE", entity_type = "GROUP", name = OLD_NAME,
    description = "Systems programming in Rust", created_at = "2025-11-02", member_count = 5 },
  { PK = "GROUP#g2", SK = "PROFILE", entity_type = "GROUP", name = "Go Gophers",
    description = "Go, from CLIs to services", created_at = "2025-12-14", member_count = 3 },
}
for _, u in ipairs(USERS) do
  SEEDED[#SEEDED + 1] = { PK = "USER#" .. u[1], SK = "PROFILE", entity_type = "USER", name = u[2] }
end
local function membership(u, g, name, day)
  return { PK = "USER#" .. u, SK = "GROUP#" .. g, entity_type = "MEMBERSHIP", group_name = name,
    joined_at = "2026-01-" .. day, GSI1PK = "GROUP#" .. g, GSI1SK = "USER#" .. u }
end
for i = 1, 5 do SEEDED[#SEEDED + 1] = membership("u" .. i, "g1", OLD_NAME, string.format("%02d", 10 + i)) end
SEEDED[#SEEDED + 1] = membership("u1", "g2", "Go Gophers", "20")
SEEDED[#SEEDED + 1] = membership("u4", "g2", "Go Gophers", "21")
SEEDED[#SEEDED + 1] = membership("u6", "g2", "Go Gophers", "22")

-- The group profile as it was before the statement being checked.
local before = nil
-- Writes the student's handler owes for a profile the lesson put back (it re-syncs the copies).
local owed = 0

local function key_text(k)
  if type(k) ~= "table" then return "an item" end
  return "PK = " .. tostring(k.PK) .. ", SK = " .. tostring(k.SK)
end
local function same_key(a, b) return type(a) == "table" and a.PK == b.PK and a.SK == b.SK end
local function plural(n, word) return units(n) .. " " .. word .. (n == 1 and "" or "s") end
local function copies_text(n) return units(n) .. (n == 1 and " copy" or " copies") end
local function times(n)
  if n == 1 then return "once" end
  if n == 2 then return "twice" end
  return units(n) .. " times"
end

local function profile() return ddb.get(T, G1) end
local function remember() before = profile() end

-- The memberships of g1 (the items that carry a copy of its name), from the table itself.
local function copies()
  local out = {}
  for _, it in ipairs(ddb.items(T)) do
    if it.SK == G1.PK and starts_with(it.PK, "USER#") then out[#out + 1] = it end
  end
  return out
end
local function stale(name)
  local n, total = 0, 0
  for _, c in ipairs(copies()) do
    total = total + 1
    if c.group_name ~= name then n = n + 1 end
  end
  return n, total
end

-- Feedback for a statement on another table; nil when it used app-main.
local function elsewhere(r)
  return off_table(r, T, "groups, users and memberships are all in app-main")
end

local WRITE_OPS = { PutItem = true, UpdateItem = true, DeleteItem = true, TransactWriteItems = true,
  BatchWriteItem = true }

-- What the handlers attached to app-main did because of the statement, or nil when none is.
local function on_table(r) return stream_on(r, T) end
local function ours(s)
  for _, n in ipairs(s.names) do if n == HANDLER then return true end end
  return false
end
local function others(s)
  for _, n in ipairs(s.names) do
    if n ~= HANDLER then
      return " (A handler called " .. n .. " is attached to app-main: `.stream detach app-main " .. n .. "` removes it, then " .. ATTACH .. ")"
    end
  end
  return ""
end

-- Puts the profile back as it was before the statement, so the step's statement can be run
-- again and still change something; with `name` when given (keeping a rename the copies already
-- followed). When that puts a different name than the statement left, the student's handler
-- will rewrite the copies on the next statement: those writes are owed, not the student's doing.
local function restore(s, img, name)
  if not before then return end
  local item = {}
  for k, v in pairs(before) do item[k] = v end
  if name ~= nil then item.name = name end
  ddb.put(T, item)
  if s and ours(s) and item.name ~= img.name then owed = owed + #copies() end
end

-- Puts back a seeded item a statement deleted.
local function put_back(w)
  if not w or not w.key then return "" end
  for _, it in ipairs(SEEDED) do
    if same_key(it, w.key) then
      ddb.put(T, it)
      return " (The lesson put " .. key_text(w.key) .. " back.)"
    end
  end
  return ""
end

-- Attributes of the profile the statement's write lost.
local function lost(img)
  local out = {}
  for _, k in ipairs({ "name", "entity_type", "description", "created_at", "member_count" }) do
    if before and before[k] ~= nil and img[k] == nil then out[#out + 1] = k end
  end
  return out
end

-- What the statement did to g1's profile: nil and feedback when it did not write it.
local function profile_write(r, task)
  for _, w in ipairs(r.writes or {}) do
    if w.op == "DeleteItem" and r.ok then
      return nil, "That deleted " .. key_text(w.key) .. "; " .. task .. "." .. put_back(w)
    end
  end
  local w = write_on(r, G1, T)
  if w then return w end
  local first = (r.writes or {})[1]
  local k = first and (first.key or first.item)
  if same_key(k, G2) then
    return nil, "That wrote g2, Go Gophers (PK = GROUP#g2), whose copies the handler keeps just the same; " .. task .. ": PK = GROUP#g1, SK = PROFILE."
  end
  if type(k) == "table" and k.SK == G1.PK then
    return nil, "That changed one copy (" .. key_text(k) .. ") by hand: the other memberships still disagree, and the next rename overwrites it. " ..
      "Write the group itself, PK = GROUP#g1, SK = PROFILE; the handler keeps the copies."
  end
  return nil, "That wrote " .. key_text(k) .. "; " .. task .. ": PK = GROUP#g1, SK = PROFILE."
end

-- A step's check, then the profile as it now is, for the next statement. `owed_now` is what
-- this statement's handler run wrote for the lesson's own restores (not the student's doing).
local owed_now = 0
local function tracked(check)
  return function(r)
    local s = r.stream
    owed_now = 0
    -- The handler has caught up with what the lesson wrote: nothing is owed any more.
    if type(s) == "table" and (s.pending or 0) == 0 and (s.blocked or 0) == 0 then
      owed_now, owed = math.min(owed, tonumber(s.writes) or 0), 0
    end
    local verdict, message = check(r)
    remember()
    return verdict, message
  end
end

local function refused(r, task)
  if r.error and r.error.message and string.find(string.lower(r.error.message), "reserved", 1, true) then
    return "DynamoDB refused the update: name is a reserved word. Name it through a placeholder, --expression-attribute-names '{\"#n\":\"name\"}', and write #n in the expression."
  end
  if r.op == "UpdateItem" and r.error and r.error.code == "ConditionalCheckFailedException" and not write_on(r, G1, T) then
    return "DynamoDB refused the update: no item has that key (a PartiQL UPDATE never creates one). The group is PK = GROUP#g1, SK = PROFILE."
  end
  return "DynamoDB refused the write ({error}); " .. task .. " (PK = GROUP#g1, SK = PROFILE)."
end

-- What the steps that change g1's profile share, up to a profile write the handler saw: a
-- decided verdict ({verdict, message}), or nil and the write, its image, the table's handler
-- summary and the name before. `t`: task, no_handler and read (messages for a read), noun
-- ("rename"), restored (said when the lesson undid a write no handler saw).
local function profile_change(r, t)
  local off = elsewhere(r)
  if off then return { verdict = false, message = off } end
  local s = on_table(r)
  if not WRITE_OPS[r.op or ""] then
    if not r.ok then return { verdict = false, message = "That statement failed ({error}); " .. t.task .. "." } end
    return { verdict = nil, message = s and t.read or t.no_handler }
  end
  if not r.ok then return { verdict = false, message = refused(r, t.task) } end
  local w, why = profile_write(r, t.task)
  if not w then return { verdict = false, message = why } end
  local img = w.image or {}
  if not s then
    local note = ""
    if not same_value(img, before) then
      restore(nil, img)
      note = " " .. t.restored
    end
    return { verdict = false, message = "The " .. t.noun .. " went in, but " .. NO_HANDLER .. "." ..
      note .. " Attach it first: " .. ATTACH }
  end
  if s.failed > 0 then
    return { verdict = false, message = "The handler failed: " .. tostring(s.errors[1] or "see .stream status") .. others(s) }
  end
  return nil, w, img, s, before and before.name
end

return lesson {
  id = "stream-denormalized-copy",
  number = 16,
  title = "Denormalized copies kept by a stream handler",
  summary = [[
Copy a group's name onto every membership and "my groups" is one Query with the names in it.
The price is paid on the other side: renaming the group must rewrite every copy. A stream
handler does it, one write per membership, and compares the old and new images so that other
edits of the group cost nothing.]],
  requires = { "adjacency-lists", "stream-entity-filter" },

  setup = function()
    owed = 0
    fresh_table(T, { gsis = { "GSI1" }, stream = "NEW_AND_OLD_IMAGES" })
    seed(T, SEEDED)
    remember()
  end,

  steps = {
    {
      id = "rename",
      setup = remember,
      text = [[
The model: a membership is one item under its user, PK = USER#u1, SK = GROUP#g1, carrying a
copy of the group's name in group_name, so a user's groups come with their names in one Query.
GSI1 flips the same item (GSI1PK = GROUP#g1, GSI1SK = USER#u1) to list a group's members.
Group g1 (PK = GROUP#g1, SK = PROFILE) is "Rust Devs"; 5 memberships carry that name.

The handler lessons/handlers/group-name-copies.lua rewrites the copies when a group's name
changes. Attach it:
    .stream attach app-main group-name-copies.lua
then rename g1 to "Rustaceans" with one update-item or a PartiQL UPDATE, keeping its other
attributes. (name is a reserved word: in update-item, --expression-attribute-names
'{"#n":"name"}'.)]],
      check = tracked(function(r)
        local task = "this step renames group g1 to Rustaceans"
        local decided, w, img, s, old = profile_change(r, {
          task = task,
          no_handler = "(First attach the handler: " .. ATTACH .. " ; then rename g1.)",
          read = "(A read leaves the copies as they are: rename g1, PK = GROUP#g1, SK = PROFILE, to Rustaceans.)",
          noun = "rename",
          restored = "The copies never heard of the change, so the lesson put g1 back as it was.",
        })
        if decided then return decided.verdict, decided.message end
        if img.name == old then
          if s.invocations > 0 then
            local gone = lost(img)
            restore(s, img)
            return false, "The name is still \"" .. tostring(old) .. "\": that changed other attributes" ..
              (#gone > 0 and (" (and lost " .. table.concat(gone, ", ") .. ")") or "") .. ", and the handler, invoked " ..
              times(s.invocations) .. ", saw the same name in the old and new images and wrote nothing. Set name to Rustaceans. (The lesson put g1 back as it was.)"
          end
          return false, "The name is still \"" .. tostring(old) .. "\": nothing changed, so the stream got no record and no copy moved. Set name to Rustaceans."
        end
        local gone = lost(img)
        if #gone > 0 then
          local copied = s.writes - owed_now
          restore(s, img)
          local head = img.name == nil and "The profile has no name any more, so the handler had nothing to copy, and " or
            ("The rename went through the stream (" .. copies_text(copied) .. " rewritten), but ")
          return false, head ..
            (w.op == "PutItem" and "a put replaces the whole item: " or "the write removed ") .. table.concat(gone, ", ") ..
            (#gone == 1 and " is" or " are") .. " gone from the profile. A rename changes one attribute: update-item with SET #n = :n, or a PartiQL UPDATE ... SET name = 'Rustaceans'. " ..
            "(The lesson put g1 back as \"" .. tostring(old) .. "\"; the handler will rewrite the copies to that on your next statement.)"
        end
        local left, total = stale(img.name)
        if left > 0 and s.invocations == 0 and s.filtered > 0 then
          restore(s, img)
          return false, "The mapping's filter dropped the rename, so the handler never saw it and no copy changed. Attach the file as it is, with the filter it declares and no --filter of your own: " ..
            ATTACH .. " (The lesson put g1 back as \"" .. tostring(old) .. "\".)"
        end
        if left > 0 then
          restore(s, img)
          for _, c in ipairs(copies()) do
            ddb.call("UpdateItem", { TableName = T, Key = ddb.item({ PK = c.PK, SK = c.SK }),
              UpdateExpression = "SET group_name = :n", ExpressionAttributeValues = { [":n"] = { S = tostring(old) } } })
          end
          return false, "g1 is renamed, but " .. left .. " of its " .. total .. " copies still say something else: the handler (" ..
            table.concat(s.names, ", ") .. ") wrote " .. plural(s.writes, "item") .. ". Is group-name-copies.lua the one attached?" ..
            others(s) .. " (The lesson put g1 and its copies back as \"" .. tostring(old) .. "\".)"
        end
        if s.writes - owed_now > total and #s.names > 1 then
          local did = s.writes - owed_now
          restore(s, img)
          return false, "The copies follow, but " .. #s.names .. " handlers are attached to app-main (" .. table.concat(s.names, ", ") ..
            ") and they made " .. plural(did, "write") .. " for " .. copies_text(total) .. ": each mapping is invoked on its own and does the work again. " ..
            "Keep one: `.stream detach app-main NAME`. (The lesson put g1 back as \"" .. tostring(old) .. "\"; the handlers will rewrite the copies to that on your next statement.)"
        end
        if img.name ~= NEW_NAME then
          return true, "(Renamed to \"" .. tostring(img.name) .. "\" rather than Rustaceans: any new name makes the point.)"
        end
        if w.op == "PutItem" then
          return true, "(A put that resends every attribute works; an update names only what changes and cannot drop what it forgot.)"
        end
        return true
      end),
      hints = {
        "Attach the handler first: " .. ATTACH .. " ; then update the one attribute name on PK = GROUP#g1, SK = PROFILE.",
        "In update-item: --update-expression \"SET #n = :n\" --expression-attribute-names '{\"#n\":\"name\"}'. In PartiQL: " .. RENAME_PARTIQL,
        ATTACH .. "\n" .. RENAME,
      },
      show = RENAME,
      explain = function(r)
        local s = on_table(r) or { writes = 5, capacity = 10.5, calls = 6, filtered = 5, invocations = 1 }
        local n = #copies()
        local extra = owed_now
        return "One rename, " .. plural(s.writes - extra, "write") .. " by the handler: one per membership that carries the name (" .. n ..
          ")" .. (extra > 0 and (", plus " .. extra .. " for the old name the lesson put back") or "") .. ". The handler made " ..
          plural(s.calls, "call") .. " for " .. units(s.capacity) .. " capacity units: a Query of GSI1 to find the members, then an " ..
          "UpdateItem per copy, each paying for GSI1 too (it projects ALL attributes, group_name included). The " ..
          plural(s.filtered, "record") .. " of those updates came back through the stream and the handler's own filter " ..
          "(group profiles only, in its file) dropped them: no invocation, and no loop.\n" ..
          "That is the trade: every read of a user's groups saves a read per group, and each rename costs one write per " ..
          "member. A name that changes rarely is a good copy; a group of 50,000 members, or a value that changes often, is not.\n"
      end,
    },
    {
      id = "user-view",
      -- Skipping step 1 applies its rename without any handler: the lesson brings the copies in
      -- step itself, as the handler would have.
      setup = function()
        remember()
        local p = before
        if not p or not p.name then return end
        local n = 0
        for _, c in ipairs(copies()) do
          if c.group_name ~= p.name then
            ddb.call("UpdateItem", { TableName = T, Key = ddb.item({ PK = c.PK, SK = c.SK }),
              UpdateExpression = "SET group_name = :n", ExpressionAttributeValues = { [":n"] = { S = p.name } } })
            n = n + 1
          end
        end
        if n > 0 then
          say("(No handler ran for the rename, so the lesson updated the " .. n .. " copies of g1's name itself.)")
        end
      end,
      text = [[
Read u1's groups the way the app does: one Query of the base table, PK = USER#u1 and
begins_with(SK, "GROUP#") (or a PartiQL SELECT ... WHERE PK = 'USER#u1' AND
begins_with(SK, 'GROUP#')). Each membership should show g1's new name.]],
      check = tracked(function(r)
        local off = elsewhere(r)
        if off then return false, off end
        local name = before and before.name
        if not r.ok then
          return false, "That statement failed ({error}); this step is a Query of app-main with PK = USER#u1 and begins_with(SK, \"GROUP#\")."
        end
        if WRITE_OPS[r.op or ""] then
          return nil, "(This step only reads: a Query of u1's groups, PK = USER#u1 and begins_with(SK, \"GROUP#\").)"
        end
        if r.op == "Scan" then
          return false, "That Scan read {read} items of the whole table for one user's groups; a Query on PK = USER#u1 reads only u1's items."
        end
        if r.op == "GetItem" then
          local what = (r.key and r.key.SK == G1.PK) and "one membership" or ("one item, " .. key_text(r.key))
          return nil, "(That read " .. what .. ". The app lists all of u1's groups, names included, with one Query: PK = USER#u1 and begins_with(SK, \"GROUP#\").)"
        end
        if r.op ~= "Query" then return nil, "(This step is a Query of u1's groups.)" end
        if (r.index or "") ~= "" then
          return false, "That read " .. r.index .. ", the other direction: the members of a group. This step reads a user's groups from the base table, PK = USER#u1."
        end
        local pk = collection(r)
        for _, it in ipairs(r.items) do
          if it.SK == nil then
            return false, "Keep SK in what the Query returns (no projection, or one that includes SK and group_name): it says which group each membership is."
          end
        end
        if pk ~= nil and not starts_with(pk, "USER#") then
          return false, "That read " .. tostring(pk) .. ", which holds only the group's profile: the memberships live under their users. Query PK = USER#u1."
        end
        local m, groups = nil, 0
        for _, it in ipairs(r.items) do
          if starts_with(it.SK, "GROUP#") then groups = groups + 1 end
          if it.SK == G1.PK then m = it end
        end
        if not m then
          return false, "None of the items returned is a membership of g1 (SK = GROUP#g1): " ..
            (pk and (pk .. " is not in g1; its members are u1 to u5.") or "query PK = USER#u1.")
        end
        if m.group_name == nil then
          return false, "The membership came back without group_name: leave it in the projection, that copy is the point."
        end
        if m.group_name ~= name then
          return false, "The copy says \"" .. tostring(m.group_name) .. "\" while g1 is now \"" .. tostring(name) ..
            "\": the rename happened with no handler attached. Attach it (" .. ATTACH .. "), then rename g1 again."
        end
        if groups < r.count then
          return true, "(Without begins_with(SK, \"GROUP#\") the Query also returned " .. tostring(pk) .. "'s profile; the condition reads only the memberships.)"
        end
        return true
      end),
      hints = {
        "A Query on the base table: PK = USER#u1 AND begins_with(SK, :g) with :g = GROUP#.",
        USER_GROUPS .. "   (in PartiQL: " .. USER_GROUPS_PARTIQL .. ")",
      },
      show = USER_GROUPS,
      explain = function(r)
        return "One Query, " .. plural(r.read or 0, "item") .. " read, " .. cost(r) .. ": the user's groups with their current " ..
          "names, and no GetItem per group for the label. That is what the copies buy on every read; step 1 is what they " ..
          "cost on each rename.\n"
      end,
    },
    {
      id = "other-edit",
      setup = remember,
      text = [[
A group's profile changes for other reasons too. Change g1's description (not its name) to
"Rust, from embedded to web", with update-item or a PartiQL UPDATE, and watch what the handler
does with a MODIFY record that does not touch the name.]],
      check = tracked(function(r)
        local task = "this step changes the description of group g1"
        local decided, w, img, s, old = profile_change(r, {
          task = task,
          no_handler = "(Attach the handler again first: " .. ATTACH .. " ; then change g1's description.)",
          read = "(A read changes nothing in the stream. Update g1's description.)",
          noun = "change",
          restored = "The lesson put g1 back as it was, so the same update will change it again.",
        })
        if decided then return decided.verdict, decided.message end
        local gone = lost(img)
        if #gone > 0 then
          restore(s, img, img.name)
          return false, (w.op == "PutItem" and "A put replaces the whole item: " or "The write removed ") .. table.concat(gone, ", ") ..
            (#gone == 1 and " is" or " are") .. " gone from the profile. Change one attribute with update-item SET description = :d. (The lesson put g1 back as it was.)"
        end
        if img.name ~= old then
          restore(s, img, img.name)
          return false, "That renamed the group (\"" .. tostring(old) .. "\" to \"" .. tostring(img.name) .. "\"), and the handler rewrote " ..
            copies_text(s.writes - owed_now) .. ". This step changes only the description. (The lesson put g1's other attributes back as they were; the new name stays, and so do the copies.)"
        end
        if s.invocations == 0 and s.filtered > 0 then
          restore(s, img)
          return false, "The mapping's filter dropped the profile change, so the handler never saw it, and it would not see a rename either: " ..
            "a filter cannot compare the old and new name. Attach the file as it is, with the filter it declares and no --filter of your own: " .. ATTACH ..
            " (The lesson put g1 back as it was.)"
        end
        if s.invocations == 0 then
          return false, "Nothing changed (the description already had that value), so the stream got no record. Set description to \"Rust, from embedded to web\"."
        end
        if s.writes - owed_now > 0 then
          restore(s, img)
          return false, "The handler wrote " .. plural(s.writes - owed_now, "item") .. " for a change that is not a rename: is group-name-copies.lua the one attached?" .. others(s) ..
            " (The lesson put g1 back as it was.)"
        end
        return true
      end),
      hints = {
        "Update one attribute, description, on PK = GROUP#g1, SK = PROFILE; leave name alone.",
        "With the handler attached (" .. ATTACH .. "):\n" .. DESCRIBE .. "\n(in PartiQL: " .. DESCRIBE_PARTIQL .. ")",
      },
      show = DESCRIBE,
      explain = function(r)
        local s = on_table(r) or { invocations = 1, calls = 0, writes = 0 }
        return "The handler was invoked " .. times(s.invocations) .. " and wrote nothing (" .. plural(s.writes - owed_now, "write") .. "): the record's OldImage and NewImage hold the same name, so it stopped there. " ..
          "A Lambda filter matches one image at a time and cannot ask \"did name change?\", so the comparison lives in " ..
          "the code (and needs the NEW_AND_OLD_IMAGES stream view). Without it, every edit of a description or a counter " ..
          "would rewrite all " .. #copies() .. " copies, at the price of a rename.\n"
      end,
    },
  },
}
