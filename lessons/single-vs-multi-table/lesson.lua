-- Lesson 12: one screen served by one Query vs three round trips; when multi-table wins.
-- Checks read the normalized record (lessons/README.md, "What a check sees"): the same fields
-- whether a step is answered with the aws CLI, PartiQL, or PartiQL through execute-statement.
local T = "app-main"
local seen = {}
local trips = { calls = 0, capacity = 0 }
-- How many items of customer a1b2 each table of the multi-table version holds.
local PARTS = { customers = 1, orders = 4, sessions = 2 }
local WHAT = { customers = "its profile", orders = "its orders", sessions = "its sessions" }
local COLLECTION = 7  -- items under PK = CUST#a1b2 in app-main
local NEWEST = { "SESSION#2026-06-08#s-77", "SESSION#2026-06-08#s-71", "PROFILE",
  "ORDER#2026-06-07#o-9090", "ORDER#2026-06-03#o-9044" }
local READS = { GetItem = true, Query = true, Scan = true, BatchGetItem = true, ["GetItem and Query"] = true }

local function create(name, hash, range)
  ddb.drop_table(name)
  local attrs = { { AttributeName = hash, AttributeType = "S" } }
  local keys = { { AttributeName = hash, KeyType = "HASH" } }
  if range then
    attrs[2] = { AttributeName = range, AttributeType = "S" }
    keys[2] = { AttributeName = range, KeyType = "RANGE" }
  end
  ddb.call("CreateTable", { TableName = name, AttributeDefinitions = attrs, KeySchema = keys,
    BillingMode = "PAY_PER_REQUEST" })
end

-- Whether a returned item of table `t` is one of customer a1b2's: by customer_id, or, when a
-- projection left that out, by matching every attribute it carries against a1b2's items.
local function of_a1b2(t, it)
  if it.customer_id ~= nil then return it.customer_id == "a1b2" end
  if next(it) == nil then return false end
  for _, x in ipairs(ddb.items(t)) do
    if x.customer_id == "a1b2" then
      local same = true
      for k, v in pairs(it) do if x[k] ~= v then same = false break end end
      if same then return true end
    end
  end
  return false
end

local function refused(r, expected)
  local where = ""
  if r.error.code == "ResourceNotFoundException" and r.table ~= "" then where = ": there is no table " .. r.table end
  return false, "DynamoDB refused it ({error})" .. where .. ". " .. expected
end
-- A read of the single table's collection, judged the same for both app-main steps.
local function collection_read(r, expected)
  if READS[r.op] == nil then
    if r.ok == false and r.op == "ExecuteStatement" then return refused(r, expected) end
    return nil, expected
  end
  if PARTS[r.table] then
    return nil, "That read " .. r.table .. ", the multi-table version; this step reads app-main. " .. expected
  end
  if r.table ~= T then return false, "That statement used table " .. tostring(r.table) .. ". " .. expected end
  if not r.ok then return refused(r, expected) end
  if r.op == "Scan" then return false, "That Scan read the whole table ({read} items) to find one customer's. " .. expected end
  if r.op ~= "Query" then return false, "That reads single items; the screen is a range of the collection. " .. expected end
  if r.index ~= "" then return false, "That Query read index " .. r.index .. "; the collection is in the table itself. " .. expected end
  local other = false
  for _, it in ipairs(r.items or {}) do
    if it.PK ~= nil and it.PK ~= "CUST#a1b2" then other = true end
  end
  if other then
    return false, "That Query read another collection; the screen is PK = CUST#a1b2. " .. expected
  end
  return true
end

local screen = [[aws dynamodb query --table-name app-main --key-condition-expression "PK = :pk" --expression-attribute-values '{":pk":{"S":"CUST#a1b2"}}']]
local newest = [[aws dynamodb query --table-name app-main --key-condition-expression "PK = :pk" --expression-attribute-values '{":pk":{"S":"CUST#a1b2"}}' --no-scan-index-forward --limit 5 --no-paginate]]

