-- Lesson 2: one-to-many relationships as item collections.
local T = "app-main"

return lesson {
  id = "item-collections",
  number = 2,
  title = "Item collections: a customer's orders, an order's line items",
  summary = [[
One-to-many relationships need no join: the "many" side lives under the partition key of the
"one" side, and the sort key orders it. You will serve two access patterns of the shop with one
Query each: a customer's orders newest first, and an order with its line items.]],
  requires = { "first-steps" },

  setup = function()
    fresh_table(T)
    seed(T, {
      { PK = "CUST#a1b2", SK = "PROFILE", name = "Acme Co", tier = "GOLD" },
      { PK = "CUST#a1b2", SK = "ADDR#billing", city = "Porto" },
      { PK = "CUST#a1b2", SK = "ORDER#2026-06-01#o-9001", status = "OPEN", total = 149.00 },
      { PK = "CUST#a1b2", SK = "ORDER#2026-06-03#o-9044", status = "SHIPPED", total = 72.50 },
      { PK = "CUST#a1b2", SK = "ORDER#2026-05-20#o-8812", status = "DELIVERED", total = 15.00 },
      { PK = "CUST#c3d4", SK = "PROFILE", name = "Bolt Ltd" },
      { PK = "CUST#c3d4", SK = "ORDER#2026-06-02#o-9010", status = "OPEN", total = 18.00 },
      { PK = "ORDER#o-9001", SK = "META", customer = "CUST#a1b2", placed = "2026-06-01" },
      { PK = "ORDER#o-9001", SK = "ITEM#001", sku = "ABC", qty = 2, price = 49.50 },
      { PK = "ORDER#o-9001", SK = "ITEM#002", sku = "XYZ", qty = 1, price = 50.00 },
      { PK = "ORDER#o-9044", SK = "ITEM#001", sku = "KLM", qty = 3, price = 24.17 },
    })
  end,

  steps = {
    {
      id = "orders-newest-first",
      text = [[
Orders are stored under their customer: PK = "CUST#a1b2", SK = "ORDER#<date>#<order id>".
Because the date comes first in the sort key (ISO-8601), sorting by SK sorts by date.

List only the orders of CUST#a1b2 (not the profile or the address), newest first, with one
query.]],
      check = function(r)
        if is_scan(r) then
          return false, "A Scan with a filter still reads every item ({read} here); a Query reads one collection."
        end
        if not is_query(r) then return nil end
        if not all_start_with(r, "PK", "CUST#a1b2") then
          return false, "That Query read another customer's collection."
        end
        if not all_start_with(r, "SK", "ORDER#") then
          return false, "The profile and address came back too: narrow the sort key to orders."
        end
        if r.count ~= 3 then return false, "Expected the 3 orders of CUST#a1b2, got {count}." end
        if r.items[1].SK ~= "ORDER#2026-06-03#o-9044" then
          return false, "Right orders, oldest first. Reverse the sort order."
        end
        return true
      end,
      hints = {
        [[A key condition can constrain SK too: "PK = :pk AND begins_with(SK, :p)" with :p = "ORDER#".]],
        "Query returns ascending sort keys unless you pass --no-scan-index-forward.",
        [[--expression-attribute-values '{":pk":{"S":"CUST#a1b2"},":p":{"S":"ORDER#"}}']],
      },
      show = [[aws dynamodb query --table-name app-main --key-condition-expression "PK = :pk AND begins_with(SK, :p)" --expression-attribute-values '{":pk":{"S":"CUST#a1b2"},":p":{"S":"ORDER#"}}' --no-scan-index-forward]],
      explain = [[
begins_with on the sort key is part of the key condition, so only the orders were read:
{read} items, {capacity} RCU. Reversing the order cost nothing: DynamoDB walks the
collection backwards.]],
    },
    {
      id = "add-line-item",
      text = [[
An order's line items live under the order: PK = "ORDER#o-9001", SK = "ITEM#<seq>".

Add a third line item to order o-9001: SK "ITEM#003", sku "QRS", qty 4.]],
      check = function(r)
        if r.op ~= "PutItem" then return nil end
        if not r.ok then return false, "The put failed: {error}" end
        local it = plain_item(r.request.Item)
        if it.PK ~= "ORDER#o-9001" then
          return false, "Line items belong under the order: PK must be ORDER#o-9001."
        end
        if it.SK ~= "ITEM#003" then return false, "Use SK = ITEM#003." end
        return true
      end,
      hints = {
        "put-item --table-name app-main --item '{...}' with PK, SK, sku and qty.",
        [[--item '{"PK":{"S":"ORDER#o-9001"},"SK":{"S":"ITEM#003"},"sku":{"S":"QRS"},"qty":{"N":"4"}}']],
      },
      show = [[aws dynamodb put-item --table-name app-main --item '{"PK":{"S":"ORDER#o-9001"},"SK":{"S":"ITEM#003"},"sku":{"S":"QRS"},"qty":{"N":"4"}}']],
      explain = [[
Written for {capacity} WCU (one write unit per KB of item). Nothing else had to change: the
new item joined the order's collection simply by sharing its partition key.]],
    },
    {
      id = "order-with-items",
      text = [[
Now serve "get an order with its line items": everything under ORDER#o-9001 (the META item
and the three line items), in one request.]],
      check = function(r)
        if is_scan(r) then return false, "That Scan read {read} items; this is one collection." end
        if is_get(r) then return false, "GetItem returns one item; the order has four." end
        if not is_query(r) then return nil end
        if not all_start_with(r, "PK", "ORDER#o-9001") then
          return false, "Query the collection of ORDER#o-9001."
        end
        if not has_value(r, "SK", "META") or not has_value(r, "SK", "ITEM#003") then
          return false, "Expected the META item and all line items (including ITEM#003), got {count}."
        end
        return true
      end,
      hints = {
        [[Only the partition key is needed: "PK = :pk".]],
        [[--expression-attribute-values '{":pk":{"S":"ORDER#o-9001"}}']],
      },
      show = [[aws dynamodb query --table-name app-main --key-condition-expression "PK = :pk" --expression-attribute-values '{":pk":{"S":"ORDER#o-9001"}}']],
      explain = [[
{returned} items in one round trip for {capacity} RCU: the header and its line items
arrived together, already sorted (ITEM#001, ITEM#002, ITEM#003, META). This pre-joined read is
what a relational database would compute with a JOIN at query time.]],
    },
  },
}
