-- Lesson 14: a GSI with a static partition key ("STUDENT") is a hot partition of its own, and
-- on-demand capacity does not lift a partition's ceiling. Shown by simulations on a virtual
-- clock (ddb.simulate, README "Throughput and throttling").
local T = "school"
local SHARDS = 4
local PEAK = 1500       -- sign-ups a second at the start of term
local SIM_SECONDS = 10  -- virtual seconds per simulation: the shares settle at once

local function shard_of(student_id)
  return tonumber(string.match(student_id, "(%d+)$")) % SHARDS
end

local function billing()
  local d = ddb.call("DescribeTable", { TableName = T }).output.Table
  return (d.BillingModeSummary or {}).BillingMode or "PROVISIONED"
end

-- The start of term on a table like school: PEAK new students a second, every profile under
-- GSI1PK "STUDENT" (shards == nil) or "STUDENT#<student number mod shards>".
local function signups(on_demand, shards)
  local capacity = on_demand and "--billing-mode PAY_PER_REQUEST"
    or "--provisioned-throughput ReadCapacityUnits=100,WriteCapacityUnits=4000"
  local gsi_capacity = on_demand and ""
    or [[, "ProvisionedThroughput": {"ReadCapacityUnits": 100, "WriteCapacityUnits": 4000}]]
  return ddb.simulate {
    setup = { [[aws dynamodb create-table --table-name school
      --attribute-definitions AttributeName=PK,AttributeType=S AttributeName=SK,AttributeType=S
        AttributeName=GSI1PK,AttributeType=S AttributeName=GSI1SK,AttributeType=S
      --key-schema AttributeName=PK,KeyType=HASH AttributeName=SK,KeyType=RANGE ]] .. capacity .. [[
      --global-secondary-indexes '[{"IndexName": "GSI1",
        "KeySchema": [{"AttributeName": "GSI1PK", "KeyType": "HASH"},
                      {"AttributeName": "GSI1SK", "KeyType": "RANGE"}],
        "Projection": {"ProjectionType": "ALL"}]] .. gsi_capacity .. [[}]']] },
    seconds = SIM_SECONDS,
    clients = { {
      rate = PEAK,
      statement = function(i)
        local id = 200000 + i
        local gsi = shards and string.format("STUDENT#%d", id % shards) or "STUDENT"
        return string.format(
          [[INSERT INTO "school" VALUE {'PK': 'STUDENT#%d', 'SK': 'PROFILE', 'GSI1PK': '%s', 'GSI1SK': 'n%d'}]],
          id, gsi, id)
      end,
    } },
  }
end

-- Where the throttled writes were: "table 0 of 15000, index GSI1 5000 of 15000 (one partition)".
local function describe(r, what)
  local lines = {}
  for _, t in ipairs(r.tables) do
    local throttled, busy = 0, 0
    for _, p in ipairs(t.partitions) do
      throttled = throttled + p.throttled
      if p.requests > 0 then busy = busy + 1 end
    end
    lines[#lines + 1] = string.format("  %s: %d throttled; %d of %d partitions received writes",
      t.index == ddb.null and "table" or ("index " .. t.index), throttled, busy, #t.partitions)
  end
  return string.format("Simulated %d s of %d sign-ups a second (%s):\n"
      .. "%d of %d writes throttled (%d%%).\n%s\n(.heatmap %s shows the simulation's heat map.)\n",
    r.seconds, PEAK, what, r.throttled, r.requests,
    math.floor(100 * r.throttled / math.max(1, r.requests) + 0.5), table.concat(lines, "\n"), T)
end

local put_static = [[aws dynamodb put-item --table-name school --item '{"PK":{"S":"STUDENT#9021"},"SK":{"S":"PROFILE"},"GSI1PK":{"S":"STUDENT"},"GSI1SK":{"S":"Ada"}}']]
local on_demand = [[aws dynamodb update-table --table-name school --billing-mode PAY_PER_REQUEST]]
local put_sharded = [[aws dynamodb put-item --table-name school --item '{"PK":{"S":"STUDENT#9022"},"SK":{"S":"PROFILE"},"GSI1PK":{"S":"STUDENT#2"},"GSI1SK":{"S":"Grace"}}']]

return lesson {
  id = "static-gsi-key",
  number = 14,
  title = "A static GSI key, and what on-demand does not fix",
  summary = [[
"List every student" is often modelled with a GSI whose partition key is a constant:
GSI1PK = "STUDENT". The index is a table of its own with its own partitions, and that key lives
in one of them. When it cannot keep up, DynamoDB throttles the base-table writes that would
update it. On-demand capacity raises what the table may use, not what one partition serves.]],
  requires = { "hot-partitions" },

  setup = function()
    ddb.drop_table(T)
    local attrs = {}
    for _, a in ipairs({ "PK", "SK", "GSI1PK", "GSI1SK" }) do
      attrs[#attrs + 1] = { AttributeName = a, AttributeType = "S" }
    end
    ddb.call("CreateTable", {
      TableName = T,
      AttributeDefinitions = attrs,
      KeySchema = { { AttributeName = "PK", KeyType = "HASH" },
                    { AttributeName = "SK", KeyType = "RANGE" } },
      ProvisionedThroughput = { ReadCapacityUnits = 100, WriteCapacityUnits = 4000 },
      GlobalSecondaryIndexes = { {
        IndexName = "GSI1",
        KeySchema = { { AttributeName = "GSI1PK", KeyType = "HASH" },
                      { AttributeName = "GSI1SK", KeyType = "RANGE" } },
        Projection = { ProjectionType = "ALL" },
        ProvisionedThroughput = { ReadCapacityUnits = 100, WriteCapacityUnits = 4000 },
      } },
    })
  end,

  steps = {
    {
      id = "static-key",
      text = [[
Table school stores each student's profile under PK "STUDENT#<number>", SK "PROFILE", and
puts GSI1PK = "STUDENT" on every profile so that one Query on GSI1 lists them all. Table and
index are provisioned with 4,000 WCU each. At the start of term 1,500 students sign up a second.

Add student 9021: PK "STUDENT#9021", SK "PROFILE", GSI1PK "STUDENT", GSI1SK "Ada". The lesson
then simulates the start of term.]],
      check = function(r)
        if r.op ~= "PutItem" then return nil end
        if not r.ok then return false, "The put failed: {error}" end
        if plain_item(r.request.Item).GSI1PK ~= "STUDENT" then
          return false, "For this step use the static index key itself, GSI1PK = STUDENT."
        end
        return true
      end,
      hints = { put_static },
      show = put_static,
      explain = function()
        return describe(signups(false), "table and GSI1 at 4,000 WCU each")
          .. "The base table spreads the profiles over its partitions, but every one of them lands in\n"
          .. "the same GSI1 partition, which serves at most 1,000 WCU. The index throttles, and DynamoDB\n"
          .. "refuses the base-table writes that would update it (IndexWriteKeyRangeThroughputExceeded)."
      end,
    },
    {
      id = "on-demand",
      text = [[
Perhaps provisioning is the problem. Switch the table to on-demand capacity
(update-table --billing-mode PAY_PER_REQUEST); the lesson then simulates the same term.]],
      check = function(r)
        if r.op ~= "UpdateTable" then return nil end
        if not r.ok then return false, "The update failed: {error}" end
        if billing() ~= "PAY_PER_REQUEST" then
          return false, "Switch the billing mode to PAY_PER_REQUEST."
        end
        return true
      end,
      hints = { "update-table takes --billing-mode PAY_PER_REQUEST.", on_demand },
      show = on_demand,
      explain = function()
        return describe(signups(true), "on demand")
          .. "The same share is throttled (now with ThrottlingException). A new on-demand table sustains\n"
          .. "4,000 writes a second and then up to double its previous peak, but every partition keeps\n"
          .. "its 1,000 WCU ceiling: on-demand does not save a hot key."
      end,
    },
    {
      id = "sharded-gsi-key",
      text = [[
Shard the index key: GSI1PK = "STUDENT#<n>", where n is the student number modulo 4
(9022 mod 4 = 2 -> "STUDENT#2").

Add student 9022: PK "STUDENT#9022", SK "PROFILE", GSI1SK "Grace", with its sharded GSI1PK.]],
      check = function(r)
        if r.op ~= "PutItem" then return nil end
        if not r.ok then return false, "The put failed: {error}" end
        local it = plain_item(r.request.Item)
        if it.GSI1PK == "STUDENT" then
          return false, "That is the static key again: every profile still lands in one index partition."
        end
        local n = tonumber(string.match(it.GSI1PK or "", "^STUDENT#(%d+)$"))
        if not n then return false, "GSI1PK should look like STUDENT#<shard>." end
        if it.PK ~= "STUDENT#9022" then return false, "Add student 9022." end
        if n ~= shard_of("9022") then
          return false, "9022 mod 4 is " .. shard_of("9022") .. ", so its GSI1PK is STUDENT#" .. shard_of("9022") .. "."
        end
        return true
      end,
      hints = {
        "The shard is calculated from the student number: 9022 mod 4.",
        put_sharded,
      },
      show = put_sharded,
      explain = function()
        return describe(signups(true, SHARDS), "on demand, GSI1PK sharded four ways")
          .. "The four index keys spread over several partitions and none reaches its ceiling. Listing\n"
          .. "every student now takes four Queries on GSI1, one per shard, merged by the client."
      end,
    },
  },
}
