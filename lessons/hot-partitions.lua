-- Lesson 11: hot partitions and write sharding.
local T = "orders-by-day"
local DAY = "ORDER#2026-06-08"
local SHARDS = 4
local shards_read = {}
local fanout = { capacity = 0, items = 0 }

local function shard_of(order_id)
  return tonumber(string.match(order_id, "(%d+)$")) % SHARDS
end

-- "3 of 4 partitions hold items" from the simulated layout, or nil without the embedded engine.
local function layout()
  local ok, p = pcall(ddb.partitions, T)
  if not ok or type(p) ~= "table" then return nil end
  local used, lines = 0, {}
  for _, part in ipairs(p.partitions or {}) do
    if part.item_count > 0 then used = used + 1 end
    lines[#lines + 1] = string.format("  partition %d: %d item%s", part.partition, part.item_count,
      part.item_count == 1 and "" or "s")
  end
  return used, p.partition_count, table.concat(lines, "\n")
end

local put_hot = [[aws dynamodb put-item --table-name orders-by-day --item '{"PK":{"S":"ORDER#2026-06-08"},"SK":{"S":"o-9021"},"total":{"N":"12"}}']]
local put_sharded = [[aws dynamodb put-item --table-name orders-by-day --item '{"PK":{"S":"ORDER#2026-06-08#2"},"SK":{"S":"o-9022"},"total":{"N":"40"}}']]
local get_sharded = [[aws dynamodb get-item --table-name orders-by-day --key '{"PK":{"S":"ORDER#2026-06-08#1"},"SK":{"S":"o-9013"}}']]
local function shard_query(n)
  return string.format(
    [[aws dynamodb query --table-name orders-by-day --key-condition-expression "PK = :pk" --expression-attribute-values '{":pk":{"S":"ORDER#2026-06-08#%d"}}']], n)
end

return lesson {
  id = "hot-partitions",
  number = 11,
  title = "Hot partitions and write sharding",
  summary = [[
Throughput limits apply per physical partition (about 1,000 WCU and 3,000 RCU each), and a
partition key lives in exactly one partition. A key that every write shares (today's date, or
a constant GSI key like "STUDENT") funnels all traffic into one partition while the others idle.
Sharding the key spreads the writes, and costs a fan-out on reads.]],
  requires = { "first-steps" },

  setup = function()
    shards_read, fanout = {}, { capacity = 0, items = 0 }
    fresh_table(T, { partitions = SHARDS })
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
id. The table has 4 partitions (fixed for this lesson). Twenty orders arrived today.

Write today's next order: PK "ORDER#2026-06-08", SK "o-9021", total 12. Then look at which
partition it went to.]],
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
      explain = function(r)
        local parts = table.concat(r.trace.partitions_hit or {}, ", ")
        local used, total, lines = layout()
        local s = "The write hit partition " .. parts .. ", like every other order of the day.\n"
        if used then
          s = s .. string.format("%d of %d partitions hold items:\n%s\n", used, total, lines)
        end
        return s .. "At peak, today's partition throttles at ~1,000 WCU while the rest of the table idles.\n"
          .. "Raising the table's capacity does not help: the ceiling is per partition."
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
        local used, total, lines = layout()
        local s = "Today's writes are now spread over 4 partition keys, which hash independently.\n"
        if used then
          s = s .. string.format("%d of %d partitions hold items:\n%s\n", used, total, lines)
          if used == 1 then
            s = s .. "(Here the four shard keys happen to hash to the same partition: with few partitions\n"
              .. "that can happen. Real tables have many more partitions, and more shards spread further.)\n"
          end
        end
        return s .. "Size the shard count from the peak write rate: required WCU / 1,000, rounded up."
      end,
    },
    {
      id = "point-read",
      text = [[
Because the suffix is calculated, a point read needs no search: fetch order o-9013 with one
get-item.]],
      check = function(r)
        if r.op == "Query" or r.op == "Scan" then
          return false, "{op} read {read} items; the shard of o-9013 can be computed, so one GetItem does it."
        end
        if not is_get(r) then return nil end
        if r.count ~= 1 then return false, "Nothing found: is the shard right? 9013 mod 4 = 1." end
        return true
      end,
      hints = { get_sharded },
      show = get_sharded,
      explain = [[
One GetItem, {capacity} RCU. A random suffix would spread writes just as well, but then this
read would have to try every shard: calculated suffixes suit read-by-id workloads.]],
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
