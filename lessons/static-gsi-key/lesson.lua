-- Lesson 14: a GSI with a static partition key ("STUDENT") is a hot partition of its own, and
-- on-demand capacity does not lift a partition's ceiling. Shown by simulations on a virtual
-- clock (ddb.simulate, README "Throughput and throttling").
-- Checks read the normalized record (lessons/README.md, "What a check sees"): the same fields
-- whether a step is answered with the aws CLI, PartiQL, or PartiQL through execute-statement.
local T = "school"
local SHARDS = 4
local PEAK = 1500       -- sign-ups a second at the start of term
local SIM_SECONDS = 10  -- virtual seconds per simulation: the shares settle at once
local ADA = { PK = "STUDENT#9021", SK = "PROFILE", GSI1PK = "STUDENT", GSI1SK = "Ada" }
local GRACE = { PK = "STUDENT#9022", SK = "PROFILE", GSI1PK = "STUDENT#2", GSI1SK = "Grace" }
local known = {}  -- "PK|SK" -> the profiles the steps so far have written

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

-- Record helpers ----------------------------------------------------------------------------
-- The entry of r.writes for the item with that key in this lesson's table, or nil.
local function write_on(r, key) return write_on_in(r, key, T) end
local function table_note(r)
  return used_table(r) .. "; the students are in school. "
end
-- Undoes a wrong write that went through: a profile an earlier step wrote is put back, a new
-- item is deleted.
local function undo(r)
  local k = r.key
  if not r.ok or type(k) ~= "table" or not k.PK or not k.SK then return "" end
  local image = (write_on(r, k) or {}).image
  local before = known[k.PK .. "|" .. k.SK]
  if same_value(image, before) then return "" end
  if before then
    ddb.put(T, before)
    return " (The lesson put " .. k.PK .. " back as it was.)"
  end
  ddb.call("DeleteItem", { TableName = T, Key = ddb.item(k) })
  return " (The lesson deleted that item again.)"
end
-- One new student profile whose whole image must be `want`.
local function student_step(r, want, expected, key_check)
  if not SINGLE_WRITES[r.op] then
    if r.op == "TransactWriteItems" or r.op == "BatchWriteItem" then
      return false, "One put is all this step needs. " .. expected
    end
    return nil, expected
  end
  if r.table ~= T then return false, table_note(r) .. expected end
  if r.op == "DeleteItem" then
    local note = undo(r)
    if note ~= "" then return false, "That deleted a student." .. note .. " " .. expected end
    return nil, expected
  end
  local k = r.key or {}
  local image = (write_on(r, k) or {}).image
  -- What the statement wrote: the image after it, or for a refused put the item it tried.
  local verdict, msg = key_check(k, (r.ok and image) or r.item or {}, r.ok)
  if verdict == false then return false, msg .. undo(r) end
  if not r.ok then
    if r.error.code == "DuplicateItemException" or r.error.code == "ConditionalCheckFailedException" then
      if r.op == "UpdateItem" and not image then
        return false, "An UPDATE only changes an item that exists; add the student with an INSERT (or put-item). " .. expected
      end
      return false, k.PK .. " already exists. " .. expected
    end
    return false, "DynamoDB refused it ({error}). " .. expected
  end
  if not same_value(image, want) then
    return false, "The profile was written, but " .. differences(image, want) .. "." .. undo(r)
  end
  return true
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
    known = {}
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
        r = as_single(r)
        return student_step(r, ADA,
          "This step expects a put of student 9021 in school: PK STUDENT#9021, SK PROFILE, GSI1PK STUDENT, GSI1SK Ada.",
          function(k, it)
            if k.PK ~= ADA.PK or k.SK ~= ADA.SK then
              return false, "Add student 9021: PK STUDENT#9021, SK PROFILE (that write was for " .. key_text(k) .. ")."
            end
            if it.GSI1PK ~= nil and it.GSI1PK ~= "STUDENT" then
              return false, "For this step use the static index key itself, GSI1PK = STUDENT."
            end
            return true
          end)
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
(update-table --billing-mode PAY_PER_REQUEST); the lesson then simulates the same term.
(Capacity is changed with the aws CLI only: PartiQL has no statement for it.)]],
      setup = function() known[ADA.PK .. "|" .. ADA.SK] = ADA end,
      check = function(r)
        local expected = "This step expects update-table on school switching its billing mode to PAY_PER_REQUEST."
        if r.op ~= "UpdateTable" then return nil, expected end
        if r.table ~= T then return false, table_note(r) .. expected end
        if not r.ok then return false, "DynamoDB refused it ({error}). " .. expected end
        if billing() ~= "PAY_PER_REQUEST" then
          return false, "The table is still " .. billing() .. ": that update-table changed something else. Switch the billing mode to PAY_PER_REQUEST."
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
      setup = function() known[ADA.PK .. "|" .. ADA.SK] = ADA end,
      check = function(r)
        r = as_single(r)
        local shard = shard_of("9022")
        return student_step(r, GRACE,
          "This step expects a put of student 9022 in school: PK STUDENT#9022, SK PROFILE, GSI1SK Grace, GSI1PK STUDENT#<9022 mod 4>.",
          function(k, it, ok)
            if it.GSI1PK == "STUDENT" then
              return false, "That is the static key again: every profile still lands in one index partition."
            end
            if k.PK ~= GRACE.PK or k.SK ~= GRACE.SK then
              return false, "Add student 9022: PK STUDENT#9022, SK PROFILE (that write was for " .. key_text(k) .. ")."
            end
            if it.GSI1PK == nil and not ok then return true end  -- judged as refused below
            local n = tonumber(string.match(it.GSI1PK or "", "^STUDENT#(%d+)$"))
            if not n then return false, "GSI1PK should look like STUDENT#<shard> (it is " .. show_value(it.GSI1PK) .. ")." end
            if n ~= shard then
              return false, "9022 mod 4 is " .. shard .. ", so its GSI1PK is STUDENT#" .. shard .. ", not STUDENT#" .. n .. "."
            end
            return true
          end)
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
