-- Lesson 6: a sparse GSI as the working set of open orders.
local T = "app-main"
local KEY = [['{"PK":{"S":"CUST#a1b2"},"SK":{"S":"ORDER#2026-06-01#o-9001"}}']]

local function open_orders_query()
  return [[aws dynamodb query --table-name app-main --index-name GSI2 --key-condition-expression "GSI2PK = :open" --expression-attribute-values '{":open":{"S":"OPEN"}}' --select COUNT]]
end

return lesson {
  id = "sparse-indexes",
  number = 6,
  title = "Sparse indexes: the open-orders working set",
  summary = [[
An item appears in a GSI only if it has the index's key attributes. Write GSI2PK = "OPEN"
only while an order is open, remove it when the order ships, and GSI2 holds exactly the open
orders: an operations dashboard reads a handful of items instead of the whole order history.]],
  requires = { "gsi-overloading" },

  setup = function()
    fresh_table(T, { gsis = { "GSI1", "GSI2" } })
    local items = {
      { PK = "CUST#a1b2", SK = "PROFILE", name = "Acme Co" },
      { PK = "CUST#a1b2", SK = "ORDER#2026-06-01#o-9001", status = "OPEN", total = 149.00,
        GSI1PK = "CUST#a1b2#OPEN", GSI1SK = "2026-06-01#o-9001", GSI2PK = "OPEN", GSI2SK = "2026-06-01#o-9001" },
      { PK = "CUST#a1b2", SK = "ORDER#2026-06-03#o-9044", status = "SHIPPED", total = 72.50,
        GSI1PK = "CUST#a1b2#SHIPPED", GSI1SK = "2026-06-03#o-9044" },
      { PK = "CUST#c3d4", SK = "ORDER#2026-06-05#o-9100", status = "OPEN", total = 31.00,
        GSI1PK = "CUST#c3d4#OPEN", GSI1SK = "2026-06-05#o-9100", GSI2PK = "OPEN", GSI2SK = "2026-06-05#o-9100" },
    }
    -- Shipped history: many orders, none of them in GSI2.
    for i = 1, 12 do
      local id = string.format("o-8%03d", i)
      local date = string.format("2026-05-%02d", i)
      items[#items + 1] = { PK = "CUST#c3d4", SK = "ORDER#" .. date .. "#" .. id, status = "SHIPPED",
        total = 10 + i, GSI1PK = "CUST#c3d4#SHIPPED", GSI1SK = date .. "#" .. id }
    end
    seed(T, items)
  end,

  steps = {
    {
      id = "open-orders",
      text = [[
app-main holds 15 orders; only the open ones carry GSI2PK = "OPEN" (and GSI2SK = date#id).

Count the open orders across all customers by querying GSI2 (--select COUNT is enough).]],
      check = function(r)
        if is_scan(r) then
          return false, "That Scan read {read} items to count the open ones; GSI2 holds only those."
        end
        if not is_query(r, "GSI2") then return nil end
        if r.count ~= 2 then return false, "Expected 2 open orders, got {count}." end
        return true
      end,
      hints = {
        [[Query --index-name GSI2 with "GSI2PK = :open" and :open = "OPEN".]],
      },
      show = open_orders_query(),
      explain = [[
Count = 2, and only {read} items were read from GSI2 for {capacity} RCU: the index never
contained the shipped history at all. That is the working set, queried by presence.]],
    },
    {
      id = "ship-order",
      text = [[
Order o-9001 (PK = "CUST#a1b2", SK = "ORDER#2026-06-01#o-9001") ships. In one update-item:
set status to SHIPPED and take the order out of the open-orders index.
(status is a reserved word: use --expression-attribute-names '{"#s":"status"}'.)]],
      check = function(r)
        if r.op ~= "UpdateItem" and r.op ~= "PutItem" then return nil end
        if not r.ok then return false, "The write failed: {error}" end
        local it = ddb.get(T, { PK = "CUST#a1b2", SK = "ORDER#2026-06-01#o-9001" })
        if not it or it.status ~= "SHIPPED" then
          return false, "Order o-9001 is not SHIPPED yet."
        end
        if it.GSI2PK ~= nil or it.GSI2SK ~= nil then
          return false, "o-9001 is SHIPPED but still carries GSI2PK = \"OPEN\": it stays in the open-orders index forever. That is the queue that never drains."
        end
        if it.GSI1PK ~= nil and it.GSI1PK ~= "CUST#a1b2#SHIPPED" then
          return true, "(GSI1PK still says " .. it.GSI1PK .. "; in a real model you would move it to CUST#a1b2#SHIPPED too.)"
        end
        return true
      end,
      hints = {
        "The status change and the removal of the sparse key belong in the same UpdateItem: SET ... REMOVE ...",
        [[--update-expression "SET #s = :sh REMOVE GSI2PK, GSI2SK"]],
        [[aws dynamodb update-item --table-name app-main --key ]] .. KEY .. [[ --update-expression "SET #s = :sh REMOVE GSI2PK, GSI2SK" --expression-attribute-names '{"#s":"status"}' --expression-attribute-values '{":sh":{"S":"SHIPPED"}}']],
      },
      show = [[aws dynamodb update-item --table-name app-main --key ]] .. KEY .. [[ --update-expression "SET #s = :sh REMOVE GSI2PK, GSI2SK" --expression-attribute-names '{"#s":"status"}' --expression-attribute-values '{":sh":{"S":"SHIPPED"}}']],
      explain = [[
One write for {capacity} WCU, which includes deleting the entry from GSI2: index maintenance
is paid in write capacity. The transition and the removal happened together, so the index
cannot disagree with the status.]],
    },
    {
      id = "queue-drained",
      text = [[
Run the open-orders count on GSI2 again.]],
      check = function(r)
        if not is_query(r, "GSI2") then return nil end
        if r.count ~= 1 then return false, "Expected 1 open order now, got {count}." end
        return true
      end,
      hints = { "Re-run the Query on GSI2 from the first step." },
      show = open_orders_query(),
      explain = [[
Count = 1: the shipped order left the working set. Had the update kept GSI2PK, the count would
only ever grow, and the dashboard would keep paying to read orders that are long gone.]],
    },
  },
}
