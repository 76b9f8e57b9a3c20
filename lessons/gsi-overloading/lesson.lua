-- Lesson 5: one overloaded GSI serving three access patterns of the edtech platform.
local T = "edtech-platform"

local function gsi_query(pk, cond, values)
  return string.format(
    [[aws dynamodb query --table-name edtech-platform --index-name GSI1 --key-condition-expression "GSI1PK = :pk AND %s" --expression-attribute-values '{":pk":{"S":"%s"},%s}']],
    cond, pk, values)
end

-- Whether a returned item (perhaps projected) is one of `wanted`: every attribute it carries
-- equals that item's. GSI1's items as they were seeded, for the steps' expected sets.
local function is_one_of(it, wanted)
  if next(it) == nil then return false end -- a projection that kept nothing tells nothing
  for _, w in ipairs(wanted) do
    local same = true
    for k, v in pairs(it) do
      if w[k] ~= v then same = false break end
    end
    if same then return true end
  end
  return false
end
local function in_gsi(pk, pred)
  local out = {}
  for _, it in ipairs(ddb.items(T)) do
    if it.GSI1PK == pk and (pred == nil or pred(it)) then out[#out + 1] = it end
  end
  return out
end
-- Whether the Query returned exactly `n` items, each one of `wanted`.
local function exactly(r, wanted, n)
  if r.count ~= n or #(r.items or {}) ~= n then return false end
  for _, it in ipairs(r.items) do
    if not is_one_of(it, wanted) then return false end
  end
  return true
end

-- The shared part of every check here: one Query of GSI1 on partition `pk`. Returns a verdict and
-- message, or "go" when the Query read that partition of GSI1 and the step's own test decides.
-- `base` is what to say when the Query ran on the base table.
local function judge(r, pk, what, base)
  local want = "a Query of edtech-platform's index GSI1 with GSI1PK = " .. pk
  local t = r.table or ""
  if t ~= "" and t ~= T then
    if not r.ok and r.error and r.error.code == "ResourceNotFoundException" then
      return false, "There is no table " .. t .. " in this lesson; the platform's data is in edtech-platform."
    end
    return false, "That statement used the table " .. t .. "; the platform's data is in edtech-platform."
  end
  local idx = r.index or ""
  if idx ~= "" and idx ~= "GSI1" then
    return false, "edtech-platform has one index, GSI1 (keys GSI1PK, GSI1SK); that statement named " .. idx .. "."
  end
  if not r.ok then return false, "That statement failed; this step expects " .. want .. "." end
  if r.op == "Scan" then
    if idx == "GSI1" then
      return false, "That Scan read all {read} items of GSI1, every pattern's, to find " .. what .. "; a Query on GSI1PK = " .. pk .. " reads only those."
    end
    return false, "That Scan read {read} items of every type to find " .. what .. "; GSI1 keys them by GSI1PK."
  end
  if r.op == "Query" and idx == "" then return false, base end
  if r.op == "GetItem" then return false, "GetItem returns one item by the table's key; " .. what .. " are found through GSI1." end
  if r.op ~= "Query" then return nil, "(This step wants " .. want .. ": " .. what .. ".)" end
  for _, it in ipairs(r.items or {}) do
    if it.GSI1PK ~= nil and it.GSI1PK ~= pk then
      return false, "That Query read the GSI1 partition " .. it.GSI1PK .. "; " .. what .. " are under GSI1PK = " .. pk .. "."
    end
  end
  if r.count == 0 then
    return false, "That Query of GSI1 matched nothing; " .. what .. " are under GSI1PK = " .. pk .. "."
  end
  if #(r.items or {}) == 0 then
    return nil, "(That counted {count} items without returning them: leave out --select COUNT to read " .. what .. ".)"
  end
  -- Projected items may not carry GSI1PK: tell them apart by what they do carry.
  local part = in_gsi(pk)
  for _, it in ipairs(r.items) do
    if not is_one_of(it, part) then
      return false, "That Query returned items that are not under GSI1PK = " .. pk .. "; " .. what .. " are."
    end
  end
  return "go"
end

return lesson {
  id = "gsi-overloading",
  number = 5,
  title = "GSI overloading: one index, many access patterns",
  summary = [[
Each GSI costs storage and write capacity, and a table has at most 20 of them by default. An
overloaded index uses generic attributes, GSI1PK and GSI1SK, that each entity type fills with
whatever it needs to be found by. On the edtech platform one GSI1 answers "all students by
sign-up date", "students of a course" and "courses of an instructor".]],
  requires = { "item-collections" },

  setup = function()
    fresh_table(T, { gsis = { "GSI1" } })
    seed(T, {
      { PK = "STUDENT#s1", SK = "PROFILE", GSI1PK = "STUDENT", GSI1SK = "2024-09-01", name = "Ana" },
      { PK = "STUDENT#s2", SK = "PROFILE", GSI1PK = "STUDENT", GSI1SK = "2024-10-15", name = "Bruno" },
      { PK = "STUDENT#s3", SK = "PROFILE", GSI1PK = "STUDENT", GSI1SK = "2023-12-01", name = "Carla" },
      { PK = "STUDENT#s1", SK = "ENROLLMENT#c10", GSI1PK = "COURSE#c10", GSI1SK = "STUDENT#s1", progress = 40 },
      { PK = "STUDENT#s1", SK = "ENROLLMENT#c20", GSI1PK = "COURSE#c20", GSI1SK = "STUDENT#s1", progress = 5 },
      { PK = "STUDENT#s2", SK = "ENROLLMENT#c10", GSI1PK = "COURSE#c10", GSI1SK = "STUDENT#s2", progress = 90 },
      { PK = "STUDENT#s3", SK = "ENROLLMENT#c30", GSI1PK = "COURSE#c30", GSI1SK = "STUDENT#s3", progress = 0 },
      { PK = "COURSE#c10", SK = "METADATA", GSI1PK = "INSTRUCTOR#i5", GSI1SK = "COURSE#c10", title = "Data modeling" },
      { PK = "COURSE#c20", SK = "METADATA", GSI1PK = "INSTRUCTOR#i5", GSI1SK = "COURSE#c20", title = "Indexes" },
      { PK = "COURSE#c30", SK = "METADATA", GSI1PK = "INSTRUCTOR#i7", GSI1SK = "COURSE#c30", title = "Streams" },
      { PK = "COURSE#c10", SK = "MODULE#m1", title = "Keys" },
    })
  end,

  steps = {
    {
      id = "students-by-date",
      text = [[
In edtech-platform, student profiles carry GSI1PK = "STUDENT" and GSI1SK = their sign-up date;
enrollments carry GSI1PK = "COURSE#<id>", GSI1SK = "STUDENT#<id>"; courses carry
GSI1PK = "INSTRUCTOR#<id>", GSI1SK = "COURSE#<id>". Module items carry no GSI1 keys at all.

First pattern: every student who signed up on or after 2024-01-01. Query the index GSI1
(in PartiQL the index is named after the table: FROM "edtech-platform"."GSI1").]],
      check = function(r)
        local v, m = judge(r, "STUDENT", "the students who signed up since 2024",
          "That Query ran on the base table; this pattern lives in the index: --index-name GSI1 (in PartiQL, FROM \"edtech-platform\".\"GSI1\").")
        if v ~= "go" then return v, m end
        if r.count == 3 then
          return false, "You got all three students: Carla signed up in 2023. Add a condition on GSI1SK (the sign-up date) to the key condition."
        end
        if not exactly(r, in_gsi("STUDENT", function(it) return it.GSI1SK >= "2024-01-01" end), 2) then
          return false, "Expected the two students who signed up in 2024 (s1, s2); got {count} items."
        end
        if r.filtered or (r.read or 0) > (r.returned or 0) then
          return false, "Those are s1 and s2, but a filter picked them after reading {read} items: the sign-up date is GSI1SK, so put it in the key condition."
        end
        return true
      end,
      hints = {
        "Query with --index-name GSI1; the key condition names the index's keys, GSI1PK and GSI1SK.",
        [[GSI1PK = :pk AND GSI1SK >= :d, with :pk = "STUDENT" and :d = "2024-01-01".]],
      },
      show = gsi_query("STUDENT", "GSI1SK >= :d", [[":d":{"S":"2024-01-01"}]]),
      explain = [[
Two profiles from GSI1 for {capacity} RCU. A constant partition key like "STUDENT" is fine
here, but it puts every student in one index partition: at high sign-up rates it becomes a hot
key (lesson 11 shows the fix).]],
    },
    {
      id = "students-of-course",
      text = [[
Second pattern, same index: the students enrolled in course c10.]],
      check = function(r)
        local v, m = judge(r, "COURSE#c10", "the enrollments of course c10",
          "The base table is keyed by student; by course, the enrollments are in GSI1.")
        if v ~= "go" then return v, m end
        if not exactly(r, in_gsi("COURSE#c10"), 2) then
          return false, "Expected the two enrollments of c10 (s1 and s2); got {count}."
        end
        return true
      end,
      hints = {
        [[GSI1PK = "COURSE#c10" AND begins_with(GSI1SK, "STUDENT#") on --index-name GSI1.]],
      },
      show = gsi_query("COURSE#c10", "begins_with(GSI1SK, :p)", [[":p":{"S":"STUDENT#"}]]),
      explain = [[
s1 and s2, one Query on GSI1. The base table answers "courses of a student" (PK =
STUDENT#s1); the index inverts the same enrollment items to answer "students of a course".]],
    },
    {
      id = "courses-of-instructor",
      text = [[
Third pattern, same index again: the courses taught by instructor i5.]],
      check = function(r)
        local v, m = judge(r, "INSTRUCTOR#i5", "the courses of instructor i5",
          "The base table is keyed by course; by instructor, the courses are in GSI1.")
        if v ~= "go" then return v, m end
        if not exactly(r, in_gsi("INSTRUCTOR#i5"), 2) then
          return false, "Expected c10 and c20; got {count}."
        end
        return true
      end,
      hints = { [[GSI1PK = "INSTRUCTOR#i5" AND begins_with(GSI1SK, "COURSE#")]] },
      show = gsi_query("INSTRUCTOR#i5", "begins_with(GSI1SK, :p)", [[":p":{"S":"COURSE#"}]]),
      explain = [[
Three access patterns, three entity types, one index. Items without GSI1PK (the modules) are
simply not in it, so they cost no index writes. One more pattern later means one more kind of
GSI1 value, not necessarily one more index.]],
    },
  },
}
