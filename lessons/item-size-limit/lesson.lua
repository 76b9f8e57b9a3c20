-- Lesson 9: the 400 KB item limit and the append-an-array trap.
-- Checks read the normalized record (lessons/README.md, "What a check sees"): the same fields
-- whether a step is answered with the aws CLI, PartiQL, or PartiQL through execute-statement.
local T = "tracking-main"
local ROLLUP = { PK = "SHIPMENT#s1", SK = "ROLLUP" }
local STATUS = { PK = "SHIPMENT#s1", SK = "STATUS" }
local events_before = {}  -- the EVENT# items as they were when step one-item-per-event began

local append = [[aws dynamodb update-item --table-name tracking-main --key '{"PK":{"S":"SHIPMENT#s1"},"SK":{"S":"ROLLUP"}}' --update-expression "SET events = list_append(events, :e)" --expression-attribute-values '{":e":{"L":[{"S":"2026-06-08T10:00Z scanned at hub"}]}}']]
local event_put = [[aws dynamodb put-item --table-name tracking-main --item '{"PK":{"S":"SHIPMENT#s1"},"SK":{"S":"EVENT#2026-06-08T10:00Z"},"what":{"S":"scanned at hub"}}']]
local status_put = [[aws dynamodb put-item --table-name tracking-main --item '{"PK":{"S":"SHIPMENT#s1"},"SK":{"S":"STATUS"},"latest":{"S":"scanned at hub"},"at":{"S":"2026-06-08T10:00Z"},"events":{"N":"3"}}']]
local history = [[aws dynamodb query --table-name tracking-main --key-condition-expression "PK = :pk AND begins_with(SK, :p)" --expression-attribute-values '{":pk":{"S":"SHIPMENT#s1"},":p":{"S":"EVENT#"}}']]

-- Grows the rollup item until the engine refuses one more byte, whatever its exact size
-- accounting, so that any appended event crosses the limit.
local function fill_rollup()
  local events = {}
  for i = 1, 380 do events[i] = string.rep("x", 1000) end
  ddb.put(T, { PK = ROLLUP.PK, SK = ROLLUP.SK, events = events })
  for _, size in ipairs({ 1000, 100, 10, 1 }) do
    local chunk = string.rep("y", size)
    for _ = 1, 100 do
      local r = ddb.try_call("UpdateItem", {
        TableName = T, Key = ddb.item(ROLLUP),
        UpdateExpression = "SET events = list_append(events, :e)",
        ExpressionAttributeValues = { [":e"] = { L = { { S = chunk } } } },
      })
      if not r.ok then break end
    end
  end
end


-- Record helpers ----------------------------------------------------------------------------
-- The entry of r.writes for the item with that key in this lesson's table, or nil.
local function write_on(r, key) return write_on_in(r, key, T) end
local function table_note(r)
  return used_table(r) .. "; the shipment is in tracking-main. "
end
-- The EVENT# items of SHIPMENT#s1, by sort key.
local function events_now()
  local out, n = {}, 0
  for _, it in ipairs(ddb.items(T)) do
    if it.PK == "SHIPMENT#s1" and starts_with(it.SK, "EVENT#") then out[it.SK] = it; n = n + 1 end
  end
  return out, n
end
-- The update appends to (or prepends onto) the events list.
local function appends_events(update)
  return type(update) == "string" and string.find(update, "events%s*=%s*list_append%(") ~= nil
end
local function too_big(r)
  return not r.ok and r.error.code == "ValidationException"
    and string.find(string.lower(r.error.message or ""), "size", 1, true) ~= nil
end

