-- Lesson 6: a sparse GSI as the working set of open orders.
local T = "app-main"
local KEY = [['{"PK":{"S":"CUST#a1b2"},"SK":{"S":"ORDER#2026-06-01#o-9001"}}']]

local ORDER = { PK = "CUST#a1b2", SK = "ORDER#2026-06-01#o-9001" }
local ORIGINAL = { PK = "CUST#a1b2", SK = "ORDER#2026-06-01#o-9001", status = "OPEN", total = 149.00,
  GSI1PK = "CUST#a1b2#OPEN", GSI1SK = "2026-06-01#o-9001", GSI2PK = "OPEN", GSI2SK = "2026-06-01#o-9001" }

local SEEDED = {} -- the items as the setup wrote them, to put back what a wrong write changed

local function same_key(a, b)
  return type(a) == "table" and a.PK == b.PK and a.SK == b.SK
end
local function key_text(k)
  return "PK = " .. tostring(k.PK) .. ", SK = " .. tostring(k.SK)
end

-- Feedback for a statement on another table; nil when it used app-main.
local function elsewhere(r)
  return off_table(r, T, "the orders are in app-main")
end

-- The reading steps: count the open orders from GSI2, expecting `n`.
local function count_open(r, n)
  local off = elsewhere(r)
  if off then return false, off end
  local idx = r.index or ""
  if not r.ok then
    if idx ~= "" and idx ~= "GSI1" and idx ~= "GSI2" then
      return false, "app-main has two indexes, GSI1 and GSI2; the open orders are in GSI2."
    end
    return false, "That statement failed; this step expects a Query of app-main's index GSI2 with GSI2PK = OPEN."
  end
  if r.op ~= "Query" and r.op ~= "Scan" then
    return nil, "(This step wants a Query of app-main's index GSI2 with GSI2PK = OPEN.)"
  end
  if idx == "" then
    if r.op == "Scan" then
      return false, "That Scan read {read} items of the table to count the open ones; GSI2 holds only those."
    end
    return false, "That Query ran on the base table, keyed by customer; the open orders of all customers are together in GSI2."
  end
  if idx ~= "GSI2" then
    return false, "That read " .. idx .. ", which is keyed by customer and status (CUST#a1b2#OPEN); the open orders of all customers are together in GSI2."
  end
  if r.count ~= n then
    return false, "Expected " .. n .. " open order" .. (n == 1 and "" or "s") .. ", got {count}."
  end
  if r.op == "Scan" then
    return true, "(A Scan of GSI2 reads only what the index holds, the open orders; a Query on GSI2PK = OPEN says so explicitly and keeps working if other kinds of items share the index.)"
  end
  return true
