-- Lesson 7: the same question answered by Scan + filter and by a key condition.
local T = "app-main"
local scan_seen = nil -- the student's Scan, kept for the side-by-side comparison

local function pad() return string.rep("n", 900) end

local SHIPPED_A1B2 = 4 -- orders of CUST#a1b2 with status SHIPPED in the setup below

-- Feedback for a statement on another table or on an index app-main does not have.
local function elsewhere(r)
  local t = r.table or ""
  if t ~= "" and t ~= T then
    if not r.ok and r.error and r.error.code == "ResourceNotFoundException" then
      return "There is no table " .. t .. " in this lesson: the orders are in app-main."
    end
    return "That statement used the table " .. t .. "; the orders are in app-main."
  end
  local idx = r.index or ""
  if idx ~= "" and idx ~= "GSI1" then
    return "app-main has one index, GSI1 (keys GSI1PK, GSI1SK); that statement named " .. idx .. "."
  end
  return nil
end

-- The SHIPPED orders of CUST#a1b2 (filled by the setup): their SK and GSI1SK values.
local wanted = { SK = {}, GSI1SK = {} }

-- Whether the items returned are exactly the SHIPPED orders of CUST#a1b2. Items are told apart
-- by whichever of PK, SK, GSI1PK, GSI1SK, status they carry (a projection may drop some); items
-- that carry none of them cannot be told apart, and do not count.
local function shipped_a1b2(r)
  if r.returned ~= SHIPPED_A1B2 or #(r.items or {}) ~= SHIPPED_A1B2 then return false end
  for _, it in ipairs(r.items or {}) do
    if it.PK == nil and it.SK == nil and it.GSI1PK == nil and it.GSI1SK == nil then return false end
    if it.PK ~= nil and it.PK ~= "CUST#a1b2" then return false end
    if it.status ~= nil and it.status ~= "SHIPPED" then return false end
    if it.GSI1PK ~= nil and it.GSI1PK ~= "CUST#a1b2#SHIPPED" then return false end
    if it.SK ~= nil and not wanted.SK[it.SK] then return false end
    if it.GSI1SK ~= nil and not wanted.GSI1SK[it.GSI1SK] then return false end
  end
  return true
end

-- The GSI1PK value a Query's resolved key condition asks for, or nil.
local function queried_gsi1pk(r)
  local kc = r.key_condition or ""
  return string.match(kc, "GSI1PK%s*=%s*'([^']*)'") or string.match(kc, "'([^']*)'%s*=%s*GSI1PK")
end

-- A read that counted items without returning them (--select COUNT): no verdict.
local function counted_only(r)
  return r.ok and #(r.items or {}) == 0 and (r.count or 0) > 0
end
-- What came back instead of the wanted orders.
local function got(r)
  if r.returned == SHIPPED_A1B2 then
    return "you got " .. SHIPPED_A1B2 .. " items, but not those (or without a key or status to tell them by)"
  end
  return "you got {returned}"
end
local COUNTED = "(That counted {count} items without returning them: leave out --select COUNT so the step can see which orders came back.)"

