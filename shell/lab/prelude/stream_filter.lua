-- Lambda's event filtering for stream handlers (embedded by the build): a handler's `filters`
-- are patterns in the filter-rule syntax Lambda shares with EventBridge, matched against each
-- stream record before batching. A record that matches no filter is dropped without an
-- invocation; with no filters every record is delivered.
--
-- A pattern is an object whose keys follow the record's (eventName, dynamodb.Keys,
-- dynamodb.NewImage.<attr>.S, ...); every key must match. A leaf is a list of rules, any of
-- which may match: a literal (string, number, boolean, null) or one object rule
--   {prefix = "x"}  {suffix = "x"}  {["equals-ignore-case"] = "x"}  {exists = true|false}
--   {["anything-but"] = v | {v, ...} | {prefix = "x"}}  {numeric = {">", 0, "<=", 5}}
--   {wildcard = "ORDER#*"}
-- As in Lambda, DynamoDB numbers are strings in the record ({"N": "5"}), so a numeric rule never
-- matches them: compare the string, or filter on a string attribute.
local ddb = ...

local filter = {}

-- Lambda's quotas: 5 filters per event source mapping, 4096 characters per pattern.
filter.MAX_FILTERS = 5
filter.MAX_PATTERN_CHARS = 4096

local OPERATORS = {
  prefix = true, suffix = true, ["equals-ignore-case"] = true, exists = true,
  ["anything-but"] = true, numeric = true, wildcard = true,
}
local NUMERIC_OPS = { ["="] = true, ["<"] = true, ["<="] = true, [">"] = true, [">="] = true }

local function is_list(t)
  if type(t) ~= "table" or t == ddb.null then return false end
  local n = #t
  if n == 0 then return next(t) == nil end
  for k in pairs(t) do
    if math.type(k) ~= "integer" or k < 1 or k > n then return false end
  end
  return true
end

local function describe(path) return path == "" and "the pattern" or path end

-- Checks one object rule; returns an error message or nil.
local function check_rule(rule, path)
  local name, arg = next(rule)
  if name == nil or next(rule, name) ~= nil then
    return describe(path) .. ": a rule object holds exactly one operator"
  end
  if not OPERATORS[name] then
    return describe(path) .. ": unknown filter operator '" .. tostring(name) ..
      "' (the operators are prefix, suffix, equals-ignore-case, exists, anything-but, numeric, wildcard)"
  end
  if name == "exists" and type(arg) ~= "boolean" then
    return describe(path) .. ": exists takes true or false"
  end
  if (name == "prefix" or name == "suffix" or name == "equals-ignore-case" or name == "wildcard")
      and type(arg) ~= "string" then
    if not (name == "prefix" and type(arg) == "table") then
      return describe(path) .. ": " .. name .. " takes a string"
    end
  end
  if name == "numeric" then
    if not is_list(arg) or #arg == 0 or #arg % 2 ~= 0 or #arg > 4 then
      return describe(path) .. ": numeric takes one or two comparisons, e.g. {\">\", 0, \"<=\", 5}"
    end
    for i = 1, #arg, 2 do
      if not NUMERIC_OPS[arg[i]] or type(arg[i + 1]) ~= "number" then
        return describe(path) .. ": numeric takes pairs of an operator (=, <, <=, >, >=) and a number"
      end
    end
  end
  if name == "anything-but" then
    if type(arg) == "table" and arg ~= ddb.null and not is_list(arg) then
      local inner, v = next(arg)
      if inner ~= "prefix" or type(v) ~= "string" or next(arg, inner) ~= nil then
        return describe(path) .. ": anything-but takes a value, a list of values or {prefix = \"x\"}"
      end
    end
  end
  return nil
end

-- Checks a pattern (already decoded); returns an error message or nil.
local function check_pattern(p, path)
  if type(p) ~= "table" or p == ddb.null or is_list(p) then
    return describe(path) .. " must be an object whose leaves are lists of values"
  end
  if next(p) == nil and path == "" then return "the pattern is empty" end
  for k, v in pairs(p) do
    if type(k) ~= "string" then return describe(path) .. ": keys must be names" end
    local here = path == "" and k or path .. "." .. k
    if is_list(v) then
      if #v == 0 then return here .. ": a list of values may not be empty" end
      for _, rule in ipairs(v) do
        if type(rule) == "table" and rule ~= ddb.null then
          if is_list(rule) then return here .. ": a list may not hold another list" end
          local err = check_rule(rule, here)
          if err then return err end
        end
      end
    elseif type(v) == "table" and v ~= ddb.null then
      local err = check_pattern(v, here)
      if err then return err end
    else
      return here .. ": a leaf must be a list of values, e.g. [\"" .. tostring(v) .. "\"]"
    end
  end
  return nil
end

