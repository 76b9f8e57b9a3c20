-- Lesson 1: items, keys, and the three ways to read them.
-- Checks read only the statement record (r.op, r.table, r.index, r.key, r.filter, items, counts),
-- so an aws-CLI line and the PartiQL that does the same thing get the same verdict.
local T = "app-main"

-- Feedback for a statement that went to another table or to an index (app-main has none here).
local function elsewhere(r)
  local t = r.table or ""
  if t ~= "" and t ~= T then
    if not r.ok and r.error and r.error.code == "ResourceNotFoundException" then
      return "There is no table " .. t .. " in this lesson: the shop's data is in app-main."
    end
    return "That statement used the table " .. t .. "; the shop's data is in app-main."
  end
  if (r.index or "") ~= "" then
    return "That statement named the index " .. r.index .. "; app-main has no index in this lesson: read the table itself."
  end
  return nil
end

local function key_text(k)
  return "PK = " .. tostring(k.PK) .. ", SK = " .. tostring(k.SK)
end

return lesson {
  id = "first-steps",
  number = 1,
  title = "First steps: items, keys, GetItem vs Query vs Scan",
  summary = [[
An online shop keeps customers and their orders in one table, app-main. Every item has a
partition key PK and a sort key SK. You will read the same data three ways and compare what
each read costs. Type each answer as an aws-CLI line or in PartiQL, whichever you like: every
step judges what the statement did, not the language it was written in (a step that needs one
language says so).]],

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

Fetch that profile with one GetItem: aws dynamodb get-item --table-name app-main --key ...
(in PartiQL, a SELECT whose WHERE gives both PK and SK with = becomes the same GetItem).]],
      check = function(r)
        local off = elsewhere(r)
        if off then return false, off end
        if r.op == "GetItem" then
          if not r.ok then
            return false, "DynamoDB refused that GetItem. It needs the table app-main and the whole key: PK = CUST#a1b2 and SK = PROFILE."
          end
          local k = r.key or r.items[1] or {}
          if r.count == 1 and k.PK == "CUST#a1b2" and k.SK == "PROFILE" then return true end
          if r.key and r.count == 0 then
            return false, "GetItem asked for " .. key_text(r.key) .. " and no item has that key: the profile is PK = CUST#a1b2, SK = PROFILE."
          end
          return false, "GetItem ran but did not return the profile of CUST#a1b2 (PK = CUST#a1b2, SK = PROFILE)."
        end
        if r.op == "Scan" and r.ok then
          return false, "That was a Scan: it read {read} items to hand you {returned}."
        end
        if r.op == "Query" and r.ok then
          if r.filter and uses(r.key_condition, "SK") then
            return false, "That SELECT gave the whole key plus another condition, so it ran as a Query with a filter ({returned} returned): keep only PK and SK in the WHERE clause and it becomes a GetItem."
          end
          return false, "A Query can find it, but with the full key known, GetItem is the exact tool."
        end
        if not r.ok then
          return false, "That statement failed; this step expects a GetItem of PK = CUST#a1b2, SK = PROFILE in app-main."
        end
        return nil, "(This step wants one GetItem: the item PK = CUST#a1b2, SK = PROFILE in app-main.)"
      end,
      hints = {
        "get-item needs --table-name app-main and --key with both PK and SK.",
        [[The key is DynamoDB JSON: '{"PK":{"S":"CUST#a1b2"},"SK":{"S":"PROFILE"}}'. In PartiQL: SELECT * FROM "app-main" WHERE PK = 'CUST#a1b2' AND SK = 'PROFILE'.]],
      },
      show = [[aws dynamodb get-item --table-name app-main --key '{"PK":{"S":"CUST#a1b2"},"SK":{"S":"PROFILE"}}']],
      explain = [[
GetItem went straight to one item: {read} item read, {capacity} RCU. An eventually
consistent read of an item up to 4 KB costs half a read unit; a strongly consistent read
(--consistent-read) costs a whole one.]],
    },
    {
      id = "query-collection",
      text = [[
All items that share a partition key form an item collection, stored together and sorted
by SK. The customer's profile and orders share PK = "CUST#a1b2".

Read the whole collection of CUST#a1b2 with one query (a key condition on PK alone).]],
      check = function(r)
        local off = elsewhere(r)
        if off then return false, off end
        if r.op == "Query" then
          if not r.ok then
            return false, "DynamoDB refused that Query; this step expects a Query of app-main with the key condition PK = CUST#a1b2."
          end
          local pk = collection(r)
          if pk ~= nil and pk ~= "CUST#a1b2" then
            return false, "That Query read " .. (pk == "" and "several collections" or "the collection of " .. pk) .. "; this step wants the one of CUST#a1b2."
          end
          if r.count == 0 then
            return false, "That Query matched no item; the collection of CUST#a1b2 holds the profile and two orders."
          end
          if #r.items == 0 then
            return nil, "(That counted {count} items without returning them: leave out --select COUNT to read the collection.)"
          end
          if r.count < 3 then
            return false, "You got {count} of the collection's 3 items: a key condition on PK alone (no condition on SK, no filter, no limit) returns the profile and both orders."
          end
          return true
        end
        if r.op == "Scan" and r.ok then
          return false, "A Scan reads the whole table ({read} items); a Query reads one collection."
        end
        if r.op == "GetItem" and r.ok then
          return false, "GetItem returns one item; the collection of CUST#a1b2 holds three."
        end
        if not r.ok then
          return false, "That statement failed; this step expects a Query of app-main with the key condition PK = CUST#a1b2."
        end
        return nil, "(This step wants one Query: the collection PK = CUST#a1b2 in app-main.)"
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
        local off = elsewhere(r)
        if off then return false, off end
        if r.op == "Scan" then
          if not r.ok then
            return false, "DynamoDB refused that Scan; this step expects a plain Scan of app-main."
          end
          if r.filter or r.filtered then
            return false, "Leave the filter out this time: the point is the raw cost of a Scan."
          end
          local total = ddb.count(T)
          if r.read < total then
            return false, "That Scan stopped after {read} of the table's " .. total .. " items (a limit or a segment): run it without one to see what reading everything costs."
          end
          return true
        end
        if (r.op == "Query" or r.op == "GetItem") and r.ok then
          return false, "This step wants a Scan, to see what reading everything costs."
        end
        if not r.ok then
          return false, "That statement failed; this step expects a Scan of app-main."
        end
        return nil, "(This step wants a Scan of the whole table app-main.)"
      end,
      hints = { [[aws dynamodb scan --table-name app-main   (in PartiQL: SELECT * FROM "app-main")]] },
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

Fetch the collection of CUST#c3d4 in PartiQL (this step needs PartiQL, typed directly or
sent with aws dynamodb execute-statement):  SELECT * FROM "app-main" WHERE ...]],
      check = function(r)
        local off = elsewhere(r)
        if off then return false, off end
        if r.language ~= "partiql" then
          return nil, "(This step is about PartiQL: SELECT * FROM \"app-main\" WHERE ...)"
        end
        if not r.ok then
          return false, "DynamoDB refused that statement; this step expects a SELECT on app-main whose WHERE gives PK = 'CUST#c3d4'."
        end
        if r.op == "Scan" then
          return false, "Your SELECT became a Scan (it read {read} items): it has no equality on PK."
        end
        if r.op == "GetItem" then
          return false, "Your SELECT named the whole key, so it became a GetItem of one item: give only PK to read the collection."
        end
        if r.op ~= "Query" then
          return nil, "(This step wants a SELECT that reads the collection of CUST#c3d4.)"
        end
        local pk = collection(r)
        if pk ~= nil and pk ~= "CUST#c3d4" then
          return false, "That SELECT read " .. (pk == "" and "several collections" or "the collection of " .. pk) .. "; this step wants the one of CUST#c3d4."
        end
        if r.count < 2 then
          return false, "You got {count} item(s); the collection of CUST#c3d4 holds a profile and an order: give only PK in the WHERE clause."
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
