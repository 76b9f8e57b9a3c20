-- Lesson 1: items, keys, and the three ways to read them.
local T = "app-main"

return lesson {
  id = "first-steps",
  number = 1,
  title = "First steps: items, keys, GetItem vs Query vs Scan",
  summary = [[
An online shop keeps customers and their orders in one table, app-main. Every item has a
partition key PK and a sort key SK. You will read the same data three ways and compare what
each read costs.]],

  setup = function()
    fresh_table(T)
    seed(T, {
      { PK = "CUST#a1b2", SK = "PROFILE", name = "Acme Co", tier = "GOLD" },
      { PK = "CUST#a1b2", SK = "ORDER#2026-06-01#o-9001", status = "OPEN", total = 149.00 },
      { PK = "CUST#a1b2", SK = "ORDER#2026-06-03#o-9044", status = "SHIPPED", total = 72.50 },
      { PK = "CUST#c3d4", SK = "PROFILE", name = "Bolt Ltd", tier = "SILVER" },
      { PK = "CUST#c3d4", SK = "ORDER#2026-06-02#o-9010", status = "OPEN", total = 18.00 },
      { PK = "ORDER#o-9001", SK = "ITEM#001", sku = "ABC", qty = 2 },
      { PK = "ORDER#o-9001", SK = "ITEM#002", sku = "XYZ", qty = 1 },
    })
  end,

  steps = {
    {
      id = "get-profile",
      text = [[
The table app-main is ready. A customer's profile is the item with PK = "CUST#a1b2" and
SK = "PROFILE". When you know both parts of the key, one item is exactly what you ask for.

Fetch that profile with get-item (aws dynamodb get-item --table-name app-main --key ...).]],
      check = function(r)
        if is_scan(r) then
          return false, "That was a Scan: it read {read} items to hand you {returned}."
        end
        if is_query(r) then
          return false, "A Query can find it, but with the full key known, GetItem is the exact tool."
        end
        if not is_get(r) then return nil end
        if r.count == 1 and r.items[1].PK == "CUST#a1b2" and r.items[1].SK == "PROFILE" then
          return true
        end
        return false, "GetItem ran but did not return the profile of CUST#a1b2."
      end,
      hints = {
        "get-item needs --table-name app-main and --key with both PK and SK.",
        [[The key is DynamoDB JSON: '{"PK":{"S":"CUST#a1b2"},"SK":{"S":"PROFILE"}}'.]],
      },
      show = [[aws dynamodb get-item --table-name app-main --key '{"PK":{"S":"CUST#a1b2"},"SK":{"S":"PROFILE"}}']],
      explain = [[
GetItem went straight to one item: {read} item read, {capacity} RCU. An eventually
consistent read of an item up to 4 KB costs half a read unit; --consistent-read doubles it.]],
    },
    {
      id = "query-collection",
      text = [[
All items that share a partition key form an item collection, stored together and sorted
by SK. The customer's profile and orders share PK = "CUST#a1b2".

Read the whole collection of CUST#a1b2 with one query (a key condition on PK alone).]],
      check = function(r)
        if is_scan(r) then
          return false, "A Scan reads the whole table ({read} items); a Query reads one collection."
        end
        if not is_query(r) then return nil end
        if not all_start_with(r, "PK", "CUST#a1b2") then
          return false, "That Query read a different collection."
        end
        if r.count < 3 then
          return false, "You got {count} items; the collection holds the profile and two orders."
        end
        return true
      end,
      hints = {
        [[query takes --key-condition-expression "PK = :pk" with the value bound in --expression-attribute-values.]],
        [[--expression-attribute-values '{":pk":{"S":"CUST#a1b2"}}']],
      },
      show = [[aws dynamodb query --table-name app-main --key-condition-expression "PK = :pk" --expression-attribute-values '{":pk":{"S":"CUST#a1b2"}}']],
      explain = [[
One Query returned the profile and both orders: {returned} items, {capacity} RCU, one
partition. Query cost depends on the bytes of the collection read (summed, then rounded up to
4 KB), not on how many items come back.]],
    },
    {
      id = "scan-cost",
      text = [[
For comparison, read everything: run a scan of app-main. Watch the footer: items read,
partitions touched, capacity.]],
      check = function(r)
        if not is_scan(r) then
          if is_query(r) or is_get(r) then
            return false, "This step wants a Scan, to see what reading everything costs."
          end
          return nil
        end
        if r.request.FilterExpression then
          return false, "Leave the filter out this time: the point is the raw cost of a Scan."
        end
        return true
      end,
      hints = { "aws dynamodb scan --table-name app-main" },
      show = [[aws dynamodb scan --table-name app-main]],
      explain = [[
The Scan read all {read} items in every partition it holds ({partitions} touched) for
{capacity} RCU. Here the table is tiny, so the numbers look harmless; a Scan's cost grows with
the table, while a GetItem or Query costs the same whether the table holds ten items or ten
million.]],
    },
    {
      id = "partiql-query",
      text = [[
PartiQL is another way to say the same thing. A SELECT with an equality on the partition key
becomes a Query; without one it becomes a Scan.

Fetch the collection of CUST#c3d4 in PartiQL:  SELECT * FROM "app-main" WHERE ...]],
      check = function(r)
        if r.language ~= "partiql" then
          return nil, "(Use PartiQL for this step: SELECT * FROM \"app-main\" WHERE ...)"
        end
        if r.op == "Scan" then
          return false, "Your SELECT became a Scan (it read {read} items): it has no equality on PK."
        end
        if r.op ~= "Query" or not all_start_with(r, "PK", "CUST#c3d4") or r.count < 1 then
          return false, "Expected a Query of the CUST#c3d4 collection."
        end
        return true
      end,
      hints = {
        "Put the partition key in the WHERE clause with =.",
        [[SELECT * FROM "app-main" WHERE PK = 'CUST#c3d4']],
      },
      show = [[SELECT * FROM "app-main" WHERE PK = 'CUST#c3d4']],
      explain = [[
PartiQL ran a {op}: {read} items read, {capacity} RCU. Whatever the language, the question is
the same: does the request name a partition key? EXPLAIN shows the answer before you run it.]],
    },
  },
}
