-- ddb prelude: Lua helpers over the C functions of the ddb table (embedded by the build).
local ddb = ...
function ddb.marshal(v)
  local t = type(v)
  if v == ddb.null then return { NULL = true } end
  if t == "string" then return { S = v } end
  if t == "number" then
    if math.type(v) == "integer" then return { N = string.format("%d", v) } end
    return { N = string.format("%.17g", v) }
  end
  if t == "boolean" then return { BOOL = v } end
  if t == "table" then
    if #v > 0 then
      local l = {}
      for i, x in ipairs(v) do l[i] = ddb.marshal(x) end
      return { L = l }
    end
    local m = {}
    for k, x in pairs(v) do m[k] = ddb.marshal(x) end
    return { M = m }
  end
  error("ddb.marshal: cannot store a " .. t, 2)
end
function ddb.item(plain)
  local m = {}
  for k, v in pairs(plain) do m[k] = ddb.marshal(v) end
  return m
end
-- DynamoDB JSON -> plain Lua values (S -> string, N -> number, L -> list, M -> table, NULL ->
-- ddb.null, sets -> lists); the inverse of ddb.marshal.
function ddb.unmarshal(av)
  if type(av) ~= "table" then return av end
  if av.S ~= nil then return av.S end
  if av.N ~= nil then return tonumber(av.N) end
  if av.BOOL ~= nil then return av.BOOL end
  if av.NULL ~= nil then return ddb.null end
  if av.L ~= nil then
    local t = {}
    for i, x in ipairs(av.L) do t[i] = ddb.unmarshal(x) end
    return t
  end
  if av.M ~= nil then return ddb.unmarshal_item(av.M) end
  if av.SS ~= nil then return av.SS end
  if av.NS ~= nil then
    local t = {}
    for i, x in ipairs(av.NS) do t[i] = tonumber(x) end
    return t
  end
  return av
end
function ddb.unmarshal_item(m)
  local t = {}
  for k, v in pairs(m or {}) do t[k] = ddb.unmarshal(v) end
  return t
end
function ddb.get(table_name, key)
  local r = ddb.call("GetItem", { TableName = table_name, Key = ddb.item(key), ConsistentRead = true })
  return r.items[1]
end
function ddb.put(table_name, item)
  return ddb.call("PutItem", { TableName = table_name, Item = ddb.item(item) })
end
function ddb.items(table_name, index)
  local all, start = {}, nil
  repeat
    local req = { TableName = table_name, IndexName = index, ExclusiveStartKey = start }
    local r = ddb.call("Scan", req)
    for _, it in ipairs(r.items) do all[#all + 1] = it end
    start = r.output.LastEvaluatedKey
  until start == nil
  return all
end
function ddb.count(table_name, index) return #ddb.items(table_name, index) end
function ddb.drop_table(name)
  return ddb.try_call("DeleteTable", { TableName = name })
end
-- Statements split by the shell's boundary rule: SQL over several lines ended by `;`, aws-CLI
-- lines continued with `\`, comments skipped.
local split_statements = ddb._statements
ddb._statements = nil
function ddb.script(text)
  local n = 0
  for _, s in ipairs(split_statements(text)) do
    ddb.run(s)
    n = n + 1
  end
  return n
end
-- ddb.simulate{setup = {...}, seconds = N, clients = {...}}: the table of a `ddblab simulate`
-- scenario file, run on a fresh virtual-clock engine; returns that command's JSON as a table.
-- The scenario is copied into plain tables first, so the C side reads no metatable.
local simulate_raw = ddb._simulate
ddb._simulate = nil
local function plain(v)
  if type(v) ~= "table" then return v end
  local t = {}
  for k, x in pairs(v) do t[k] = x end
  return t
end
function ddb.simulate(scenario)
  if type(scenario) ~= "table" then
    error("ddb.simulate{setup = {...}, seconds = N, clients = {...}}: expected a table", 2)
  end
  local s = plain(scenario)
  s.setup = plain(s.setup)
  s.clients = plain(s.clients)
  if type(s.clients) == "table" then
    for i, c in pairs(s.clients) do s.clients[i] = plain(c) end
  end
  return simulate_raw(s)
end
return ddb
