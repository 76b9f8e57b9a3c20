-- follower-count-idempotent.lua: the same counter, safe to run twice on the same records.
-- Each edge is counted through a marker item, PK = USER#<followed>, SK = COUNTED#<follower>,
-- written in one transaction with the ADD:
--   INSERT of an edge: Put the marker if it is absent (attribute_not_exists(PK)) + ADD 1
--   REMOVE of an edge: Delete the marker if it is there (attribute_exists(PK))   + ADD -1
-- A redelivered record finds the marker already in that state: the transaction is cancelled
-- with ConditionalCheckFailed, nothing is written, and the record counts as done.
--   .stream attach app-main follower-count-idempotent.lua --redeliver 1
local function is_edge(keys)
  return keys.PK and keys.SK and string.sub(keys.PK.S or "", 1, 5) == "USER#"
    and string.sub(keys.SK.S or "", 1, 9) == "FOLLOWER#"
end

local function already_done(r)
  if r.ok or not r.error or r.error.code ~= "TransactionCanceledException" then return false end
  local first = (r.error.reasons or {})[1]
  return first ~= nil and first.code == "ConditionalCheckFailed"
end

local function handler(event, context)
  for _, rec in ipairs(event.Records) do
    local keys = rec.dynamodb.Keys
    local name = rec.eventName
    if (name == "INSERT" or name == "REMOVE") and is_edge(keys) then
      local follower = string.sub(keys.SK.S, 10)
      local marker = { PK = keys.PK, SK = { S = "COUNTED#" .. follower } }
      local first
      if name == "INSERT" then
        first = { Put = { TableName = context.table, Item = marker,
          ConditionExpression = "attribute_not_exists(PK)" } }
      else
        first = { Delete = { TableName = context.table, Key = marker,
          ConditionExpression = "attribute_exists(PK)" } }
      end
      local r = ddb.try_call("TransactWriteItems", { TransactItems = {
        first,
        { Update = { TableName = context.table, Key = { PK = keys.PK, SK = { S = "PROFILE" } },
          UpdateExpression = "ADD follower_count :d",
          ExpressionAttributeValues = { [":d"] = { N = name == "INSERT" and "1" or "-1" } } } },
      } })
      if not r.ok and not already_done(r) then
        -- Anything else (a conflict, throttling) fails the batch: it is retried.
        error("follower-count-idempotent: " .. tostring(r.error and r.error.code) .. ": " ..
          tostring(r.error and r.error.message))
      end
    end
  end
end

return {
  handler = handler,
  filters = {
    -- Only edge records reach the handler; its own marker and PROFILE writes are dropped
    -- without an invocation.
    { eventName = { "INSERT", "REMOVE" }, dynamodb = { Keys = { SK = { S = { { prefix = "FOLLOWER#" } } } } } },
  },
}
