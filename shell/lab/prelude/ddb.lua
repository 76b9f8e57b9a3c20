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
function ddb.script(text)
  local n = 0
  for line in string.gmatch(text, "[^\n]+") do
    local s = string.match(line, "^%s*(.-)%s*$")
    if s ~= "" and string.sub(s, 1, 1) ~= "#" then
      ddb.run(s)
      n = n + 1
    end
  end
  return n
end
return ddb
