-- Lesson 13: one access pattern two ways: overloaded synthetic GSI keys, then a multi-attribute
-- GSI (DynamoDB Developer Guide, "Multi-attribute keys pattern").
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

local function open_ids(r)
  local ids = {}
  for _, item in ipairs(r.items or {}) do ids[#ids + 1] = item.orderId end
  return table.concat(ids, ", ")
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
    fresh_table(T, { gsis = { "GSI1" } })
    local orders = {
      { "CUST#a1b2", "o-9001", "OPEN", "2026-06-01", 149 },
      { "CUST#a1b2", "o-9044", "SHIPPED", "2026-06-03", 72 },
      { "CUST#c3d4", "o-9100", "OPEN", "2026-06-05", 31 },
      { "CUST#c3d4", "o-9050", "OPEN", "2026-06-04", 18 },
      { "CUST#e5f6", "o-8800", "SHIPPED", "2026-05-20", 55 },
    }
    local items = {}
    for _, o in ipairs(orders) do
      items[#items + 1] = { PK = o[1], SK = "ORDER#" .. o[2], orderId = o[2], orderStatus = o[3],
        placedAt = o[4], total = o[5], GSI1PK = "STATUS#" .. o[3], GSI1SK = o[4] .. "#" .. o[2] }
    end
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
        if is_scan(r) then return false, "That Scan read {read} items; GSI1 groups orders by status." end
        if not is_query(r, "GSI1") then return nil end
        if r.count ~= 3 then return false, "Expected the 3 open orders, got {count}." end
        if r.items[1].orderId ~= "o-9100" then
          return false, "Right orders (" .. open_ids(r) .. "), but not newest first."
        end
        return true
      end,
      hints = {
        [[Query --index-name GSI1 with "GSI1PK = :s" and :s = "STATUS#OPEN".]],
        "--no-scan-index-forward returns the highest GSI1SK (the newest date) first.",
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
truthful, in one update-item.]],
      check = function(r)
        if r.op ~= "UpdateItem" and r.op ~= "PutItem" then return nil end
        if not r.ok then return false, "The write failed: {error}" end
        local it = ddb.get(T, { PK = "CUST#a1b2", SK = "ORDER#o-9001" })
        if not it or it.orderStatus ~= "SHIPPED" then
          return false, "Order o-9001 is not SHIPPED yet."
        end
        if it.GSI1PK ~= "STATUS#SHIPPED" then
          return false, "orderStatus says SHIPPED but GSI1PK still says " .. tostring(it.GSI1PK) ..
              ": GSI1 keeps listing o-9001 as open."
        end
        return true
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
already have.]],
      check = function(r)
        if r.op ~= "UpdateTable" then return nil end
        if not r.ok then return false, "UpdateTable failed: {error}" end
        local d = ddb.call("DescribeTable", { TableName = T })
        for _, ix in ipairs(d.output.Table.GlobalSecondaryIndexes or {}) do
          if ix.IndexName == "ByStatus" then
            local ks = ix.KeySchema
            if #ks ~= 3 or ks[1].AttributeName ~= "orderStatus" or ks[2].AttributeName ~= "placedAt" or
                ks[3].AttributeName ~= "orderId" then
              return false, "ByStatus exists but its KeySchema is not orderStatus HASH, placedAt RANGE, orderId RANGE."
            end
            return true
          end
        end
        return false, "No index named ByStatus."
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
        if is_scan(r) then return false, "That Scan read {read} items; Query ByStatus instead." end
        if not is_query(r, "ByStatus") then return nil end
        if r.count ~= 2 then return false, "Expected the 2 open orders, got {count}." end
        if r.items[1].orderId ~= "o-9100" then
          return false, "Right orders (" .. open_ids(r) .. "), but not newest first."
        end
        return true
      end,
      hints = {
        [[Query --index-name ByStatus with "orderStatus = :o" and :o = "OPEN".]],
        "--no-scan-index-forward orders by (placedAt, orderId) descending.",
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
        if r.op ~= "UpdateItem" and r.op ~= "PutItem" then return nil end
        if not r.ok then return false, "The write failed: {error}" end
        local it = ddb.get(T, { PK = "CUST#c3d4", SK = "ORDER#o-9100" })
        if not it or it.orderStatus ~= "SHIPPED" then
          return false, "Order o-9100 is not SHIPPED yet."
        end
        return true
      end,
      hints = {
        [[--update-expression "SET orderStatus = :sh" with :sh = "SHIPPED"]],
      },
      show = MULTI_SHIP,
      explain = function()
        local it = ddb.get(T, { PK = "CUST#c3d4", SK = "ORDER#o-9100" })
        return "ByStatus moved the order on its own: no key string to rebuild. GSI1, which nobody " ..
            "updated, still says " .. tostring(it.GSI1PK) .. ": synthetic keys are only as right as " ..
            "every writer that maintains them."
      end,
    },
    {
      id = "limits",
      text = [[
What multi-attribute keys cannot do. Query ByStatus for the open order o-9050 by naming
orderStatus and orderId only, skipping placedAt, and read DynamoDB's answer.]],
      check = function(r)
        if r.op ~= "Query" then return nil end
        if r.ok then
          return nil, "That Query named the sort-key attributes in order; now skip placedAt."
        end
        if not r.error.message:find("must have equality conditions", 1, true) then
          return false, "DynamoDB refused it, but not for skipping placedAt: " .. r.error.message
        end
        return true
      end,
      hints = {
        [["orderStatus = :o AND orderId = :id" on ByStatus, without placedAt.]],
      },
      show = SKIP_QUERY,
      explain = [[
Sort-key attributes are named left to right, and only the last one named may take a range
condition; begins_with applies to one attribute, never across two the way it reaches across
"2026-06-04#o-9050". Nor can one multi-attribute index be overloaded across entity types
whose attributes have different names: that is still what synthetic keys are for. Use
multi-attribute keys when the entity already has the attributes the pattern needs.]],
    },
  },
}
