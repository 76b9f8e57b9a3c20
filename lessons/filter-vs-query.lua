-- Lesson 7: the same question answered by Scan + filter and by a key condition.
local T = "app-main"
local scan_seen = nil -- the student's Scan, kept for the side-by-side comparison

local function pad() return string.rep("n", 900) end

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
    fresh_table(T, { gsis = { "GSI1" } })
    local statuses = { "OPEN", "SHIPPED", "DELIVERED", "SHIPPED" }
    local items = {}
    for c, cust in ipairs({ "a1b2", "c3d4", "e5f6", "g7h8" }) do
      items[#items + 1] = { PK = "CUST#" .. cust, SK = "PROFILE", name = "Customer " .. cust }
      for i = 1, 8 do
        local st = statuses[(i + c) % #statuses + 1]
        local id = string.format("o-%d%03d", c, i)
        local date = string.format("2026-05-%02d", i * 3)
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
CUST#a1b2 whose status is SHIPPED. Note the footer: read vs returned, capacity.]],
      check = function(r)
        if is_query(r) then return nil, "(For this step run the Scan; the Query comes next.)" end
        if not is_scan(r) then return nil end
        if not r.request.FilterExpression then
          return false, "Add a --filter-expression: this step is about what a filter does and does not save."
        end
        if r.returned == 0 or not all_start_with(r, "PK", "CUST#a1b2") then
          return false, "The filter should keep CUST#a1b2's SHIPPED orders; you got {returned} items."
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
        if is_scan(r) then return false, "Still a Scan: {read} items read for {returned} returned." end
        if not is_query(r) then return nil end
        if r.request.FilterExpression or r.filtered then
          return false, "That Query read {read} items and returned {returned}: the status is still a filter. Move it into the key."
        end
        if r.index ~= "GSI1" then
          return false, "On the base table the status is not part of any key; use --index-name GSI1."
        end
        if r.returned == 0 or not all_start_with(r, "PK", "CUST#a1b2") then
          return false, "Expected the SHIPPED orders of CUST#a1b2; got {returned}."
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
Scan with a filter. Ask for the same orders from the index in PartiQL:
SELECT * FROM "app-main"."GSI1" WHERE ...]],
      check = function(r)
        if r.language ~= "partiql" then return nil end
        if r.op == "Scan" then
          return false, "Your SELECT became a Scan ({read} read): the WHERE clause has no equality on GSI1PK."
        end
        if r.op ~= "Query" or r.returned == 0 then return false, "Expected a Query returning the shipped orders." end
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
