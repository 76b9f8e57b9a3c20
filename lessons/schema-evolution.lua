-- Lesson 10: adding a GSI to a table with data, the backfill gap, an idempotent backfill.
local T = "app-main"

local add_index = [[aws dynamodb update-table --table-name app-main --attribute-definitions AttributeName=GSI3PK,AttributeType=S AttributeName=GSI3SK,AttributeType=S --global-secondary-index-updates '[{"Create":{"IndexName":"GSI3","KeySchema":[{"AttributeName":"GSI3PK","KeyType":"HASH"},{"AttributeName":"GSI3SK","KeyType":"RANGE"}],"Projection":{"ProjectionType":"ALL"}}}]']]
local gold = [[aws dynamodb query --table-name app-main --index-name GSI3 --key-condition-expression "GSI3PK = :t" --expression-attribute-values '{":t":{"S":"TIER#GOLD"}}']]
local backfill_b2 = [[aws dynamodb update-item --table-name app-main --key '{"PK":{"S":"CUST#b2c3"},"SK":{"S":"PROFILE"}}' --update-expression "SET GSI3PK = :t, GSI3SK = :c" --condition-expression "attribute_not_exists(GSI3PK)" --expression-attribute-values '{":t":{"S":"TIER#GOLD"},":c":{"S":"CUST#b2c3"}}']]

local function has_gsi3()
  local d = ddb.try_call("DescribeTable", { TableName = T })
  if not d.ok then return false end
  for _, g in ipairs(d.output.Table.GlobalSecondaryIndexes or {}) do
    if g.IndexName == "GSI3" then return true end
  end
  return false
end

local function idempotent(r)
  local c = r.request.ConditionExpression or ""
  return string.find(c, "attribute_not_exists", 1, true) ~= nil
end

return lesson {
  id = "schema-evolution",
  number = 10,
  title = "Schema evolution: a new GSI and its backfill",
  summary = [[
Items need no migration to gain attributes, but a new access pattern usually means a new
index, and a new index only contains items that carry its key attributes. You will add GSI3
("customers by tier") to a table that already has data, see the gap, and close it with a
backfill that is safe to run twice.]],
  requires = { "gsi-overloading", "conditions-transactions" },

  setup = function()
    fresh_table(T, { gsis = { "GSI1" } })
    seed(T, {
      { PK = "CUST#a1b2", SK = "PROFILE", name = "Acme Co", tier = "GOLD" },
      { PK = "CUST#b2c3", SK = "PROFILE", name = "Bolt Ltd", tier = "GOLD" },
      { PK = "CUST#c3d4", SK = "PROFILE", name = "Core Inc", tier = "SILVER" },
      -- Written after the new code shipped: it already carries the GSI3 keys.
      { PK = "CUST#d4e5", SK = "PROFILE", name = "Delta SA", tier = "GOLD",
        GSI3PK = "TIER#GOLD", GSI3SK = "CUST#d4e5" },
    })
  end,

  steps = {
    {
      id = "add-index",
      text = [[
New access pattern: "all GOLD customers". New code writes GSI3PK = "TIER#<tier>" and
GSI3SK = "CUST#<id>" on every profile it saves; one recent profile (d4e5) already has them.

Add the index GSI3 (keys GSI3PK, GSI3SK, projection ALL) to app-main with update-table.]],
      check = function(r)
        if r.op ~= "UpdateTable" then return nil end
        if not r.ok then return false, "update-table failed: " .. tostring(r.error.message) end
        if not has_gsi3() then return false, "app-main has no GSI3 yet." end
        return true
      end,
      hints = {
        "update-table needs --attribute-definitions for the new key attributes and --global-secondary-index-updates with a Create action.",
        add_index,
      },
      show = add_index,
      explain = [[
The index was created online: the table stayed available throughout. In DynamoDB the index is
CREATING while it backfills and must not be queried before it is ACTIVE.]],
    },
    {
      id = "backfill-gap",
      text = [[
Query GSI3 for the GOLD customers (GSI3PK = "TIER#GOLD"). Three profiles have tier GOLD.]],
      check = function(r)
        if is_scan(r) then return false, "Query the new index: --index-name GSI3." end
        if not is_query(r, "GSI3") then return nil end
        return true
      end,
      hints = { gold },
      show = gold,
      explain = function(r)
        return "GSI3 returned " .. r.count .. " of the 3 GOLD customers. The index holds only items that\n"
          .. "carry GSI3PK and GSI3SK; the older profiles have a tier but not the new keys. No error,\n"
          .. "just missing rows: the backfill gap."
      end,
    },
    {
      id = "idempotent-backfill",
      text = [[
Backfill one old profile, CUST#b2c3: set GSI3PK = "TIER#GOLD" and GSI3SK = "CUST#b2c3". A
backfill job gets retried and re-run, so make the write a no-op when the item already has its
GSI3 keys (a condition on GSI3PK).]],
      check = function(r)
        if r.op ~= "UpdateItem" and r.op ~= "PutItem" then return nil end
        if not idempotent(r) then
          return false, "Without a condition the backfill rewrites items on every re-run (and a put would clobber newer data)."
        end
        if not r.ok and r.error.code ~= "ConditionalCheckFailedException" then
          return false, "The update failed: " .. tostring(r.error.message)
        end
        local it = ddb.get(T, { PK = "CUST#b2c3", SK = "PROFILE" })
        if not it or it.GSI3PK ~= "TIER#GOLD" then return false, "CUST#b2c3 has no GSI3PK = TIER#GOLD yet." end
        return true
      end,
      hints = {
        [[SET GSI3PK = :t, GSI3SK = :c with --condition-expression "attribute_not_exists(GSI3PK)".]],
        backfill_b2,
      },
      show = backfill_b2,
      explain = "Backfilled for {capacity} WCU, including the new entry in GSI3.",
    },
    {
      id = "rerun",
      text = [[
The job crashed and restarts from the beginning. Run the same backfill update again.]],
      check = function(r)
        if r.op ~= "UpdateItem" then return nil end
        if r.ok then
          if idempotent(r) then return nil end
          return false, "That rewrite went through: the re-run was not idempotent."
        end
        if r.error.code ~= "ConditionalCheckFailedException" then
          return false, "Expected ConditionalCheckFailedException, got " .. tostring(r.error.code) .. "."
        end
        return true
      end,
      hints = { "Run the previous update-item again, unchanged." },
      show = backfill_b2,
      explain = [[
ConditionalCheckFailedException: the item was already done, so the re-run changed nothing. In
a real job you treat that exception as "skip", scan in parallel segments, and rate-limit the
writes so the backfill does not starve live traffic.]],
    },
    {
      id = "query-again",
      text = [[
The rest of the job has now run (CUST#a1b2 was backfilled the same way). Query GSI3 for the
GOLD customers again.]],
      setup = function()
        ddb.try_call("UpdateItem", {
          TableName = T, Key = ddb.item({ PK = "CUST#a1b2", SK = "PROFILE" }),
          UpdateExpression = "SET GSI3PK = :t, GSI3SK = :c",
          ConditionExpression = "attribute_not_exists(GSI3PK)",
          ExpressionAttributeValues = ddb.item({ [":t"] = "TIER#GOLD", [":c"] = "CUST#a1b2" }),
        })
      end,
      check = function(r)
        if not is_query(r, "GSI3") then return nil end
        if r.count ~= 3 then return false, "Expected the 3 GOLD customers, got {count}." end
        return true
      end,
      hints = { gold },
      show = gold,
      explain = "All three GOLD customers. Only now is the new access pattern correct, so only now may code rely on it.",
    },
  },
}