end

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
    SEEDED = items
  end,

  steps = {
    {
      id = "open-orders",
      text = [[
app-main holds 15 orders; only the open ones carry GSI2PK = "OPEN" (and GSI2SK = date#id).

Count the open orders across all customers by querying GSI2 (--select COUNT is enough; in
PartiQL, SELECT ... FROM "app-main"."GSI2" WHERE ...).]],
      check = function(r) return count_open(r, 2) end,
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
Order o-9001 (PK = "CUST#a1b2", SK = "ORDER#2026-06-01#o-9001") ships. In one update
(update-item, or a PartiQL UPDATE): set status to SHIPPED and take the order out of the
open-orders index, keeping its other attributes.
(In update-item, status is a reserved word: use --expression-attribute-names '{"#s":"status"}'.)]],
      check = function(r)
        local off = elsewhere(r)
        if off then return false, off end
        local op = r.op or ""
        local writes = op == "UpdateItem" or op == "PutItem" or op == "DeleteItem"
          or op == "TransactWriteItems" or op == "BatchWriteItem"
        local want = "one update-item of o-9001 (" .. key_text(ORDER) .. ") that sets status to SHIPPED and removes GSI2PK and GSI2SK"
        if not writes then
          if not r.ok then return false, "That statement failed; this step expects " .. want .. "." end
          return nil, "(This step writes: " .. want .. ".)"
        end
        local w = write_on(r, ORDER)
        if not r.ok then
          if r.error.message and string.find(string.lower(r.error.message), "reserved", 1, true) then
            return false, "DynamoDB refused the update: status is a reserved word. Name it through a placeholder, --expression-attribute-names '{\"#s\":\"status\"}', and write #s in the expression."
          end
          if r.error.code == "ConditionalCheckFailedException" and w == nil then
            return false, "DynamoDB refused the update: no item has that key (a PartiQL UPDATE never creates one). The order is " .. key_text(ORDER) .. "."
          end
          return false, "DynamoDB refused the write; this step expects " .. want .. "."
        end
        if not w then
          local first = (r.writes or {})[1]
          return false, "That write went to " .. (first and first.key and key_text(first.key) or "another item") .. "; the order that ships is o-9001: " .. key_text(ORDER) .. "."
        end
        local restore = " (The lesson put o-9001 back as it was, OPEN and in GSI2, so you can try again.)"
        for _, o in ipairs(r.writes or {}) do
          local k = o.key or o.item
          if o ~= w and o.op ~= "ConditionCheck" and k and not same_key(k, ORDER) then
            local orig = nil
            for _, it in ipairs(SEEDED) do if same_key(it, k) then orig = it end end
            if orig then ddb.put(T, orig) else ddb.call("DeleteItem", { TableName = T, Key = ddb.item({ PK = k.PK, SK = k.SK }) }) end
            ddb.put(T, ORIGINAL)
            return false, "That statement also wrote " .. key_text(k) .. "; only o-9001 ships. (The lesson put both items back as they were: update o-9001 alone.)"
          end
        end
        local it = w.image
        if w.op == "DeleteItem" or not it then
          ddb.put(T, ORIGINAL)
          return false, "That deleted order o-9001: it left the index, and the order with it." .. restore
        end
        local wrong = {}
        if it.status ~= "SHIPPED" then
          wrong[#wrong + 1] = it.status == nil and "The order has no status" or ("Its status is " .. tostring(it.status) .. ", not SHIPPED")
        end
        local in_gsi2 = it.GSI2PK ~= nil and it.GSI2SK ~= nil
        if in_gsi2 and it.GSI2PK == "OPEN" then
          wrong[#wrong + 1] = "o-9001 still carries GSI2PK = \"OPEN\" and GSI2SK, so it stays in the open-orders index forever. That is the queue that never drains"
        elseif in_gsi2 then
          wrong[#wrong + 1] = "o-9001 now has GSI2PK = \"" .. tostring(it.GSI2PK) .. "\": it left the OPEN partition but stays in GSI2, which then grows with every shipped order. Remove the key instead"
        end
        local lost = {}
        if it.total ~= ORIGINAL.total then lost[#lost + 1] = "total" end
        if it.GSI1PK == nil then lost[#lost + 1] = "GSI1PK" end
        if it.GSI1SK ~= ORIGINAL.GSI1SK then lost[#lost + 1] = "GSI1SK" end
        if #lost > 0 then
          wrong[#wrong + 1] = "The write lost " .. table.concat(lost, ", ") .. (w.op == "PutItem" and " (a put replaces the whole item with the one it sends)" or "")
        end
        if #wrong > 0 then
          ddb.put(T, ORIGINAL)
          return false, table.concat(wrong, ". ") .. "." .. restore
        end
        local notes = {}
        if it.GSI2PK ~= nil or it.GSI2SK ~= nil then
          notes[#notes + 1] = "(" .. (it.GSI2PK ~= nil and "GSI2PK" or "GSI2SK") .. " is still on the item. Without " .. (it.GSI2PK ~= nil and "GSI2SK" or "GSI2PK") .. " the order is no longer in GSI2, which needs both keys; removing both keeps the item tidy.)"
        end
        if w.op == "PutItem" then
          notes[#notes + 1] = "(A put that resends the whole item works, but update-item changes only what it names, without reading the item first.)"
        end
        if it.GSI1PK ~= "CUST#a1b2#SHIPPED" then
          notes[#notes + 1] = "(GSI1PK still says " .. tostring(it.GSI1PK) .. "; in a real model you would move it to CUST#a1b2#SHIPPED too.)"
        end
        if #notes > 0 then return true, table.concat(notes, " ") end
        return true
      end,
      hints = {
        "The status change and the removal of the sparse key belong in the same UpdateItem: SET ... REMOVE ...",
        [[--update-expression "SET #s = :sh REMOVE GSI2PK, GSI2SK"  (in PartiQL: UPDATE "app-main" SET status = 'SHIPPED' REMOVE GSI2PK, GSI2SK WHERE PK = ... AND SK = ...)]],
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
      check = function(r) return count_open(r, 1) end,
      hints = { "Re-run the Query on GSI2 from the first step." },
      show = open_orders_query(),
      explain = [[
Count = 1: the shipped order left the working set. Had the update kept both GSI2 keys, the
count would only ever grow, and the dashboard would keep paying to read orders that are long
gone.]],
    },
  },
}
