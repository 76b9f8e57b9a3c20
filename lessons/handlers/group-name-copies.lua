-- group-name-copies: keeps the copies of a group's name on its memberships in step.
-- Model: a membership is one item under the user, PK = USER#<u>, SK = GROUP#<g>, carrying a copy
-- of the group's name (group_name); GSI1 flips it (GSI1PK = GROUP#<g>, GSI1SK = USER#<u>), so a
-- Query on GSI1 lists a group's members. When a group's PROFILE changes name, this handler
-- queries GSI1 for the group's memberships and rewrites group_name on each: one write per copy.
--   .stream attach app-main group-name-copies.lua
return {
  -- Only group profiles that changed reach the function: the MODIFY records of the copies it
  -- writes itself (and of every other item) are dropped by the filter, without an invocation.
  filters = {
    [[{"eventName":["MODIFY"],"dynamodb":{"Keys":{"PK":{"S":[{"prefix":"GROUP#"}]},"SK":{"S":["PROFILE"]}}}}]],
  },
  handler = function(event, context)
    for _, rec in ipairs(event.Records) do
      local old = rec.dynamodb.OldImage or {}
      local new = rec.dynamodb.NewImage or {}
      local old_name = old.name and old.name.S
      local new_name = new.name and new.name.S
      -- Any other change to the profile (a description, a counter) leaves the copies alone.
      if new_name ~= nil and new_name ~= old_name then
        local group = rec.dynamodb.Keys.PK.S
        local start = nil
        repeat
          local page = ddb.call("Query", {
            TableName = context.table, IndexName = "GSI1",
            KeyConditionExpression = "GSI1PK = :g",
            ExpressionAttributeValues = { [":g"] = { S = group } },
            ExclusiveStartKey = start,
          })
          for _, m in ipairs(page.output.Items or {}) do
            ddb.call("UpdateItem", {
              TableName = context.table,
              Key = { PK = m.PK, SK = m.SK },
              UpdateExpression = "SET group_name = :n",
              ExpressionAttributeValues = { [":n"] = { S = new_name } },
            })
          end
          start = page.output.LastEvaluatedKey
        until start == nil
      end
    end
  end,
}
