-- Lesson 13: one access pattern two ways: overloaded synthetic GSI keys, then a multi-attribute
-- GSI (DynamoDB Developer Guide, "Multi-attribute keys pattern").
-- Checks read the normalized record (lessons/README.md, "What a check sees"): the same fields
-- whether a step is answered with the aws CLI, PartiQL, or PartiQL through execute-statement.
local T = "app-main"

local function key(customer, sk)
  return string.format([['{"PK":{"S":"%s"},"SK":{"S":"%s"}}']], customer, sk)
end

local SYNTHETIC_QUERY = [[aws dynamodb query --table-name app-main --index-name GSI1 --key-condition-expression "GSI1PK = :s" --expression-attribute-values '{":s":{"S":"STATUS#OPEN"}}' --no-scan-index-forward]]
local SYNTHETIC_SHIP = [[aws dynamodb update-item --table-name app-main --key ]] ..
    key("CUST#a1b2", "ORDER#o-9001") ..
    [[ --update-expression "SET orderStatus = :sh, GSI1PK = :g" --expression-attribute-values '{":sh":{"S":"SHIPPED"},":g":{"S":"STATUS#SHIPPED"}}']]
local CREATE_INDEX = [[aws dynamodb update-table --table-name app-main --attribute-definitions AttributeName=orderStatus,AttributeType=S AttributeName=placedAt,AttributeType=S AttributeName=orderId,AttributeType=S --global-secondary-index-updates '[{"Create":{"IndexName":"ByStatus","KeySchema":[{"AttributeName":"orderStatus","KeyType":"HASH"},{"AttributeName":"placedAt","KeyType":"RANGE"},{"AttributeName":"orderId","KeyType":"RANGE"}],"Projection":{"ProjectionType":"ALL"}}}]']]
local MULTI_QUERY = [[aws dynamodb query --table-name app-main --index-name ByStatus --key-condition-expression "orderStatus = :o" --expression-attribute-values '{":o":{"S":"OPEN"}}' --no-scan-index-forward]]
local MULTI_SHIP = [[aws dynamodb update-item --table-name app-main --key ]] ..
    key("CUST#c3d4", "ORDER#o-9100") ..
    [[ --update-expression "SET orderStatus = :sh" --expression-attribute-values '{":sh":{"S":"SHIPPED"}}']]
local SKIP_QUERY = [[aws dynamodb query --table-name app-main --index-name ByStatus --key-condition-expression "orderStatus = :o AND orderId = :id" --expression-attribute-values '{":o":{"S":"OPEN"},":id":{"S":"o-9050"}}']]

local ORDERS = {
  { "CUST#a1b2", "o-9001", "OPEN", "2026-06-01", 149 },
  { "CUST#a1b2", "o-9044", "SHIPPED", "2026-06-03", 72 },
  { "CUST#c3d4", "o-9100", "OPEN", "2026-06-05", 31 },
  { "CUST#c3d4", "o-9050", "OPEN", "2026-06-04", 18 },
  { "CUST#e5f6", "o-8800", "SHIPPED", "2026-05-20", 55 },
}
local seeded = {}  -- "PK|SK" -> the order as the steps so far have left it
local function reset_seeded()
  seeded = {}
  for _, o in ipairs(ORDERS) do
    local it = { PK = o[1], SK = "ORDER#" .. o[2], orderId = o[2], orderStatus = o[3],
      placedAt = o[4], total = o[5], GSI1PK = "STATUS#" .. o[3], GSI1SK = o[4] .. "#" .. o[2] }
    seeded[it.PK .. "|" .. it.SK] = it
  end
end
reset_seeded()
local function order(pk, sk) return seeded[pk .. "|" .. sk] end
local function with(item, changes)
  local out = {}
  for k, v in pairs(item) do out[k] = v end
  for k, v in pairs(changes) do out[k] = v end
  return out
end
local O1 = { PK = "CUST#a1b2", SK = "ORDER#o-9001" }
local O2 = { PK = "CUST#c3d4", SK = "ORDER#o-9100" }
local O1_SHIPPED = with(order(O1.PK, O1.SK), { orderStatus = "SHIPPED", GSI1PK = "STATUS#SHIPPED" })
local O2_SHIPPED = with(order(O2.PK, O2.SK), { orderStatus = "SHIPPED" })

