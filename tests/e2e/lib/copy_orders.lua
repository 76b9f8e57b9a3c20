-- A stream handler for the serve --init tests: copies each new or changed order into
-- OrderCopies.
return function(event)
  for _, rec in ipairs(event.Records) do
    if rec.eventName ~= "REMOVE" then
      ddb.call("PutItem", { TableName = "OrderCopies", Item = rec.dynamodb.NewImage })
    end
  end
end
