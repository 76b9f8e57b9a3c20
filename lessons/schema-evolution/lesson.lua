-- Lesson 10: adding a GSI to a table with data, the backfill gap, an idempotent backfill.
-- Checks read the normalized record (lessons/README.md, "What a check sees"): the same fields
-- whether a step is answered with the aws CLI, PartiQL, or PartiQL through execute-statement.
local T = "app-main"

local add_index = [[aws dynamodb update-table --table-name app-main --attribute-definitions AttributeName=GSI3PK,AttributeType=S AttributeName=GSI3SK,AttributeType=S --global-secondary-index-updates '[{"Create":{"IndexName":"GSI3","KeySchema":[{"AttributeName":"GSI3PK","KeyType":"HASH"},{"AttributeName":"GSI3SK","KeyType":"RANGE"}],"Projection":{"ProjectionType":"ALL"}}}]']]
local gold = [[aws dynamodb query --table-name app-main --index-name GSI3 --key-condition-expression "GSI3PK = :t" --expression-attribute-values '{":t":{"S":"TIER#GOLD"}}']]
local backfill_b2 = [[aws dynamodb update-item --table-name app-main --key '{"PK":{"S":"CUST#b2c3"},"SK":{"S":"PROFILE"}}' --update-expression "SET GSI3PK = :t, GSI3SK = :c" --condition-expression "attribute_not_exists(GSI3PK)" --expression-attribute-values '{":t":{"S":"TIER#GOLD"},":c":{"S":"CUST#b2c3"}}']]

local PROFILES = {
  { PK = "CUST#a1b2", SK = "PROFILE", name = "Acme Co", tier = "GOLD" },
  { PK = "CUST#b2c3", SK = "PROFILE", name = "Bolt Ltd", tier = "GOLD" },
  { PK = "CUST#c3d4", SK = "PROFILE", name = "Core Inc", tier = "SILVER" },
  -- Written after the new code shipped: it already carries the GSI3 keys.
  { PK = "CUST#d4e5", SK = "PROFILE", name = "Delta SA", tier = "GOLD",
    GSI3PK = "TIER#GOLD", GSI3SK = "CUST#d4e5" },
}
local B2 = { PK = "CUST#b2c3", SK = "PROFILE" }
local B2_DONE = { PK = "CUST#b2c3", SK = "PROFILE", name = "Bolt Ltd", tier = "GOLD",
  GSI3PK = "TIER#GOLD", GSI3SK = "CUST#b2c3" }

-- Record helpers ----------------------------------------------------------------------------
-- The entry of r.writes for the item with that key in this lesson's table, or nil.
local function write_on(r, key) return write_on_in(r, key, T) end
local function table_note(r)
  return used_table(r) .. "; the customers are in app-main. "
end
-- The profile as the lesson seeded it (nil for a key it did not seed).
local function seeded(key)
  for _, p in ipairs(PROFILES) do
    if p.PK == key.PK and p.SK == key.SK then return p end
  end
  return nil
end
-- Puts back what a wrong write changed: `want` for the profile, else the seeded profile.
local function restore(r, key, want)
  if type(key) ~= "table" or not key.PK or not key.SK then return "" end
  local image = (write_on(r, key) or {}).image
  local original = want or seeded(key)
  if not r.ok or same_value(image, original) then return "" end
  if original then ddb.put(T, original) else ddb.call("DeleteItem", { TableName = T, Key = ddb.item(key) }) end
  return " (The lesson put " .. key.PK .. " back as it was.)"
end
-- A condition that makes the backfill a no-op once the item has its GSI3 keys.
local function idempotent(cond)
  return absent_guard(cond, { "GSI3PK", "GSI3SK" })
