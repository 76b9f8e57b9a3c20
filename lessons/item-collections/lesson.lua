-- Lesson 2: one-to-many relationships as item collections.
-- Checks read only the statement record (op, table, index, items, writes and their images), so
-- an aws-CLI line and the PartiQL that does the same thing get the same verdict.
local T = "app-main"
local NEW = { PK = "ORDER#o-9001", SK = "ITEM#003" }

-- Feedback for a statement that went to another table or to an index (app-main has none here).
local function elsewhere(r)
  local off = off_table(r, T, "the shop's data is in app-main")
  if off then return off end
  if (r.index or "") ~= "" then
    return "That statement named the index " .. r.index .. "; app-main has no index in this lesson: read the table itself."
  end
  return nil
end

local function same_key(a, b)
  return type(a) == "table" and a.PK == b.PK and a.SK == b.SK
end

local function key_text(k)
  return "PK = " .. tostring(k.PK) .. ", SK = " .. tostring(k.SK)
end

local WRITES = { PutItem = true, UpdateItem = true, DeleteItem = true, BatchWriteItem = true,
                 TransactWriteItems = true }

local SEED = {
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
}

local put_003 = [[aws dynamodb put-item --table-name app-main --item '{"PK":{"S":"ORDER#o-9001"},"SK":{"S":"ITEM#003"},"sku":{"S":"QRS"},"qty":{"N":"4"}}']]

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
    seed(T, SEED)
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
        local off = elsewhere(r)
        if off then return false, off end
        if r.op == "Query" then
          if not r.ok then
            return false, "DynamoDB refused that Query; this step expects a Query of app-main on PK = CUST#a1b2 with the sort key narrowed to ORDER#, newest first."
          end
          local pk = collection(r)
          if pk ~= nil and pk ~= "CUST#a1b2" then
            return false, "That Query read " .. (pk == "" and "several collections" or "the collection of " .. pk) .. "; this step wants the orders of CUST#a1b2."
          end
          if not all_start_with(r, "SK", "ORDER#") then
            return false, "The profile and address came back too: narrow the sort key to orders."
          end
          if r.count ~= 3 or #r.items ~= 3 then
            return false, "Expected the 3 orders of CUST#a1b2, got {count}."
          end
          if r.items[1].SK ~= "ORDER#2026-06-03#o-9044" then
            return false, "Right orders, oldest first. Reverse the sort order."
          end
          if r.filtered or (r.read or 0) > (r.returned or 0) then
            return false, "Those are the 3 orders, but a filter threw away the rest after reading {read} items: narrow the sort key in the key condition so only the orders are read."
          end
          return true
        end
        if r.op == "Scan" and r.ok then
          return false, "A Scan, filtered or not, reads every item of the table ({read} here); a Query reads one collection."
        end
        if r.op == "GetItem" and r.ok then
          return false, "GetItem returns one item; CUST#a1b2 has three orders."
        end
        if not r.ok then
          return false, "That statement failed; this step expects a Query of app-main on PK = CUST#a1b2, sort key starting with ORDER#, newest first."
        end
        return nil, "(This step wants one Query: the orders of CUST#a1b2, newest first.)"
      end,
      hints = {
        [[A key condition can constrain SK too: "PK = :pk AND begins_with(SK, :p)" with :p = "ORDER#".]],
        "Query returns ascending sort keys unless you pass --no-scan-index-forward (in PartiQL: ORDER BY SK DESC).",
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

Add a third line item to order o-9001: SK "ITEM#003", sku "QRS", qty 4 (a number, like the
other line items' qty).]],
      check = function(r)
        local off = elsewhere(r)
        if off then return false, off end
        if not WRITES[r.op or ""] then
          if not r.ok then
            return false, "That statement failed; this step expects a write of the new item PK = ORDER#o-9001, SK = ITEM#003 (sku QRS, qty 4) to app-main."
          end
          return nil, "(This step writes: add the item PK = ORDER#o-9001, SK = ITEM#003 with sku QRS and qty 4.)"
        end
        local w = write_on(r, NEW)
        if not r.ok then
          if w and (r.error.code == "DuplicateItemException" or r.error.code == "ConditionalCheckFailedException"
              or r.error.code == "TransactionCanceledException") then
            -- An earlier statement (before this step) left an ITEM#003 behind: clear the way.
            ddb.call("DeleteItem", { TableName = T, Key = ddb.item(NEW) })
            return false, "ITEM#003 already existed (from an earlier statement), so the guarded write was refused. The lesson deleted that item: run your write again."
          end
          local first = (r.writes or {})[1]
          if not w and first and first.key and first.key.PK == "ORDER#o-9001" and
              (r.error.code == "DuplicateItemException" or r.error.code == "ConditionalCheckFailedException") then
            return false, first.key.SK .. " already exists under the order, so the write was refused; the new line item is ITEM#003."
          end
          return false, "DynamoDB refused the write; this step expects the new item PK = ORDER#o-9001, SK = ITEM#003, sku QRS, qty 4 in app-main."
        end
        if not w then
          local first = (r.writes or {})[1]
          local k = first and (first.key or first.item)
          if k and k.PK ~= "ORDER#o-9001" then
            return false, "Line items belong under the order: PK must be ORDER#o-9001. That write went to " .. key_text(k) .. "."
          end
          if k then
            return false, "That write went to " .. key_text(k) .. "; the new line item is SK = ITEM#003."
          end
          return false, "That write did not create PK = ORDER#o-9001, SK = ITEM#003."
        end
        if w.op == "DeleteItem" then
          return false, "That deleted ITEM#003; this step adds it."
        end
        for _, o in ipairs(r.writes or {}) do
          local k = o.key or o.item
          if o ~= w and o.op ~= "ConditionCheck" and k and not same_key(k, NEW) then
            -- Put the other item back as the lesson seeded it (or remove it), and undo ITEM#003.
            local orig = nil
            for _, it in ipairs(SEED) do if same_key(it, k) then orig = it end end
            if orig then ddb.put(T, orig) else ddb.call("DeleteItem", { TableName = T, Key = ddb.item({ PK = k.PK, SK = k.SK }) }) end
            ddb.call("DeleteItem", { TableName = T, Key = ddb.item(NEW) })
            return false, "That statement also wrote " .. key_text(k) .. "; this step adds ITEM#003 and changes nothing else. (The lesson put both items back as they were: write ITEM#003 alone.)"
          end
        end
        local it = w.image
        if not it then return false, "ITEM#003 does not exist after that statement." end
        local wrong = {}
        if it.sku ~= "QRS" then
          wrong[#wrong + 1] = it.sku == nil and "it has no sku" or ("sku is " .. tostring(it.sku) .. ", not QRS")
        end
        if it.qty == nil then
          wrong[#wrong + 1] = "it has no qty"
        elseif type(it.qty) ~= "number" then
          wrong[#wrong + 1] = "qty is the string \"" .. tostring(it.qty) .. "\", while the other line items store qty as a number"
        elseif it.qty ~= 4 then
          wrong[#wrong + 1] = "qty is " .. units(it.qty) .. ", not 4"
        end
        if #wrong > 0 then
          -- Left in place, the wrong item would refuse every guarded retry: remove it.
          ddb.call("DeleteItem", { TableName = T, Key = ddb.item(NEW) })
          return false, "ITEM#003 was written, but " .. table.concat(wrong, "; ") .. ". (The lesson deleted it again so you can write it anew.)"
        end
        return true
      end,
      hints = {
        [[put-item --table-name app-main --item '{...}' with PK, SK, sku and qty; in PartiQL, INSERT INTO "app-main" VALUE {...}.]],
        [[--item '{"PK":{"S":"ORDER#o-9001"},"SK":{"S":"ITEM#003"},"sku":{"S":"QRS"},"qty":{"N":"4"}}']],
      },
      show = put_003,
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
        local off = elsewhere(r)
        if off then return false, off end
        if r.op == "Query" then
          if not r.ok then
            return false, "DynamoDB refused that Query; this step expects a Query of app-main on PK = ORDER#o-9001."
          end
          local pk = collection(r)
          if pk ~= nil and pk ~= "ORDER#o-9001" then
            return false, "That Query read " .. (pk == "" and "several collections" or "the collection of " .. pk) .. "; query the collection of ORDER#o-9001."
          end
          for _, sk in ipairs({ "META", "ITEM#001", "ITEM#002", "ITEM#003" }) do
            if not has_value(r, "SK", sk) then
              return false, "Expected the META item and all line items (ITEM#001 to ITEM#003), got {count} items without " .. sk .. "."
            end
          end
          return true
        end
        if r.op == "Scan" and r.ok then return false, "That Scan read {read} items; this is one collection." end
        if r.op == "GetItem" and r.ok then return false, "GetItem returns one item; the order has four." end
        if not r.ok then
          return false, "That statement failed; this step expects a Query of app-main on PK = ORDER#o-9001."
        end
        return nil, "(This step wants one Query: the collection PK = ORDER#o-9001.)"
      end,
      hints = {
        [[Only the partition key is needed: "PK = :pk".]],
        [[--expression-attribute-values '{":pk":{"S":"ORDER#o-9001"}}']],
      },
      show = [[aws dynamodb query --table-name app-main --key-condition-expression "PK = :pk" --expression-attribute-values '{":pk":{"S":"ORDER#o-9001"}}']],
      explain = function(r)
        local sks = {}
        for i, it in ipairs(r.items) do sks[i] = tostring(it.SK) end
        return r.returned .. " items in one round trip for " .. cost(r) .. ": the header and its line items\n"
          .. "arrived together, already sorted by SK (" .. table.concat(sks, ", ") .. "). This pre-joined read is\n"
          .. "what a relational database would compute with a JOIN at query time."
      end,
    },
  },
}
