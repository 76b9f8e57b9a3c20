-- lesson prelude: lesson{} and the shared check vocabulary (embedded by the build).
local H = {}
local L = nil

local function fmt(v)
  if type(v) == "number" then
    if math.type(v) == "float" and v == math.floor(v) and math.abs(v) < 1e15 then
      return string.format("%d", math.floor(v))
    end
    if math.type(v) == "float" then return string.format("%g", v) end
    return tostring(v)
  end
  return tostring(v)
end
units = fmt

function H.render(text, r)
  return (string.gsub(text, "{([%w_]+)}", function(k)
    local v = r and r[k]
    -- {error} is DynamoDB's error as the shell printed it: feedback names the actual refusal
    -- rather than echoing the command back.
    if k == "error" and type(v) == "table" then return H.error_text(v) end
    if v == nil or type(v) == "table" then return "{" .. k .. "}" end
    return fmt(v)
  end))
end

function lesson(t)
  if type(t) ~= "table" then error("lesson { ... } expects a table", 2) end
  return t
end

-- Check vocabulary. Every helper takes the record `r` of the statement the student ran.
function is_op(r, op, index)
  if not r.ok or r.op ~= op then return false end
  if index == nil then return true end
  return (r.index or "") == index
end
function is_query(r, index) return is_op(r, "Query", index) end
function is_scan(r) return r.ok and r.op == "Scan" end
function is_get(r) return r.ok and r.op == "GetItem" end
function values(r, attr)
  local out = {}
  for i, it in ipairs(r.items or {}) do out[i] = it[attr] end
  return out
end
function has_value(r, attr, value)
  for _, it in ipairs(r.items or {}) do
    if it[attr] == value then return true end
  end
  return false