-- The order id of a returned item, from whichever of orderId, SK or GSI1SK a projection kept.
local function ident(it)
  if it.orderId ~= nil then return it.orderId end
  if type(it.SK) == "string" and string.match(it.SK, "^ORDER#(.+)$") then return string.match(it.SK, "^ORDER#(.+)$") end
  if type(it.GSI1SK) == "string" and string.match(it.GSI1SK, "#(.+)$") then return string.match(it.GSI1SK, "#(.+)$") end
  return nil
end
local function open_ids(r)
  local ids = {}
  for _, item in ipairs(r.items or {}) do ids[#ids + 1] = tostring(ident(item)) end
  return table.concat(ids, ", ")
end
-- Record helpers ----------------------------------------------------------------------------
-- The entry of r.writes for the item with that key in this lesson's table, or nil.
local function write_on(r, key) return write_on_in(r, key, T) end
local function table_note(r)
  return used_table(r) .. "; the orders are in app-main. "
end
local function refused(r, expected)
  return false, "DynamoDB refused it ({error}). " .. expected
end
-- Undoes a wrong write that went through: `state` (or the seeded order) is put back.
local function undo(r, state)
  local k = r.key
  if not r.ok or type(k) ~= "table" or not k.PK or not k.SK then return "" end
  local original = state or order(k.PK, k.SK)
  local image = (write_on(r, k) or {}).image
  if same_value(image, original) then return "" end
  if original then
    ddb.put(T, original)
    return " (The lesson put " .. k.SK .. " back as it was.)"
  end
  ddb.call("DeleteItem", { TableName = T, Key = ddb.item(k) })
  return " (The lesson deleted that item again.)"
end
-- A Query for the open orders, newest first, on `index`.
local function open_orders(r, index, ids, expected)
  if r.op == "Scan" then return false, "That Scan read {read} items; Query " .. index .. " instead." end
  if r.op == "ExecuteStatement" and not r.ok then
    -- A SELECT refused before it was planned (no such table or index).
    if r.table ~= T then return false, table_note(r) .. expected end
    return false, "DynamoDB refused it ({error})"
      .. (r.index ~= index and r.index ~= "" and (": there is no index " .. r.index) or "") .. ". " .. expected
  end
  if r.op ~= "Query" then return nil, expected end
  if r.table ~= T then return false, table_note(r) .. expected end
  if not r.ok then return refused(r, expected) end
  if r.index ~= index then
    return false, "That Query read " .. (r.index == "" and "the table itself" or ("index " .. r.index)) .. ". " .. expected
  end
  if #r.items == 0 and r.count > 0 then
    return nil, "(That counted {count} items without returning them: leave out --select COUNT so the step can see which orders came back.)"
  end
  for _, it in ipairs(r.items) do
    if ident(it) == nil then
      return nil, "(Those items came back without orderId or a key, so the step cannot tell which orders they are: select orderId too, or *.)"
    end
  end
  if r.count ~= #ids then return false, "Expected the " .. #ids .. " open orders, got {count}." end
  local open = {}
  for _, id in ipairs(ids) do open[id] = true end
  for _, it in ipairs(r.items) do
    if not open[ident(it)] or (it.orderStatus ~= nil and it.orderStatus ~= "OPEN") then
      return false, "That Query returned orders that are not open (" .. open_ids(r) .. ")."
    end
  end
  for i, id in ipairs(ids) do
    if ident(r.items[i]) ~= id then
      return false, "Right orders (" .. open_ids(r) .. "), but not newest first."
    end
  end
  return true
end
-- One write of order `k` whose whole image afterwards must be `want`.
local function ship_step(r, k, want, expected, miss)
  if not SINGLE_WRITES[r.op] then
    if r.op == "TransactWriteItems" or r.op == "BatchWriteItem" then
      return false, "One write is all this step needs. " .. expected
    end
    return nil, expected
  end
  if r.table ~= T then return false, table_note(r) .. expected end
  if not same_value(r.key, k) then
    return false, "That write was for " .. key_text(r.key) .. "." .. undo(r) .. " " .. expected
  end
  if not r.ok then return refused(r, expected) end
  local image = (write_on(r, k) or {}).image
  if same_value(image, want) then return true end
  local before = order(k.PK, k.SK)
  return false, miss(image) .. undo(r, before)
end

return lesson {
  id = "multi-attribute-keys",
  number = 13,
  title = "Multi-attribute GSI keys: the same pattern without synthetic keys",
  summary = [[
"Open orders, newest first" two ways: first with the course's overloaded GSI1 and a synthetic
key GSI1PK = "STATUS#OPEN" that every status change must rewrite; then with a GSI whose keys
are the order's own attributes (orderStatus; placedAt, orderId), which DynamoDB has allowed
since November 2025. Compare what writes maintain, what reads cost, and what the new keys
cannot do.]],
  requires = { "gsi-overloading", "sparse-indexes" },

  setup = function()
    reset_seeded()
    fresh_table(T, { gsis = { "GSI1" } })
    local items = {}
    for _, o in ipairs(ORDERS) do items[#items + 1] = order(o[1], "ORDER#" .. o[2]) end
    seed(T, items)
  end,

  steps = {
    {
      id = "synthetic-read",
      text = [[
app-main holds five orders. Each carries its own attributes (orderId, orderStatus, placedAt,
total) and, for the overloaded GSI1, synthetic copies of them: GSI1PK = "STATUS#<status>" and
GSI1SK = "<placedAt>#<orderId>".

List the open orders, newest first, with one Query on GSI1.]],
      check = function(r)
        return open_orders(r, "GSI1", { "o-9100", "o-9050", "o-9001" },
          "This step expects a Query of app-main's index GSI1 for GSI1PK = STATUS#OPEN, newest first.")
      end,
      hints = {
        [[Query --index-name GSI1 with "GSI1PK = :s" and :s = "STATUS#OPEN".]],
        "--no-scan-index-forward (PartiQL: ORDER BY GSI1SK DESC) returns the highest GSI1SK, the newest date, first.",
      },
      show = SYNTHETIC_QUERY,
      explain = [[
Three orders for {capacity} RCU. The key works because the writer built the string
"STATUS#OPEN" and the sort key "<date>#<id>" by hand, on every write.]],
    },
    {
      id = "synthetic-ship",
      text = [[
Order o-9001 (PK = "CUST#a1b2", SK = "ORDER#o-9001") ships. With synthetic keys, the status
lives twice: in orderStatus and inside GSI1PK. Set orderStatus to SHIPPED and keep GSI1
truthful, in one update.]],
      check = function(r)
        r = as_single(r)
        return ship_step(r, O1, O1_SHIPPED,
          "This step expects one write of order o-9001 that sets orderStatus = SHIPPED and GSI1PK = STATUS#SHIPPED and keeps its other attributes.",
          function(image)
            if image and image.orderStatus == "SHIPPED" and image.GSI1PK ~= "STATUS#SHIPPED"
                and same_value(with(image, { GSI1PK = O1_SHIPPED.GSI1PK }), O1_SHIPPED) then
              return "orderStatus says SHIPPED but GSI1PK still says " .. show_value(image.GSI1PK) ..
                ": GSI1 keeps listing o-9001 as open."
            end
            return "Order o-9001 was written, but " .. differences(image, O1_SHIPPED) .. "."
          end)
      end,
      hints = {
        "The synthetic key is a copy of the status: the same update must rewrite GSI1PK to STATUS#SHIPPED.",
        [[--update-expression "SET orderStatus = :sh, GSI1PK = :g" with :g = "STATUS#SHIPPED"]],
      },
      show = SYNTHETIC_SHIP,
      explain = [[
{capacity} WCU: the base item, plus two GSI1 writes because its key changed (a delete and a
put). Every writer of orders must know how GSI1PK is spelled, or the index drifts from the
data.]],
    },
    {
      id = "create-index",
      text = [[
Now the same access pattern with a multi-attribute GSI. Add an index ByStatus to app-main
whose partition key is orderStatus and whose sort key is the pair (placedAt, orderId), in that
order, projecting ALL. No item needs new attributes: the keys are attributes the orders
already have. (Indexes are changed with update-table in the aws CLI: PartiQL has no statement
for it.)]],
      setup = function() seeded[O1.PK .. "|" .. O1.SK] = O1_SHIPPED end,
      check = function(r)
        local expected = "This step expects update-table on app-main creating ByStatus: orderStatus HASH, then placedAt RANGE and orderId RANGE, projection ALL."
        if r.op == "CreateTable" then
          return false, "ByStatus belongs on the existing table: add it to app-main with update-table. " .. expected
        end
        if r.op ~= "UpdateTable" then return nil, expected end
        if r.table ~= T then return false, table_note(r) .. expected end
        if not r.ok then return refused(r, expected) end
        local ix = describe_gsi(T, "ByStatus")
        if not ix then return false, "That update-table did not add ByStatus. " .. expected end
        local problems = {}
        local ks = ix.KeySchema or {}
        if #ks ~= 3 or ks[1].AttributeName ~= "orderStatus" or ks[1].KeyType ~= "HASH"
            or ks[2].AttributeName ~= "placedAt" or ks[2].KeyType ~= "RANGE"
            or ks[3].AttributeName ~= "orderId" or ks[3].KeyType ~= "RANGE" then
          local parts = {}
          for i, k in ipairs(ks) do parts[i] = tostring(k.AttributeName) .. " " .. tostring(k.KeyType) end
          problems[#problems + 1] = "its KeySchema is " .. table.concat(parts, ", ") ..
            " (the step asks for orderStatus HASH, placedAt RANGE, orderId RANGE)"
        end
        local projection = (ix.Projection or {}).ProjectionType
        if projection ~= "ALL" then
          problems[#problems + 1] = "its projection is " .. tostring(projection) ..
            " (the step asks for ALL, so a Query on it returns whole orders)"
        end
        local retyped = false
        for _, a in ipairs(ddb.call("DescribeTable", { TableName = T }).output.Table.AttributeDefinitions or {}) do
          if (a.AttributeName == "orderStatus" or a.AttributeName == "placedAt" or a.AttributeName == "orderId")
              and a.AttributeType ~= "S" then
            retyped = true
            problems[#problems + 1] = a.AttributeName .. " is declared of type " .. tostring(a.AttributeType) ..
              " while the orders store it as a string, so no order would be indexed"
          end
        end
        if #problems > 0 and retyped then
          -- A key attribute's type stays defined after its index is gone: rebuild the table as
          -- the steps so far have left it.
          fresh_table(T, { gsis = { "GSI1" } })
          local items = {}
          for _, o in ipairs(ORDERS) do items[#items + 1] = order(o[1], "ORDER#" .. o[2]) end
          seed(T, items)
          return false, "ByStatus was created, but " .. table.concat(problems, "; ") .. ". (The lesson rebuilt app-main without ByStatus so you can create it again.)"
        end
        if #problems > 0 then
          ddb.call("UpdateTable", { TableName = T, GlobalSecondaryIndexUpdates = { { Delete = { IndexName = "ByStatus" } } } })
          return false, "ByStatus was created, but " .. table.concat(problems, "; ") .. ". (The lesson deleted ByStatus so you can create it again.)"
        end
        return true
      end,
      hints = {
        "update-table --global-secondary-index-updates with a Create whose KeySchema has three elements: one HASH, then two RANGE.",
        [[Declare orderStatus, placedAt and orderId in --attribute-definitions (all S).]],
      },
      show = CREATE_INDEX,
      explain = function()
        return "ByStatus now holds all " .. ddb.count(T, "ByStatus") ..
            " orders, filled from the attributes they already had: no backfill of synthetic keys."
      end,
    },
    {
      id = "multi-read",
      text = [[
List the open orders, newest first, with one Query on ByStatus.]],
      check = function(r)
        return open_orders(r, "ByStatus", { "o-9100", "o-9050" },
          "This step expects a Query of app-main's index ByStatus for orderStatus = OPEN, newest first.")
      end,
      hints = {
        [[Query --index-name ByStatus with "orderStatus = :o" and :o = "OPEN".]],
        "--no-scan-index-forward (PartiQL: ORDER BY placedAt DESC) orders by (placedAt, orderId) descending.",
      },
      show = MULTI_QUERY,
      explain = [[
Same result shape, same {capacity} RCU: the index is sorted by placedAt, then orderId, each in
its own type's order, and the items come back with their plain attributes: nothing to parse.]],
    },
    {
      id = "multi-ship",
      text = [[
Order o-9100 (PK = "CUST#c3d4", SK = "ORDER#o-9100") ships. This time change orderStatus only.]],
      check = function(r)
        r = as_single(r)
        return ship_step(r, O2, O2_SHIPPED,
          "This step expects one write of order o-9100 that sets orderStatus = SHIPPED and changes nothing else.",
          function(image)
            if image and image.orderStatus == "SHIPPED" and image.GSI1PK ~= O2_SHIPPED.GSI1PK then
              return "This time change orderStatus only, and leave GSI1PK alone: the point is to see which index follows by itself."
            end
            return "Order o-9100 was written, but " .. differences(image, O2_SHIPPED) .. "."
          end)
      end,
      hints = {
        [[--update-expression "SET orderStatus = :sh" with :sh = "SHIPPED"]],
      },
      show = MULTI_SHIP,
      explain = function()
        local it = ddb.get(T, O2)
        return "ByStatus moved the order on its own: no key string to rebuild. GSI1, which nobody " ..
            "updated, still says " .. tostring(it.GSI1PK) .. ": synthetic keys are only as right as " ..
            "every writer that maintains them."
      end,
    },
    {
      id = "limits",
      text = [[
What multi-attribute keys cannot do. Query ByStatus for the open order o-9050 by naming
orderStatus and orderId only, skipping placedAt, and read DynamoDB's answer (a query, or a
PartiQL SELECT on the index).]],
      setup = function() seeded[O2.PK .. "|" .. O2.SK] = O2_SHIPPED end,
      check = function(r)
        local expected = "This step expects a read of ByStatus with orderStatus = OPEN and orderId = o-9050 and no condition on placedAt."
        local function skips(text)
          return uses(text, "orderStatus") and uses(text, "orderId") and not uses(text, "placedAt")
        end
        if r.op == "ExecuteStatement" and not r.ok then
          -- A SELECT refused before it was planned (no such table or index).
          if r.table ~= T then return false, table_note(r) .. expected end
          return false, "DynamoDB refused it ({error}). " .. expected
        end
        if r.op ~= "Query" and r.op ~= "Scan" then return nil, expected end
        if r.table ~= T then return false, table_note(r) .. expected end
        if r.index ~= "ByStatus" then
          return nil, "That read " .. (r.index == "" and "the table itself" or ("index " .. r.index)) .. ". " .. expected
        end
        if r.op == "Scan" then
          if r.ok and skips(r.filter) then return true end
          return nil, "That Scan read every order of ByStatus. " .. expected
        end
        if r.ok then
          if uses(r.key_condition, "placedAt") then
            return nil, "That Query named the sort-key attributes in order, placedAt included; now skip placedAt."
          end
          return nil, "That Query named only orderStatus; now name orderId too, without placedAt."
        end
        if not string.find(r.error.message or "", "must have equality conditions", 1, true) then
          return false, "DynamoDB refused it, but not for skipping placedAt: {error}"
        end
        if not skips(r.key_condition) then
          return false, "Refused, but that key condition is not orderStatus and orderId without placedAt. " .. expected
        end
        return true
      end,
      hints = {
        [["orderStatus = :o AND orderId = :id" on ByStatus, without placedAt.]],
      },
      show = SKIP_QUERY,
      explain = function(r)
        local answer
        if r.op == "Scan" then
          answer = string.format("PartiQL did not refuse: with placedAt unnamed, orderId cannot be part of a key\n"
            .. "condition, so the SELECT became a Scan of ByStatus (%d items read for %d returned).\n"
            .. "query refuses the same condition outright: the sort-key attributes must have equality\n"
            .. "conditions from the left.\n", r.read, r.returned)
        else
          answer = "Refused: sort-key attributes must have equality conditions from the left.\n"
        end
        return answer .. [[
Sort-key attributes are named left to right, and only the last one named may take a range
condition; begins_with applies to one attribute, never across two the way it reaches across
"2026-06-04#o-9050". Nor can one multi-attribute index be overloaded across entity types
whose attributes have different names: that is still what synthetic keys are for. Use
multi-attribute keys when the entity already has the attributes the pattern needs.]]
      end,
    },
  },
}
