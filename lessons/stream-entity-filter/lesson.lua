-- Lesson 15: a single table's stream carries every entity type; an event filter on entity_type
-- keeps a handler that only cares about orders from being invoked (and billed) for the rest.
-- The student attaches lessons/handlers/order-totals.lua with `.stream attach`; checks judge
-- r.stream (what the handlers did because of the statement), r.writes and the summary item.
local T = "app-main"
local HANDLER = "order-totals"
local FILTER = [['{"dynamodb":{"NewImage":{"entity_type":{"S":["ORDER"]}}}}']]
local ATTACH = ".stream attach app-main order-totals.lua"
local ATTACH_FILTERED = ATTACH .. " --filter " .. FILTER

-- Why r.stream can be nil: no handler on app-main (or one still bound to the stream app-main had
-- before `.lesson reset` recreated it, which makes the shell's handler run fail).
local NO_HANDLER = "no handler read app-main's stream: none is attached (handlers end with the session that attached them, and after `.lesson reset` app-main has a new stream, so attach again)"
local PUT_CUSTOMER = [[aws dynamodb put-item --table-name app-main --item '{"PK":{"S":"CUST#e5f6"},"SK":{"S":"PROFILE"},"entity_type":{"S":"CUSTOMER"},"name":{"S":"Evergreen"}}']]
local UPDATE_PROFILE = [[aws dynamodb update-item --table-name app-main --key '{"PK":{"S":"CUST#a1b2"},"SK":{"S":"PROFILE"}}' --update-expression "SET email = :e" --expression-attribute-values '{":e":{"S":"ops@acme.example"}}']]
local PUT_ORDER = [[aws dynamodb put-item --table-name app-main --item '{"PK":{"S":"CUST#a1b2"},"SK":{"S":"ORDER#2026-06-10#o-9120"},"entity_type":{"S":"ORDER"},"status":{"S":"OPEN"},"total":{"N":"60"}}']]

local SEEDED = {
  { PK = "CUST#a1b2", SK = "PROFILE", entity_type = "CUSTOMER", name = "Acme Co" },
  { PK = "CUST#a1b2", SK = "ORDER#2026-06-01#o-9001", entity_type = "ORDER", status = "OPEN", total = 149 },
  { PK = "CUST#a1b2", SK = "ORDER#2026-06-03#o-9044", entity_type = "ORDER", status = "SHIPPED", total = 72.5 },
  { PK = "CUST#a1b2", SK = "SUMMARY", entity_type = "SUMMARY", order_total = 221.5 },
  { PK = "CUST#a1b2", SK = "ADDRESS#billing", entity_type = "ADDRESS", city = "Lisboa" },
  { PK = "CUST#c3d4", SK = "PROFILE", entity_type = "CUSTOMER", name = "Bolt Ltd" },
  { PK = "CUST#c3d4", SK = "ORDER#2026-06-05#o-9100", entity_type = "ORDER", status = "OPEN", total = 31 },
  { PK = "CUST#c3d4", SK = "SUMMARY", entity_type = "SUMMARY", order_total = 31 },
  { PK = "CUST#c3d4", SK = "ADDRESS#shipping", entity_type = "ADDRESS", city = "Porto" },
  { PK = "PRODUCT#p-42", SK = "DETAILS", entity_type = "PRODUCT", name = "Desk lamp", price = 35 },
}

-- Records the filter dropped since the lesson started: each one an invocation saved.
local saved = 0
-- Step 3: the summaries' order_total and the keys that exist, as of the last statement.
local totals, known = {}, {}

local function key_text(k)
  if type(k) ~= "table" then return "an item" end
  return "PK = " .. tostring(k.PK) .. ", SK = " .. tostring(k.SK)
end
local function key_id(k) return tostring(k.PK) .. "\0" .. tostring(k.SK) end
local function plural(n, word) return units(n) .. " " .. word .. (n == 1 and "" or "s") end
local function times(n)
  if n == 1 then return "once" end
  if n == 2 then return "twice" end
  return units(n) .. " times"
end

local function snapshot()
  totals, known = {}, {}
  for _, it in ipairs(ddb.items(T)) do
    known[key_id(it)] = it
    if it.SK == "SUMMARY" then totals[it.PK] = tonumber(it.order_total) or 0 end
  end
end

-- Feedback for a statement on another table; nil when it used app-main.
local function elsewhere(r)
  return off_table(r, T, "everything is in app-main")
end

local WRITE_OPS = { PutItem = true, UpdateItem = true, DeleteItem = true, TransactWriteItems = true,
  BatchWriteItem = true }

-- What the handlers attached to app-main did because of the statement (r.stream, restricted to
-- app-main), or nil when none is attached to it; `names` lists the attached handlers.
local function on_table(r) return stream_on(r, T) end

-- The items the statement wrote (not deleted), with their entity_type: {key, image, kind, new}.
local function written(r)
  local out = {}
  for _, w in ipairs(r.writes or {}) do
    if w.op ~= "ConditionCheck" and w.op ~= "DeleteItem" and w.image and (w.table == nil or w.table == T) then
      local k = { PK = w.image.PK, SK = w.image.SK }
      out[#out + 1] = { key = k, image = w.image, kind = w.image.entity_type, new = not known[key_id(k)] }
    end
  end
  return out
end
local function deleted(r)
  for _, w in ipairs(r.writes or {}) do
    if w.op == "DeleteItem" and r.ok then return w end
  end
  return nil
end

local function has_order(list)
  for _, w in ipairs(list) do if w.kind == "ORDER" then return w end end
  return nil
end

-- Puts the items the statement wrote back as they were before it (deletes the new ones), so the
-- same statement can be run again and still change something; orders only when `orders` is true
-- (an order a handler counted stays, or the summary would disagree with the orders).
local function undo(list, orders, what)
  local n = 0
  for _, w in ipairs(list) do
    if orders or w.kind ~= "ORDER" then
      local prev = known[key_id(w.key)]
      if type(prev) == "table" then
        ddb.put(T, prev)
      else
        ddb.call("DeleteItem", { TableName = T, Key = ddb.item(w.key) })
      end
      n = n + 1
    end
  end
  if n == 0 then return "" end
  return " (" .. (what or "The lesson put what that statement wrote back as it was, so you can run it again.") .. ")"
end

-- Takes back orders no handler counted, so the summaries keep matching the orders.
local function remove_uncounted(list, then_what)
  local removed = {}
  for _, w in ipairs(list) do
    if w.kind == "ORDER" and w.new then
      ddb.call("DeleteItem", { TableName = T, Key = ddb.item(w.key) })
      removed[#removed + 1] = w.key.SK
    end
  end
  if #removed == 0 then return "" end
  return " (Nothing counted " .. table.concat(removed, ", ") .. ", so the lesson removed it: write it again " .. then_what .. ".)"
end

local function handler_failed(s, line)
  if s.failed > 0 then
    return "The handler failed: " .. tostring(s.errors[1] or "see .stream status") ..
      ". Attach the lesson's file: " .. line
  end
  return nil
end

-- A note on the handlers attached to app-main when they are not just the lesson's one.
local function not_ours(s)
  if #s.names > 1 then
    local invoked = {}
    for _, n in ipairs(s.invoked) do invoked[#invoked + 1] = n end
    return " (" .. #s.names .. " handlers are attached to app-main: " .. table.concat(s.names, ", ") ..
      "; each is its own event source mapping with its own filter" ..
      (#invoked > 0 and (", and " .. table.concat(invoked, ", ") .. " was invoked") or "") ..
      ". `.stream detach app-main NAME` removes one.)"
  end
  if s.names[1] ~= nil and s.names[1] ~= HANDLER then
    return " (The handler attached is called " .. s.names[1] .. ": is it the lesson's order-totals.lua? `.stream detach app-main " ..
      s.names[1] .. "` removes it.)"
  end
  return ""
end

-- Restores a seeded item that a delete removed.
local function put_back(w)
  if not w or not w.key then return "" end
  for _, it in ipairs(SEEDED) do
    if it.PK == w.key.PK and it.SK == w.key.SK then
      ddb.put(T, it)
      return " (The lesson put " .. key_text(w.key) .. " back.)"
    end
  end
  return ""
end

-- Two seeded items start as they were before their last change, which the setup then makes, so
-- the stream holds a MODIFY of an order (o-9044 shipped) and one of a summary (the kind of record
-- order-totals' own writes make) beside the seed's INSERTs.
local BEFORE_CHANGE = {
  ["CUST#a1b2\0ORDER#2026-06-03#o-9044"] = { status = "OPEN" },
  ["CUST#a1b2\0SUMMARY"] = { order_total = 149 },
}

-- The records a filter must tell apart, as the step asks: it drops every record of an item that
-- is not an order, new (INSERT) or changed (MODIFY), and keeps every record of an order.
local PROBES = {
  { slot = "INSERT other", keep = false },
  { slot = "MODIFY other", keep = false },
  { slot = "INSERT ORDER", keep = true },
  { slot = "MODIFY ORDER", keep = true },
}

local function sequence_before(a, b)
  local x, y = tostring(a.dynamodb.SequenceNumber), tostring(b.dynamodb.SequenceNumber)
  if #x ~= #y then return #x < #y end
  return x < y
end

-- The oldest record of each PROBES kind in app-main's stream: real records, as Lambda gets them.
local function probe_records()
  local found = {}
  local records = ddb.stream.records(T) or {}
  table.sort(records, sequence_before)
  for _, rec in ipairs(records) do
    local image = rec.dynamodb and rec.dynamodb.NewImage
    local kind = image and image.entity_type and image.entity_type.S
    if type(kind) == "string" and (rec.eventName == "INSERT" or rec.eventName == "MODIFY") then
      local slot = rec.eventName .. (kind == "ORDER" and " ORDER" or " other")
      found[slot] = found[slot] or rec
    end
  end
  return found
end

-- "the MODIFY of PK = CUST#a1b2, SK = SUMMARY (entity_type SUMMARY)"
local function record_text(rec)
  local item = ddb.unmarshal_item(rec.dynamodb.NewImage or rec.dynamodb.Keys or {})
  return "the " .. tostring(rec.eventName) .. " of " .. key_text(item) ..
    " (entity_type " .. tostring(item.entity_type) .. ")"
end

-- The filter patterns of the lesson's handler as r.stream reports them (the only handler's when
-- it has another name).
local function patterns_of(s)
  for i, n in ipairs(s.names) do
    if n == HANDLER then return s.patterns[i] or {} end
  end
  return s.patterns[1] or {}
end

-- "your filter, which tests eventName", from what the patterns read.
local function filter_text(patterns)
  if #patterns == 0 then return "the mapping, which has no filter" end
  local reads = filter_reads(patterns)
  return "your filter, which tests " .. (#reads > 0 and table.concat(reads, " and ") or "nothing")
end

-- Tries the handler's filter on the PROBES records. Returns {kept, dropped} (lists of record
-- texts), and a message when it keeps or drops a record the step says otherwise of; with
-- `drops_only`, only a record it should drop and keeps counts (step 2 is about what the filter
-- drops; an order it would drop shows, for real, when step 3 writes one).
local function probe(s, drops_only)
  local patterns = patterns_of(s)
  local found = probe_records()
  local out = { kept = {}, dropped = {}, filter = filter_text(patterns) }
  for _, p in ipairs(PROBES) do
    local rec = found[p.slot]
    if rec then
      local kept = filter_accepts(patterns, rec)
      local text = record_text(rec)
      if kept then out.kept[#out.kept + 1] = text else out.dropped[#out.dropped + 1] = text end
      if kept ~= p.keep and not out.problem and not (drops_only and p.keep) then
        local what
        if p.slot == "INSERT other" then
          what = "lets through " .. text .. ": every new customer, address or product would still invoke order-totals"
        elseif p.slot == "MODIFY other" then
          what = "lets through " .. text .. ", the kind of record the handler's own summary updates make: each order would cost two invocations"
        elseif p.slot == "INSERT ORDER" then
          what = "drops " .. text .. ": new orders would never reach the handler"
        else
          what = "drops " .. text .. ", a change to an order: this step's filter keeps every record of an order, new or changed, and only those (what to do with each one is the handler's business)"
        end
        out.problem = "Tried on the other records of app-main's stream, " .. out.filter .. ", " .. what ..
          ". The filter has to read the entity type: " .. ATTACH_FILTERED
      end
    end
  end
  return out
end

local function list_text(list)
  if #list <= 1 then return list[1] or "" end
  return table.concat(list, ", ", 1, #list - 1) .. " and " .. list[#list]
end

-- What the step-2 statement wrote and the filter made of it, for its explanation.
local FILTERED = {}

-- A step's check, followed by a fresh snapshot of the table for the next statement.
local function tracked(check)
  return function(r)
    local verdict, message = check(r)
    snapshot()
    return verdict, message
  end
end

-- Counts every record a filter dropped, whatever the step.
local function count_saved(r)
  local s = on_table(r)
  if s then saved = saved + s.filtered end
  return s
end

return lesson {
  id = "stream-entity-filter",
  number = 15,
  title = "Streams in a single table: filter by entity_type",
  summary = [[
A single table's stream carries a record for every write, whatever the entity: customers,
addresses, products, summaries and orders, mixed. A stream handler that only cares about
orders is still invoked, and billed, for all the rest, unless its event source mapping has a
filter on entity_type: records that match no filter are dropped without an invocation.]],
  requires = { "item-collections", "conditions-transactions" },

  setup = function()
    saved = 0
    fresh_table(T, { stream = "NEW_AND_OLD_IMAGES" })
    for _, it in ipairs(SEEDED) do
      local before = BEFORE_CHANGE[key_id(it)]
      local first = {}
      for k, v in pairs(it) do first[k] = v end
      for k, v in pairs(before or {}) do first[k] = v end
      ddb.put(T, first)
    end
    for _, it in ipairs(SEEDED) do
      if BEFORE_CHANGE[key_id(it)] then ddb.put(T, it) end
    end
  end,

  steps = {
    {
      id = "unfiltered",
      text = [[
app-main holds customers, addresses, a product, orders and one SUMMARY item per customer, each
with an entity_type, and its stream is on. The handler lessons/handlers/order-totals.lua adds
every new order's total to its customer's summary (PK = the order's PK, SK = SUMMARY,
attribute order_total) and ignores every other record.

Attach it with no filter:
    .stream attach app-main order-totals.lua
then add a customer, an item the handler has no use for: PK = CUST#e5f6, SK = PROFILE,
entity_type = CUSTOMER, name = Evergreen (put-item or a PartiQL INSERT).]],
      setup = snapshot,
      check = tracked(function(r)
        local s = count_saved(r)
        local off = elsewhere(r)
        if off then return false, off end
        if not WRITE_OPS[r.op or ""] then
          if not r.ok then return false, "That statement failed ({error}); this step writes a customer profile to app-main." end
          if not s then return nil, "(First attach the handler: " .. ATTACH .. " ; then write a customer profile.)" end
          return nil, "(That read nothing into the stream: only writes make stream records. Write a customer profile, CUST#e5f6.)"
        end
        if not r.ok then
          return false, "DynamoDB refused the write ({error}); this step puts a new customer, CUST#e5f6 / PROFILE with entity_type = CUSTOMER."
        end
        local list = written(r)
        if not s then
          return false, "The write went in, but " .. NO_HANDLER .. ". Attach it first: " ..
            ATTACH .. undo(list, true)
        end
        local fail = handler_failed(s, ATTACH)
        if fail then return false, fail end
        local d = deleted(r)
        if d then
          return false, "That deleted " .. key_text(d.key) .. ": a delete streams a record too, but this step adds a customer." .. put_back(d)
        end
        local order = has_order(list)
        if order then
          return false, "That was an order (" .. tostring(order.key.SK) .. "): the handler did its job and wrote the summary (" ..
            plural(s.writes, "write") .. "). This step wants the other kind of write, one the handler ignores: a customer profile."
        end
        if s.invocations == 0 and s.filtered > 0 then
          return false, "Your handler already has a filter: the profile was dropped without an invocation. That is step 2; first see what happens without one. Re-attach it with no --filter (the same name replaces it): " .. ATTACH ..
            undo(list, false)
        end
        if s.invocations == 0 then
          return false, "The write changed nothing, so the stream got no record and the handler was not invoked (a put of an identical item streams nothing). Add a new customer, CUST#e5f6."
        end
        local w = list[1]
        if w and w.kind == nil then
          return false, "The handler was invoked, but " .. key_text(w.key) .. " has no entity_type. In a single table every item says what it is; the filter of step 2 will read it. Give the customer entity_type = CUSTOMER."
        end
        if s.writes > 0 then
          return false, "The handler wrote " .. plural(s.writes, "item") .. " for an item that is not an order: is it the lesson's order-totals.lua?" .. not_ours(s)
        end
        return true
      end),
      hints = {
        "Attach first, without --filter: " .. ATTACH .. " ; then put an item whose entity_type is CUSTOMER.",
        ATTACH .. "\n" .. PUT_CUSTOMER .. "\n(in PartiQL: INSERT INTO \"app-main\" VALUE {'PK': 'CUST#e5f6', 'SK': 'PROFILE', 'entity_type': 'CUSTOMER', 'name': 'Evergreen'})",
      },
      show = PUT_CUSTOMER,
      explain = function(r)
        local s = on_table(r) or { invocations = 1, records = 1 }
        local orders, all = 0, 0
        for _, it in ipairs(ddb.items(T)) do
          all = all + 1
          if it.entity_type == "ORDER" then orders = orders + 1 end
        end
        return "order-totals was invoked " .. times(s.invocations) .. " for " .. plural(s.records, "record") ..
          " and did nothing: that item is not an order. Lambda bills every invocation (a request charge plus the run " ..
          "time), and in a single table most writes are not orders: " .. orders .. " of the " .. all .. " items in app-main are. " ..
          "Without a filter, a write to any of the other " .. (all - orders) .. " (customers, addresses, a product, summaries) " ..
          "wakes the function only to throw the record away, and so does each summary update the handler makes " ..
          "itself, since its own writes come back through the stream.\n"
      end,
    },
    {
      id = "filtered",
      text = [[
Lambda can drop records before it invokes the function: an event filter on the event source
mapping, matched against each record. Re-attach the handler (the same name replaces it) with
a filter on the entity type: it keeps every record whose new image has entity_type = ORDER
(a new order or a change to one) and drops every other record, new item or change:
    .stream attach app-main order-totals.lua --filter '{"dynamodb":{"NewImage":{"entity_type":{"S":["ORDER"]}}}}'
Then write another item that is not an order: add an email to Acme's profile
(PK = CUST#a1b2, SK = PROFILE) with update-item or a PartiQL UPDATE. The lesson also tries
your filter on the other records app-main's stream holds (new customers and orders, an order
that was shipped, a summary update) to see that it reads the entity type.]],
      setup = snapshot,
      check = tracked(function(r)
        local s = count_saved(r)
        local off = elsewhere(r)
        if off then return false, off end
        if not WRITE_OPS[r.op or ""] then
          if not r.ok then return false, "That statement failed ({error}); this step updates Acme's profile (CUST#a1b2 / PROFILE)." end
          if not s then return nil, "(Attach the handler with its filter: " .. ATTACH_FILTERED .. " ; then update Acme's profile.)" end
          return nil, "(A read makes no stream record. Write a non-order item: add an email to CUST#a1b2 / PROFILE.)"
        end
        if not r.ok then
          if r.op == "UpdateItem" and r.error and r.error.code == "ConditionalCheckFailedException" then
            return false, "DynamoDB refused the update: no item has that key (a PartiQL UPDATE never creates one). Acme's profile is PK = CUST#a1b2, SK = PROFILE."
          end
          return false, "DynamoDB refused the write ({error}); this step adds an email to CUST#a1b2 / PROFILE."
        end
        local list = written(r)
        if not s then
          return false, "The write went in, but " .. NO_HANDLER .. ". Attach it with the filter: " ..
            ATTACH_FILTERED .. undo(list, true)
        end
        local fail = handler_failed(s, ATTACH_FILTERED)
        if fail then return false, fail end
        local d = deleted(r)
        if d then
          return false, "That deleted " .. key_text(d.key) .. "; this step updates Acme's profile and watches the filter drop the record." .. put_back(d)
        end
        local order = has_order(list)
        if order then
          if s.invocations == 0 then
            return false, "Your filter dropped an order too (" .. tostring(order.key.SK) .. "), so its total will never reach the summary: the pattern must match entity_type = ORDER exactly. " ..
              ATTACH_FILTERED .. remove_uncounted(list, "once the filter lets orders through")
          end
          return false, "That was an order: the handler ran for it, as it should (" .. plural(s.writes, "write") ..
            "). This step wants a write the filter drops: update Acme's profile (CUST#a1b2 / PROFILE)."
        end
        if s.invocations > 0 then
          local kind = list[1] and list[1].kind
          return false, "The handler was still invoked (" .. plural(s.invocations, "invocation") .. ") for " ..
            (kind and ("an item whose entity_type is " .. kind) or "an item that is not an order") ..
            ": the mapping has no filter, or one that lets this record through. Re-attach it with the filter: " ..
            ATTACH_FILTERED .. not_ours(s) .. undo(list, false)
        end
        if s.filtered == 0 then
          return false, "The write changed nothing, so the stream got no record to filter (an update that sets the same value streams nothing). Set a new value, e.g. email = ops@acme.example on CUST#a1b2 / PROFILE."
        end
        -- The write above was a record the filter drops; whether it drops it for the right reason
        -- shows on records of the other kinds.
        local tried = probe(s, true)
        if tried.problem then
          return false, "Your filter dropped that write, with no invocation. " .. tried.problem .. not_ours(s) ..
            undo(list, false, "The lesson put what that statement wrote back as it was, so you can run it again once the filter is right.")
        end
        local mine = {}
        for _, w in ipairs(list) do
          mine[#mine + 1] = "the " .. (w.new and "INSERT" or "MODIFY") .. " of " .. key_text(w.key) ..
            " (entity_type " .. tostring(w.kind) .. ")"
        end
        FILTERED = { mine = mine, tried = tried }
        return true
      end),
      hints = {
        "The filter goes on the attach line: " .. ATTACH_FILTERED .. " (re-attaching replaces the handler from step 1).",
        "Then update an item that is not an order: SET email on PK = CUST#a1b2, SK = PROFILE.",
        ATTACH_FILTERED .. "\n" .. UPDATE_PROFILE .. "\n(in PartiQL: UPDATE \"app-main\" SET email = 'ops@acme.example' WHERE PK = 'CUST#a1b2' AND SK = 'PROFILE')",
      },
      show = UPDATE_PROFILE,
      explain = function(r)
        local s = on_table(r) or { filtered = 0 }
        local tried = FILTERED.tried or { kept = {}, dropped = {}, filter = "your filter" }
        local text = "0 invocations, " .. plural(s.filtered, "record") .. " filtered out: Lambda matched " ..
          (#(FILTERED.mine or {}) > 0 and list_text(FILTERED.mine) or "the record of your write") .. " against " ..
          tried.filter .. ", and never woke the function. A filtered record costs no invocation."
        if #tried.dropped > 0 or #tried.kept > 0 then
          text = text .. " On other records of app-main's stream it drops " .. (#tried.dropped > 0 and list_text(tried.dropped) or "nothing") ..
            ", and keeps " .. (#tried.kept > 0 and list_text(tried.kept) or "nothing") .. "."
        end
        return text .. " The filter can only read what is in the record, which is why every item of a single table carries its " ..
          "entity_type: a key like CUST#a1b2 / PROFILE does not say \"not an order\" by itself.\n"
      end,
    },
    {
      id = "order",
      text = [[
Now the write the handler exists for. Add a new order for Acme: PK = CUST#a1b2,
SK = ORDER#2026-06-10#o-9120, entity_type = ORDER, status = OPEN, total = 60 (put-item or a
PartiQL INSERT). Acme's summary, PK = CUST#a1b2, SK = SUMMARY, should grow by 60.
(Handlers end with the session that attached them: if you skipped here or came back later,
attach order-totals.lua with its filter again first.)]],
      setup = snapshot,
      check = tracked(function(r)
        local s = count_saved(r)
        local before = totals
        local was_known = known
        local off = elsewhere(r)
        if off then return false, off end
        if not WRITE_OPS[r.op or ""] then
          if not r.ok then return false, "That statement failed ({error}); this step writes order o-9120 for CUST#a1b2." end
          if not s then return nil, "(Attach the handler with its filter: " .. ATTACH_FILTERED .. " ; then write the order.)" end
          if is_get(r) and r.key and r.key.SK == "SUMMARY" and r.items[1] then
            return nil, "(The summary says order_total = " .. show_value(r.items[1].order_total) .. ". Now write order o-9120.)"
          end
          return nil, "(This step writes a new order: PK = CUST#a1b2, SK = ORDER#2026-06-10#o-9120, entity_type = ORDER, total = 60.)"
        end
        if not r.ok then
          if r.error and (r.error.code == "DuplicateItemException" or r.error.code == "ConditionalCheckFailedException") and r.op == "PutItem" then
            return false, "DynamoDB refused the insert ({error}): that order exists already. A new order needs a new id in its sort key, e.g. ORDER#2026-06-11#o-9121."
          end
          return false, "DynamoDB refused the write ({error}); this step puts order o-9120 for CUST#a1b2."
        end
        local list = written(r)
        if not s then
          local note = undo(list, true, "No handler counted it, so the lesson took it back: write it again once the handler is attached.")
          return false, "Nothing counted the order: " .. NO_HANDLER .. ". Skipping a step does not attach one either. Attach it with the filter: " ..
            ATTACH_FILTERED .. note
        end
        local fail = handler_failed(s, ATTACH_FILTERED)
        if fail then return false, fail end
        local d = deleted(r)
        if d then
          local note = put_back(d)
          return false, "That deleted " .. key_text(d.key) .. "; this step adds an order." .. note
        end
        local order = has_order(list)
        if not order then
          local w = list[1]
          if w and type(w.kind) == "string" and string.upper(w.kind) == "ORDER" then
            local note = remove_uncounted({ { kind = "ORDER", new = w.new, key = w.key } }, "with entity_type = ORDER")
            return false, "entity_type is \"" .. w.kind .. "\": filters and the handler compare exact strings, so this is not an ORDER and nobody counted it." .. note
          end
          return false, (w and ("That wrote " .. key_text(w.key) .. (w.kind and (", an item of type " .. tostring(w.kind)) or ", an item with no entity_type")) or "That wrote no order") ..
            ". This step writes an order: entity_type = ORDER, with a number total."
        end
        if not order.new then
          return false, tostring(order.key.SK) .. " existed already: overwriting it streams a MODIFY, and order-totals counts new orders (INSERT) only, so the summary did not change. Write a new order id, e.g. ORDER#2026-06-10#o-9120."
        end
        -- How much the summaries grew, against the orders the statement added.
        local want, got = 0, 0
        for _, w in ipairs(list) do
          if w.kind == "ORDER" and not was_known[key_id(w.key)] then want = want + (tonumber(w.image.total) or 0) end
        end
        local now = {}
        for _, it in ipairs(ddb.items(T)) do
          if it.SK == "SUMMARY" then now[it.PK] = tonumber(it.order_total) or 0 end
        end
        for pk, v in pairs(now) do got = got + (v - (before[pk] or 0)) end
        local summary = now[order.key.PK]
        if s.invocations == 0 then
          local note = remove_uncounted(list, "once the filter lets orders through")
          return false, "The filter dropped the order: " .. plural(s.filtered, "record") .. " filtered, no invocation, so the summary did not move. " ..
            "Its records were matched against " .. filter_text(patterns_of(s)) .. "; the pattern must match NewImage.entity_type = ORDER exactly: " ..
            ATTACH_FILTERED .. note
        end
        if type(order.image.total) ~= "number" then
          local note = remove_uncounted(list, "with a number total")
          return false, "The handler ran, but total is " .. show_value(order.image.total) .. ", not a number (N), so there was nothing to add." .. note
        end
        if math.abs(got - want) > 1e-9 then
          return false, "The summary grew by " .. units(got) .. " instead of " .. units(want) .. " (" .. plural(s.invocations, "invocation") ..
            ", " .. plural(s.writes, "write") .. "): is the lesson's order-totals.lua the handler attached?" .. not_ours(s)
        end
        if s.filtered == 0 or s.invocations > 1 then
          return false, "The order was counted (order_total is now " .. units(summary or 0) .. "), but the handler ran " ..
            times(s.invocations) .. " for " .. plural(s.records, "record") .. ", among them the summary update it made itself, which came back through the stream. " ..
            "That is the mapping without a filter. Re-attach it with the filter, then write another order (e.g. ORDER#2026-06-11#o-9121): " .. ATTACH_FILTERED .. not_ours(s)
        end
        -- The order went through and the summary update was dropped; a filter on the event name
        -- alone does that too, so try the filter on the other kinds of record.
        local tried = probe(s)
        if tried.problem then
          return false, "The order was counted (order_total is now " .. units(summary or 0) .. "). " .. tried.problem ..
            " Then write another order (e.g. ORDER#2026-06-11#o-9121)." .. not_ours(s)
        end
        return true
      end),
      hints = {
        "A new order is an INSERT whose entity_type is ORDER: a new sort key, ORDER#2026-06-10#o-9120, and a number total.",
        "With the filtered handler attached (" .. ATTACH_FILTERED .. "):\n" .. PUT_ORDER .. "\n(in PartiQL: INSERT INTO \"app-main\" VALUE {'PK': 'CUST#a1b2', 'SK': 'ORDER#2026-06-10#o-9120', 'entity_type': 'ORDER', 'status': 'OPEN', 'total': 60})",
      },
      show = PUT_ORDER,
      explain = function(r)
        local s = on_table(r) or { invocations = 1, writes = 1, capacity = 1, filtered = 1 }
        local pk = "CUST#a1b2"
        for _, w in ipairs(r.writes or {}) do
          if w.image and w.image.entity_type == "ORDER" then pk = w.image.PK break end
        end
        local sum = ddb.get(T, { PK = pk, SK = "SUMMARY" })
        return plural(s.invocations, "invocation") .. ", " .. plural(s.writes, "write") .. " (" .. units(s.capacity) .. " WCU spent by the handler): " ..
          "the order_total of " .. pk .. " is now " .. units(sum and sum.order_total or 0) .. ". The handler's own update of the summary " ..
          "came back through the stream as a record of an entity_type = SUMMARY item, and the filter dropped it too (" ..
          plural(s.filtered, "record") .. " filtered): without the filter this one order would have cost 2 invocations.\n" ..
          "Since the lesson started, the filter has dropped " .. plural(saved, "record") .. ": " .. plural(saved, "invocation") .. " not made and not billed. " ..
          "In a table where one write in five is an order, the filter removes four invocations in five; the function's code " ..
          "still checks entity_type, because a filter is a saving, not a guarantee.\n"
      end,
    },
  },
}
