-- gsi3-keys.lua: keeps GSI3 (orders by status) current. For every INSERT or MODIFY of an order
-- (SK = ORDER#<date>#<id>) with a status, it sets GSI3PK = STATUS#<status> and
-- GSI3SK = <date>#<id> when the new image lacks them or they are stale (the status changed).
-- The UpdateItem is conditional, so the handler is idempotent: a redelivered record, or the
-- MODIFY record of its own write (which already carries the keys), changes nothing and does
-- not loop; ConditionalCheckFailed means "done already".
--   .stream attach app-main gsi3-keys.lua
local function is_order(item)
  return type(item.SK) == "string" and string.sub(item.SK, 1, 6) == "ORDER#"
    and (item.entity_type == nil or item.entity_type == "ORDER")
end

local function handler(event, context)
  for _, rec in ipairs(event.Records) do
    local name = rec.eventName
    local image = rec.dynamodb.NewImage
    if (name == "INSERT" or name == "MODIFY") and image then
      local new = ddb.unmarshal_item(image)
      if is_order(new) and type(new.status) == "string" then
        local pk = "STATUS#" .. new.status
        local sk = string.sub(new.SK, 7) -- <date>#<id>
        if new.GSI3PK ~= pk or new.GSI3SK ~= sk then
          local r = ddb.try_call("UpdateItem", {
            TableName = context.table,
            Key = { PK = { S = new.PK }, SK = { S = new.SK } },
            UpdateExpression = "SET GSI3PK = :pk, GSI3SK = :sk",
            -- Only while the item still has this status (an older record never overwrites a
            -- newer status) and does not carry these keys yet.
            ConditionExpression = "#s = :status AND (attribute_not_exists(GSI3PK) OR GSI3PK <> :pk OR GSI3SK <> :sk)",
            ExpressionAttributeNames = { ["#s"] = "status" },
            ExpressionAttributeValues = { [":pk"] = { S = pk }, [":sk"] = { S = sk },
              [":status"] = { S = new.status } },
          })
          if not r.ok and r.error.code ~= "ConditionalCheckFailedException" then
            error("gsi3-keys: " .. tostring(r.error.code) .. ": " .. tostring(r.error.message))
          end
        end
      end
    end
  end
end

return {
  handler = handler,
  filters = {
    -- Only inserts and changes of orders reach the handler.
    { eventName = { "INSERT", "MODIFY" }, dynamodb = { Keys = { SK = { S = { { prefix = "ORDER#" } } } } } },
  },
}
