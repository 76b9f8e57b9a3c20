-- Lesson 18: a stream handler keeps a new index key current; the backfill closes the gap for
-- the history; a count proves it finished.
-- New access pattern: orders by status across customers, newest first. GSI3 is keyed
-- GSI3PK = STATUS#<status>, GSI3SK = <date>#<id>. lessons/handlers/gsi3-keys.lua derives the
-- keys on every INSERT or MODIFY of an order, so new writes are covered; the orders written
-- before the handler existed are not, until something writes them again.
--
-- Checks judge effects: the orders as stored (ddb.items), compared with what the lesson knew
-- before the statement (KNOWN), and the counts a read returned.
local T = "app-main"

local OLD = {
  { PK = "CUST#a1b2", SK = "ORDER#2026-05-28#o-8801", entity_type = "ORDER", status = "OPEN", total = 120,
    GSI1PK = "CUST#a1b2#OPEN", GSI1SK = "2026-05-28#o-8801" },
  { PK = "CUST#a1b2", SK = "ORDER#2026-06-01#o-9001", entity_type = "ORDER", status = "OPEN", total = 149,
    GSI1PK = "CUST#a1b2#OPEN", GSI1SK = "2026-06-01#o-9001" },
  { PK = "CUST#a1b2", SK = "ORDER#2026-06-03#o-9044", entity_type = "ORDER", status = "SHIPPED", total = 72.5,
    GSI1PK = "CUST#a1b2#SHIPPED", GSI1SK = "2026-06-03#o-9044" },
  { PK = "CUST#c3d4", SK = "ORDER#2026-05-30#o-8870", entity_type = "ORDER", status = "DELIVERED", total = 18,
    GSI1PK = "CUST#c3d4#DELIVERED", GSI1SK = "2026-05-30#o-8870" },
  { PK = "CUST#c3d4", SK = "ORDER#2026-06-05#o-9100", entity_type = "ORDER", status = "OPEN", total = 31,
    GSI1PK = "CUST#c3d4#OPEN", GSI1SK = "2026-06-05#o-9100" },
}
local PROFILES = {
  { PK = "CUST#a1b2", SK = "PROFILE", entity_type = "CUSTOMER", name = "Acme Co" },
  { PK = "CUST#c3d4", SK = "PROFILE", entity_type = "CUSTOMER", name = "Bolt Ltd" },
}

local ATTACH = ".stream attach app-main gsi3-keys.lua"
local NEW_ORDER = [[aws dynamodb put-item --table-name app-main --item '{"PK":{"S":"CUST#c3d4"},"SK":{"S":"ORDER#2026-06-10#o-9200"},"entity_type":{"S":"ORDER"},"status":{"S":"OPEN"},"total":{"N":"58"},"GSI1PK":{"S":"CUST#c3d4#OPEN"},"GSI1SK":{"S":"2026-06-10#o-9200"}}']]
local OPEN_QUERY = [[aws dynamodb query --table-name app-main --index-name GSI3 --key-condition-expression "GSI3PK = :s" --expression-attribute-values '{":s":{"S":"STATUS#OPEN"}}' --select COUNT]]
local function order_key(o)
  return [['{"PK":{"S":"]] .. o.PK .. [["},"SK":{"S":"]] .. o.SK .. [["}}']]
end
local function touch_cli(o)
  return [[aws dynamodb update-item --table-name app-main --key ]] .. order_key(o) ..
    [[ --update-expression "SET backfilled = :t" --condition-expression "attribute_not_exists(GSI3PK)" --expression-attribute-values '{":t":{"BOOL":true}}']]