return lesson {
  id = "single-vs-multi-table",
  number = 12,
  title = "Single-table or multi-table?",
  summary = [[
A customer's home screen shows the profile, the latest orders and the active sessions. Kept in
three tables, that is three round trips; kept as one item collection, one Query. You will
measure both, and then weigh when separate tables are still the better design.]],
  requires = { "item-collections" },

  setup = function()
    seen, trips = {}, { calls = 0, capacity = 0 }
    fresh_table(T)
    seed(T, {
      { PK = "CUST#a1b2", SK = "PROFILE", name = "Acme Co", tier = "GOLD" },
      { PK = "CUST#a1b2", SK = "ORDER#2026-05-20#o-8812", status = "DELIVERED", total = 15 },
      { PK = "CUST#a1b2", SK = "ORDER#2026-06-01#o-9001", status = "OPEN", total = 149 },
      { PK = "CUST#a1b2", SK = "ORDER#2026-06-03#o-9044", status = "SHIPPED", total = 72.5 },
      { PK = "CUST#a1b2", SK = "ORDER#2026-06-07#o-9090", status = "OPEN", total = 20 },
      { PK = "CUST#a1b2", SK = "SESSION#2026-06-08#s-71", device = "laptop" },
      { PK = "CUST#a1b2", SK = "SESSION#2026-06-08#s-77", device = "phone" },
    })
    create("customers", "customer_id")
    create("orders", "customer_id", "order_key")
    create("sessions", "customer_id", "session_id")
    seed("customers", { { customer_id = "a1b2", name = "Acme Co", tier = "GOLD" } })
    seed("orders", {
      { customer_id = "a1b2", order_key = "2026-05-20#o-8812", status = "DELIVERED", total = 15 },
      { customer_id = "a1b2", order_key = "2026-06-01#o-9001", status = "OPEN", total = 149 },
      { customer_id = "a1b2", order_key = "2026-06-03#o-9044", status = "SHIPPED", total = 72.5 },
      { customer_id = "a1b2", order_key = "2026-06-07#o-9090", status = "OPEN", total = 20 },
    })
    seed("sessions", {
      { customer_id = "a1b2", session_id = "2026-06-08#s-71", device = "laptop" },
      { customer_id = "a1b2", session_id = "2026-06-08#s-77", device = "phone" },
    })
  end,

  steps = {
    {
      id = "three-round-trips",
      text = [[
The multi-table version has three tables: customers (key customer_id), orders (customer_id,
order_key) and sessions (customer_id, session_id). Build the screen for customer a1b2 from
them: get the profile from customers, query orders, query sessions. Three statements.]],
      setup = function() seen, trips = {}, { calls = 0, capacity = 0 } end,
      check = function(r)
        local expected = "This step reads customer a1b2 from the three tables: the profile from customers by its key, and a Query on customer_id = a1b2 in orders and in sessions."
        if READS[r.op] == nil then
          if r.ok == false and r.op == "ExecuteStatement" then return refused(r, expected) end
          return nil, expected
        end
        local t = r.table
        if t == T then return nil, "(That was the single table; this step reads the three separate ones.)" end
        if not PARTS[t] then return false, "That statement used table " .. tostring(t) .. ". " .. expected end
        if not r.ok then return refused(r, expected) end
        if r.op == "Scan" then return false, "Read customer a1b2 by key, not with a Scan ({read} items read)." end
        if r.op ~= "GetItem" and r.op ~= "Query" and r.op ~= "BatchGetItem" then return nil, expected end
        local n = 0
        for _, it in ipairs(r.items) do if of_a1b2(t, it) then n = n + 1 end end
        if n < PARTS[t] then
          return false, string.format("That read of %s returned %d of a1b2's %d (%s). %s",
            t, n, PARTS[t], WHAT[t], expected)
        end
        if not seen[t] then
          seen[t] = true
          trips.calls = trips.calls + #r.calls
          trips.capacity = trips.capacity + r.capacity
        end
        local k = (seen.customers and 1 or 0) + (seen.orders and 1 or 0) + (seen.sessions and 1 or 0)
        if k < 3 then return nil, string.format("%s read (%d of 3 tables).", t, k) end
        return true
      end,
      hints = {
        [[get-item --table-name customers --key '{"customer_id":{"S":"a1b2"}}', then a query on orders and on sessions with "customer_id = :c" (PartiQL: SELECT * FROM "orders" WHERE customer_id = 'a1b2').]],
      },
      show = table.concat({
        [[aws dynamodb get-item --table-name customers --key '{"customer_id":{"S":"a1b2"}}']],
        [[aws dynamodb query --table-name orders --key-condition-expression "customer_id = :c" --expression-attribute-values '{":c":{"S":"a1b2"}}']],
        [[aws dynamodb query --table-name sessions --key-condition-expression "customer_id = :c" --expression-attribute-values '{":c":{"S":"a1b2"}}']],
      }, "\n"),
      explain = function()
        return string.format("The screen took %d requests and %s RCU in total. Each request is a network round\n",
          trips.calls, units(trips.capacity))
          .. "trip, and each read rounds up to its own half unit."
      end,
    },
    {
      id = "one-query",
      text = [[
In app-main the same data is one item collection under PK = "CUST#a1b2": PROFILE,
ORDER#<date>#<id> and SESSION#<date>#<id>. Build the screen with one request.]],
      check = function(r)
        local expected = "This step expects one Query of app-main for PK = CUST#a1b2 returning the whole collection (profile, orders, sessions)."
        local verdict, msg = collection_read(r, expected)
        if verdict ~= true then return verdict, msg end
        if not has_value(r, "SK", "PROFILE") or r.count < COLLECTION then
          return false, "Expected the whole collection of CUST#a1b2 (profile, orders, sessions: " .. COLLECTION .. " items); got {count}."
        end
        return true
      end,
      hints = { [[Query app-main with "PK = :pk" only, :pk = "CUST#a1b2" (PartiQL: SELECT * FROM "app-main" WHERE PK = 'CUST#a1b2').]] },
      show = screen,
      explain = function(r)
        local versus = "versus three requests in the multi-table version"
        if trips.calls > 0 then
          versus = string.format("versus %d requests and %s RCU", trips.calls, units(trips.capacity))
        end
        return string.format("1 request, %s RCU, %s. When entities are read\n", units(r.capacity), versus)
          .. "together, storing them together is what single-table design buys."
      end,
    },
    {
      id = "newest-first",
      text = [[
The screen shows only the two newest orders. The sort keys order the collection as
ORDER#... < PROFILE < SESSION#..., so reading it backwards yields the sessions, then the
profile, then the orders newest first. Get sessions + profile + two newest orders with one
query: read backwards, at most 5 items (--limit 5 --no-paginate; in PartiQL, ORDER BY SK DESC
sent with aws dynamodb execute-statement --limit 5).]],
      check = function(r)
        local expected = "This step expects one Query of app-main for PK = CUST#a1b2, read backwards, that stops after 5 items."
        local verdict, msg = collection_read(r, expected)
        if verdict ~= true then return verdict, msg end
        local sk = values(r, "SK")
        if #sk ~= 5 then
          return false, "Expected exactly 5 items (2 sessions, profile, 2 orders); got " .. #sk .. "."
        end
        for i, want in ipairs(NEWEST) do
          if sk[i] ~= want then
            return false, "Read the collection backwards (--no-scan-index-forward, or ORDER BY SK DESC) so the newest orders follow the profile."
          end
        end
        if r.read > 5 then
          return false, "Those are the right 5 items, but the request read {read}: --max-items only trims what is printed; --limit 5 stops the read itself."
        end
        return true
      end,
      hints = {
        "--no-scan-index-forward reverses the order; --limit 5 stops after five items.",
        newest,
      },
      show = newest,
      explain = [[
Five items, {read} read, {capacity} RCU: choosing the sort-key prefixes decided what one
request can return. Now the other side. Separate tables are the better choice when entities
have independent lifecycles (a TTL only on sessions, backups or a storage class only for
orders), when stream consumers would otherwise filter every event by type, when access
patterns are still changing weekly, or when the team has not yet absorbed the model: an
attribute written in the wrong place in a single table breaks queries silently. Choose
single-table where data is read together; choose clarity where it is not.]],
    },
  },
}
