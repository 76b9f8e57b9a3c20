-- Lesson 11: hot partitions and write sharding, shown by simulations on a virtual clock
-- (ddb.simulate: the same scenarios as `ddblab simulate`, README "Throughput and throttling").
-- Checks read the normalized record (lessons/README.md, "What a check sees"): the same fields
-- whether a step is answered with the aws CLI, PartiQL, or PartiQL through execute-statement.
local T = "orders-by-day"
local DAY = "ORDER#2026-06-08"
local SHARDS = 4
local PEAK = 1500       -- writes a second at the day's peak
local SIM_SECONDS = 10  -- virtual seconds per simulation: the shares settle at once
local shards_read = {}   -- shard number -> orders it held when it was read in full
local fanout = { capacity = 0, requests = 0 }
local seeded = {}        -- "PK|SK" -> the order as the lesson wrote it (to undo wrong writes)

local function shard_of(order_id)
  return tonumber(string.match(order_id, "(%d+)$")) % SHARDS
end

-- The table's provisioned write capacity, as the student left it.
local function table_wcu()
  local d = ddb.call("DescribeTable", { TableName = T }).output.Table
  return (d.ProvisionedThroughput or {}).WriteCapacityUnits or 4000
end

-- The day's peak on a table like orders-by-day: PEAK orders a second with increasing order ids,
-- under the day key itself (shards == nil) or under a calculated suffix (order id mod shards).
local function day_traffic(wcu, shards)
  return ddb.simulate {
    setup = { string.format([[aws dynamodb create-table --table-name orders-by-day
      --attribute-definitions AttributeName=PK,AttributeType=S AttributeName=SK,AttributeType=S
      --key-schema AttributeName=PK,KeyType=HASH AttributeName=SK,KeyType=RANGE
      --provisioned-throughput ReadCapacityUnits=100,WriteCapacityUnits=%d]], wcu) },
    seconds = SIM_SECONDS,
    clients = { {
      rate = PEAK,
      statement = function(i)
        local id = 100000 + i
        local pk = shards and string.format("%s#%d", DAY, id % shards) or DAY
        return string.format([[INSERT INTO "orders-by-day" VALUE {'PK': '%s', 'SK': 'o-%d', 'total': 12}]], pk, id)
      end,
    } },
  }
end

