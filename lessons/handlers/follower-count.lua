-- follower-count.lua: keeps USER#<id> PROFILE.follower_count from the FOLLOWS edges
-- (PK = USER#<followed>, SK = FOLLOWER#<follower>). The naive version: +1 for every INSERT of
-- an edge, -1 for every REMOVE. Correct when each record is delivered once; DynamoDB Streams
-- and Lambda deliver at least once, so a redelivered batch counts its edges twice.
--   .stream attach app-main follower-count.lua --redeliver 1
local function is_edge(keys)
  return keys.PK and keys.SK and string.sub(keys.PK.S or "", 1, 5) == "USER#"
    and string.sub(keys.SK.S or "", 1, 9) == "FOLLOWER#"
end

local function handler(event, context)
  for _, rec in ipairs(event.Records) do
    local keys = rec.dynamodb.Keys
    local delta = rec.eventName == "INSERT" and 1 or rec.eventName == "REMOVE" and -1 or 0
    if delta ~= 0 and is_edge(keys) then
      ddb.call("UpdateItem", {
        TableName = context.table,
        Key = { PK = keys.PK, SK = { S = "PROFILE" } },
        UpdateExpression = "ADD follower_count :d",
        ExpressionAttributeValues = { [":d"] = { N = tostring(delta) } },
      })
    end
  end
end

return {
  handler = handler,
  filters = {
    -- Lambda event filtering: only edge records reach the handler; the PROFILE updates it
    -- makes itself are dropped without an invocation.
    { eventName = { "INSERT", "REMOVE" }, dynamodb = { Keys = { SK = { S = { { prefix = "FOLLOWER#" } } } } } },
  },
}