return lesson {
  id = "item-size-limit",
  number = 9,
  title = "The 400 KB item limit",
  summary = [[
An item, names and values together, can never exceed 400 KB, and no setting changes that. A
rollup item that appends every event to a list grows until the day a write fails. You will hit
that wall, then model each event as its own item with a small fixed-size summary beside it.]],
  requires = { "item-collections" },

  setup = function()
    fresh_table(T)
    seed(T, {
      { PK = "SHIPMENT#s1", SK = "EVENT#2026-06-07T08:00Z", what = "left the warehouse" },
      { PK = "SHIPMENT#s1", SK = "EVENT#2026-06-07T19:30Z", what = "in transit" },
    })
    fill_rollup()
  end,

  steps = {
    {
      id = "append-trap",
      text = [[
Table tracking-main keeps, for shipment s1, a rollup item (PK = "SHIPMENT#s1",
SK = "ROLLUP") whose attribute events is a list with one entry per scan. Months of scans have
made it large.

Append one more event to that list with list_append (update-item, or a PartiQL UPDATE).]],
      check = function(r)
        r = as_single(r)
        local expected = "This step expects an update of SHIPMENT#s1 / ROLLUP in tracking-main that appends one event to its events list with list_append."
        if not SINGLE_WRITES[r.op] then
          if r.op == "TransactWriteItems" or r.op == "BatchWriteItem" then
            return false, "One update is all this step needs. " .. expected
          end
          return nil, expected
        end
        if r.table ~= T then return false, table_note(r) .. expected end
        if not same_value(r.key, ROLLUP) then
          return false, "That write was for " .. key_text(r.key) .. ", not the rollup item. " .. expected
        end
        if r.op ~= "UpdateItem" then
          if r.ok then
            fill_rollup()
            return false, "That " .. r.op .. " replaced the whole rollup item, list and all. (The lesson rebuilt the rollup.) " .. expected
          end
          return false, "A put (put-item or INSERT) writes a whole item; it does not append to the list. " .. expected
        end
        if r.ok then
          local image = (write_on(r, ROLLUP) or {}).image or {}
          local kept = type(image.events) == "table" and #image.events >= 380
          fill_rollup()
          if appends_events(r.update) and kept then
            return false, "The append went through, so it added nothing: append a non-empty event string."
          end
          return false, "That update went through without growing the list (" .. tostring(r.update) .. "). (The lesson rebuilt the rollup.) " .. expected
        end
        if not too_big(r) then
          return false, "DynamoDB refused it ({error}), but not for the item's size. " .. expected
        end
        if not appends_events(r.update) then
          return false, "Refused for size, as any growth would be, but that update does not append to events with list_append. " .. expected
        end
        return true
      end,
      hints = {
        [[SET events = list_append(events, :e) with :e a list (aws CLI: {"L":[{"S":"..."}]}; PartiQL: ['...']).]],
        append,
      },
      show = append,
      explain = [[
{error}. Nothing degrades gracefully here: every later append fails the same way, and more
capacity does not help. The list was never the right shape for unbounded data.]],
    },
    {
      id = "one-item-per-event",
      text = [[
Model the event as its own item instead: PK = "SHIPMENT#s1", SK = "EVENT#<timestamp>",
e.g. EVENT#2026-06-08T10:00Z with what = "scanned at hub".]],
      setup = function() events_before = events_now() end,
      check = function(r)
        r = as_single(r)
        local expected = "This step expects a new item in tracking-main: PK SHIPMENT#s1, SK EVENT#<timestamp>, with what set to the event."
        if not SINGLE_WRITES[r.op] then
          if r.op == "TransactWriteItems" or r.op == "BatchWriteItem" then
            return false, "One put is all this step needs. " .. expected
          end
          return nil, expected
        end
        if r.table ~= T then return false, table_note(r) .. expected end
        if same_value(r.key, ROLLUP) then
          if r.ok then fill_rollup() end
          return false, "Appending to the list again: it is full for good. Write a new item instead."
        end
        if r.op == "DeleteItem" then return nil, expected end
        local k = r.key or {}
        if k.PK ~= "SHIPMENT#s1" or not starts_with(k.SK, "EVENT#") then
          return false, "Keep the event in the shipment's collection: PK SHIPMENT#s1, SK EVENT#<timestamp> (that write was for " .. key_text(k) .. ")."
        end
        local before = events_before[k.SK]
        local image = (write_on(r, k) or {}).image
        if not r.ok then
          if r.error.code == "DuplicateItemException" or (r.error.code == "ConditionalCheckFailedException" and before) then
            return false, k.SK .. " already holds an event (" .. show_value(before and before.what) .. "): give the new event its own timestamp."
          end
          if r.error.code == "ConditionalCheckFailedException" and r.op == "UpdateItem" and not image then
            return false, "An UPDATE only changes an item that exists; create the event with an INSERT (or put-item)."
          end
          return false, "DynamoDB refused it ({error}). " .. expected
        end
        if before then
          ddb.put(T, before)
          return false, k.SK .. " already held an event (" .. show_value(before.what) .. "), and that write replaced it. (The lesson restored it.) Each event needs its own timestamp."
        end
        if type(image) ~= "table" or type(image.what) ~= "string" or image.what == "" then
          ddb.call("DeleteItem", { TableName = T, Key = ddb.item(k) })
          return false, "The event item needs what, the event itself (e.g. what = \"scanned at hub\"). (The lesson deleted the item so you can write it again.)"
        end
        return true
      end,
      hints = {
        "Each event is a small item under the shipment's partition key; the timestamp in the SK keeps them in order.",
        event_put,
      },
      show = event_put,
      explain = "{capacity} WCU for a small item, and it stays that cheap for the millionth event: nothing grows.",
    },
    {
      id = "summary-item",
      text = [[
Dashboards want the latest status without reading the history. Keep a small summary item,
SK = "STATUS", that each new event overwrites: latest (the newest event's what), at (its
timestamp) and events (how many events the shipment has).]],
      check = function(r)
        r = as_single(r)
        local expected = "This step expects a write of SHIPMENT#s1 / STATUS in tracking-main with latest, at and events (a number)."
        if not SINGLE_WRITES[r.op] then
          if r.op == "TransactWriteItems" or r.op == "BatchWriteItem" then
            return false, "One write is all this step needs. " .. expected
          end
          return nil, expected
        end
        if r.table ~= T then return false, table_note(r) .. expected end
        if same_value(r.key, ROLLUP) then
          if r.ok then fill_rollup() end
          return false, "That is the full rollup again. " .. expected
        end
        if r.op == "DeleteItem" then return nil, expected end
        if not same_value(r.key, STATUS) then
          return false, "That write was for " .. key_text(r.key) .. ". " .. expected
        end
        local image = (write_on(r, STATUS) or {}).image
        if not r.ok then
          if r.error.code == "ConditionalCheckFailedException" and r.op == "UpdateItem" and not image then
            return false, "There is no STATUS item yet, and an UPDATE here only changes an item that exists: create it with an INSERT (or put-item)."
          end
          if r.error.code == "DuplicateItemException" then
            return false, "STATUS exists already, and an INSERT never overwrites: the summary is overwritten with put-item (or changed with an UPDATE)."
          end
          return false, "DynamoDB refused it ({error}). " .. expected
        end
        local events, n = events_now()
        local newest = nil
        for sk, it in pairs(events) do
          if not newest or sk > newest.SK then newest = it end
        end
        local problems = {}
        for name, v in pairs(image or {}) do
          if type(v) == "table" and v ~= ddb.null then
            problems[#problems + 1] = name .. " is a list or map: the summary must stay small, so keep no history in it"
          end
        end
        if newest and image and image.latest ~= newest.what then
          problems[#problems + 1] = "latest is " .. show_value(image.latest) .. " while the newest event (" .. newest.SK .. ") says " .. show_value(newest.what)
        end
        if newest and image and image.at ~= string.sub(newest.SK, 7) then
          problems[#problems + 1] = "at is " .. show_value(image.at) .. " while the newest event's timestamp is " .. string.sub(newest.SK, 7)
        end
        if image and image.events == nil then
          problems[#problems + 1] = "events is missing (the shipment has " .. n .. " events)"
        elseif image and type(image.events) ~= "table" and image.events ~= n then
          problems[#problems + 1] = "events is " .. show_value(image.events) .. " while the shipment has " .. n .. " events"
        end
        if #problems > 0 then
          ddb.call("DeleteItem", { TableName = T, Key = ddb.item(STATUS) })
          return false, "The summary was written, but " .. table.concat(problems, "; ")
            .. ". (The lesson deleted it so you can write it again.)"
        end
        return true
      end,
      hints = {
        "One item, PK SHIPMENT#s1 and SK STATUS, holding single values: latest, at and events (a number), and no list.",
        status_put,
      },
      show = status_put,
      explain = [[
A fixed-size item: overwriting it costs the same every time. In production a stream consumer
usually maintains it as events arrive.]],
    },
    {
      id = "read-history",
      text = [[
Finally read the whole history of s1 with one query over the EVENT# items.]],
      check = function(r)
        local _, n = events_now()
        local expected = "This step expects one Query of tracking-main for PK SHIPMENT#s1 with the sort key narrowed to EVENT#, returning all " .. n .. " events."
        if r.op == "Scan" then
          return false, "A Scan reads every item of the table, the 400 KB rollup included ({capacity} RCU). " .. expected
        end
        if r.op == "ExecuteStatement" and not r.ok then
          -- A SELECT refused before it was planned (no such table or index).
          if r.table ~= T then return false, table_note(r) .. expected end
          return false, "DynamoDB refused it ({error}). " .. expected
        end
        if r.op ~= "Query" then
          if r.op == "GetItem" then return nil, "That reads one item; the history is a range of items. " .. expected end
          return nil, expected
        end
        if r.table ~= T then return false, table_note(r) .. expected end
        if r.index ~= "" then return false, "That Query read index " .. r.index .. "; the events are in the table itself. " .. expected end
        if not r.ok then return false, "DynamoDB refused it ({error}). " .. expected end
        local others = {}
        for _, it in ipairs(r.items) do
          -- A projection may leave PK or SK out; judge what the item carries.
          if (it.PK ~= nil and it.PK ~= "SHIPMENT#s1") or (it.SK ~= nil and not starts_with(it.SK, "EVENT#")) then
            others[#others + 1] = tostring(it.SK or it.PK)
          end
        end
        if #others > 0 then
          return false, "That query also returned " .. table.concat(others, ", ") .. " ({capacity} RCU; the rollup alone is about 400 KB): narrow the sort key to EVENT#."
        end
        if r.filtered or (r.read or 0) > (r.returned or 0) then
          return false, "That query read {read} items, the 400 KB rollup among them ({capacity} RCU), and a filter threw the non-events away afterwards: narrow the sort key to EVENT# in the key condition."
        end
        if r.count < n then
          return false, "Expected the " .. n .. " EVENT# items of SHIPMENT#s1, got {count}."
        end
        return true
      end,
      hints = {
        [[Key condition PK = "SHIPMENT#s1" AND begins_with(SK, "EVENT#") (PartiQL: WHERE PK = 'SHIPMENT#s1' AND begins_with(SK, 'EVENT#')).]],
        history,
      },
      show = history,
      explain = [[
{returned} events for {capacity} RCU. History is now a range of small items: it can grow
without limit, be paginated, and be read from any point in time.]],
    },
  },
}