local function wildcard_match(text, pattern)
  -- '*' matches any run of characters; everything else is literal.
  local parts = {}
  for piece in (pattern .. "*"):gmatch("(.-)%*") do parts[#parts + 1] = piece end
  local pos = 1
  for i, piece in ipairs(parts) do
    if i == 1 then
      if text:sub(1, #piece) ~= piece then return false end
      pos = #piece + 1
    elseif i == #parts then
      if piece == "" then return pattern:sub(-1) == "*" or pos > #text end
      return #text - #piece + 1 >= pos and text:sub(-#piece) == piece
    else
      local s, e = text:find(piece, pos, true)
      if not s then return false end
      pos = e + 1
    end
  end
  return true
end

local function numeric_match(cmp, v)
  if type(v) ~= "number" then return false end
  for i = 1, #cmp, 2 do
    local op, n = cmp[i], cmp[i + 1]
    local ok = (op == "=" and v == n) or (op == "<" and v < n) or (op == "<=" and v <= n)
      or (op == ">" and v > n) or (op == ">=" and v >= n)
    if not ok then return false end
  end
  return true
end

local function scalar(v) return type(v) ~= "table" or v == ddb.null end

local function rule_matches(rule, v, present)
  if type(rule) ~= "table" or rule == ddb.null then
    return present and scalar(v) and v == rule
  end
  local name, arg = next(rule)
  if name == "exists" then
    -- exists applies to leaves: a present object or list does not count as a value.
    local has = present and (scalar(v) or is_list(v) and #v > 0)
    return has == arg
  end
  if not present or not scalar(v) then return false end
  if name == "prefix" then
    if type(arg) == "table" then
      local _, p = next(arg)
      return type(v) == "string" and type(p) == "string" and v:lower():sub(1, #p) == p:lower()
    end
    return type(v) == "string" and v:sub(1, #arg) == arg
  elseif name == "suffix" then
    return type(v) == "string" and (#arg == 0 or v:sub(-#arg) == arg)
  elseif name == "equals-ignore-case" then
    return type(v) == "string" and v:lower() == arg:lower()
  elseif name == "wildcard" then
    return type(v) == "string" and wildcard_match(v, arg)
  elseif name == "numeric" then
    return numeric_match(arg, v)
  elseif name == "anything-but" then
    if type(arg) == "table" and arg ~= ddb.null and not is_list(arg) then
      local _, p = next(arg)
      return not (type(v) == "string" and v:sub(1, #p) == p)
    end
    local list = (type(arg) == "table" and arg ~= ddb.null) and arg or { arg }
    for _, x in ipairs(list) do
      if v == x then return false end
    end
    return true
  end
  return false
end

local function leaf_matches(rules, v, present)
  -- A list in the record matches when any of its scalars matches.
  if present and is_list(v) and #v > 0 then
    for _, x in ipairs(v) do
      for _, rule in ipairs(rules) do
        if rule_matches(rule, x, true) then return true end
      end
    end
    return false
  end
  for _, rule in ipairs(rules) do
    if rule_matches(rule, v, present) then return true end
  end
  return false
end

local function pattern_matches(p, data)
  for k, want in pairs(p) do
    local v = nil
    if type(data) == "table" and data ~= ddb.null and not is_list(data) then v = data[k] end
    if is_list(want) then
      if not leaf_matches(want, v, v ~= nil) then return false end
    else
      local inner = (type(v) == "table" and v ~= ddb.null and not is_list(v)) and v or {}
      if not pattern_matches(want, inner) then return false end
    end
  end
  return true
end

-- Decodes and checks a handler's `filters`: a list of patterns, each a Lua table or JSON text
-- (Lambda's FilterCriteria.Filters[].Pattern). Returns the decoded list, or nil and a message.
function filter.compile(filters)
  if filters == nil then return {} end
  if not is_list(filters) then
    return nil, "filters must be a list of patterns"
  end
  if #filters > filter.MAX_FILTERS then
    return nil, "at most " .. filter.MAX_FILTERS .. " filters per handler (Lambda's quota), got " .. #filters
  end
  local out = {}
  for i, f in ipairs(filters) do
    local p = f
    if type(f) == "table" and f ~= ddb.null and type(f.Pattern) == "string" then p = f.Pattern end
    if type(p) == "string" then
      if #p > filter.MAX_PATTERN_CHARS then
        return nil, "filter " .. i .. " is longer than " .. filter.MAX_PATTERN_CHARS .. " characters"
      end
      local decoded, err = ddb.json_decode(p)
      if err then return nil, "filter " .. i .. " is not valid JSON: " .. err end
      p = decoded
    end
    local err = check_pattern(p, "")
    if err then return nil, "filter " .. i .. ": " .. err end
    out[i] = p
  end
  return out
end

-- Whether `record` passes the compiled filters (any one of them).
function filter.accepts(compiled, record)
  if #compiled == 0 then return true end
  for _, p in ipairs(compiled) do
    if pattern_matches(p, record) then return true end
  end
  return false
end

return filter
