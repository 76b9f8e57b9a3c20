-- Lesson 9: the 400 KB item limit and the append-an-array trap.
local T = "tracking-main"
local ROLLUP = { PK = "SHIPMENT#s1", SK = "ROLLUP" }

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

Append one more event to that list with update-item and list_append.]],
      check = function(r)
        if r.op ~= "UpdateItem" then return nil end
        if r.ok then return false, "The append went through; append a non-empty event string." end
        if r.error.code ~= "ValidationException" then
          return false, "Expected a ValidationException, got {error}"
        end
        return true
      end,
      hints = {
        [[--update-expression "SET events = list_append(events, :e)" with :e a list: {"L":[{"S":"..."}]}.]],
        append,
      },
      show = append,
      explain = [[
ValidationException: the item would exceed the maximum allowed size. Nothing degrades
gracefully here: every later append fails the same way, and more capacity does not help.
The list was never the right shape for unbounded data.]],
    },
    {
      id = "one-item-per-event",
      text = [[
Model the event as its own item instead: PK = "SHIPMENT#s1", SK = "EVENT#<timestamp>",
e.g. EVENT#2026-06-08T10:00Z with what = "scanned at hub".]],
      check = function(r)
        if r.op == "UpdateItem" and request_mentions(r, "list_append") then
          return false, "Appending to the list again: it is full for good. Write a new item instead."
        end
        if r.op ~= "PutItem" then return nil end
        if not r.ok then return false, "The put failed: {error}" end
        local it = plain_item(r.request.Item)
        if it.PK ~= "SHIPMENT#s1" or not starts_with(it.SK, "EVENT#") then
          return false, "Keep the event in the shipment's collection: PK SHIPMENT#s1, SK EVENT#<timestamp>."
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
SK = "STATUS", that each new event overwrites (latest, at, and an event count).]],
      check = function(r)
        if r.op ~= "PutItem" and r.op ~= "UpdateItem" then return nil end
        if not r.ok then return false, "The write failed: {error}" end
        local it = ddb.get(T, { PK = "SHIPMENT#s1", SK = "STATUS" })
        if not it then return false, "No item with PK SHIPMENT#s1 and SK STATUS yet." end
        if type(it.events) == "table" then
          return false, "The summary must stay small: do not keep a list of events in it."
        end
        return true
      end,
      hints = { status_put },
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
        if not is_query(r) then return nil end
        if not all_start_with(r, "SK", "EVENT#") or r.count < 3 then
          return false, "Expected the three EVENT# items of SHIPMENT#s1, got {count}."
        end
        return true
      end,
      hints = { [[PK = "SHIPMENT#s1" AND begins_with(SK, "EVENT#")]] },
      show = history,
      explain = [[
{returned} events for {capacity} RCU. History is now a range of small items: it can grow
without limit, be paginated, and be read from any point in time.]],
    },
  },
}
