-- order-totals: keeps every customer's order_total on their summary item.
-- For each new order (an INSERT whose entity_type is ORDER) it adds the order's total to the
-- item PK = <the order's PK>, SK = SUMMARY. Every other record (customers, profiles, the
-- summary items it writes itself, order updates and deletes) is ignored, but only after the
-- function has been invoked for it: without a filter on the event source mapping, each of
-- those records still costs an invocation.
--   .stream attach app-main order-totals.lua
--   .stream attach app-main order-totals.lua --filter '{"dynamodb":{"NewImage":{"entity_type":{"S":["ORDER"]}}}}'
return function(event, context)
  for _, rec in ipairs(event.Records) do
    local new = rec.dynamodb.NewImage
    local kind = new and new.entity_type and new.entity_type.S
    if rec.eventName == "INSERT" and kind == "ORDER" and new.total and new.total.N then
      ddb.call("UpdateItem", {
        TableName = context.table,
        Key = { PK = new.PK, SK = { S = "SUMMARY" } },
        UpdateExpression = "SET entity_type = :e ADD order_total :t",
        ExpressionAttributeValues = { [":e"] = { S = "SUMMARY" }, [":t"] = { N = new.total.N } },
      })
    end
  end
end
