-- Lesson 11: hot partitions and write sharding, shown by simulations on a virtual clock
-- (ddb.simulate: the same scenarios as `ddblab simulate`, README "Throughput and throttling").
local T = "orders-by-day"
local DAY = "ORDER#2026-06-08"
local SHARDS = 4
local PEAK = 1500       -- writes a second at the day's peak
local SIM_SECONDS = 10  -- virtual seconds per simulation: the shares settle at once
local shards_read = {}
local fanout = { capacity = 0, items = 0 }

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
    shards_read, fanout = {}, { capacity = 0, items = 0 }
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
    seed(T, items)
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
        if r.op ~= "PutItem" then return nil end
        if not r.ok then return false, "The put failed: {error}" end
        if plain_item(r.request.Item).PK ~= DAY then
          return false, "For this step use the day key itself, PK = ORDER#2026-06-08."
        end
        return true
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
with update-table; the lesson then simulates the same peak again.]],
      check = function(r)
        if r.op ~= "UpdateTable" then return nil end
        if not r.ok then return false, "The update failed: {error}" end
        if table_wcu() <= 4000 then
          return false, "Raise WriteCapacityUnits above 4,000 (to 12,000, say)."
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
        seed(T, items)
        for i = 1, 21 do
          ddb.call("DeleteItem", { TableName = T, Key = ddb.item({ PK = DAY, SK = string.format("o-%d", 9000 + i) }) })
        end
      end,
      check = function(r)
        if r.op ~= "PutItem" then return nil end
        if not r.ok then return false, "The put failed: {error}" end
        local it = plain_item(r.request.Item)
        if it.PK == DAY then
          return false, "That is the unsharded day key again: every write of the day still lands in one partition."
        end
        local n = tonumber(string.match(it.PK or "", "^ORDER#2026%-06%-08#(%d+)$"))
        if not n then return false, "The key should look like ORDER#2026-06-08#<shard>." end
        if it.SK ~= "o-9022" then return false, "Write order o-9022." end
        if n ~= shard_of("o-9022") then
          return false, "9022 mod 4 is " .. shard_of("o-9022") .. ", so o-9022 belongs in shard #" .. shard_of("o-9022") .. "."
        end
        return true
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
(ORDER#2026-06-08#0 ... #3), merged by the client. Run them.]],
      setup = function() shards_read, fanout = {}, { capacity = 0, items = 0 } end,
      check = function(r)
        if is_scan(r) then return false, "A Scan reads every day; query the four shards of today." end
        if not is_query(r) or r.count == 0 then return nil end
        local pk = r.items[1].PK
        local n = tonumber(string.match(pk or "", "^ORDER#2026%-06%-08#(%d+)$"))
        if not n then return false, "Query the shard keys ORDER#2026-06-08#0 to #3." end
        if not shards_read[n] then
          shards_read[n] = true
          fanout.capacity = fanout.capacity + r.capacity
          fanout.items = fanout.items + r.count
        end
        local k = 0
        for _ in pairs(shards_read) do k = k + 1 end
        if k < SHARDS then
          return nil, string.format("Shard #%d: %d orders (%d of %d shards read).", n, r.count, k, SHARDS)
        end
        return true
      end,
      hints = {
        [[One query per shard: PK = "ORDER#2026-06-08#0", then #1, #2 and #3.]],
        shard_query(0),
      },
      show = table.concat({ shard_query(0), shard_query(1), shard_query(2), shard_query(3) }, "\n"),
      explain = function()
        return string.format("%d orders in 4 round trips for %s RCU in total, against 1 Query before sharding.\n",
          fanout.items, units(fanout.capacity))
          .. "Write sharding trades read fan-out for write throughput: shard only keys that need it."
      end,
    },
  },
}