end
function all_start_with(r, attr, prefix)
  for _, it in ipairs(r.items or {}) do
    local v = it[attr]
    if type(v) ~= "string" or string.sub(v, 1, #prefix) ~= prefix then return false end
  end
  return true
end
function starts_with(s, prefix)
  return type(s) == "string" and string.sub(s, 1, #prefix) == prefix
end
function request_mentions(r, text)
  local function scan(v)
    if type(v) == "string" then return string.find(v, text, 1, true) ~= nil end
    if type(v) == "table" then
      for _, x in pairs(v) do if scan(x) then return true end end
    end
    return false
  end
  return scan(r.request) or (r.input and string.find(r.input, text, 1, true) ~= nil)
end
-- True when attribute `name` appears as a name in resolved expression text (r.condition,
-- r.update, r.filter, ...): a whole word outside quoted literals, alone or as the first part of
-- a path (`address.city`, `tags[0]`). Reads what the statement meant, not how it was spelled.
function uses(text, name)
  if type(text) ~= "string" or type(name) ~= "string" or name == "" then return false end
  local bare = string.gsub(text, "'[^']*'", "''")
  local i = 1
  while true do
    local s, e = string.find(bare, name, i, true)
    if not s then return false end
    local before = s > 1 and string.sub(bare, s - 1, s - 1) or ""
    local after = string.sub(bare, e + 1, e + 1)
    if not string.find(before, "[%w_#:%.]") and not string.find(after, "[%w_]") then return true end
    i = s + 1
  end
end
-- Whether a resolved condition refuses the write while an item has attribute `names[i]`: one of
-- its top-level AND terms is attribute_not_exists(name) or NOT attribute_exists(name) (a term
-- inside an OR does not guard).
function absent_guard(cond, names)
  if type(cond) ~= "string" then return false end
  local bare = string.gsub(cond, "'[^']*'", "''")
  local terms, depth, start, i = {}, 0, 1, 1
  while i <= #bare do
    local c = string.sub(bare, i, i)
    if c == "(" then depth = depth + 1 elseif c == ")" then depth = depth - 1 end
    if depth == 0 then
      local s, e = string.find(bare, "^%s[Aa][Nn][Dd]%s", i)
      if s then
        terms[#terms + 1] = string.sub(bare, start, s - 1)
        start, i = e + 1, e
      end
    end
    i = i + 1
  end
  terms[#terms + 1] = string.sub(bare, start)
  for _, t in ipairs(terms) do
    t = string.match(t, "^%s*(.-)%s*$")
    while string.match(t, "^%b()$") do t = string.match(string.sub(t, 2, -2), "^%s*(.-)%s*$") end
    for _, n in ipairs(names) do
      if string.match(t, "^attribute_not_exists%s*%(%s*" .. n .. "%s*%)$")
          or string.match(t, "^[Nn][Oo][Tt]%s*%(?%s*attribute_exists%s*%(%s*" .. n .. "%s*%)%s*%)?$") then
        return true
      end
    end
  end
  return false
end
-- Plain values compare equal when they are equal all the way down (lists and maps too).
function same_value(a, b)
  if type(a) ~= "table" or type(b) ~= "table" then return a == b end
  for k, v in pairs(a) do if not same_value(v, b[k]) then return false end end
  for k in pairs(b) do if a[k] == nil then return false end end
  return true
end
-- The entry of r.writes that wrote or checked the item with `key` (in `table`, when given): its
-- key matches, or (a write that could not be planned) its item carries the key's values; nil
-- when none did.
function write_on(r, key, table_name)
  local function carries(t)
    if type(t) ~= "table" then return false end
    for k, v in pairs(key) do if not same_value(t[k], v) then return false end end
    return true
  end
  for _, w in ipairs(r.writes or {}) do
    if (table_name == nil or w.table == table_name) and (carries(w.key) or carries(w.item)) then
      return w
    end
  end
  return nil
end
-- The first table the statement used (read, or wrote in any of its writes) other than
-- `expected`, and whether it does not exist; nil when it used only `expected`.
function other_table(r, expected)
  local tables = {}
  if (r.table or "") ~= "" then tables[1] = r.table end
  for _, w in ipairs(r.writes or {}) do
    if (w.table or "") ~= "" then tables[#tables + 1] = w.table end
  end
  for _, t in ipairs(tables) do
    if t ~= expected then
      return t, not r.ok and r.error ~= nil and r.error.code == "ResourceNotFoundException"
    end
  end
  return nil
end
-- The partition key of the collection a read returned: the items' PK when they all share one,
-- "" when they differ, nil when the items carry no PK (a projection) or none came back.
function collection(r)
  local pk = nil
  for _, it in ipairs(r.items or {}) do
    if it.PK == nil then return nil end
    if pk ~= nil and it.PK ~= pk then return "" end
    pk = it.PK
  end
  return pk
end
-- DescribeTable's description of global secondary index `name` on `table_name` (IndexName,
-- KeySchema, Projection, ...), or nil when the table or the index does not exist.
function describe_gsi(table_name, name)
  local d = ddb.try_call("DescribeTable", { TableName = table_name })
  if not d.ok then return nil end
  for _, g in ipairs(d.output.Table.GlobalSecondaryIndexes or {}) do
    if g.IndexName == name then return g end
  end
  return nil
end
-- The whole item, as stored after the statement, that the statement wrote or checked under
-- `key` (plain values), or nil.
function written_image(r, key)
  local w = write_on(r, key)
  return w and w.image
end
-- A transaction or batch of one write, judged as that one write (its op, table, key, item,
-- condition and update); any other record as it is.
function as_single(r)
  local ws = r.writes or {}
  if (r.op == "TransactWriteItems" or r.op == "BatchWriteItem") and #ws == 1 and
      ws[1].op ~= "ConditionCheck" then
    local s = {}
    for k, v in pairs(r) do s[k] = v end
    s.op, s.table, s.key, s.item = ws[1].op, ws[1].table, ws[1].key, ws[1].item
    s.condition, s.update = ws[1].condition, ws[1].update
    return s
  end
  return r
end
-- A plain value as feedback quotes it: "text", 3, a list or map, none.
function show_value(v)
  if type(v) == "string" then return '"' .. v .. '"' end
  if type(v) == "number" then return fmt(v) end
  if type(v) == "table" then return "a list or map" end
  if v == nil then return "none" end
  return tostring(v)
end
-- Shared by the lessons on single-item writes (each binds its own table in a local write_on):
-- the operations that write one item, an item's key, a key as feedback quotes it ("CUST#a1" /
-- "PROFILE"), write_on under a name such a local can call, and the start of the feedback for a
-- statement that went to another table.
SINGLE_WRITES = { PutItem = true, UpdateItem = true, DeleteItem = true }
function keyof(it) return { PK = it.PK, SK = it.SK } end
function key_text(k) return show_value(k and k.PK) .. " / " .. show_value(k and k.SK) end
write_on_in = write_on
function used_table(r)
  return "That statement used table " .. (r.table ~= "" and r.table or "(unknown)")
end
-- How an item as stored differs from the one a step asks for, for feedback: "qty is 2 (the step
-- asks for 1); it also has note". Empty when they are the same.
function differences(image, want)
  if image == nil then return "the item does not exist" end
  local out, names = {}, {}
  for k in pairs(want) do names[#names + 1] = k end
  table.sort(names)
  for _, k in ipairs(names) do
    local v = image[k]
    if v == nil then
      out[#out + 1] = k .. " is missing"
    elseif not same_value(v, want[k]) then
      out[#out + 1] = k .. " is " .. show_value(v) .. " (the step asks for " .. show_value(want[k]) .. ")"
    end
  end
  local extra = {}
  for k in pairs(image) do if want[k] == nil then extra[#extra + 1] = k end end
  table.sort(extra)
  if #extra > 0 then out[#out + 1] = "it also has " .. table.concat(extra, ", ") end
  return table.concat(out, "; ")
end
local WRITES = { PutItem = true, UpdateItem = true, DeleteItem = true, TransactWriteItems = true,
  BatchWriteItem = true }
-- True when the statement succeeded and was a write (or the named write operation).
function is_write(r, op)
  if not r.ok then return false end
  if op ~= nil then return r.op == op end
  return WRITES[r.op] == true
end
function cost(r)
  local unit = (r.op == "GetItem" or r.op == "Query" or r.op == "Scan") and "RCU" or "WCU"
  if r.read_capacity and r.write_capacity and r.read_capacity > 0 and r.write_capacity > 0 then
    return fmt(r.capacity) .. " capacity units"
  end
  return fmt(r.capacity) .. " " .. unit
end

-- DynamoDB JSON -> plain Lua values (for reading r.request).
plain = ddb.unmarshal
plain_item = ddb.unmarshal_item

-- Feedback for a statement on a table other than the lesson's `table_name` (nil when it used
-- that one): whether that table exists, then `where` ("the orders are in app-main").
function off_table(r, table_name, where)
  local t, missing = other_table(r, table_name)
  if not t then return nil end
  if missing then return "There is no table " .. t .. " in this lesson: " .. where .. "." end
  return "That statement used the table " .. t .. "; " .. where .. "."
end

-- What the stream handlers attached to `table_name` did because of the statement: r.stream's
-- counts summed over that table's handlers, with `names` (attached), `invoked` (those that ran)
-- and `errors` (theirs); nil when no handler is attached to it.
function stream_on(r, table_name)
  local s = r.stream
  if type(s) ~= "table" then return nil end
  local sum = { invocations = 0, records = 0, filtered = 0, failed = 0, writes = 0, calls = 0,
    capacity = 0, names = {}, invoked = {}, errors = {}, patterns = {} }
  local any = false
  for _, m in ipairs(s.mappings or {}) do
    if m.table == table_name then
      any = true
      for _, k in ipairs({ "invocations", "records", "filtered", "failed", "writes", "calls", "capacity" }) do
        sum[k] = sum[k] + (tonumber(m[k]) or 0)
      end
      sum.names[#sum.names + 1] = m.name
      sum.patterns[#sum.names] = type(m.patterns) == "table" and m.patterns or {}
      if (tonumber(m.invocations) or 0) > 0 then sum.invoked[#sum.invoked + 1] = m.name end
    end
  end
  if not any then return nil end
  local prefix = table_name .. " -> "
  for _, e in ipairs(s.errors or {}) do
    if type(e) == "string" and e:sub(1, #prefix) == prefix then sum.errors[#sum.errors + 1] = e end
  end
  return sum
end

-- The record fields a mapping's filter patterns test, as sorted paths without the record's
-- `dynamodb.` and the attribute's type ("NewImage.entity_type", "eventName", "Keys.SK"); empty
-- when there is no filter. Feedback says what the student's filter reads, whatever it is.
local ATTRIBUTE_TYPES = { S = true, N = true, B = true, BOOL = true, NULL = true, M = true, L = true,
  SS = true, NS = true, BS = true }
function filter_reads(patterns)
  local seen, out = {}, {}
  local function walk(p, path)
    if type(p) ~= "table" or p == ddb.null then return end
    if #p > 0 or next(p) == nil then
      -- A leaf (a list of rules): the path up to it, less its type key under an image or Keys.
      local parts = {}
      for part in string.gmatch(path, "[^.]+") do parts[#parts + 1] = part end
      if parts[1] == "dynamodb" then table.remove(parts, 1) end
      if #parts >= 3 and ATTRIBUTE_TYPES[parts[#parts]] then table.remove(parts) end
      local text = table.concat(parts, ".")
      if not seen[text] then
        seen[text] = true
        out[#out + 1] = text
      end
      return
    end
    for k, v in pairs(p) do walk(v, path == "" and tostring(k) or (path .. "." .. tostring(k))) end
  end
  for _, p in ipairs(patterns or {}) do
    if type(p) == "string" then p = ddb.json_decode(p) end
    walk(p, "")
  end
  table.sort(out)
  return out
end
-- Whether a mapping with these filter patterns delivers `record` (a stream record, e.g. from
-- ddb.stream.records(table)): Lambda's matching, the same as the handlers' own.
function filter_accepts(patterns, record)
  return ddb.stream.accepts(patterns or {}, record)
end

-- Setup helpers: a PK/SK table (string keys) with optional overloaded GSIs named like
-- "GSI1" (keys GSI1PK/GSI1SK), recreated empty; and seeding plain items.
function fresh_table(name, opts)
  opts = opts or {}
  ddb.drop_table(name)
  local attrs = {
    { AttributeName = "PK", AttributeType = "S" }, { AttributeName = "SK", AttributeType = "S" },
  }
  local gsis = {}
  for _, g in ipairs(opts.gsis or {}) do
    attrs[#attrs + 1] = { AttributeName = g .. "PK", AttributeType = "S" }
    attrs[#attrs + 1] = { AttributeName = g .. "SK", AttributeType = "S" }
    gsis[#gsis + 1] = {
      IndexName = g,
      KeySchema = { { AttributeName = g .. "PK", KeyType = "HASH" },
                    { AttributeName = g .. "SK", KeyType = "RANGE" } },
      Projection = { ProjectionType = "ALL" },
    }
  end
  local req = {
    TableName = name, AttributeDefinitions = attrs, BillingMode = "PAY_PER_REQUEST",
    KeySchema = { { AttributeName = "PK", KeyType = "HASH" },
                  { AttributeName = "SK", KeyType = "RANGE" } },
  }
  if #gsis > 0 then req.GlobalSecondaryIndexes = gsis end
  -- stream = "NEW_AND_OLD_IMAGES" (or another view type) enables the table's stream.
  if opts.stream then req.StreamSpecification = { StreamEnabled = true, StreamViewType = opts.stream } end
  ddb.call("CreateTable", req)
  if opts.partitions then ddb.set_partitions(name, opts.partitions) end
end
function seed(name, items)
  for _, it in ipairs(items) do ddb.put(name, it) end
end

local function str(v, what, path)
  if v == nil then return "" end
  if type(v) ~= "string" then error(path .. ": " .. what .. " must be a string", 0) end
  return v
end

function H.normalize(t, path)
  if type(t) ~= "table" then
    error(path .. ": the file must end with `return lesson { ... }`", 0)
  end
  if type(t.id) ~= "string" or t.id == "" then error(path .. ": lesson needs an id", 0) end
  if type(t.steps) ~= "table" or #t.steps == 0 then
    error(path .. ": lesson " .. t.id .. " has no steps", 0)
  end
  local n = {
    id = t.id, title = str(t.title, "title", path), summary = str(t.summary, "summary", path),
    number = math.tointeger(t.number) or 0, requires = {}, setup = t.setup, steps = {},
  }
  for i, r in ipairs(t.requires or {}) do n.requires[i] = tostring(r) end
  local seen = {}
  for i, s in ipairs(t.steps) do
    local where = path .. ": step " .. i
    if type(s) ~= "table" then error(where .. " must be a table", 0) end
    if type(s.check) ~= "function" then error(where .. " needs a check function", 0) end
    local id = s.id or ("step-" .. i)
    if seen[id] then error(where .. ": duplicate step id " .. id, 0) end
    seen[id] = true
    local hints = {}
    for j, h in ipairs(s.hints or {}) do hints[j] = tostring(h) end
    local explain = s.explain
    if explain ~= nil and type(explain) ~= "string" and type(explain) ~= "function" then
      error(where .. ": explain must be a string or a function", 0)
    end
    local show = str(s.show, "show", where)
    -- A show solution is replayed as statements when a step is skipped or a lesson resumed; a
    -- dot-command there could not run, and would be dropped without a word.
    for line in (show .. "\n"):gmatch("(.-)\n") do
      if line:match("^%s*%.%a") then
        error(where .. ": show holds the dot-command `" .. line:match("^%s*(.-)%s*$") ..
          "`, which a replay cannot run: show holds statements only (say the dot-command in the text)", 0)
      end
    end
    n.steps[i] = {
      id = id, text = str(s.text, "text", where), hints = hints, show = show,
      explain = explain, explain_text = type(explain) == "string" and explain or "",
      setup = s.setup, check = s.check,
    }
  end
  L = n
  return n
end

function H.setup() if L.setup then L.setup() end end
function H.step_setup(i)
  local s = L.steps[i]
  if s.setup then s.setup() end
end
-- DynamoDB's error as feedback quotes it: "ValidationException: One or more parameter values
-- were invalid: ..." (the code alone when DynamoDB gave no message).
function H.error_text(e)
  if type(e) ~= "table" then return nil end
  local message = type(e.message) == "string" and e.message or ""
  if message == "" then return tostring(e.code or "Error") end
  return tostring(e.code or "Error") .. ": " .. message
end

-- Feedback on a refused statement names DynamoDB's error, message included (README, "What a
-- check sees"): a check's message that leaves the message out ("DynamoDB refused it
-- (ValidationException)") gets it appended, so no lesson can tell a student only the code.
function H.with_error(msg, r)
  if msg == nil or msg == "" or type(r) ~= "table" or r.ok ~= false or type(r.error) ~= "table" then
    return msg
  end
  local message = type(r.error.message) == "string" and r.error.message or ""
  if message == "" or string.find(msg, message, 1, true) then return msg end
  return msg .. " (DynamoDB: " .. H.error_text(r.error) .. ")"
end

function H.check(i, r)
  local s = L.steps[i]
  local verdict, msg = s.check(r)
  if msg ~= nil then msg = H.with_error(H.render(tostring(msg), r), r) end
  local explain = nil
  if verdict == true then
    if type(s.explain) == "function" then
      explain = s.explain(r)
      if explain ~= nil then explain = tostring(explain) end
    elseif type(s.explain) == "string" then
      explain = H.render(s.explain, r)
    end
  end
  return verdict, msg, explain
end
return H