end
local function gold_query(r, expected)
  if r.op == "Scan" then return false, "That Scan read {read} items. " .. expected end
  if r.op == "ExecuteStatement" and not r.ok then
    -- A SELECT refused before it was planned (no such table or index).
    if r.table ~= T then return false, table_note(r) .. expected end
    if r.index ~= "GSI3" then
      return false, "DynamoDB refused it ({error}): that SELECT read index " .. r.index .. ". " .. expected
    end
    return false, "DynamoDB refused it ({error}). " .. expected
  end
  if r.op ~= "Query" then return nil, expected end
  if r.table ~= T then return false, table_note(r) .. expected end
  if r.index ~= "GSI3" then
    return false, "That Query read " .. (r.index == "" and "the table itself" or ("index " .. r.index)) .. ". " .. expected
  end
  if not r.ok then return false, "DynamoDB refused it ({error}). " .. expected end
  local gold = r.count > 0
  for _, it in ipairs(r.items or {}) do
    -- A projection may leave GSI3PK out; the items that carry it must be GOLD ones.
    if it.GSI3PK ~= nil and it.GSI3PK ~= "TIER#GOLD" then gold = false end
  end
  if not gold then
    return false, "That Query returned no GOLD customers: the key value is GSI3PK = TIER#GOLD. " .. expected
  end
  return true
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
    seed(T, PROFILES)
  end,

  steps = {
    {
      id = "add-index",
      text = [[
New access pattern: "all GOLD customers". New code writes GSI3PK = "TIER#<tier>" and
GSI3SK = "CUST#<id>" on every profile it saves; one recent profile (d4e5) already has them.

Add the index GSI3 (keys GSI3PK, GSI3SK, projection ALL) to app-main with update-table.
(Indexes are changed with the aws CLI only: PartiQL has no statement for it.)]],
      check = function(r)
        local expected = "This step expects update-table on app-main creating GSI3: GSI3PK HASH, GSI3SK RANGE, projection ALL."
        if r.op == "CreateTable" then
          return false, "GSI3 belongs on the existing table: add it to app-main with update-table. " .. expected
        end
        if r.op ~= "UpdateTable" then return nil, expected end
        if r.table ~= T then return false, table_note(r) .. expected end
        if not r.ok then return false, "DynamoDB refused it ({error}). " .. expected end
        local g = describe_gsi(T, "GSI3")
        if not g then return false, "That update-table did not add GSI3. " .. expected end
        local ks = g.KeySchema or {}
        local problems = {}
        if #ks ~= 2 or ks[1].AttributeName ~= "GSI3PK" or ks[1].KeyType ~= "HASH"
            or ks[2].AttributeName ~= "GSI3SK" or ks[2].KeyType ~= "RANGE" then
          local parts = {}
          for i, k in ipairs(ks) do parts[i] = tostring(k.AttributeName) .. " " .. tostring(k.KeyType) end
          problems[#problems + 1] = "its keys are " .. table.concat(parts, ", ") .. " (the step asks for GSI3PK HASH, GSI3SK RANGE)"
        end
        local retyped = false
        local d = ddb.try_call("DescribeTable", { TableName = T })
        for _, a in ipairs(d.ok and d.output.Table.AttributeDefinitions or {}) do
          if (a.AttributeName == "GSI3PK" or a.AttributeName == "GSI3SK") and a.AttributeType ~= "S" then
            retyped = true
            problems[#problems + 1] = a.AttributeName .. " is declared of type " .. tostring(a.AttributeType) ..
              " while its values are strings (" .. (a.AttributeName == "GSI3PK" and "TIER#<tier>" or "CUST#<id>") .. "), so no profile would be indexed"
          end
        end
        local projection = (g.Projection or {}).ProjectionType
        if projection ~= "ALL" then
          problems[#problems + 1] = "its projection is " .. tostring(projection) ..
            " (the step asks for ALL, so that the index returns whole profiles)"
        end
        if #problems > 0 and retyped then
          -- A key attribute's type stays defined after its index is gone: start from the setup.
          fresh_table(T, { gsis = { "GSI1" } })
          seed(T, PROFILES)
          return false, "GSI3 was created, but " .. table.concat(problems, "; ") .. ". (The lesson recreated app-main as it was at the start, without GSI3, so you can create it again.)"
        end
        if #problems > 0 then
          ddb.call("UpdateTable", { TableName = T, GlobalSecondaryIndexUpdates = { { Delete = { IndexName = "GSI3" } } } })
          return false, "GSI3 was created, but " .. table.concat(problems, "; ") .. ". (The lesson deleted GSI3 so you can create it again.)"
        end
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
        return gold_query(r, "This step expects a Query of app-main's index GSI3 for GSI3PK = TIER#GOLD.")
      end,
      hints = {
        [[Query --index-name GSI3 with "GSI3PK = :t", :t = "TIER#GOLD" (PartiQL: SELECT * FROM "app-main"."GSI3" WHERE GSI3PK = 'TIER#GOLD').]],
        gold,
      },
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
        r = as_single(r)
        local expected = "This step expects a write of CUST#b2c3 / PROFILE that sets GSI3PK = TIER#GOLD and GSI3SK = CUST#b2c3, keeps its other attributes, and is guarded by attribute_not_exists(GSI3PK)."
        if not SINGLE_WRITES[r.op] then
          if r.op == "TransactWriteItems" or r.op == "BatchWriteItem" then
            return false, "One conditional write is all this step needs. " .. expected
          end
          return nil, expected
        end
        if r.table ~= T then return false, table_note(r) .. expected end
        local key = r.key or {}
        if not same_value(key, B2) then
          return false, "That write was for " .. key_text(key) .. ", not CUST#b2c3." .. restore(r, key) .. " " .. expected
        end
        if r.op == "DeleteItem" then
          return false, "That deletes the profile." .. restore(r, B2) .. " " .. expected
        end
        if not idempotent(r.condition) then
          local what = r.condition and ("Its condition (" .. r.condition .. ") does not make the write a no-op once GSI3PK is set")
            or "Without a condition the backfill rewrites items on every re-run"
          if r.op == "PutItem" then what = what .. ", and a put would clobber newer data" end
          return false, what .. "." .. restore(r, B2)
        end
        local image = (write_on(r, B2) or {}).image
        if not r.ok then
          if r.error.code == "ConditionalCheckFailedException" then
            return false, "The condition failed, yet CUST#b2c3 " .. (image and image.GSI3PK and "already has GSI3PK" or "has no GSI3PK yet")
              .. " (its condition was " .. tostring(r.condition) .. ")."
          end
          return false, "DynamoDB refused it ({error}). " .. expected
        end
        if not same_value(image, B2_DONE) then
          return false, "Guarded, but afterwards " .. differences(image, B2_DONE) .. "." .. restore(r, B2)
        end
        return true
      end,
      hints = {
        [[SET GSI3PK = :t, GSI3SK = :c with --condition-expression "attribute_not_exists(GSI3PK)" (PartiQL: AND attribute_not_exists(GSI3PK) in the WHERE clause).]],
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
        r = as_single(r)
        local expected = "This step expects the same guarded backfill of CUST#b2c3 again, refused because GSI3PK is already set."
        if not SINGLE_WRITES[r.op] then
          if r.op == "TransactWriteItems" or r.op == "BatchWriteItem" then
            return false, "Run the backfill write itself again. " .. expected
          end
          return nil, expected
        end
        if r.table ~= T then return false, table_note(r) .. expected end
        local key = r.key or {}
        if not same_value(key, B2) then
          return false, "That write was for " .. key_text(key) .. ", not CUST#b2c3." .. restore(r, key) .. " " .. expected
        end
        if r.ok then
          local note = restore(r, B2, B2_DONE)
          if idempotent(r.condition) then
            return false, "That write went through: CUST#b2c3 had no GSI3 keys before it." .. note
          end
          return false, "That rewrite went through: the re-run was not idempotent." .. note
        end
        if r.error.code ~= "ConditionalCheckFailedException" then
          return false, "DynamoDB refused it ({error}): that is not a failed condition. " .. expected
        end
        if not idempotent(r.condition) then
          return false, "Refused, but by a different condition (" .. tostring(r.condition) .. "). " .. expected
        end
        return true
      end,
      hints = { "Run the previous update again, unchanged." },
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
        local verdict, msg = gold_query(r, "This step expects a Query of app-main's index GSI3 for GSI3PK = TIER#GOLD.")
        if verdict ~= true then return verdict, msg end
        if r.count ~= 3 then return false, "Expected the 3 GOLD customers, got {count}." end
        return true
      end,
      hints = { gold },
      show = gold,
      explain = "All three GOLD customers. Only now is the new access pattern correct, so only now may code rely on it.",
    },
  },
}