return lesson {
  id = "filter-vs-query",
  number = 7,
  title = "Filtering is not querying",
  summary = [[
A FilterExpression runs after items are read: it shrinks the response, never the capacity
consumed or the items examined. You will answer "the shipped orders of customer a1b2" twice,
with a Scan and a filter and then with a key condition on an overloaded GSI1, and compare.]],
  requires = { "gsi-overloading" },

  setup = function()
    scan_seen = nil
    wanted = { SK = {}, GSI1SK = {} }
    fresh_table(T, { gsis = { "GSI1" } })
    local statuses = { "OPEN", "SHIPPED", "DELIVERED", "SHIPPED" }
    local items = {}
    for c, cust in ipairs({ "a1b2", "c3d4", "e5f6", "g7h8" }) do
      items[#items + 1] = { PK = "CUST#" .. cust, SK = "PROFILE", name = "Customer " .. cust }
      for i = 1, 8 do
        local st = statuses[(i + c) % #statuses + 1]
        local id = string.format("o-%d%03d", c, i)
        local date = string.format("2026-05-%02d", i * 3)
        if cust == "a1b2" and st == "SHIPPED" then
          wanted.SK["ORDER#" .. date .. "#" .. id] = true
          wanted.GSI1SK[date .. "#" .. id] = true
        end
        items[#items + 1] = {
          PK = "CUST#" .. cust, SK = "ORDER#" .. date .. "#" .. id, status = st, notes = pad(),
          GSI1PK = "CUST#" .. cust .. "#" .. st, GSI1SK = date .. "#" .. id,
        }
      end
    end
    seed(T, items)
  end,

  steps = {
    {
      id = "scan-and-filter",
      text = [[
app-main holds 4 customers with 8 orders each (each order about 1 KB). Orders carry
GSI1PK = "CUST#<id>#<status>" and GSI1SK = "<date>#<order id>".

First, the expensive way: a scan of app-main with a filter expression keeping the orders of
CUST#a1b2 whose status is SHIPPED. Note the footer: read vs returned, capacity. (In PartiQL a
SELECT becomes a Scan when its WHERE has no equality on PK: use begins_with(PK, ...).)]],
      check = function(r)
        local off = elsewhere(r)
        if off then return false, off end
        if not r.ok then
          return false, "That statement failed; this step expects a Scan of app-main with a filter keeping CUST#a1b2's SHIPPED orders."
        end
        if r.op == "Query" then
          if r.language == "partiql" then
            return nil, "(That SELECT has an equality on a key, so it became a Query; the Query comes next. For this step run the Scan: in PartiQL, a WHERE with no key equality, e.g. begins_with(PK, 'CUST#a1b2') AND status = 'SHIPPED'.)"
          end
          return nil, "(For this step run the Scan; the Query comes next.)"
        end
        if r.op ~= "Scan" then
          return nil, "(This step wants a Scan of app-main with a filter expression: CUST#a1b2's SHIPPED orders.)"
        end
        if (r.index or "") ~= "" then
          return false, "That Scan read the index " .. r.index .. "; this step scans the table app-main itself (the index comes next)."
        end
        if not (r.filter or r.filtered) then
          return false, "Add a filter: this step is about what a filter does and does not save."
        end
        if counted_only(r) then return nil, COUNTED end
        if not shipped_a1b2(r) then
          return false, "The filter should keep CUST#a1b2's " .. SHIPPED_A1B2 .. " SHIPPED orders; " .. got(r) .. "."
        end
        scan_seen = { read = r.read, returned = r.returned, capacity = r.capacity }
        return true
      end,
      hints = {
        [[--filter-expression "PK = :pk AND #s = :st" with --expression-attribute-names '{"#s":"status"}'.]],
        [[--expression-attribute-values '{":pk":{"S":"CUST#a1b2"},":st":{"S":"SHIPPED"}}']],
      },
      show = [[aws dynamodb scan --table-name app-main --filter-expression "PK = :pk AND #s = :st" --expression-attribute-names '{"#s":"status"}' --expression-attribute-values '{":pk":{"S":"CUST#a1b2"},":st":{"S":"SHIPPED"}}']],
      explain = [[
{returned} items returned, {read} items read, {capacity} RCU. Every order of every customer
was read and paid for; the filter only threw most of them away afterwards.]],
    },
    {
      id = "key-condition",
      text = [[
Now put the question into a key. GSI1PK already combines customer and status, so
"CUST#a1b2#SHIPPED" names exactly the items you want. Query GSI1 for it, with no filter.]],
      check = function(r)
        local off = elsewhere(r)
        if off then return false, off end
        if not r.ok then
          return false, "That statement failed; this step expects a Query of app-main's index GSI1 with GSI1PK = CUST#a1b2#SHIPPED, no filter."
        end
        if r.op == "Scan" then return false, "Still a Scan: {read} items read for {returned} returned." end
        if r.op ~= "Query" then
          return nil, "(This step wants a Query of GSI1 with GSI1PK = CUST#a1b2#SHIPPED.)"
        end
        if (r.index or "") ~= "GSI1" then
          if r.filter or r.filtered then
            return false, "That Query read {read} items and returned {returned}: on the base table the status can only be a filter. Use the index GSI1, whose key holds it."
          end
          return false, "On the base table the status is not part of any key; use the index GSI1 (--index-name GSI1)."
        end
        if r.filter or r.filtered then
          if r.read > r.returned then
            return false, "That Query read {read} items and returned {returned}: part of the question is still a filter. Move it into the key."
          end
          -- Say what this key held: the status only counts as "in the key" when the key names it.
          local pk = queried_gsi1pk(r)
          if pk == "CUST#a1b2#SHIPPED" then
            return false, "That Query still carries a filter; with the status in the key (GSI1PK = CUST#a1b2#SHIPPED) it has nothing left to discard. Drop it."
          end
          local status = pk and string.match(pk, "^CUST#[^#]+#(.+)$")
          if pk == nil then
            return false, "That Query still carries a filter ({read} items read, {returned} returned). Put the whole question into the key instead: GSI1PK = CUST#a1b2#SHIPPED, no filter."
          end
          if status == nil then
            return false, "That Query's key, GSI1PK = " .. pk .. ", holds no status (GSI1PK values are CUST#<id>#<status>), so it read {read} items and the filter had nothing to keep. Name the status in the key, GSI1PK = CUST#a1b2#SHIPPED, and drop the filter."
          end
          return false, "That Query's key, GSI1PK = " .. pk .. ", names the status " .. status .. " and its filter discarded nothing ({read} read, {returned} returned). The question is CUST#a1b2's SHIPPED orders: GSI1PK = CUST#a1b2#SHIPPED, no filter."
        end
        if counted_only(r) then return nil, COUNTED end
        if not shipped_a1b2(r) then
          return false, "Expected the " .. SHIPPED_A1B2 .. " SHIPPED orders of CUST#a1b2; " .. got(r) .. "."
        end
        return true
      end,
      hints = {
        "A key condition selects before reading; a filter selects after. The status must be in the key.",
        [[Query --index-name GSI1 with "GSI1PK = :k" and :k = "CUST#a1b2#SHIPPED".]],
      },
      show = [[aws dynamodb query --table-name app-main --index-name GSI1 --key-condition-expression "GSI1PK = :k" --expression-attribute-values '{":k":{"S":"CUST#a1b2#SHIPPED"}}']],
      explain = function(r)
        local s = scan_seen
        local before = s and string.format("Scan + filter: %d read, %d returned, %s RCU.\n", s.read,
          s.returned, units(s.capacity)) or ""
        return before .. string.format("Query on GSI1:  %d read, %d returned, %s RCU.\n", r.read,
          r.returned, units(r.capacity)) ..
          "Same answer. The Scan's cost grows with the table; the Query's with the answer."
      end,
    },
    {
      id = "partiql-key",
      text = [[
The same holds in PartiQL: a WHERE clause that names the key becomes a Query, anything else a
Scan with a filter. Ask for the same orders from the index in PartiQL (this step needs PartiQL,
typed directly or sent with aws dynamodb execute-statement):
SELECT * FROM "app-main"."GSI1" WHERE ...]],
      check = function(r)
        local off = elsewhere(r)
        if off then return false, off end
        if r.language ~= "partiql" then
          return nil, "(This step is about PartiQL: SELECT * FROM \"app-main\".\"GSI1\" WHERE ...)"
        end
        if not r.ok then
          return false, "DynamoDB refused that statement; this step expects a SELECT from \"app-main\".\"GSI1\" whose WHERE gives GSI1PK = 'CUST#a1b2#SHIPPED'."
        end
        if r.op == "Scan" then
          return false, "Your SELECT became a Scan ({read} read): the WHERE clause has no equality on " .. ((r.index or "") == "GSI1" and "GSI1PK" or "PK") .. "."
        end
        if r.op ~= "Query" then
          return nil, "(This step wants a SELECT from \"app-main\".\"GSI1\" of CUST#a1b2's SHIPPED orders.)"
        end
        if (r.index or "") ~= "GSI1" then
          return false, "That SELECT read the base table, where the status is only a filter ({read} read, {returned} returned). Name the index: FROM \"app-main\".\"GSI1\"."
        end
        if r.filter or r.filtered then
          if r.read > r.returned then
            return false, "That SELECT read {read} items and returned {returned}: part of the WHERE clause is still a filter. Put the whole question into GSI1PK."
          end
          return false, "That SELECT still carries a filter; with the status in GSI1PK it has nothing left to discard. Drop it."
        end
        if counted_only(r) then return nil, COUNTED end
        if not shipped_a1b2(r) then
          return false, "Expected a Query returning the " .. SHIPPED_A1B2 .. " SHIPPED orders of CUST#a1b2; " .. got(r) .. "."
        end
        return true
      end,
      hints = {
        [[SELECT * FROM "app-main"."GSI1" WHERE GSI1PK = 'CUST#a1b2#SHIPPED']],
      },
      show = [[SELECT * FROM "app-main"."GSI1" WHERE GSI1PK = 'CUST#a1b2#SHIPPED']],
      explain = [[
A Query again ({read} read, {capacity} RCU). When a report needs a question the keys cannot
answer, that is a missing index or a missing precomputed item, not a job for a bigger filter.]],
    },
  },
}