end
local function backfill_cli(o)
  return [[aws dynamodb update-item --table-name app-main --key ]] .. order_key(o) ..
    [[ --update-expression "SET GSI3PK = :pk, GSI3SK = :sk" --condition-expression "attribute_not_exists(GSI3PK)" --expression-attribute-values '{":pk":{"S":"STATUS#]] ..
    o.status .. [["},":sk":{"S":"]] .. string.sub(o.SK, 7) .. [["}}']]
end
local BACKFILL_ALL = {}
for i, o in ipairs(OLD) do BACKFILL_ALL[i] = backfill_cli(o) end
local COUNT_BASE = [[aws dynamodb scan --table-name app-main --filter-expression "begins_with(SK, :o)" --expression-attribute-values '{":o":{"S":"ORDER#"}}' --select COUNT]]
local COUNT_GSI3 = [[aws dynamodb scan --table-name app-main --index-name GSI3 --select COUNT]]

-- State -----------------------------------------------------------------------------------------
local function starts(s, p) return type(s) == "string" and string.sub(s, 1, #p) == p end
local function is_order(it) return type(it) == "table" and starts(it.SK, "ORDER#") end
local function kid(it) return tostring(it.PK) .. "|" .. tostring(it.SK) end
local function order_id(it) return string.match(it.SK, "#([^#]*)$") or it.SK end
local function want_pk(o) return type(o.status) == "string" and ("STATUS#" .. o.status) or nil end
local function want_sk(o) return string.sub(o.SK, 7) end
local function keyed(o) return o.GSI3PK ~= nil and o.GSI3PK == want_pk(o) and o.GSI3SK == want_sk(o) end

-- Every order by "PK|SK", and the order ids in a stable order.
local function orders()
  local by, list = {}, {}
  for _, it in ipairs(ddb.items(T)) do
    if is_order(it) then
      by[kid(it)] = it
      list[#list + 1] = it
    end
  end
  table.sort(list, function(a, b) return a.SK < b.SK end)
  return by, list
end

local KNOWN = {} -- the orders as of the last setup or check

local function remember()
  KNOWN = orders()
end

local function copy(t)
  local c = {}
  for k, v in pairs(t) do c[k] = v end
  return c
end

-- Puts an order back as it was before the statement, with its correct GSI3 keys.
local function restore(before)
  local it = copy(before)
  if want_pk(it) then it.GSI3PK, it.GSI3SK = want_pk(it), want_sk(it) end
  ddb.put(T, it)
end

-- A skipped first step replays its solution without a handler attached: give the orders
-- written since the setup the keys the handler would have derived, so that the gap of step 2
-- is the history's alone.
local function key_new_orders()
  local old = {}
  for _, o in ipairs(OLD) do old[kid(o)] = true end
  local _, list = orders()
  for _, o in ipairs(list) do
    if not old[kid(o)] and not keyed(o) and want_pk(o) then
      ddb.call("UpdateItem", { TableName = T, Key = ddb.item({ PK = o.PK, SK = o.SK }),
        UpdateExpression = "SET GSI3PK = :pk, GSI3SK = :sk",
        ExpressionAttributeValues = ddb.item({ [":pk"] = want_pk(o), [":sk"] = want_sk(o) }) })
    end
  end
  remember()
end

-- Feedback for a statement on another table; nil when it used app-main.
local function elsewhere(r)
  return off_table(r, T, "the orders are in app-main")
end

local WRITES = { PutItem = true, UpdateItem = true, DeleteItem = true, TransactWriteItems = true, BatchWriteItem = true }

local function status_counts(list)
  local all, indexed = {}, {}
  for _, o in ipairs(list) do
    if type(o.status) == "string" then
      all[o.status] = (all[o.status] or 0) + 1
      if keyed(o) then indexed[o.status] = (indexed[o.status] or 0) + 1 end
    end
  end
  return all, indexed
end

local function statuses_text(all)
  local names = {}
  for s in pairs(all) do names[#names + 1] = s end
  table.sort(names)
  for i, s in ipairs(names) do names[i] = s .. " (" .. all[s] .. ")" end
  return table.concat(names, ", ")
end

-- The STATUS#... value a Query's key condition asks GSI3 for, or nil.
local function queried_value(r)
  local kc = r.key_condition or ""
  return string.match(kc, "GSI3PK%s*=%s*'([^']*)'") or string.match(kc, "'([^']*)'%s*=%s*GSI3PK")
end

local function ids(list)
  local out = {}
  for i, o in ipairs(list) do out[i] = order_id(o) end
  return table.concat(out, ", ")
end

local LAST = {}
-- Step backfill: orders written in it without the guard (or with a put) and not since with it,
-- every order ever written so, and how many re-runs the guard refused.
local UNGUARDED, EVER_UNGUARDED, REFUSALS = {}, {}, 0
-- How the guard is written in the language the student used.
local function guard_how(r)
  if r.language == "partiql" then return "AND attribute_not_exists(GSI3PK) in the UPDATE's WHERE" end
  return "--condition-expression \"attribute_not_exists(GSI3PK)\" on the update-item"
end
local function unguarded_ids()
  local out = {}
  for _, id in pairs(UNGUARDED) do out[#out + 1] = id end
  table.sort(out)
  return table.concat(out, ", "), #out
end

return lesson {
  id = "stream-backfill",
  number = 18,
  title = "A new GSI kept by a stream handler, and its backfill",
  summary = [[
A new access pattern (orders by status) gets GSI3 and a stream handler that derives its keys on
every write. New orders are indexed at once; the orders written before the handler are not,
and GSI3 silently misses them. Close the gap with an idempotent backfill that lets the same
handler do the work, then prove it with counts that agree.]],
  requires = { "schema-evolution", "stream-idempotent-counter" },

  setup = function()
    fresh_table(T, { gsis = { "GSI1", "GSI2", "GSI3" }, stream = "NEW_AND_OLD_IMAGES" })
    seed(T, PROFILES)
    seed(T, OLD)
    remember()
  end,

  steps = {
    {
      id = "new-order",
      setup = remember,
      text = [[
app-main holds 5 orders of two customers (PK = CUST#<id>, SK = ORDER#<date>#<id>, with a
status). A new access pattern lists the orders of one status across customers, newest first:
GSI3, keyed GSI3PK = "STATUS#<status>", GSI3SK = "<date>#<id>". The index exists; no order
carries its keys yet.

lessons/handlers/gsi3-keys.lua derives the keys on every INSERT or MODIFY of an order, with a
condition so that its own MODIFY record, or a redelivered one, changes nothing. Attach it:

  .stream attach app-main gsi3-keys.lua

Then write a new order as the application does, without GSI3 keys: PK = CUST#c3d4,
SK = ORDER#2026-06-10#o-9200, entity_type ORDER, status OPEN, total 58 (put-item, or a PartiQL
INSERT).]],
      check = function(r)
        local off = elsewhere(r)
        if off then return false, off end
        local before = KNOWN
        local now, list = orders()
        remember()
        if not WRITES[r.op or ""] then
          if not r.ok then return false, "That statement failed ({error}); this step expects a put of a new order." end
          return nil, "(Reading is fine. This step expects a put of a new order, e.g. PK = CUST#c3d4, SK = ORDER#2026-06-10#o-9200, status OPEN.)"
        end
        if not r.ok then
          return false, "DynamoDB refused the write ({error}); this step expects a put of a new order."
        end
        local new, changed = {}, {}
        for _, o in ipairs(list) do
          if not before[kid(o)] then new[#new + 1] = o
          elseif not same_value(o, before[kid(o)]) then changed[#changed + 1] = o end
        end
        if #new == 0 then
          local w = (r.writes or {})[1]
          local k = w and (w.key or w.item)
          if k and not starts(k.SK, "ORDER#") and k.SK ~= "PROFILE" then
            return false, "That wrote SK = " .. tostring(k.SK) .. ", which is not an order: orders have SK = ORDER#<date>#<id> (the handler looks only at those)."
          end
          if #changed > 0 then
            return nil, "That changed an existing order (" .. ids(changed) .. ")" ..
              (r.stream and keyed(changed[1]) and ", and the handler gave it GSI3 keys: that is the backfill of step 3" or "") ..
              ". This step writes a new order: PK = CUST#c3d4, SK = ORDER#2026-06-10#o-9200."
          end
          return nil, "No new order was written. This step expects a put of a new order: PK = CUST#c3d4, SK = ORDER#2026-06-10#o-9200, status OPEN."
        end
        -- Keys the student wrote themselves take the handler's job.
        for _, w in ipairs(r.writes or {}) do
          local item = w.item or {}
          if is_order(item) and not before[kid(item)] and (item.GSI3PK ~= nil or item.GSI3SK ~= nil or uses(w.update, "GSI3PK")) then
            ddb.call("DeleteItem", { TableName = T, Key = ddb.item({ PK = item.PK, SK = item.SK }) })
            remember()
            return false, "That order carries GSI3 keys written by the application. The point of the handler is that no writer has to: every service that saves an order gets the keys derived the same way. Write the order without GSI3PK and GSI3SK. (The lesson removed " .. order_id(item) .. ", so the same put works again.)"
          end
        end
        if r.stream == nil then
          for _, o in ipairs(new) do
            ddb.call("DeleteItem", { TableName = T, Key = ddb.item({ PK = o.PK, SK = o.SK }) })
          end
          remember()
          return nil, "The order was written, but no handler is attached, so it has no GSI3 keys. Attach it (" .. ATTACH ..
            ") and put the order again. (The lesson removed " .. ids(new) .. ", so the same put works.)"
        end
        local missing = {}
        for _, o in ipairs(new) do
          if not keyed(o) then missing[#missing + 1] = o end
        end
        if #missing > 0 then
          local o = missing[1]
          for _, m in ipairs(missing) do
            ddb.call("DeleteItem", { TableName = T, Key = ddb.item({ PK = m.PK, SK = m.SK }) })
          end
          remember()
          if type(o.status) ~= "string" then
            return false, "Order " .. order_id(o) .. " has no status (a string), so the handler cannot derive GSI3PK = STATUS#<status>. (The lesson removed it: put it again with status OPEN.)"
          end
          return false, "Order " .. order_id(o) .. " has no GSI3 keys although a handler is attached: is it gsi3-keys.lua (.stream status)? (The lesson removed the order, so the same put works again.)"
        end
        if (r.stream.writes or 0) < 1 then
          return nil, "The order has its GSI3 keys, but the handler wrote nothing: were they there already?"
        end
        LAST = { order = new[1], writes = r.stream.writes }
        return true
      end,
      hints = {
        "Attach the handler first (.stream attach app-main gsi3-keys.lua), then put the order without GSI3PK or GSI3SK.",
        ATTACH .. "   then   " .. NEW_ORDER,
      },
      -- Solutions replay statements only, so a skipped step attaches no handler: the next step's
      -- setup gives the new order the keys the handler would have derived.
      show = NEW_ORDER,
      explain = function()
        local o = LAST.order
        return "The application wrote " .. order_id(o) .. " without GSI3 keys; the handler read the INSERT record and set\n" ..
          "GSI3PK = " .. tostring(o.GSI3PK) .. ", GSI3SK = " .. tostring(o.GSI3SK) .. " (" .. LAST.writes .. " write). Its own write came back as a MODIFY\n" ..
          "record, which already carried the keys, so it changed nothing: no loop. From now on every\n" ..
          "writer gets GSI3 for free, in one place."
      end,
    },
    {
      id = "gap",
      setup = key_new_orders,
      text = [[
Ask GSI3 for the open orders: a Query with GSI3PK = "STATUS#OPEN" (--select COUNT is enough;
in PartiQL, SELECT * FROM "app-main"."GSI3" WHERE GSI3PK = 'STATUS#OPEN'). Four orders are
OPEN.]],
      check = function(r)
        local off = elsewhere(r)
        if off then return false, off end
        local _, list = orders()
        remember()
        local all, indexed = status_counts(list)
        local idx = r.index or ""
        if r.op ~= "Query" and r.op ~= "Scan" then
          if not r.ok then return false, "That statement failed ({error}); this step expects a Query of GSI3 with GSI3PK = STATUS#OPEN." end
          return nil, "(This step reads: a Query of app-main's index GSI3 with GSI3PK = STATUS#OPEN.)"
        end
        if not r.ok then
          if idx ~= "" and idx ~= "GSI1" and idx ~= "GSI2" and idx ~= "GSI3" then
            return false, "app-main has the indexes GSI1, GSI2 and GSI3; the orders by status are in GSI3."
          end
          return false, "That statement failed ({error}); this step expects a Query of GSI3 with GSI3PK = STATUS#OPEN."
        end
        if idx ~= "GSI3" then
          if idx == "" then
            return false, "That read the base table, keyed by customer; the orders of one status across customers are what GSI3 is for."
          end
          return false, "That read " .. idx .. "; the orders by status are in GSI3 (GSI3PK = STATUS#<status>)."
        end
        if r.op == "Scan" then
          return false, "That Scan read the whole of GSI3 (" .. r.read .. " item" .. (r.read == 1 and "" or "s") .. " today; every order, once backfilled). The access pattern is one status: Query GSI3PK = STATUS#OPEN."
        end
        local v = queried_value(r)
        local status = v and starts(v, "STATUS#") and string.sub(v, 8) or nil
        if not status then
          return false, "GSI3PK values look like STATUS#<status>" .. (v and (", not " .. v) or "") .. ": query GSI3PK = STATUS#OPEN."
        end
        local total = all[status] or 0
        if total == 0 then
          return false, "No order has status " .. status .. "; the statuses are " .. statuses_text(all) .. ". Query STATUS#OPEN."
        end
        if r.count >= total then
          for s, n in pairs(all) do
            if (indexed[s] or 0) < n then
              return nil, "All " .. total .. " " .. status .. " orders are in GSI3 already (something wrote them since the handler runs). The gap shows for " ..
                s .. ": " .. (indexed[s] or 0) .. " of " .. n .. " are indexed. Query GSI3PK = STATUS#" .. s .. "."
            end
          end
          return true, "(No gap is left: every order has been written since the handler was attached.)"
        end
        LAST = { status = status, count = r.count, total = total, capacity = r.capacity }
        return true
      end,
      hints = {
        [[Query --index-name GSI3 with "GSI3PK = :s" and :s = "STATUS#OPEN".]],
        OPEN_QUERY,
      },
      show = OPEN_QUERY,
      explain = function()
        if not LAST.status then return nil end
        return "GSI3 answered " .. LAST.count .. " while " .. LAST.total .. " orders are " .. LAST.status ..
          ". No error: the older orders simply do not carry\n" ..
          "GSI3PK/GSI3SK, so the index has never heard of them. This is the backfill gap.\n" ..
          "The handler covers every write from now on; it reacts only to writes, so the history needs\n" ..
          "a backfill before any code relies on GSI3."
      end,
    },
    {
      id = "backfill",
      setup = function()
        remember()
        UNGUARDED, EVER_UNGUARDED, REFUSALS = {}, {}, 0
      end,
      text = [[
Backfill: write each of the 5 old orders once more, so that the handler sees a MODIFY and
derives the keys. A touch is an update-item that sets a marker (SET backfilled = :t), guarded
by --condition-expression "attribute_not_exists(GSI3PK)" so that a re-run skips the orders
already done. (Setting GSI3PK and GSI3SK in the update, with the same condition, works too.)
Do not rewrite whole orders: a put replaces the item and can lose newer data.

The old orders: CUST#a1b2 with SK ORDER#2026-05-28#o-8801, ORDER#2026-06-01#o-9001 and
ORDER#2026-06-03#o-9044; CUST#c3d4 with SK ORDER#2026-05-30#o-8870 and ORDER#2026-06-05#o-9100.
One statement per order, or one transaction. In PartiQL: UPDATE "app-main" SET backfilled =
true WHERE PK = ... AND SK = ... AND attribute_not_exists(GSI3PK). (.stream status shows
whether gsi3-keys is attached.)]],
      check = function(r)
        local off = elsewhere(r)
        if off then return false, off end
        local before = KNOWN
        local now, list = orders()
        -- A backfill changes no data: every attribute an order had is still there, unchanged.
        for k, o in pairs(before) do
          local cur = now[k]
          local lost, changed = {}, {}
          if cur then
            for a, v in pairs(o) do
              if a ~= "GSI3PK" and a ~= "GSI3SK" and a ~= "backfilled" then
                if cur[a] == nil then lost[#lost + 1] = a
                elseif not same_value(cur[a], v) then changed[#changed + 1] = a .. " (" .. show_value(v) .. " -> " .. show_value(cur[a]) .. ")" end
              end
            end
          end
          if not cur or #lost > 0 or #changed > 0 then
            restore(o)
            remember()
            local what
            if not cur then
              what = "That deleted order " .. order_id(o) .. "."
            elseif #lost > 0 then
              table.sort(lost)
              what = "Order " .. order_id(o) .. " lost " .. table.concat(lost, ", ") ..
                ((write_on(r, { PK = o.PK, SK = o.SK }) or {}).op == "PutItem" and ": a put replaces the whole item with the one it sends." or ".")
            else
              what = "That changed the data of order " .. order_id(o) .. ": " .. table.concat(changed, ", ") .. "."
            end
            return false, what .. " A backfill only adds the new keys. (The lesson put " .. order_id(o) ..
              " back as it was and gave it its GSI3 keys.)"
          end
        end
        -- Keys that do not match the status: the handler (if attached) corrects them; without it they stay.
        for _, o in ipairs(list) do
          if o.GSI3PK ~= nil and not keyed(o) then
            local b = before[kid(o)] or o
            local bad = "GSI3PK = " .. show_value(o.GSI3PK) .. ", GSI3SK = " .. show_value(o.GSI3SK)
            restore(b)
            remember()
            return false, "Order " .. order_id(o) .. " now has " .. bad .. "; for status " .. tostring(o.status) ..
              " they are GSI3PK = \"" .. tostring(want_pk(o)) .. "\", GSI3SK = \"" .. want_sk(o) .. "\". (The lesson set them right.)"
          end
        end
        remember()
        local done, missing = 0, {}
        for _, o in ipairs(list) do
          if keyed(o) then done = done + 1 else missing[#missing + 1] = o end
        end
        local progress = done .. " of " .. #list .. " orders are in GSI3 now"
        -- The step is done when every order is in GSI3 and every order written in it without the
        -- guard has since been written with it.
        local function finished(note)
          if #missing > 0 then return nil end
          local left, n = unguarded_ids()
          if n > 0 then
            return nil, (note and (note .. " ") or "") .. "Every order is in GSI3, but " .. left ..
              (n == 1 and " was written without the guard. Run its update" or " were written without the guard. Run their updates") ..
              " again with the guard, " .. guard_how(r) .. ": DynamoDB refuses " .. (n == 1 and "it" or "each") ..
              " now that it has its keys, which is what a re-run of the backfill should do."
          end
          LAST = { total = #list }
          return true, note
        end
        if not WRITES[r.op or ""] then
          if not r.ok then return false, "That statement failed ({error}); this step writes the old orders once more." end
          local verdict, message = finished()
          if verdict or message then return verdict, message end
          return nil, "(" .. progress .. "; missing: " .. ids(missing) .. ". This step writes each of them once more.)"
        end
        if not r.ok then
          local left = progress .. (#missing > 0 and ("; missing: " .. ids(missing)) or "")
          -- The writes the condition refused: a single write, or a transaction's ConditionalCheckFailed reasons.
          local refused = {}
          for i, w in ipairs(r.writes or {}) do
            local reason = r.error.reasons and r.error.reasons[i]
            if r.error.code == "ConditionalCheckFailedException" or (reason and reason.code == "ConditionalCheckFailed") then
              refused[#refused + 1] = w
            end
          end
          local guard_refused, other = {}, nil
          for _, w in ipairs(refused) do
            local k = w.key or w.item
            local cur = is_order(k) and now[kid(k)]
            if cur and keyed(cur) and absent_guard(w.condition, { "GSI3PK", "GSI3SK" }) then
              guard_refused[#guard_refused + 1] = cur
              UNGUARDED[kid(cur)] = nil
              REFUSALS = REFUSALS + 1
            else
              other = other or w
            end
          end
          if other then
            local k = other.key or other.item or {}
            if not now[kid(k)] then
              return false, "The condition refused the write: there is no order PK = " .. tostring(k.PK) .. ", SK = " .. tostring(k.SK) ..
                " (a PartiQL UPDATE never creates one). The old orders are listed above. (" .. left .. ".)"
            end
            return false, "The condition refused the write of " .. order_id(k) .. ", and not for having its GSI3 keys: its condition is " ..
              tostring(other.condition) .. ". The guard is attribute_not_exists(GSI3PK), refused only once an order is done. (" .. left .. ".)"
          end
          if r.error.code == "ConditionalCheckFailedException" and #guard_refused > 0 then
            local note = "The condition refused the write: " .. order_id(guard_refused[1]) ..
              " already has its GSI3 keys, so the re-run changed nothing. That is the idempotency at work."
            local verdict, message = finished(note)
            if verdict or message then return verdict, message end
            return nil, note .. " (" .. left .. ".)"
          end
          if r.error.code == "TransactionCanceledException" and #guard_refused > 0 then
            return nil, "The transaction was cancelled ({error}): " .. ids(guard_refused) ..
              " already " .. (#guard_refused == 1 and "has its" or "have their") ..
              " GSI3 keys, and a transaction is all or nothing, so the others were not written either. Leave the done orders out, or write one order per statement: then a re-run skips only what is done. (" ..
              left .. ".)"
          end
          return false, "DynamoDB refused the write ({error}); this step writes the old orders once more."
        end
        -- The step's text makes the guard part of the task: a write of an existing order without
        -- one (or a whole-item put) fails, and the order stays on the list until a guarded write
        -- of it, which the condition refuses once it is done.
        local bad = {}
        for _, w in ipairs(r.writes or {}) do
          local k = w.key or w.item
          if w.op ~= "ConditionCheck" and is_order(k) and before[kid(k)] then
            local put = w.op == "PutItem"
            if put or not absent_guard(w.condition, { "GSI3PK", "GSI3SK" }) then
              UNGUARDED[kid(k)] = order_id(k)
              EVER_UNGUARDED[kid(k)] = order_id(k)
              bad[#bad + 1] = { key = k, put = put, condition = w.condition }
            else
              UNGUARDED[kid(k)] = nil
            end
          end
        end
        if #bad > 0 then
          local b = bad[1]
          local cur = now[kid(b.key)]
          local why
          if b.put then
            why = order_id(b.key) .. " was rewritten whole with a put. A put resends what you read: an update made between your read and your put would be undone, so the step asks for update-item, which touches only what it names"
          elseif b.condition then
            why = order_id(b.key) .. " was updated with the condition " .. b.condition ..
              (r.language == "partiql" and " (a PartiQL UPDATE's own: the item must exist)" or "") ..
              ", which does not refuse it once it has its GSI3 keys: a re-run writes it again, one more WCU and one more stream record per order each time the job restarts"
          else
            why = order_id(b.key) .. " was updated without a condition: a re-run writes it again, one more WCU and one more stream record per order each time the job restarts"
          end
          local state = (cur and keyed(cur)) and (order_id(b.key) .. " has its GSI3 keys now") or (order_id(b.key) .. " still has no GSI3 keys")
          return false, why .. ". The step's backfill is guarded by attribute_not_exists(GSI3PK), so a re-run skips what is done. (" ..
            state .. "; " .. progress .. ". Write it again with the guard, " .. guard_how(r) ..
            ((cur and keyed(cur)) and ": DynamoDB will refuse it, which is the re-run doing nothing.)" or ".)")
        end
        do
          local verdict, message = finished()
          if verdict or message then return verdict, message end
        end
        -- Orders the statement wrote that are still not in GSI3.
        local stuck = nil
        for _, w in ipairs(r.writes or {}) do
          local k = w.key or w.item
          if w.op ~= "ConditionCheck" and is_order(k) and now[kid(k)] and not keyed(now[kid(k)]) then stuck = stuck or now[kid(k)] end
        end
        if stuck and r.stream == nil then
          return nil, "That wrote " .. order_id(stuck) .. ", but it has no GSI3 keys: no handler is attached to react to the change. Attach it (" ..
            ATTACH .. ") and write the order again, or set GSI3PK and GSI3SK in the update itself. (" .. progress .. ".)"
        end
        if stuck and (r.stream.records or 0) + (r.stream.filtered or 0) == 0 then
          return nil, "That write left " .. order_id(stuck) .. " as it was, so DynamoDB wrote no stream record and the handler never saw it (a write that changes nothing is not a change). Touch it with a value that changes, e.g. SET backfilled = :n with a number you have not used, or set GSI3PK and GSI3SK in the update itself. (" ..
            progress .. ".)"
        end
        return nil, progress .. "; missing: " .. ids(missing) .. "."
      end,
      hints = {
        [[Touch each old order with update-item: --update-expression "SET backfilled = :t" --condition-expression "attribute_not_exists(GSI3PK)"; the handler sees the MODIFY and sets the keys.]],
        "Without the handler, set the keys in the update: SET GSI3PK = :pk, GSI3SK = :sk (STATUS#<status> and <date>#<id>), with the same condition.",
        touch_cli(OLD[1]) .. "   (and the same for the other old orders)",
      },
      show = table.concat(BACKFILL_ALL, "\n"),
      explain = function()
        local twice = {}
        for _, id in pairs(EVER_UNGUARDED) do twice[#twice + 1] = id end
        table.sort(twice)
        local history = ""
        if REFUSALS > 0 then
          history = "Here the condition refused " .. REFUSALS .. " re-run" .. (REFUSALS == 1 and "" or "s") .. " of an order already done.\n"
        end
        if #twice > 0 then
          history = history .. table.concat(twice, ", ") .. " " .. (#twice == 1 and "was" or "were") ..
            " first written without the guard: a job that leaves it out writes every order again on each restart.\n"
        end
        return "All " .. tostring(LAST.total) .. " orders carry their GSI3 keys, derived the same way as for live writes.\n" ..
          "With attribute_not_exists(GSI3PK) the job can stop and start again: an order already done\n" ..
          "is refused by the condition instead of being written again.\n" .. history ..
          "On a real table this is a parallel Scan (Segment/TotalSegments) feeding these updates,\n" ..
          "rate-limited so the job does not take the capacity live traffic needs."
      end,
    },
    {
      id = "reconcile",
      setup = function()
        remember()
        LAST = { base = nil, gsi = nil, per_status = {} }
      end,
      text = [[
Prove the backfill finished: count the orders in the base table and the items in GSI3, and
compare. Base table: a Scan with --filter-expression "begins_with(SK, :o)" (:o = "ORDER#") and
--select COUNT (PartiQL: SELECT * FROM "app-main" WHERE begins_with(SK, 'ORDER#')). GSI3: a
Scan of the index with --select COUNT (PartiQL: SELECT * FROM "app-main"."GSI3"), or a Query
per status. Two statements; the order does not matter.]],
      check = function(r)
        local off = elsewhere(r)
        if off then return false, off end
        local _, list = orders()
        remember()
        local n = #list
        local all = status_counts(list)
        if r.op ~= "Query" and r.op ~= "Scan" then
          if not r.ok then return false, "That statement failed ({error}); this step counts orders." end
          return nil, "(This step counts: the orders in the base table, and the items in GSI3.)"
        end
        if not r.ok then
          return false, "That statement failed ({error}); this step counts the orders in the base table and the items in GSI3."
        end
        local idx = r.index or ""
        local function verdict(side)
          if LAST.base and LAST.gsi then
            if LAST.base == LAST.gsi then return true end
            return nil, "The counts disagree: " .. LAST.base .. " orders in the base table, " .. LAST.gsi .. " in GSI3."
          end
          if LAST.base then return nil, "Base table: " .. LAST.base .. " orders. Now count GSI3." end
          return nil, "GSI3: " .. LAST.gsi .. " items. Now count the orders in the base table." .. (side or "")
        end
        if idx == "" then
          if r.op == "Query" then
            if r.count > 0 and r.count < n then
              return nil, "That counted one customer's orders ({count}); the orders of all customers are counted with one Scan and a filter on SK."
            end
          end
          if r.count ~= n then
            if not r.filtered then
              return false, "That counted {count} items: the base table holds customer PROFILE items too. Filter to the orders: begins_with(SK, :o) with :o = \"ORDER#\"."
            end
            return false, "That counted {count}; app-main holds " .. n .. " orders (SK begins with ORDER#)."
          end
          LAST.base = r.count
          return verdict()
        end
        if idx ~= "GSI3" then
          return false, "That read " .. idx .. "; the index the backfill filled is GSI3."
        end
        if r.op == "Scan" then
          if r.count ~= n then
            return nil, "GSI3 holds {count} items for " .. n .. " orders. The difference is what the backfill missed."
          end
          LAST.gsi = r.count
          return verdict()
        end
        local v = queried_value(r)
        local status = v and starts(v, "STATUS#") and string.sub(v, 8) or nil
        if not status then
          return false, "GSI3PK values look like STATUS#<status>" .. (v and (", not " .. v) or "") .. "."
        end
        if (all[status] or 0) ~= r.count then
          return nil, "GSI3 has {count} " .. status .. " orders; the base table has " .. (all[status] or 0) .. "."
        end
        LAST.per_status[status] = r.count
        local sum, left = 0, {}
        for s, c in pairs(all) do
          if LAST.per_status[s] then sum = sum + c else left[#left + 1] = s end
        end
        table.sort(left)
        if #left > 0 then
          return nil, "GSI3 agrees for " .. status .. " ({count}). Statuses left to count: " .. table.concat(left, ", ") ..
            " (or Scan GSI3 with --select COUNT once)."
        end
        LAST.gsi = sum
        return verdict()
      end,
      hints = {
        [[Two counts: aws dynamodb scan --table-name app-main --filter-expression "begins_with(SK, :o)" ... --select COUNT, and aws dynamodb scan --table-name app-main --index-name GSI3 --select COUNT.]],
        COUNT_BASE .. "   and   " .. COUNT_GSI3,
      },
      show = COUNT_BASE .. "\n" .. COUNT_GSI3,
      explain = function()
        return "Both say " .. tostring(LAST.base) .. ": every order is in GSI3, and GSI3 holds nothing else. That is the\n" ..
          "reconciliation that ends a backfill: --select COUNT on the old path and the new one agree.\n" ..
          "On a big table the two Scans are themselves a cost (they read everything); run them once,\n" ..
          "at the end, and from then on the handler keeps GSI3 current."
      end,
    },
  },
}