-- "4,000 of 15,000 writes throttled (33%); partition 2 took them all, 4 of 5 partitions idle."
local function describe(r, wcu)
  local parts = r.tables[1].partitions
  local busy, hot, idle = 0, nil, 0
  for _, p in ipairs(parts) do
    if p.requests == 0 then idle = idle + 1 end
    if p.requests > busy then busy, hot = p.requests, p.partition end
  end
  return string.format(
    "Simulated %d s of the peak (%d orders a second) on a %d WCU table:\n"
      .. "%d of %d writes throttled (%d%%); the busiest partition (%d) took %d of them, "
      .. "and %d of its %d partitions received nothing.\n"
      .. "(.heatmap %s shows the simulation's heat map.)\n",
    r.seconds, PEAK, wcu, r.throttled, r.requests,
    math.floor(100 * r.throttled / math.max(1, r.requests) + 0.5), hot, busy, idle, #parts, T)
end

-- Record helpers ----------------------------------------------------------------------------
-- The entry of r.writes for the item with that key in this lesson's table, or nil.
local function write_on(r, key) return write_on_in(r, key, T) end
local function table_note(r)
  return used_table(r) .. "; the orders are in orders-by-day. "
end
local function seed_orders(items)
  for _, it in ipairs(items) do
    ddb.put(T, it)
    seeded[it.PK .. "|" .. it.SK] = it
  end
end
-- Undoes a wrong write that went through: the lesson's order is put back, anything else deleted.
local function undo(r)
  local k = r.key
  if not r.ok or type(k) ~= "table" or not k.PK or not k.SK then return "" end
  local original = seeded[k.PK .. "|" .. k.SK]
  local image = (write_on(r, k) or {}).image
  if same_value(image, original) then return "" end
  if original then
    ddb.put(T, original)
    return " (The lesson put " .. k.SK .. " back as it was.)"
  end
  ddb.call("DeleteItem", { TableName = T, Key = ddb.item(k) })
  return " (The lesson deleted that item again.)"
end
-- How many orders a shard holds now.
local function shard_size(n)
  local q = ddb.call("Query", { TableName = T, KeyConditionExpression = "PK = :pk", Select = "COUNT",
    ExpressionAttributeValues = ddb.item({ [":pk"] = DAY .. "#" .. n }) })
  return q.count
end
local function one_order_step(r, want, expected, key_check)
  if not SINGLE_WRITES[r.op] then
    if r.op == "TransactWriteItems" or r.op == "BatchWriteItem" then
      return false, "One put is all this step needs. " .. expected
    end
    return nil, expected
  end
  if r.table ~= T then return false, table_note(r) .. expected end
  if r.op == "DeleteItem" then
    local note = undo(r)
    if note ~= "" then return false, "That deleted an order." .. note .. " " .. expected end
    return nil, expected
  end
  local k = r.key or {}
  local verdict, msg = key_check(k)
  if verdict == false then return false, msg .. undo(r) end
  if not r.ok then
    if r.error.code == "DuplicateItemException" or r.error.code == "ConditionalCheckFailedException" then
      if r.op == "UpdateItem" and not ddb.get(T, k) then
        return false, "An UPDATE only changes an item that exists; write the new order with an INSERT (or put-item). " .. expected
      end
      return false, k.SK .. " already exists under " .. k.PK .. ". " .. expected
    end
    return false, "DynamoDB refused it ({error}). " .. expected
  end
  local image = (write_on(r, k) or {}).image
  if not same_value(image, want) then
    return false, "The order was written, but " .. differences(image, want) .. "." .. undo(r)
  end
  return true
end

local put_hot = [[aws dynamodb put-item --table-name orders-by-day --item '{"PK":{"S":"ORDER#2026-06-08"},"SK":{"S":"o-9021"},"total":{"N":"12"}}']]
local put_sharded = [[aws dynamodb put-item --table-name orders-by-day --item '{"PK":{"S":"ORDER#2026-06-08#2"},"SK":{"S":"o-9022"},"total":{"N":"40"}}']]
local function shard_query(n)
  return string.format(
    [[aws dynamodb query --table-name orders-by-day --key-condition-expression "PK = :pk" --expression-attribute-values '{":pk":{"S":"ORDER#2026-06-08#%d"}}']], n)
end

local raise = [[aws dynamodb update-table --table-name orders-by-day --provisioned-throughput ReadCapacityUnits=100,WriteCapacityUnits=12000]]

return lesson {
  id = "hot-partitions",
  number = 11,
  title = "Hot partitions and write sharding",
  summary = [[
Throughput limits apply per physical partition (at most 1,000 WCU and 3,000 RCU each), and a
partition key lives in one partition. A key that every write shares (today's date, or a constant
GSI key like "STUDENT") funnels all traffic into one partition while the others idle. You will
watch it throttle in a simulation, see that more capacity does not help, shard the key, and pay
for it with a read fan-out.]],
  requires = { "first-steps" },

  setup = function()
    shards_read, fanout, seeded = {}, { capacity = 0, requests = 0 }, {}
    ddb.drop_table(T)
    ddb.call("CreateTable", {
      TableName = T,
      AttributeDefinitions = { { AttributeName = "PK", AttributeType = "S" },
                               { AttributeName = "SK", AttributeType = "S" } },
      KeySchema = { { AttributeName = "PK", KeyType = "HASH" },
                    { AttributeName = "SK", KeyType = "RANGE" } },
      ProvisionedThroughput = { ReadCapacityUnits = 100, WriteCapacityUnits = 4000 },
    })
    local items = {}
    for i = 1, 20 do
      items[i] = { PK = DAY, SK = string.format("o-%d", 9000 + i), total = i * 3 }
    end
    seed_orders(items)
  end,

  steps = {
    {
      id = "hot-date",
      text = [[
Table orders-by-day keys every order by its day: PK = "ORDER#2026-06-08", SK = the order
id, which increases through the day. It is provisioned with 4,000 WCU. At the day's peak,
1,500 orders a second arrive.

Write today's next order: PK "ORDER#2026-06-08", SK "o-9021", total 12. The lesson then
simulates the peak with that key.]],
      check = function(r)
        r = as_single(r)
        return one_order_step(r, { PK = DAY, SK = "o-9021", total = 12 },
          "This step expects a put of order o-9021 (total 12) under the day key PK = ORDER#2026-06-08 in orders-by-day.",
          function(k)
            if k.PK ~= DAY then return false, "For this step use the day key itself, PK = ORDER#2026-06-08." end
            if k.SK ~= "o-9021" then return false, "Write order o-9021 (that write was for " .. key_text(k) .. ")." end
            return true
          end)
      end,
      hints = { put_hot },
      show = put_hot,
      explain = function()
        return describe(day_traffic(4000), 4000)
          .. "Every order of the day shares one partition key, so one partition takes them all and\n"
          .. "meets its 1,000 WCU ceiling: about a third of the writes are throttled, while the table\n"
          .. "as a whole uses well under its 4,000 WCU."
      end,
    },
    {
      id = "more-capacity",
      text = [[
The obvious fix: provision more. Raise the table's write capacity to 12,000 WCU (keep 100 RCU)
with update-table; the lesson then simulates the same peak again. (Capacity is changed with the
aws CLI only: PartiQL has no statement for it.)]],
      check = function(r)
        local expected = "This step expects update-table on orders-by-day raising the provisioned write capacity to 12,000 WCU."
        if r.op ~= "UpdateTable" then return nil, expected end
        if r.table ~= T then return false, table_note(r) .. expected end
        if not r.ok then return false, "DynamoDB refused it ({error}). " .. expected end
        local d = ddb.call("DescribeTable", { TableName = T }).output.Table
        if (d.BillingModeSummary or {}).BillingMode == "PAY_PER_REQUEST" then
          ddb.call("UpdateTable", { TableName = T, BillingMode = "PROVISIONED",
            ProvisionedThroughput = { ReadCapacityUnits = 100, WriteCapacityUnits = 4000 } })
          return false, "That switched the table to on-demand (lesson static-gsi-key is about that). This step raises provisioned capacity. (The lesson set the table back to 4,000 WCU provisioned.)"
        end
        if table_wcu() <= 4000 then
          return false, "The write capacity is still " .. units(table_wcu()) .. " WCU: raise WriteCapacityUnits above 4,000 (to 12,000, say)."
        end
        return true
      end,
      hints = {
        "update-table --provisioned-throughput takes ReadCapacityUnits=...,WriteCapacityUnits=...",
        raise,
      },
      show = raise,
      explain = function()
        local wcu = table_wcu()
        return describe(day_traffic(wcu), wcu)
          .. "Nothing changed. More capacity gives the table more partitions, but the day key still\n"
          .. "hashes to exactly one of them, and no partition serves more than 1,000 WCU.\n"
          .. "Waiting does not help either. DynamoDB splits a partition that stays hot for minutes\n"
          .. "(split for heat) at the middle of its traffic, even inside one item collection. But the\n"
          .. "order ids only increase, so every new write lands in the upper half, which is as hot as\n"
          .. "the whole was. A split cannot help a single hot item either, nor a table with a local\n"
          .. "secondary index, whose item collections are never split."
      end,
    },
    {
      id = "sharded-write",
      text = [[
Shard the day key with a calculated suffix: PK = "ORDER#2026-06-08#<n>" where n is the order
number modulo 4 (o-9013 -> 9013 mod 4 = 1 -> ORDER#2026-06-08#1). The existing orders have
been rewritten that way.

Write order o-9022 (total 40) to its shard.]],
      setup = function()
        local items = {}
        for i = 1, 21 do
          local id = string.format("o-%d", 9000 + i)
          items[i] = { PK = DAY .. "#" .. shard_of(id), SK = id, total = i * 3 }
        end
        seeded = {}
        seed_orders(items)
        for i = 1, 21 do
          ddb.call("DeleteItem", { TableName = T, Key = ddb.item({ PK = DAY, SK = string.format("o-%d", 9000 + i) }) })
        end
      end,
      check = function(r)
        r = as_single(r)
        local shard = shard_of("o-9022")
        return one_order_step(r, { PK = DAY .. "#" .. shard, SK = "o-9022", total = 40 },
          "This step expects a put of order o-9022 (total 40) under its shard key ORDER#2026-06-08#<9022 mod 4>.",
          function(k)
            if k.PK == DAY then
              return false, "That is the unsharded day key again: every write of the day still lands in one partition."
            end
            local n = tonumber(string.match(k.PK or "", "^ORDER#2026%-06%-08#(%d+)$"))
            if not n then return false, "The key should look like ORDER#2026-06-08#<shard> (that write was for " .. key_text(k) .. ")." end
            if k.SK ~= "o-9022" then return false, "Write order o-9022 (that write was for " .. key_text(k) .. ")." end
            if n ~= shard then
              return false, "9022 mod 4 is " .. shard .. ", so o-9022 belongs in shard #" .. shard .. ", not #" .. n .. "."
            end
            return true
          end)
      end,
      hints = {
        "The shard is a function of the order id, so anyone can recompute it: 9022 mod 4.",
        put_sharded,
      },
      show = put_sharded,
      explain = function()
        local wcu = table_wcu()
        return describe(day_traffic(wcu, SHARDS), wcu)
          .. "The four shard keys hash independently, so the peak spreads over several partitions and\n"
          .. "none reaches its ceiling. Size the shard count from the peak: required WCU / 1,000,\n"
          .. "rounded up, with room to spare. Because the suffix is calculated, a reader who knows an\n"
          .. "order id still finds its shard with one GetItem."
      end,
    },
    {
      id = "fan-out",
      text = [[
The price: "all of today's orders" is now 4 queries, one per shard
(ORDER#2026-06-08#0 ... #3), merged by the client. Run them (or one PartiQL SELECT with
PK IN [...], which DynamoDB runs as one Query per shard).]],
      setup = function() shards_read, fanout = {}, { capacity = 0, requests = 0 } end,
      check = function(r)
        local expected = "This step expects reads of the four shards ORDER#2026-06-08#0 to #3 of orders-by-day, each in full."
        if r.op == "Scan" then return false, "A Scan reads every day; query the four shards of today." end
        if r.op == "ExecuteStatement" and not r.ok then
          -- A SELECT refused before it was planned (no such table or index).
          if r.table ~= T then return false, table_note(r) .. expected end
          return false, "DynamoDB refused it ({error}). " .. expected
        end
        if r.op ~= "Query" and r.op ~= "GetItem" and r.op ~= "GetItem and Query" then return nil, expected end
        if r.table ~= T then return false, table_note(r) .. expected end
        if not r.ok then return false, "DynamoDB refused it ({error}). " .. expected end
        -- Orders returned per shard; a shard counts once all its orders were returned.
        if #r.items == 0 and (r.count or 0) > 0 then
          return nil, "(That counted {count} orders without returning them: the client merges the orders themselves, so leave out --select COUNT.)"
        end
        local got, others = {}, {}
        for _, it in ipairs(r.items) do
          local n = tonumber(string.match(it.PK or "", "^ORDER#2026%-06%-08#(%d+)$"))
          if it.PK == nil then
            -- A projection left PK out: the order id says which shard holds it.
            if type(it.SK) ~= "string" or not string.match(it.SK, "^o%-%d+$") then
              return nil, "(Those items came back without PK or SK, so the step cannot tell which shard they are from: select the key too, or *.)"
            end
            n = shard_of(it.SK)
          end
          if n then got[n] = (got[n] or 0) + 1 else others[#others + 1] = tostring(it.PK) end
        end
        local notes, new = {}, false
        for n = 0, SHARDS - 1 do
          if got[n] then
            local size = shard_size(n)
            if got[n] < size then
              notes[#notes + 1] = string.format("shard #%d: only %d of its %d orders, so it does not count yet: read each shard in full", n, got[n], size)
            elseif not shards_read[n] then
              shards_read[n] = size
              new = true
              notes[#notes + 1] = string.format("shard #%d: %d orders", n, size)
            else
              notes[#notes + 1] = string.format("shard #%d again", n)
            end
          end
        end
        if new then
          fanout.capacity = fanout.capacity + r.capacity
          fanout.requests = fanout.requests + 1
        end
        local k = 0
        for _ in pairs(shards_read) do k = k + 1 end
        if k == SHARDS then return true end
        if #others > 0 then notes[#notes + 1] = "items of " .. table.concat(others, ", ") .. " are not today's shards" end
        if #notes == 0 then
          local uc = r.key_condition or ""
          if string.find(uc, "'" .. DAY .. "'", 1, true) then
            notes[#notes + 1] = "ORDER#2026-06-08 itself is empty now: its orders moved to the shard keys #0 to #3"
          else
            notes[#notes + 1] = "that read returned no orders of today's shards (#0 to #3)"
          end
        end
        local msg = string.format("%s. %d of %d shards read.", table.concat(notes, "; "), k, SHARDS)
        return nil, string.upper(string.sub(msg, 1, 1)) .. string.sub(msg, 2)
      end,
      hints = {
        [[One query per shard: PK = "ORDER#2026-06-08#0", then #1, #2 and #3.]],
        shard_query(0),
      },
      show = table.concat({ shard_query(0), shard_query(1), shard_query(2), shard_query(3) }, "\n"),
      explain = function()
        local orders = 0
        for _, size in pairs(shards_read) do orders = orders + size end
        local how
        if fanout.requests == 1 then
          how = "in one statement, which still ran one Query per shard,"
        else
          how = string.format("in %d requests", fanout.requests)
        end
        return string.format("%d orders from 4 shards %s for %s RCU in total, against 1 Query before sharding.\n",
          orders, how, units(fanout.capacity))
          .. "Write sharding trades read fan-out for write throughput: shard only keys that need it."
      end,
    },
  },
}
