-- The grading library every exercise shares. An exercise's grader.lua calls exercise{...};
-- the C++ grader then calls __plan(seed) for the list of checks and __run(id) once per check,
-- in order, each under its own budget. Checks see the solution only through `sol` (its
-- blocks, run with parameters) and the database only through `ddb`.

local EX = nil       -- the exercise table
local DATA = nil     -- generated data for this seed
-- keys/sort_keys: an index's (or the table's, "") key attribute names for messages, several
-- joined with "+"; key_attrs/sort_attrs: the same as lists (a key may have several attributes).
local STATE = { runs = {}, load = {}, keys = {}, sort_keys = {}, key_attrs = {}, sort_attrs = {},
  limit_errors = {}, broken_transitions = {} }
local CHECKS = {}    -- id -> check (with its run function)

-- ---------------------------------------------------------------------------------------------
-- Grading on an endpoint (`ddblab grade --endpoint URL`): the solution runs against a
-- DynamoDB-compatible service instead of ddblab's own engine. A check that needs what only
-- ddblab's engine has declares it (`needs`), and on an endpoint it is skipped with the reason,
-- neither passed nor failed, and its points leave the total.
local ENDPOINT = nil  -- the endpoint's description while grading on one (set by __plan)
local NEEDS = {
  simulation = "it simulates ddblab's partitions on its virtual clock; an endpoint exposes " ..
    "neither (embedded grading runs it)",
  streams = "it needs the solution's stream handlers, which run on ddblab's own database, " ..
    "where the grader sees every commit; an endpoint's commits are not seen here (embedded " ..
    "grading runs them)",
  read_count = "DynamoDB does not say how many items a PartiQL SELECT read, so whether its " ..
    "filter discarded items is known only on ddblab's own engine (embedded grading checks it)",
}

local function unavailable(need)
  return { status = "skipped", unavailable = true,
    message = "skipped: " .. (NEEDS[need] or ("it needs " .. tostring(need))) }
end

-- True when grading on an endpoint and the record cannot say whether a filter discarded items:
-- a PartiQL read whose plan has a filter, for which the endpoint reports no items read (-1).
local function read_count_unknown(rec)
  return ENDPOINT ~= nil and (rec.read or 0) < 0 and rec.filtered == true
end

function exercise(spec)
  EX = spec
  return spec
end

-- ---------------------------------------------------------------------------------------------
-- Seeded randomness: rng(seed) is built into ddblab (shell/lab/prelude/rng.lua) and loaded
-- before this library.

-- ---------------------------------------------------------------------------------------------
-- Small helpers for generators and checks.

function sorted(t, cmp)
  local c = {}
  for i, v in ipairs(t) do c[i] = v end
  table.sort(c, cmp)
  return c
end

function map(t, f)
  local out = {}
  for i, v in ipairs(t) do out[i] = f(v) end
  return out
end

function filter(t, f)
  local out = {}
  for _, v in ipairs(t) do if f(v) then out[#out + 1] = v end end
  return out
end

local function show_list(t, limit)
  limit = limit or 8
  if #t == 0 then return "(nothing)" end
  local parts = {}
  for i = 1, math.min(#t, limit) do parts[i] = tostring(t[i]) end
  local s = table.concat(parts, ", ")
  if #t > limit then s = s .. string.format(", ... (%d in all)", #t) end
  return s
end

local function show_params(p)
  local keys = {}
  for k in pairs(p) do keys[#keys + 1] = k end
  table.sort(keys)
  local parts = {}
  for _, k in ipairs(keys) do parts[#parts + 1] = k .. "=" .. tostring(p[k]) end
  return table.concat(parts, " ")
end

-- "1 item", "2 items": counts in feedback agree with their noun.
local function count(n, word)
  return string.format("%d %s", n, n == 1 and word or word .. "s")
end

local function units(x)
  if x == math.floor(x) then return string.format("%d", math.floor(x)) end
  return string.format("%g", x)
end

-- ---------------------------------------------------------------------------------------------
-- The data domain. An exercise declares once, in a global `domain` table at the top of its
-- generate.lua, what its brief promises about the data: id formats, how many children a parent
-- may have, value ranges, date windows, which ties and repeats occur (exercises/README.md, "The
-- data domain"). The generator builds every declared corner into every seed's data and ends
-- with `return check_domain(domain, d)`. This recomputes each corner from the writes themselves
-- (not from the generator's own bookkeeping) and stops with an error naming every corner that
-- is missing or every value outside its declared range, so no seed a course hands out can lack
-- one.

local function as_list(v)
  if type(v) == "table" then return v end
  return { v }
end

local function sorted_keys(t)
  local ks = {}
  for k in pairs(t or {}) do ks[#ks + 1] = k end
  table.sort(ks)
  return ks
end

-- "c101/m03": the values of `fields` in params, or nil when one is missing.
local function key_of(params, fields)
  local parts = {}
  for i, f in ipairs(fields) do
    if params[f] == nil then return nil end
    parts[i] = tostring(params[f])
  end
  return table.concat(parts, "/")
end

-- `where` is a table of attribute = value, or a function(params, d).
local function domain_where(where, params, d)
  if where == nil then return true end
  if type(where) == "function" then return where(params, d) and true or false end
  for k, v in pairs(where) do if tostring(params[k]) ~= tostring(v) then return false end end
  return true
end

-- One instance per identity (the first write of it), and the writes that repeat an identity.
local function domain_instances(domain, d, problems)
  local inst, again, seen = {}, {}, {}
  for name in pairs(domain.entities or {}) do inst[name], again[name], seen[name] = {}, {}, {} end
  for _, w in ipairs(d.writes) do
    local fields = w.kind == "entity" and (domain.entities or {})[w.name]
    if fields then
      local k = key_of(w.params, fields)
      if k == nil then
        problems[#problems + 1] = string.format("a %s write lacks one of %s", w.name,
          table.concat(fields, ", "))
      elseif seen[w.name][k] then
        table.insert(again[w.name], w)
        if not w["repeat"] then
          problems[#problems + 1] = string.format("%s %s is written twice without being marked " ..
            "repeat", w.name, k)
        end
      else
        seen[w.name][k] = true
        table.insert(inst[w.name], w.params)
      end
    end
  end
  return inst, again
end

-- An id is its prefix and `digits` digits (fixed width), or, where a brief leaves the width
-- open, `min_digits` to `max_digits` digits; `prefix_pair` then asks for two ids of which one
-- is a prefix of the other (u1 and u12).
local function domain_ids(domain, d, problems)
  local names = sorted_keys(domain.ids)
  local function fits(f, v)
    local digits = v:match("^" .. (f.prefix or "") .. "(%d+)$")
    if not digits then return false end
    if f.digits then return #digits == f.digits end
    return #digits >= (f.min_digits or 1) and #digits <= (f.max_digits or math.huge)
  end
  local seen = {}
  for _, name in ipairs(names) do seen[name] = {} end
  local lists = { map(d.writes, function(w) return w.params end), d.later_writes or {} }
  for li, list in ipairs(lists) do
    for _, params in ipairs(list) do
      for _, name in ipairs(names) do
        local v, f = params[name], domain.ids[name]
        if v ~= nil and not fits(f, tostring(v)) then
          problems[#problems + 1] = string.format("%s '%s' is not '%s' and %s digits", name,
            tostring(v), f.prefix or "", f.digits and tostring(f.digits) or
            string.format("%d to %d", f.min_digits or 1, f.max_digits or 99))
          return
        end
        if v ~= nil and li == 1 then seen[name][tostring(v)] = true end
      end
    end
  end
  for _, name in ipairs(names) do
    if domain.ids[name].prefix_pair then
      local vs = sorted_keys(seen[name])
      local found = false
      for i = 1, #vs - 1 do
        if vs[i + 1]:sub(1, #vs[i]) == vs[i] then found = true; break end
      end
      if not found then
        problems[#problems + 1] = string.format("%s: no id is a prefix of another", name)
      end
    end
  end
end

local function domain_count(name, c, inst, d, problems)
  local label = c.what or name
  local counts, order = {}, {}
  local function add(k)
    if k ~= nil and counts[k] == nil then counts[k] = 0; order[#order + 1] = k end
  end
  if c.measure then
    for k, n in pairs(c.measure(d)) do add(k); counts[k] = n end
  else
    local per = as_list(c.per)
    if type(c.parents) == "function" then
      for _, k in ipairs(c.parents(d)) do add(k) end
    else
      for _, p in ipairs(inst[c.parents] or {}) do add(key_of(p, per)) end
    end
    for _, e in ipairs(as_list(c.entity)) do
      for _, p in ipairs(inst[e] or {}) do
        if domain_where(c.where, p, d) then
          local k = key_of(p, per)
          add(k)
          if k ~= nil then counts[k] = counts[k] + 1 end
        end
      end
    end
  end
  table.sort(order)
  if #order == 0 then
    problems[#problems + 1] = label .. ": nothing to count"
    return
  end
  local lo, hi, at_lo, at_hi = math.huge, -math.huge, nil, nil
  for _, k in ipairs(order) do
    local n = counts[k]
    if n < lo then lo, at_lo = n, k end
    if n > hi then hi, at_hi = n, k end
  end
  if lo < c.min or hi > c.max then
    local k, n = at_lo, lo
    if hi > c.max then k, n = at_hi, hi end
    problems[#problems + 1] = string.format("%s: %s has %d, outside the declared %d to %d",
      label, k, n, c.min, c.max)
  else
    if lo ~= c.min then
      problems[#problems + 1] = string.format("%s: none has %d (the fewest is %d, %s)", label,
        c.min, lo, at_lo)
    end
    if hi ~= c.max then
      problems[#problems + 1] = string.format("%s: none has %d (the most is %d, %s)", label,
        c.max, hi, at_hi)
    end
  end
end

local function domain_value(name, v, inst, problems)
  local label = v.what or name
  local list = inst[v.entity] or {}
  if v.one_of then
    local ok, seen = {}, {}
    for _, x in ipairs(v.one_of) do ok[x] = true end
    for _, p in ipairs(list) do
      local x = tostring(p[v.attr])
      if not ok[x] then
        problems[#problems + 1] = string.format("%s: '%s' is not one of %s", label, x,
          table.concat(v.one_of, ", "))
        return
      end
      seen[x] = true
    end
    for _, x in ipairs(v.one_of) do
      if not seen[x] then problems[#problems + 1] = string.format("%s: no %s", label, x) end
    end
    return
  end
  local lo, hi = math.huge, -math.huge
  for _, p in ipairs(list) do
    local n = tonumber(p[v.attr])
    if n == nil or n < v.min or n > v.max or (v.integer ~= false and n ~= math.floor(n)) then
      problems[#problems + 1] = string.format("%s: '%s' is outside the declared %s to %s", label,
        tostring(p[v.attr]), units(v.min), units(v.max))
      return
    end
    lo, hi = math.min(lo, n), math.max(hi, n)
  end
  if lo ~= v.min then problems[#problems + 1] = string.format("%s: none is %s", label, units(v.min)) end
  if hi ~= v.max then problems[#problems + 1] = string.format("%s: none is %s", label, units(v.max)) end
  -- rank: within each parent, the values are 1, 2, ... in the order of another attribute.
  if v.rank then
    local groups, order = {}, {}
    for _, p in ipairs(list) do
      local k = key_of(p, as_list(v.rank.within))
      if not groups[k] then groups[k] = {}; order[#order + 1] = k end
      table.insert(groups[k], p)
    end
    table.sort(order)
    for _, k in ipairs(order) do
      local g = sorted(groups[k], function(a, b) return tostring(a[v.rank.by]) < tostring(b[v.rank.by]) end)
      for i, p in ipairs(g) do
        if tonumber(p[v.attr]) ~= i then
          problems[#problems + 1] = string.format("%s: in %s, %s %s is %s, not %d", label, k,
            v.rank.by, tostring(p[v.rank.by]), tostring(p[v.attr]), i)
          break
        end
      end
    end
  end
end

local function domain_window(name, w, inst, again, problems)
  local label = w.what or name
  local first, last = false, false
  local writes = {}
  for _, p in ipairs(inst[w.entity] or {}) do writes[#writes + 1] = p end
  for _, x in ipairs(again[w.entity] or {}) do writes[#writes + 1] = x.params end
  for _, p in ipairs(writes) do
    local day = tostring(p[w.attr] or ""):sub(1, 10)
    if not day:match("^%d%d%d%d%-%d%d%-%d%d$") or day < w.from or day > w.to then
      problems[#problems + 1] = string.format("%s: '%s' is outside %s to %s", label,
        tostring(p[w.attr]), w.from, w.to)
      return
    end
    first = first or day == w.from
    last = last or day == w.to
  end
  if not first then problems[#problems + 1] = string.format("%s: nothing on the first day, %s", label, w.from) end
  if not last then problems[#problems + 1] = string.format("%s: nothing on the last day, %s", label, w.to) end
end

-- Two instances with the same value of `attr` (its date part with `day`): sharing every
-- `within` attribute, or differing in every `across` attribute. `crossed` asks for a pair whose
-- first `across` attribute and `crossed` attribute run in opposite orders (the customer with the
-- smaller id has the larger order id), so an order that falls back on another key shows.
local function domain_tie(name, t, inst, d, problems)
  local label = t.what or name
  local groups, order = {}, {}
  for _, p in ipairs(inst[t.entity] or {}) do
    if domain_where(t.where, p, d) and p[t.attr] ~= nil then
      local v = tostring(p[t.attr])
      if t.day then v = v:sub(1, 10) end
      if not groups[v] then groups[v] = {}; order[#order + 1] = v end
      table.insert(groups[v], p)
    end
  end
  table.sort(order)
  local within, across = as_list(t.within or {}), as_list(t.across or {})
  local function fits(a, b)
    for _, f in ipairs(within) do if a[f] ~= b[f] then return false end end
    for _, f in ipairs(across) do if a[f] == b[f] then return false end end
    if t.crossed then
      local f = across[1]
      if (tostring(a[f]) < tostring(b[f])) == (tostring(a[t.crossed]) < tostring(b[t.crossed])) then
        return false
      end
    end
    return true
  end
  for _, v in ipairs(order) do
    local g = groups[v]
    for i = 1, #g do
      for j = i + 1, #g do
        if fits(g[i], g[j]) then return end
      end
    end
  end
  problems[#problems + 1] = label .. ": no such pair"
end

-- Two distinct instances sharing every `same` attribute (and passing `where`; with `distinct`,
-- two that differ in that attribute: a former and a current job at one company), or, with
-- `rewrite`, an identity written again (a write marked repeat).
local function domain_repeat(name, r, inst, again, d, problems)
  local label = r.what or name
  if r.rewrite then
    if #(again[r.entity] or {}) == 0 then problems[#problems + 1] = label .. ": no repeated write" end
    return
  end
  local seen = {}
  for _, p in ipairs(inst[r.entity] or {}) do
    if domain_where(r.where, p, d) then
      local k = key_of(p, as_list(r.same))
      if k ~= nil then
        local v = r.distinct and tostring(p[r.distinct]) or "*"
        seen[k] = seen[k] or { n = 0, values = {} }
        if not seen[k].values[v] or not r.distinct then
          seen[k].values[v] = true
          seen[k].n = seen[k].n + 1
        end
        if seen[k].n >= (r.count or 2) then return end
      end
    end
  end
  problems[#problems + 1] = label .. ": no such pair"
end

-- Checks generated data `d` against `domain`; returns d, or raises an error listing every
-- corner that is missing and every value outside the declaration.
function check_domain(domain, d)
  local problems = {}
  local inst, again = domain_instances(domain, d, problems)
  domain_ids(domain, d, problems)
  for _, k in ipairs(sorted_keys(domain.counts)) do domain_count(k, domain.counts[k], inst, d, problems) end
  for _, k in ipairs(sorted_keys(domain.values)) do domain_value(k, domain.values[k], inst, problems) end
  for _, k in ipairs(sorted_keys(domain.windows)) do domain_window(k, domain.windows[k], inst, again, problems) end
  for _, k in ipairs(sorted_keys(domain.ties)) do domain_tie(k, domain.ties[k], inst, d, problems) end
  for _, k in ipairs(sorted_keys(domain.repeats)) do domain_repeat(k, domain.repeats[k], inst, again, d, problems) end
  if #problems > 0 then
    error(string.format("the data of seed %s lacks corners its domain declares:\n  %s",
      tostring(d.seed or "?"), table.concat(problems, "\n  ")), 0)
  end
  d.domain = domain
  return d
end

-- ---------------------------------------------------------------------------------------------
-- Write sharding. An exercise that sets `shards = N` and names a template's `shard_by`
-- parameter gives that template one more parameter, `${shard}`: a number from 0 to N-1 computed
-- from the parameter's value, the same for every write about that entity. An application would
-- compute it the same way: shard_of(value, N) is FNV-1a (32-bit) over the value's bytes, modulo N.

function shard_of(value, n)
  local h = 2166136261
  value = tostring(value)
  for i = 1, #value do h = ((h ~ value:byte(i)) * 16777619) & 0xffffffff end
  return h % n
end

local TEMPLATES = {}  -- template name -> its spec in the exercise

local function index_templates()
  TEMPLATES = {}
  for _, T in ipairs(EX.entities or {}) do TEMPLATES[T.name] = T end
  for _, T in ipairs(EX.transitions or {}) do TEMPLATES[T.name] = T end
end

local function copy(t)
  local c = {}
  for k, v in pairs(t) do c[k] = v end
  return c
end

-- The parameters a template receives: the generated ones, plus `shard` when it is sharded.
local function with_shard(name, params)
  local T = TEMPLATES[name]
  if not (T and T.shard_by and EX.shards) then return params end
  local p = copy(params)
  p.shard = tostring(shard_of(params[T.shard_by], EX.shards))
  return p
end

-- ---------------------------------------------------------------------------------------------
-- Running the solution

-- Writes through a template. `apply` (from the generator) moves the ground truth along with the
-- write, and only when the write succeeded: a transition that fails leaves the model where the
-- student's data is, so the patterns are judged on the data that exists instead of being skipped.
-- A write the generator marks `repeat` (enrolling an already-enrolled pair) may be refused as a
-- duplicate by a guarded design: that is a correct answer to a repeated request, not a failure.
-- A refusal is a refusal in every language: a guarded put or update (ConditionalCheckFailed), a
-- PartiQL INSERT of an existing key (DuplicateItem), or a transaction (TransactWriteItems or
-- ExecuteTransaction) cancelled only for those reasons ([DuplicateItem, DuplicateItem],
-- [ConditionalCheckFailed, None]). The records' structured errors decide; the error text is
-- the fallback for a record without them.
local REFUSALS = { ConditionalCheckFailed = true, DuplicateItem = true }

local function refusal_code(code)
  code = tostring(code or ""):gsub("Exception$", "")
  return code
end

local function record_refused(rec)
  local e = type(rec) == "table" and rec.error
  if type(e) ~= "table" then return nil end
  if REFUSALS[refusal_code(e.code)] then return true end
  local reasons = type(e.reasons) == "table" and e.reasons or {}
  if refusal_code(e.code) ~= "TransactionCanceled" or #reasons == 0 then return false end
  local refused = false
  for _, r in ipairs(reasons) do
    local c = refusal_code(type(r) == "table" and r.code or r)
    if REFUSALS[c] then
      refused = true
    elseif c ~= "None" and c ~= "" then
      return false
    end
  end
  return refused
end

local function refused_as_duplicate(res)
  local judged, all = false, true
  for _, rec in ipairs(res.records or {}) do
    if type(rec) == "table" and rec.ok == false then
      local r = record_refused(rec)
      if r == nil then judged = false; all = false; break end
      judged = true
      all = all and r
    end
  end
  if judged then return all end
  local e = tostring(res.error or "")
  return (e:find("Duplicate primary key", 1, true) or e:find("ConditionalCheckFailed", 1, true) or
    e:find("conditional request failed", 1, true) or e:find("DuplicateItem", 1, true)) and true or false
end

-- The separate write requests one template write made, outside any transaction: a
-- TransactWriteItems or ExecuteTransaction counts once (all or nothing), a BatchWriteItem or
-- BatchExecuteStatement once per entry (each entry succeeds or fails on its own). Returns the
-- count and the operations, in order.
local TRANSACTIONS = { TransactWriteItems = true, ExecuteTransaction = true }
local BATCHES = { BatchWriteItem = true, BatchExecuteStatement = true }

local function separate_writes(res)
  local n, ops = 0, {}
  for _, rec in ipairs(res.records or {}) do
    local op = type(rec) == "table" and (rec.operation or rec.op) or nil
    local req = type(rec) == "table" and rec.request or {}
    if op == "BatchWriteItem" then
      local k = 0
      for _, list in pairs(type(req.RequestItems) == "table" and req.RequestItems or {}) do
        k = k + #list
      end
      n = n + math.max(k, 1)
    elseif op == "BatchExecuteStatement" then
      n = n + math.max(#(type(req.Statements) == "table" and req.Statements or {}), 1)
    elseif op and (op:find("Item$") or op == "ExecuteStatement" or TRANSACTIONS[op]) and
        op ~= "GetItem" and op ~= "BatchGetItem" then
      n = n + 1
    end
    if op and not contains(ops, op) then ops[#ops + 1] = op end
  end
  return n, ops
end

local function write(kind, name, params, apply, repeated)
  local res = sol.run(kind, name, with_shard(name, params))
  if repeated and not res.ok and not res.missing and refused_as_duplicate(res) then
    res = { ok = true, records = res.records, refused = true }
  end
  local st = STATE.load[name]
  if not st then
    st = { kind = kind, writes = 0, ok = 0 }
    STATE.load[name] = st
  end
  st.writes = st.writes + 1
  -- A template whose items must land together (`atomic`) written as several requests.
  if TEMPLATES[name] and TEMPLATES[name].atomic and not st.separate and not res.missing then
    local n, ops = separate_writes(res)
    if n > 1 then st.separate = { params = params, requests = n, ops = ops } end
  end
  if res.ok then
    st.ok = st.ok + 1
    if apply then apply() end
  elseif not st.error then
    st.error = res.error or "failed"
    st.missing = res.missing
    st.params = params
    st.statements = res.statements
  end
  if not res.ok and res.error and (res.error:find("size") or res.error:find("exceed")) then
    STATE.limit_errors[#STATE.limit_errors + 1] = name .. ": " .. res.error
  end
  return res
end

local function same_list(a, b)
  if #a ~= #b then return false end
  for i = 1, #a do if a[i] ~= b[i] then return false end end
  return true
end

-- A pattern the exercise declares `sharded` runs once per shard when its statement uses
-- ${shard} (once otherwise); the answers are merged into one record, in the pattern's order
-- (merge_key), with the reads, capacity and calls of every shard added up.
local function run_sharded(P, params)
  local function with(shard)
    local p = copy(params)
    p.shard = tostring(shard)
    return sol.run("pattern", P.id, p)
  end
  local first, second = with(0), with(1)
  if not first.ok or not second.ok or same_list(first.statements or {}, second.statements or {}) then
    return first
  end
  local results = { first, second }
  for shard = 2, EX.shards - 1 do results[#results + 1] = with(shard) end
  local base = first.records[1]
  local merged = { ok = true, op = base.op, index = base.index, table = base.table,
    request = base.request, items = {}, read = 0, returned = 0, capacity = 0, calls = {},
    output = {}, shards = EX.shards }
  for _, res in ipairs(results) do
    if #res.records ~= 1 or not res.records[1].ok then return res end
    local rec = res.records[1]
    if rec.op ~= merged.op then merged.op = rec.op end
    for _, item in ipairs(rec.items or {}) do merged.items[#merged.items + 1] = item end
    if (rec.read or 0) < 0 then merged.read_unknown = true end
    merged.filtered = merged.filtered or rec.filtered
    merged.read = merged.read + math.max(rec.read or 0, 0)
    merged.returned = merged.returned + (rec.returned or 0)
    merged.capacity = merged.capacity + (rec.capacity or 0)
    for _, c in ipairs(rec.calls or {}) do merged.calls[#merged.calls + 1] = c end
    local out = rec.output or {}
    if out.LastEvaluatedKey ~= nil then merged.output.LastEvaluatedKey = out.LastEvaluatedKey end
  end
  if merged.read_unknown then merged.read = -1 end
  if P.merge_key then
    table.sort(merged.items, function(a, b)
      if P.merge_desc then return P.merge_key(a) > P.merge_key(b) end
      return P.merge_key(a) < P.merge_key(b)
    end)
  end
  return { ok = true, records = { merged }, statements = first.statements }
end

local function run_case(P, params)
  local res
  if P.sharded and EX.shards then
    res = run_sharded(P, params)
  else
    res = sol.run("pattern", P.id, params)
  end
  return { params = params, res = res, rec = res.records[#res.records],
    expected = P.expect(DATA, params) }
end

-- The records of one access pattern for every case, run once and shared by its checks.
local function pattern_runs(P)
  if STATE.runs[P.id] then return STATE.runs[P.id] end
  local runs = {}
  for i, params in ipairs(P.cases(DATA)) do runs[i] = run_case(P, params) end
  STATE.runs[P.id] = runs
  return runs
end

-- The table's own key names and values, so an item nobody recognises is still findable:
-- "?(user_pk=USER#u1 user_sk=PROFILE)".
local function key_text(item, sep)
  local parts = {}
  for _, list in ipairs({ STATE.key_attrs[""] or {}, STATE.sort_attrs[""] or {} }) do
    for _, k in ipairs(list) do
      if item[k] ~= nil then parts[#parts + 1] = k .. "=" .. tostring(item[k]) end
    end
  end
  return table.concat(parts, sep or " ")
end

-- The partition key value of `item` in `index` (the table: ""), every key attribute's value
-- when the key has several; nil when the item lacks one.
local function partition_value(item, index)
  local attrs = STATE.key_attrs[index or ""]
  if not attrs or #attrs == 0 then return nil end
  local parts = {}
  for i, a in ipairs(attrs) do
    if item[a] == nil then return nil end
    parts[i] = tostring(item[a])
  end
  return table.concat(parts, " + ")
end

local function identify_all(P, items)
  local out = {}
  for i, item in ipairs(items) do
    local id = P.identify(item)
    if id == nil then
      local t = item.type or item.entity or item.entity_type
      id = "?" .. (t and tostring(t) or "") .. "(" .. key_text(item) .. ")"
    end
    out[i] = tostring(id)
  end
  return out
end

local function same(a, b)
  if #a ~= #b then return false end
  for i = 1, #a do if a[i] ~= b[i] then return false end end
  return true
end

local function diff(expected, got)
  local want, have = {}, {}
  for _, v in ipairs(expected) do want[v] = (want[v] or 0) + 1 end
  for _, v in ipairs(got) do have[v] = (have[v] or 0) + 1 end
  local missing, extra = {}, {}
  for _, v in ipairs(expected) do
    if (have[v] or 0) < want[v] then missing[#missing + 1] = v; have[v] = (have[v] or 0) + 1 end
  end
  local seen = {}
  for _, v in ipairs(got) do
    seen[v] = (seen[v] or 0) + 1
    if seen[v] > (want[v] or 0) then extra[#extra + 1] = v end
  end
  return missing, extra
end

local function pattern_label(P, params)
  local p = show_params(params)
  if p == "" then return string.format("%s (%s)", P.id, P.title) end
  return string.format("%s (%s) with %s", P.id, P.title, p)
end

local function fail(msg) return { status = "failed", message = msg } end
local function pass(msg) return { status = "passed", message = msg or "" } end

-- Fails with the reason a pattern's record is unusable, or returns nil.
local function unusable(P, run)
  local res = run.res
  if res.missing then
    return fail(string.format("Your solution has no '-- @pattern %s' block. Write one statement " ..
      "that serves: %s.", P.id, P.title))
  end
  if not res.ok and #res.records == 0 then
    return fail(string.format("%s could not run: %s", pattern_label(P, run.params),
      res.error or "unknown error"))
  end
  if #res.records ~= 1 then
    return fail(string.format("%s is %d statements; an access pattern must be served by exactly " ..
      "one statement (one request).", P.id, #res.records))
  end
  if not run.rec.ok then
    local e = run.rec.error or {}
    return fail(string.format("%s failed: %s: %s", pattern_label(P, run.params),
      tostring(e.code), tostring(e.message)))
  end
  return nil
end

local function where(index)
  if index == nil or index == "" then return "the table" end
  return "index " .. index
end

-- Every index of the student's table, the table itself first ("").
local function index_names()
  local names = {}
  for name in pairs(STATE.keys) do if name ~= "" then names[#names + 1] = name end end
  table.sort(names)
  table.insert(names, 1, "")
  return names
end

-- Where the items a case expects actually live: the partition (of the table or an index) under
-- whose one key value every expected item can be found, preferring a key value that contains
-- the request's parameter values, then the fewest other items the pattern would recognise (the
-- table first on a tie). nil when they are spread out or missing, which is
-- a data problem rather than a wrong-index one.
local function partition_holding(P, expected, params)
  if #expected == 0 then return nil end
  local best, best_score = nil, math.huge
  for _, index in ipairs(index_names()) do
    local attr = STATE.keys[index]
    local groups, order = {}, {}
    for _, item in ipairs(ddb.items(STATE.table, index ~= "" and index or nil)) do
      local v = partition_value(item, index)
      local id = P.identify(item)
      if v ~= nil and id ~= nil then
        local k = tostring(v)
        if not groups[k] then groups[k] = {}; order[#order + 1] = k end
        groups[k][tostring(id)] = (groups[k][tostring(id)] or 0) + 1
      end
    end
    table.sort(order)
    for _, k in ipairs(order) do
      local all = true
      for _, e in ipairs(expected) do if not groups[k][e] then all = false; break end end
      if all then
        local extra = 0
        for id, n in pairs(groups[k]) do
          if not contains(expected, id) then extra = extra + n end
        end
        -- A key that names what the request is about (the parameter values) is the one that
        -- serves it; among those, the tightest. A key that names none of them belongs to
        -- another entity (another student who takes the same courses): never the answer.
        local named, asked = 0, 0
        for _, v in pairs(params or {}) do
          asked = asked + 1
          if k:find(tostring(v), 1, true) then named = named + 1 else extra = extra + 1000000 end
        end
        if extra < best_score and (asked == 0 or named > 0) then
          best, best_score = { index = index, attr = attr, value = k }, extra
        end
      end
    end
  end
  return best
end

-- True when the partitions the request read (of the table or index it read) hold an item the
-- pattern recognises as one of `ids`. Unknown when the request returned nothing: true.
local function any_stored(P, rec, ids)
  local index = rec.index or ""
  local read = {}
  local any = false
  for _, item in ipairs(rec.items or {}) do
    local v = partition_value(item, index)
    if v then read[v] = true; any = true end
  end
  if not any then return true end
  local want = {}
  for _, m in ipairs(ids) do want[m] = true end
  for _, item in ipairs(ddb.items(STATE.table, index ~= "" and index or nil)) do
    local id = P.identify(item)
    local v = partition_value(item, index)
    if id ~= nil and want[tostring(id)] and v and read[v] then return true end
  end
  return false
end

-- True when every missing item is in the index the request read, under other partition key
-- values than the ones it read: what a sharded queue read on one shard looks like.
local function spread_over_partitions(P, rec, missing)
  local index = rec.index or ""
  if not STATE.key_attrs[index] then return false end
  local read = {}
  for _, item in ipairs(rec.items or {}) do
    local v = partition_value(item, index)
    if v then read[v] = true end
  end
  local want, found = {}, 0
  for _, m in ipairs(missing) do want[m] = true end
  for _, item in ipairs(ddb.items(STATE.table, index ~= "" and index or nil)) do
    local id = P.identify(item)
    local v = partition_value(item, index)
    if id ~= nil and want[tostring(id)] and v and not read[v] then
      want[tostring(id)] = nil
      found = found + 1
    end
  end
  return found == #missing
end

-- A response that carries LastEvaluatedKey (or NextToken) stopped early: the result is one page.
local function truncated(rec)
  local out = rec.output or {}
  return type(out) == "table" and (out.LastEvaluatedKey ~= nil or out.NextToken ~= nil)
end

local function same_value(a, b)
  if a == nil or b == nil then return a == b end
  local na, nb = tonumber(a), tonumber(b)
  if (type(a) == "number" or type(b) == "number") and na and nb then return na == nb end
  return tostring(a) == tostring(b)
end

-- ---------------------------------------------------------------------------------------------
-- Whole items: a pattern that declares `returns` (the attribute names its brief promises) and
-- `model(d, id, params)` (the entity `id` as the model has it: a table of values, or a list of
-- such tables when several entities share the id) has every returned item compared with the
-- model, attribute by attribute. A value may be a list of accepted values (a repeated write
-- that overwrote or was refused). Numbers may be stored as numbers or as strings. A model
-- record with `changed_by = "close_order"` (the entity was last changed by that transition) is
-- not compared when that transition's own check failed: the transition's mistake costs its own
-- points, not the patterns' behind it.

local function is_list(t) return type(t) == "table" and t[1] ~= nil end

local function promised_value_matches(got, want)
  if is_list(want) then
    for _, w in ipairs(want) do if promised_value_matches(got, w) then return true end end
    return false
  end
  if got == nil or want == nil then return got == want end
  local ng, nw = tonumber(got), tonumber(want)
  if ng and nw then return math.abs(ng - nw) <= 1e-9 * math.max(1, math.abs(nw)) end
  return tostring(got) == tostring(want)
end

local function show_value(v)
  if is_list(v) then return table.concat(map(v, function(x) return "'" .. tostring(x) .. "'" end), " or ") end
  return "'" .. tostring(v) .. "'"
end

-- The differences between a returned item and one model record: {attr, got, want} per attribute.
local function attribute_problems(P, item, record)
  local out = {}
  for _, a in ipairs(P.returns) do
    local want = record[a]
    if want ~= nil and not promised_value_matches(item[a], want) then
      out[#out + 1] = { attr = a, got = item[a], want = want }
    end
  end
  return out
end

-- The index's projection as DescribeTable reports it: {type = "ALL" | "KEYS_ONLY" | "INCLUDE",
-- attrs = {...}} or nil for the table itself (or an index it does not list).
local function index_projection(tbl, index)
  if index == nil or index == "" then return nil end
  local ok, r = pcall(ddb.call, "DescribeTable", { TableName = tbl })
  if not ok or type(r) ~= "table" then return nil end
  local desc = r.output and r.output.Table or {}
  for _, list in ipairs({ desc.GlobalSecondaryIndexes or {}, desc.LocalSecondaryIndexes or {} }) do
    for _, g in ipairs(list) do
      if g.IndexName == index then
        local p = g.Projection or {}
        return { type = p.ProjectionType or "ALL", attrs = p.NonKeyAttributes or {} }
      end
    end
  end
  return nil
end

local function is_key_attribute(name, index)
  for _, idx in ipairs({ "", index or "" }) do
    for _, list in ipairs({ STATE.key_attrs[idx] or {}, STATE.sort_attrs[idx] or {} }) do
      for _, a in ipairs(list) do if a == name then return true end end
    end
  end
  return false
end

-- Why a returned item lacks `attr`: the index projection, the request's own projection, or the
-- item as stored.
local function missing_attribute_cause(rec, attr, item)
  local index = rec.index or ""
  local proj = index_projection(rec.table ~= "" and rec.table or STATE.table, index)
  if proj and proj.type ~= "ALL" and not is_key_attribute(attr, index) and
      not contains(proj.attrs, attr) then
    local what = proj.type == "INCLUDE" and string.format("INCLUDE (%s)",
      #proj.attrs > 0 and table.concat(proj.attrs, ", ") or "nothing") or proj.type
    return string.format("This request read index %s, whose projection is %s: an index holds " ..
      "only the key attributes and the attributes it projects, so %s never reaches it. Add %s " ..
      "to the index's NonKeyAttributes (or project ALL).", index, what, attr, attr),
      "index projections (KEYS_ONLY, INCLUDE, ALL): an index returns only what it projects."
  end
  local req = rec.request or {}
  local cols = type(req.Statement) == "string" and req.Statement:match("^%s*[Ss][Ee][Ll][Ee][Cc][Tt]%s+(.-)%s+[Ff][Rr][Oo][Mm]%s")
  if type(req.ProjectionExpression) == "string" or (cols and not cols:match("^%*$")) then
    return string.format("The request names the attributes it returns (%s), and %s is not " ..
      "among them: return every attribute the brief promises.",
      type(req.ProjectionExpression) == "string" and ("ProjectionExpression " .. req.ProjectionExpression)
        or ("SELECT " .. cols), attr),
      "ProjectionExpression / the SELECT list: what a read returns."
  end
  return string.format("The item as stored (%s) has no %s: the template that writes it must " ..
    "store every parameter the brief lists, under the same name, in every copy a pattern " ..
    "returns.", key_text(item or {}, ", "), attr),
    "items that carry their own attributes (the brief's parameters), whatever the keys."
end

-- The projection text ("KEYS_ONLY", "INCLUDE (a, b)") of the index a request read, when that
-- index does not project ALL and some returned items went unrecognised; else nil.
local function stripped_by_projection(rec, got)
  local unknown = false
  for _, g in ipairs(got) do if g:sub(1, 1) == "?" then unknown = true; break end end
  if not unknown or (rec.index or "") == "" then return nil end
  local proj = index_projection(rec.table ~= "" and rec.table or STATE.table, rec.index)
  if not proj or proj.type == "ALL" then return nil end
  if proj.type == "INCLUDE" then
    return string.format("INCLUDE (%s)", #proj.attrs > 0 and table.concat(proj.attrs, ", ") or "nothing")
  end
  return proj.type
end

local function check_returned_attributes(P, run, label)
  local items = run.rec.items or {}
  local got = identify_all(P, items)
  local used = {}
  local problems = {}   -- {id, key, list}
  for i, item in ipairs(items) do
    local id = got[i]
    local m = P.model(DATA, id, run.params)
    -- An entity last changed by a transition whose own check failed (it dropped an attribute)
    -- costs that check its points, not this pattern's.
    if m ~= nil and not is_list(m) and m.changed_by and STATE.broken_transitions[m.changed_by] then
      m = nil
    end
    if m ~= nil then
      local candidates = is_list(m) and m or { m }
      local best
      for c, record in ipairs(candidates) do
        local tag = id .. "#" .. c
        if not used[tag] then
          local pr = attribute_problems(P, item, record)
          if #pr == 0 then best = nil; used[tag] = true; break end
          if not best then best = pr end
        end
      end
      if best then problems[#problems + 1] = { id = id, item = item, list = best } end
    end
  end
  if #problems == 0 then return nil end
  -- Feedback on the first attribute that is wrong, counting every item it affects.
  local first = problems[1].list[1]
  local attr, missing = first.attr, first.got == nil
  local affected = {}
  for _, p in ipairs(problems) do
    for _, x in ipairs(p.list) do
      if x.attr == attr and (x.got == nil) == missing then affected[#affected + 1] = p.id; break end
    end
  end
  local lines = {
    string.format("%s returned the right entities (%s), but not whole: the brief promises " ..
      "that each carries %s.", label, count(#got, "item"), table.concat(P.returns, ", ")),
  }
  local revisit
  if missing then
    lines[#lines + 1] = string.format("  %s of the %s returned %s no %s (%s).", units(#affected),
      count(#got, "item"), #affected == 1 and "has" or "have", attr, show_list(affected, 5))
    local why
    local first_item
    for _, p in ipairs(problems) do
      for _, x in ipairs(p.list) do
        if not first_item and x.attr == attr and x.got == nil then first_item = p.item end
      end
    end
    why, revisit = missing_attribute_cause(run.rec, attr, first_item)
    lines[#lines + 1] = "  " .. why
  else
    local p = problems[1]
    local x = p.list[1]
    lines[#lines + 1] = string.format("  %s has %s = '%s'; the model says %s%s.", p.id, attr,
      tostring(x.got), show_value(x.want), #affected > 1 and string.format(" (%d items " ..
      "returned differ in %s)", #affected, attr) or "")
    -- An attribute the solution keeps up to date itself (a count), not a parameter it stores:
    -- the pattern says what keeps it (P.derived[attr] = {why, revisit}).
    local derived = P.derived and P.derived[attr]
    if derived then
      lines[#lines + 1] = "  " .. derived.why
      revisit = derived.revisit
    else
      lines[#lines + 1] = "  Store each parameter as given (numbers may be numbers or strings), " ..
        "and keep every copy of an entity up to date when it changes."
      revisit = "items that carry their own attributes (the brief's parameters), whatever the keys."
    end
  end
  local others = {}
  for _, p in ipairs(problems) do
    for _, x in ipairs(p.list) do
      if x.attr ~= attr and not contains(others, x.attr) then others[#others + 1] = x.attr end
    end
  end
  if #others > 0 then
    lines[#lines + 1] = "  Also wrong or missing: " .. table.concat(others, ", ") .. "."
  end
  lines[#lines + 1] = "Revisit: " .. revisit
  return fail(table.concat(lines, "\n"))
end

local function check_correct(P)
  for _, run in ipairs(pattern_runs(P)) do
    local bad = unusable(P, run)
    if bad then return bad end
    local got = identify_all(P, run.rec.items or {})
    local expected = run.expected
    local ok
    if P.order == "any" then
      ok = same(sorted(expected), sorted(got))
    else
      ok = same(expected, got)
    end
    local label = pattern_label(P, run.params)
    if not ok then
      local missing, extra = diff(expected, got)
      local lines = {
        label .. " returned the wrong items.",
        string.format("  expected %d: %s", #expected, show_list(expected)),
        string.format("  got %d: %s", #got, show_list(got)),
      }
      local revisit = P.concept
      if #missing == 0 and #extra == 0 then
        lines[#lines + 1] = "  The items are right but the order is not: " .. (P.order_text or
          "check the sort key and the direction of the Query (ScanIndexForward).")
        revisit = "sort key order and ScanIndexForward."
      else
        if #missing > 0 then lines[#lines + 1] = "  missing: " .. show_list(missing) end
        if #extra > 0 then lines[#lines + 1] = "  not asked for: " .. show_list(extra) end
      end
      if run.rec.op == "Scan" then
        lines[#lines + 1] = "  This ran as a Scan: it read every item in the table (or index) and " ..
          "returned them in storage order, not in any order the pattern asks for."
        revisit = "Query vs Scan."
      elseif #missing > 0 and type(run.rec.request) == "table" and run.rec.request.Select == "COUNT" then
        lines[#lines + 1] = "  This request asks for Select COUNT (--select COUNT): DynamoDB " ..
          "answers how many items match, and returns none of them. Drop it: the pattern " ..
          "returns the items."
        revisit = "Select (ALL_ATTRIBUTES, ALL_PROJECTED_ATTRIBUTES, SPECIFIC_ATTRIBUTES, COUNT)."
      elseif #missing > 0 and stripped_by_projection(run.rec, got) then
        local proj = stripped_by_projection(run.rec, got)
        lines[#lines + 1] = string.format("  The items came back without the attributes they " ..
          "are recognised by: this request read index %s, whose projection is %s; an index " ..
          "returns only the key attributes and the attributes it projects. Project what the " ..
          "pattern returns%s: INCLUDE them in NonKeyAttributes, or project ALL.",
          run.rec.index, proj, P.returns and (" (" .. table.concat(P.returns, ", ") .. ")") or "")
        revisit = "index projections (KEYS_ONLY, INCLUDE, ALL): an index returns only what it projects."
      elseif #missing > 0 and truncated(run.rec) and (run.rec.output or {}).LastEvaluatedKey == nil then
        -- --max-items: the aws CLI read the items and printed only the first ones, with a
        -- NextToken (its own resume token, not DynamoDB's LastEvaluatedKey).
        lines[#lines + 1] = string.format("  The output came back with a NextToken after %d " ..
          "items: --max-items stops the aws CLI's output there (the request read %s), so it " ..
          "is one page of output, not the whole result. Drop --max-items here, or keep " ..
          "calling with --starting-token until no NextToken comes back.", #got,
          count(run.rec.read or #got, "item"))
        revisit = "pagination: --max-items and NextToken (the aws CLI's), Limit and LastEvaluatedKey (DynamoDB's)."
      elseif #missing > 0 and truncated(run.rec) then
        lines[#lines + 1] = string.format("  The response came back with a LastEvaluatedKey " ..
          "after %d items: it is one page, not the whole result. A Limit (--limit) caps how " ..
          "many items a request reads; drop it here, or keep requesting with " ..
          "ExclusiveStartKey until no LastEvaluatedKey comes back.", #got)
        revisit = "pagination: Limit, LastEvaluatedKey and ExclusiveStartKey."
      elseif #missing > 0 and P.sharded and EX.shards and not run.rec.shards and
          spread_over_partitions(P, run.rec, missing) then
        lines[#lines + 1] = string.format("  %s may be sharded: a statement that uses ${shard} " ..
          "runs once per shard (0 to %d) and the answers are merged, so a queue written under " ..
          "shard suffixes is read whole.", P.id, EX.shards - 1)
        revisit = "write sharding: a shard suffix on the key, read back by fanning out."
      elseif #missing > 0 then
        local home = partition_holding(P, expected, run.params)
        local read = run.rec.index or ""
        if home and home.index ~= read then
          lines[#lines + 1] = string.format("  The items this pattern asks for are in %s, under %s = '%s'; " ..
            "this request read %s. Query %s for this pattern.", where(home.index), home.attr,
            home.value, where(read), where(home.index))
          revisit = "which index serves which access pattern (--index-name)."
        elseif home then
          lines[#lines + 1] = string.format("  The items this pattern asks for are in %s under %s = '%s': " ..
            "check the key value and the sort-key condition of the request.", where(home.index),
            home.attr, home.value)
        elseif not any_stored(P, run.rec, missing) then
          lines[#lines + 1] = string.format("  The partition this request read holds no item " ..
            "for %s, though every write succeeded: a later write with the same key replaced it " ..
            "(two entities shared a key), or it was written under another key.",
            show_list(missing, 3))
          revisit = "primary keys that are unique per entity: end the key with the entity's id."
        end
      end
      local seen = {}
      for _, v in ipairs(got) do
        seen[v] = (seen[v] or 0) + 1
        if seen[v] == 2 and contains(expected, v) then
          lines[#lines + 1] = string.format("  %s comes back more than once: writing it again " ..
            "created a second item instead of replacing the first. Key each item by what " ..
            "identifies it (not by a timestamp), so a repeated write lands on the same key.", v)
          revisit = "what makes a primary key unique; idempotent writes."
          break
        end
      end
      if revisit then lines[#lines + 1] = "Revisit: " .. revisit end
      return fail(table.concat(lines, "\n"))
    end
    if P.returns and P.model then
      local bad = check_returned_attributes(P, run, label)
      if bad then return bad end
    end
  end
  return pass()
end

-- The attribute names a filter or condition expression mentions, with #placeholders resolved.
local function expression_names(expr, names)
  local out = {}
  if type(expr) ~= "string" then return out end
  local keywords = { AND = true, OR = true, NOT = true, BETWEEN = true, IN = true }
  local seen = {}
  for word, after in expr:gmatch("([#:]?[%w_%.]+)()") do
    local is_call = expr:sub(after):match("^%s*%(") ~= nil
    local name
    if word:sub(1, 1) == "#" then
      name = names and names[word]
    elseif word:sub(1, 1) ~= ":" and not is_call and not keywords[word:upper()] and
        not tonumber(word) then
      name = word
    end
    if name and not seen[name] then seen[name] = true; out[#out + 1] = name end
  end
  return out
end

-- What a filter that discarded items should have been, from the names it tests.
local function filter_advice(r)
  local req = r.request or {}
  local index = r.index or ""
  local tested = expression_names(req.FilterExpression, req.ExpressionAttributeNames)
  local function is_key(name, idx)
    for _, list in ipairs({ STATE.key_attrs[idx] or {}, STATE.sort_attrs[idx] or {} }) do
      for _, a in ipairs(list) do if a == name then return true end end
    end
    return false
  end
  for _, name in ipairs(tested) do
    if is_key(name, index) then
      return string.format("Your FilterExpression tests %s, a key attribute of %s: that " ..
        "condition belongs in the KeyConditionExpression (=, begins_with, BETWEEN), where it " ..
        "limits what is read instead of discarding it afterwards.", name, where(index))
    end
  end
  for _, name in ipairs(tested) do
    for _, other in ipairs(index_names()) do
      if other ~= index and is_key(name, other) then
        return string.format("Your FilterExpression tests %s, which is a key of %s: query that " ..
          "index with %s in the key condition instead of filtering %s.", name, where(other), name,
          where(index))
      end
    end
  end
  if #tested > 0 then
    return string.format("Your filter tests %s. Filters do not reduce cost: when the sort key " ..
      "already tells these items apart, say it in the KeyConditionExpression (begins_with on a " ..
      "sort key prefix); otherwise put %s into a key (a sort key prefix, or an index).",
      table.concat(tested, ", "),
      table.concat(tested, ", "))
  end
  return "Filters (and PartiQL WHERE conditions beyond the key) do not reduce cost; put what you " ..
    "select on into the key (a sort key prefix, or an index whose key includes it)."
end

-- The requests an access pattern may be: one Query or GetItem, or one PartiQL SELECT.
local SINGLE_READS = { Query = true, GetItem = true, ExecuteStatement = true }

local function check_cost(P)
  local fanout
  for _, run in ipairs(pattern_runs(P)) do
    local bad = unusable(P, run)
    if bad then return bad end
    local r = run.rec
    local label = pattern_label(P, run.params)
    local calls = #(r.calls or {})
    if calls ~= (r.shards or 1) then
      return fail(string.format("%s made %d calls; an access pattern should be one request%s.",
        label, calls, r.shards and string.format(" per shard (%d shards)", r.shards) or ""))
    end
    if r.op and r.op ~= "Scan" and not SINGLE_READS[r.op] then
      return fail(string.format("%s ran as a %s. An access pattern is one Query or GetItem (or " ..
        "one PartiQL SELECT): %s.\nRevisit: GetItem and Query, the reads an access pattern is " ..
        "served by.", label, r.op, r.op == "BatchGetItem" and "a BatchGetItem fetches a list " ..
        "of keys and may hand some back unread in UnprocessedKeys instead of failing; for one " ..
        "key, use get-item" or
        "use the read that names the key (get-item, query, or a SELECT)"))
    end
    if r.op == "Scan" then
      return fail(string.format("%s is a Scan: it read %s and returned %d. A Scan reads the " ..
        "whole table (or index), so its cost grows with every item anyone stores. Give these " ..
        "items a shared partition key and Query it.\nRevisit: Query vs Scan.", label,
        (r.read or 0) < 0 and "every item (the endpoint does not count them)" or
        count(r.read or 0, "item"), r.returned or 0))
    end
    if read_count_unknown(r) then return unavailable("read_count") end
    if (r.read or 0) > (r.returned or 0) then
      return fail(string.format("%s read %s and returned %d: a filter discarded %d after " ..
        "they were read and paid for. %s\nRevisit: key design instead of FilterExpression.",
        label, count(r.read, "item"), r.returned, r.read - r.returned, filter_advice(r)))
    end
    local budget = (P.budget or function(n) return 1 + n * 0.25 end)(#run.expected)
    -- Each more shard is one more request, costing at least half a unit.
    if r.shards then budget = budget + (r.shards - 1) * 0.5 end
    if r.shards then
      fanout = string.format("%s fanned out over %d shards: %d requests, %s RCU in all (budget %s).",
        label, r.shards, calls, units(r.capacity or 0), units(budget))
    end
    if (r.capacity or 0) > budget + 1e-9 then
      return fail(string.format("%s consumed %s RCU; the budget for %s is %s RCU.\n" ..
        "Revisit: read capacity (4 KB units, eventually consistent reads cost half).", label,
        units(r.capacity), count(#run.expected, "item"), units(budget)))
    end
  end
  return pass(fanout)
end

-- Two requests about different entities, each with a non-empty answer: the exercise's
-- hot_cases, else the first two cases whose first parameter differs.
local function hot_cases(P)
  if P.hot_cases then return P.hot_cases(DATA) end
  local out, seen = {}, {}
  for _, params in ipairs(P.cases(DATA)) do
    local who = tostring(params[P.params[1]])
    if not seen[who] and #P.expect(DATA, params) > 0 then
      seen[who] = true
      out[#out + 1] = params
    end
    if #out == 2 then break end
  end
  return out
end

-- The hot-key question: do requests about different entities land on different partition key
-- values? The value a request read is the partition key (of the table or index it read) of
-- the items it returned; both requests must return items, so the question always has an answer.
local function check_hotkey(P)
  local cases = hot_cases(P)
  if #cases < 2 then
    return { status = "error", message = string.format("the exercise gives %s fewer than two " ..
      "requests about different entities with a non-empty answer on this seed; fix its " ..
      "generator or hot_cases", P.id) }
  end
  local reads = {}
  for i = 1, 2 do
    local run = run_case(P, cases[i])
    local bad = unusable(P, run)
    if bad then return bad end
    local index = run.rec.index or ""
    local attr = STATE.keys[index]
    local values = {}
    for _, item in ipairs(run.rec.items or {}) do
      local v = partition_value(item, index)
      if v then values[v] = true end
    end
    reads[i] = { index = index, attr = attr, values = values, params = cases[i],
      op = run.rec.op, partitions = run.rec.partitions }
  end
  local shared = {}
  for v in pairs(reads[1].values) do if reads[2].values[v] then shared[#shared + 1] = v end end
  table.sort(shared)
  local who = P.params[1] or "entity"
  -- A Scan reads every partition, so the key of an item both returned is not what they share:
  -- they share all of them.
  local scan = reads[1].op == "Scan" and reads[1] or reads[2].op == "Scan" and reads[2] or nil
  if #shared > 0 and scan then
    local n = tonumber(scan.partitions) or 0
    return fail(string.format("%s with %s and with %s ask about different %s values, yet " ..
      "both are Scans, and a Scan read all %s of %s: every request, whatever its %s, reads every " ..
      "partition and every item in it. Give these items a partition key that contains the %s " ..
      "and Query it.\nRevisit: Query vs Scan; high-cardinality partition keys.",
      P.id, show_params(reads[1].params), show_params(reads[2].params), who,
      n > 0 and count(n, "partition") or "the partitions", where(scan.index), who, who))
  end
  if #shared > 0 then
    return fail(string.format("%s with %s and with %s ask about different %s values, yet " ..
      "both read partition key %s = '%s' (%s). Requests for every %s share that one partition: " ..
      "a hot key that caps throughput at one partition's limit and grows without bound. Put the " ..
      "%s into the partition key value.\nRevisit: high-cardinality partition keys; static GSI keys.",
      P.id, show_params(reads[1].params), show_params(reads[2].params), who,
      tostring(reads[1].attr), shared[1], where(reads[1].index), who, who))
  end
  return pass()
end

-- A rough DynamoDB item size: attribute names plus values (numbers count about one byte per two
-- digits). Close enough to tell a 2 KB item from a 400 KB one.
local function value_size(v)
  local t = type(v)
  if t == "string" then return #v end
  if t == "number" then return math.ceil(#tostring(v) / 2) + 1 end
  if t == "boolean" then return 1 end
  if t == "table" then
    local n = 3
    for k, x in pairs(v) do
      n = n + 1 + value_size(x) + (type(k) == "string" and #k or 0)
    end
    return n
  end
  return 1
end

local function check_limits()
  if #STATE.limit_errors > 0 then
    return fail("Some writes were rejected for size: " .. show_list(STATE.limit_errors, 3) ..
      "\nRevisit: the 400 KB item limit; keep unbounded lists in their own items.")
  end
  local biggest = 0
  for _, item in ipairs(ddb.items(STATE.table)) do
    local size = 0
    for k, v in pairs(item) do size = size + #k + value_size(v) end
    if size > biggest then biggest = size end
    for _, pk in ipairs(STATE.key_attrs[""] or {}) do
      if type(item[pk]) == "string" and #item[pk] > 2048 then
        return fail("A partition key value is longer than 2048 bytes.")
      end
    end
    for _, sk in ipairs(STATE.sort_attrs[""] or {}) do
      if type(item[sk]) == "string" and #item[sk] > 1024 then
        return fail("A sort key value is longer than 1024 bytes.")
      end
    end
  end
  if biggest > 400 * 1024 then
    return fail(string.format("An item is about %d KB (the limit is 400 KB).", biggest // 1024))
  end
  return pass()
end

-- ---------------------------------------------------------------------------------------------
-- Setup checks

local function run_table()
  local res = sol.run("table", "", {})
  if res.missing then
    return fail("Your solution has no '-- @table' block. Start it with the create-table " ..
      "command for your table; every other check needs the table.")
  end
  if not res.ok then
    return fail("The table definition failed: " .. tostring(res.error) ..
      "\nEvery check below needs the table, so they are skipped.")
  end
  local tables = ddb.call("ListTables", { Limit = 100 }).output.TableNames or {}
  if #tables == 0 then
    return fail("The '-- @table' block ran but created no table.")
  end
  STATE.table = tables[1]
  local desc = ddb.call("DescribeTable", { TableName = STATE.table }).output.Table
  -- A key may have several HASH (or RANGE) attributes; keep them all, in schema order.
  local function record(index, schema)
    local h, r = {}, {}
    for _, k in ipairs(schema or {}) do
      if k.KeyType == "HASH" then h[#h + 1] = k.AttributeName else r[#r + 1] = k.AttributeName end
    end
    STATE.key_attrs[index], STATE.sort_attrs[index] = h, r
    STATE.keys[index] = #h > 0 and table.concat(h, "+") or nil
    STATE.sort_keys[index] = #r > 0 and table.concat(r, "+") or nil
  end
  record("", desc.KeySchema)
  STATE.sort_key = STATE.sort_keys[""]
  for _, g in ipairs(desc.GlobalSecondaryIndexes or {}) do record(g.IndexName, g.KeySchema) end
  for _, l in ipairs(desc.LocalSecondaryIndexes or {}) do record(l.IndexName, l.KeySchema) end
  local msg = "table " .. STATE.table
  if #tables > 1 then
    msg = msg .. string.format(" (and %d more; the checks read %s)", #tables - 1, STATE.table)
  end
  return pass(msg)
end

-- ---------------------------------------------------------------------------------------------
-- Stream handlers (exercises/README.md, "-- @handler"): each `-- @handler EVENT [FILTER]` block
-- of a solution is attached to its table's stream as a Lambda event source mapping (README,
-- "Stream handlers") whose filter is FILTER with eventName = EVENT. For every record it keeps,
-- the block runs with the record's values as parameters: ${new.<attr>} and ${old.<attr>} from
-- the images, ${keys.<attr>}, ${event_id}; its statements go in one transaction when there are
-- several, as a template's do. Delivery is at least once, and the grader makes it so: every
-- batch is delivered twice (redeliver = 1), so a handler that is not idempotent counts twice. A
-- write its own condition refuses is done (the idempotent handler's idiom, as a repeated
-- template write is); any other failure fails the batch, which is retried twice and then
-- discarded, and the failure is reported.
local HANDLER_EVENTS = { INSERT = true, MODIFY = true, REMOVE = true }
local HANDLER_RETRIES = 2

local function scalar_text(av)
  if type(av) ~= "table" then return nil end
  if av.S ~= nil then return av.S end
  if av.N ~= nil then return av.N end
  if av.BOOL ~= nil then return tostring(av.BOOL) end
  return nil
end

local function record_params(rec)
  local p = { event_id = rec.eventID }
  local d = rec.dynamodb or {}
  for prefix, image in pairs({ new = d.NewImage, old = d.OldImage, keys = d.Keys }) do
    for k, v in pairs(image) do
      local t = scalar_text(v)
      if t then p[prefix .. "." .. k] = t end
    end
  end
  return p
end

-- Attaches the solution's handler blocks (before the load); what went wrong is kept in
-- STATE.streams.problems for the check that judges them.
local function attach_handlers()
  STATE.streams = { handlers = 0, blocks = 0, problems = {}, errors = {} }
  local blocks = filter(sol.blocks(), function(b) return b.kind == "handler" end)
  STATE.streams.blocks = #blocks
  if #blocks == 0 then return end
  -- On an endpoint the handlers are not attached; the checks that need them are skipped.
  if ENDPOINT then return end
  local problems = STATE.streams.problems
  local desc = ddb.call("DescribeTable", { TableName = STATE.table }).output.Table
  local spec = desc.StreamSpecification
  if not (spec and spec.StreamEnabled) then
    problems[#problems + 1] = "The solution has '-- @handler' blocks, but its table has no " ..
      "stream for them to read: add --stream-specification " ..
      "StreamEnabled=true,StreamViewType=NEW_AND_OLD_IMAGES to its create-table."
    return
  end
  for _, b in ipairs(blocks) do
    local where = string.format("'-- @handler %s' (line %d)", b.name, b.line)
    local event, rest = b.name:match("^(%S+)%s*(.*)$")
    local pattern, err = {}, nil
    if not HANDLER_EVENTS[event] then
      err = "its first word must be the event it handles: INSERT, MODIFY or REMOVE"
    elseif rest ~= "" then
      pattern, err = ddb.json_decode(rest)
      if err then
        err = "its filter is not JSON (" .. err .. ")"
      elseif type(pattern) ~= "table" then
        err = "its filter must be a JSON object"
      elseif pattern.eventName ~= nil then
        err = "its filter names eventName; the word after @handler does"
      end
    end
    if not err then
      pattern.eventName = { event }
      local name = b.name
      local ok, why = pcall(ddb.stream.attach, {
        table = STATE.table, name = name, filters = { pattern }, redeliver = 1,
        max_retries = HANDLER_RETRIES, starting_position = "TRIM_HORIZON",
        handler = function(ev)
          for _, rec in ipairs(ev.Records) do
            local res = sol.run("handler", name, record_params(rec))
            if not res.ok and not refused_as_duplicate(res) then error(tostring(res.error), 0) end
          end
        end,
      })
      if ok then
        STATE.streams.handlers = STATE.streams.handlers + 1
      else
        err = tostring(why):gsub("^ddb%.stream%.attach: ", "")
      end
    end
    if err then problems[#problems + 1] = where .. ": " .. err end
  end
end

-- Runs the attached handlers until they are caught up, keeping the failures they report (not
-- the injected redeliveries). Checks that write call it before they read what handlers keep.
function settle_streams()
  if not STATE.streams or STATE.streams.handlers == 0 then return end
  for _ = 1, 50 do
    local s = ddb.stream.run({ force = true })
    for _, e in ipairs(s.errors or {}) do
      if not e:find(": redelivered: ", 1, true) and not contains(STATE.streams.errors, e) then
        STATE.streams.errors[#STATE.streams.errors + 1] = e
      end
    end
    if (s.pending or 0) == 0 and not s.more then return end
  end
end

-- The solution's stream handlers, for an exercise's checks: {blocks, handlers (attached),
-- problems (attaching them), errors (their failures)}.
function stream_handlers() return STATE.streams or { handlers = 0, blocks = 0, problems = {}, errors = {} } end

local function run_load()
  attach_handlers()
  local n = 0
  for _, w in ipairs(DATA.writes) do
    local st = STATE.load[w.name]
    if not (st and st.error) then
      write(w.kind, w.name, w.params, w.apply, w["repeat"])
      n = n + 1
    end
  end
  settle_streams()
  return pass(string.format("%d writes through the templates", n))
end

-- Why a transition's writes failed, in the words of the mistake.
local function transition_advice(st)
  local err = (type(st) == "table" and st.error or st) or ""
  if err:find("multiple operations on one item", 1, true) then
    return "\nThese writes change the same item, and one transaction may touch an item only " ..
      "once: merge the two updates into one UpdateExpression (SET ... REMOVE ...)."
  end
  return ""
end

-- Probes a transition against the model: the items of one entity before and after one more
-- transition, compared in full. A kept item must still carry every model attribute it carried
-- before, with the model's value; items may go (a queue entry deleted on close), but at least
-- one item must hold the whole entity afterwards.
local function probe_transition(T)
  local pr = T.probe(DATA)
  if not pr then return nil end
  local before = filter(ddb.items(STATE.table), pr.match)
  local res = sol.run("transition", T.name, with_shard(T.name, pr.params))
  if not res.ok then
    return fail(string.format("%s with %s failed:\n  %s%s", T.name, show_params(pr.params),
      tostring(res.error), transition_advice({ error = res.error })))
  end
  if pr.apply then pr.apply() end
  local after = filter(ddb.items(STATE.table), pr.match)
  local names = {}
  for k in pairs(pr.model) do names[#names + 1] = k end
  table.sort(names)
  local by_key, used = {}, {}
  for i, a in ipairs(after) do by_key[key_text(a)] = i end
  local problems = {}
  for _, b in ipairs(before) do
    local i = by_key[key_text(b)]
    if i then
      used[i] = true
      local a = after[i]
      for _, k in ipairs(names) do
        if b[k] ~= nil and a[k] == nil then
          problems[#problems + 1] = string.format("the item %s lost %s (it was %s)",
            key_text(a, ", "), k, tostring(b[k]))
        elseif b[k] ~= nil and not same_value(a[k], pr.model[k]) then
          problems[#problems + 1] = string.format("the item %s has %s = %s, the model says %s",
            key_text(a, ", "), k, tostring(a[k]), tostring(pr.model[k]))
        end
      end
    end
  end
  for i, a in ipairs(after) do
    if not used[i] then
      for _, k in ipairs(names) do
        if a[k] ~= nil and not same_value(a[k], pr.model[k]) then
          problems[#problems + 1] = string.format("the new item %s has %s = %s, the model says %s",
            key_text(a, ", "), k, tostring(a[k]), tostring(pr.model[k]))
        end
      end
    end
  end
  local whole = false
  for _, a in ipairs(after) do
    local all = true
    for _, k in ipairs(names) do if a[k] == nil then all = false end end
    whole = whole or all
  end
  if not whole and #problems == 0 then
    problems[#problems + 1] = string.format("no item holds the whole %s any more (%s)", pr.what,
      table.concat(names, ", "))
  end
  if #problems > 0 then
    return fail(string.format("After %s with %s, %s does not match the model:\n  %s\nA transition " ..
      "changes what changes and keeps the rest: update the item (SET ... REMOVE ...) rather than " ..
      "putting a new one that leaves attributes out.\nRevisit: UpdateItem vs PutItem.", T.name,
      show_params(pr.params), pr.what, table.concat(problems, "\n  ", 1, math.min(#problems, 4))))
  end
  return nil
end

-- Writes that must land together: every template the exercise marks `atomic` (the edges of a
-- relationship, an entity and its copies) writes its items in one transaction. A batch is not
-- one: BatchWriteItem may hand back any of its requests in UnprocessedItems (the aws CLI does
-- not retry them), and BatchExecuteStatement answers each statement on its own.
local function check_atomic()
  local names = {}
  for _, list in ipairs({ EX.entities or {}, EX.transitions or {} }) do
    for _, T in ipairs(list) do if T.atomic then names[#names + 1] = T.name end end
  end
  for _, name in ipairs(names) do
    local st = STATE.load[name]
    local sep = st and st.separate
    if sep then
      local partiql = contains(sep.ops, "BatchExecuteStatement") or
        contains(sep.ops, "ExecuteStatement") or contains(sep.ops, "ExecuteTransaction")
      local why
      if contains(sep.ops, "BatchWriteItem") then
        why = "A BatchWriteItem is not a transaction: DynamoDB may process some of its " ..
          "requests and hand the others back in UnprocessedItems, which the aws CLI does not " ..
          "retry, so one item can exist without the other."
      elseif contains(sep.ops, "BatchExecuteStatement") then
        why = "A BatchExecuteStatement is not a transaction: each statement succeeds or fails " ..
          "on its own (its error comes back in the response), so one item can exist without " ..
          "the other."
      else
        why = "Separate requests are not a transaction: when one fails after another " ..
          "succeeded, one item exists without the other."
      end
      return fail(string.format("%s with %s wrote its items as %d separate writes (%s), not " ..
        "as one transaction. The brief says they are written together: both exist " ..
        "or neither does.\n  %s\n  Write them in one transaction (%s).\n" ..
        "Revisit: BatchWriteItem vs TransactWriteItems; writing both edges of a relationship " ..
        "atomically.", name, show_params(sep.params), sep.requests, table.concat(sep.ops, ", "),
        why, partiql and "in PartiQL: one INSERT per item in the template, sent together as " ..
        "one ExecuteTransaction" or "TransactWriteItems: one put-item per item in the template, " ..
        "sent together as one TransactWriteItems, or one transact-write-items command"))
    end
  end
  return pass(#names > 0 and ("in one transaction: " .. table.concat(names, ", ")) or nil)
end

local function template_check(kind, T)
  return function()
    local st = STATE.load[T.name]
    local params = table.concat(T.params or {}, ", ")
    if not st then
      return pass("no " .. T.name .. " in this data variant")
    end
    if st.missing then
      return fail(string.format("Your solution has no '-- @%s %s' block. It receives: %s.",
        kind, T.name, params))
    end
    if st.error then
      if kind == "transition" then
        return fail(string.format("Applying %s failed with %s:\n  %s%s\nThe patterns are still " ..
          "graded, on the data as your writes left it.", T.name, show_params(st.params), st.error,
          transition_advice(st)))
      end
      return fail(string.format("Writing a %s failed with %s:\n  %s\nThe patterns that need %s " ..
        "are skipped.", T.name, show_params(st.params), st.error, T.name))
    end
    if kind == "transition" and T.probe then
      local bad = probe_transition(T)
      -- The items it changed are this check's to judge, not the patterns' (model `changed_by`).
      if bad then STATE.broken_transitions[T.name] = true; return bad end
    end
    return pass(string.format("%d writes", st.writes))
  end
end

-- ---------------------------------------------------------------------------------------------
-- Entry points called by the C++ grader

local function add(check)
  CHECKS[check.id] = check
  return check
end

-- ---------------------------------------------------------------------------------------------
-- Throughput: the exercise's declared traffic mix (EX.traffic) sent through the solution's own
-- table and templates, in a simulation on a virtual clock (ddb.simulate; README, "Throughput
-- and throttling"). It passes when no partition of the table or of its indexes throttles.
--   traffic = { title = "the evening peak", seconds = 10, points = 2,
--     mix = { { template = "Order", rate = 1500, params = function(i, d) return {...} end } } }
-- params(i, d) gives the parameters of the template's i-th write (from 0), d the generated data.
-- Each statement of a template is its own request, and so is each write of an explicit
-- transaction statement (split_transaction). (Graded, a template's writes go in one
-- transaction, which DynamoDB charges twice: if anything, this check is lenient.)

local function template_kind(name)
  for _, T in ipairs(EX.transitions or {}) do if T.name == name then return "transition" end end
  return "entity"
end

local function traffic_text(TR)
  local parts = {}
  for _, m in ipairs(TR.mix) do
    parts[#parts + 1] = string.format("%s writes at %s a second", m.template, units(m.rate))
  end
  return table.concat(parts, ", ")
end

-- Deep equality of two plain values (items read back from the table).
local function same_data(a, b)
  if type(a) ~= type(b) then return false end
  if type(a) ~= "table" then return a == b end
  for k, v in pairs(a) do if not same_data(v, b[k]) then return false end end
  for k in pairs(b) do if a[k] == nil then return false end end
  return true
end

-- Which partition key values the traffic's writes share. A few writes of each template of the
-- mix (spread over its parameters: the i-th writes of different templates are about different
-- entities) run through the solution's templates on the graded table, each followed by a read
-- of what it created, changed or deleted; the partition key values (of the table and of every
-- index) those items carry are counted per write. The table is put back as it was afterwards.
-- Returns index -> list of {value, writes = n, by = {template -> n}}, most-shared first, for
-- values that several of the sampled writes share.
local SAMPLES = 4

local function shared_write_keys(TR)
  local tbl = STATE.table
  local key_attrs = {}
  for _, list in ipairs({ STATE.key_attrs[""] or {}, STATE.sort_attrs[""] or {} }) do
    for _, a in ipairs(list) do key_attrs[#key_attrs + 1] = a end
  end
  local function snapshot()
    local m = {}
    for _, it in ipairs(ddb.items(tbl)) do m[key_text(it, "\0")] = it end
    return m
  end
  local original = snapshot()
  local before = original
  local touches = {}   -- index -> value -> {tag -> template}
  local indexes = index_names()
  local function touch(item, tag, template)
    for _, index in ipairs(indexes) do
      local v = partition_value(item, index)
      if v then
        touches[index] = touches[index] or {}
        touches[index][v] = touches[index][v] or {}
        touches[index][v][tag] = template
      end
    end
  end
  for k = 0, SAMPLES - 1 do
    for j, m in ipairs(TR.mix) do
      local i = (j - 1) * 13 + k * 101
      local ok, params = pcall(m.params, i, DATA)
      if ok and type(params) == "table" then
        sol.run(template_kind(m.template), m.template, with_shard(m.template, params))
        local after = snapshot()
        local tag = m.template .. "#" .. i
        for key, item in pairs(after) do
          if not same_data(item, before[key]) then touch(item, tag, m.template) end
        end
        for key, item in pairs(before) do
          if after[key] == nil then touch(item, tag, m.template) end
        end
        before = after
      end
    end
  end
  -- Put the table back: what the samples created goes, what they changed or deleted returns.
  local function key_of_item(item)
    local k = {}
    for _, a in ipairs(key_attrs) do k[a] = item[a] end
    return ddb.item(k)
  end
  for key, item in pairs(before) do
    if original[key] == nil then
      ddb.try_call("DeleteItem", { TableName = tbl, Key = key_of_item(item) })
    end
  end
  for key, item in pairs(original) do
    if not same_data(item, before[key]) then
      ddb.try_call("PutItem", { TableName = tbl, Item = ddb.item(item) })
    end
  end
  local out = {}
  for index, values in pairs(touches) do
    local list = {}
    for v, tags in pairs(values) do
      local n, by = 0, {}
      for _, template in pairs(tags) do n = n + 1; by[template] = (by[template] or 0) + 1 end
      if n >= 3 then list[#list + 1] = { value = v, writes = n, by = by } end
    end
    table.sort(list, function(a, b)
      if a.writes ~= b.writes then return a.writes > b.writes end
      return a.value < b.value
    end)
    if #list > 0 then out[index] = list end
  end
  return out
end

local function percent(part, whole)
  if whole == 0 then return "0%" end
  local x = 100 * part / whole
  if x >= 10 then return string.format("%d%%", math.floor(x + 0.5)) end
  return string.format("%.1f%%", x)
end

-- Each statement of a template is its own request in the simulation, and so is each write of an
-- explicit transaction (transact-write-items, execute-transaction), which split_transaction
-- below takes apart: every design is charged alike, one plain write per item, whether its
-- template lists the writes (graded as one transaction) or writes one transaction itself.
-- DynamoDB charges transactional writes twice: if anything, this check is lenient.

-- POSIX word splitting, as shell/session/cli/split_words.cc does it. nil on an unclosed quote.
local function split_words(text)
  local words, word, in_word = {}, {}, false
  local i, n = 1, #text
  local function flush()
    if in_word then words[#words + 1] = table.concat(word); word = {}; in_word = false end
  end
  while i <= n do
    local j = text:find("[%s#\\'\"]", i)
    if j == nil then
      word[#word + 1] = text:sub(i); in_word = true; break
    end
    if j > i then word[#word + 1] = text:sub(i, j - 1); in_word = true; i = j end
    local c = text:sub(i, i)
    if c:match("%s") then
      flush(); i = i + 1
    elseif c == "#" then
      if in_word then
        word[#word + 1] = "#"; i = i + 1
      else
        i = (text:find("\n", i, true) or n) + 1
      end
    elseif c == "\\" then
      local d = text:sub(i + 1, i + 1)
      if d == "" then
        word[#word + 1] = "\\"; in_word = true; i = i + 1
      elseif d == "\n" then
        i = i + 2
      elseif d == "\r" and text:sub(i + 2, i + 2) == "\n" then
        i = i + 3
      else
        word[#word + 1] = d; in_word = true; i = i + 2
      end
    elseif c == "'" then
      local close = text:find("'", i + 1, true)
      if not close then return nil end
      word[#word + 1] = text:sub(i + 1, close - 1); in_word = true; i = close + 1
    else -- '"'
      local k = i + 1
      local closed = false
      while k <= n do
        local e = text:find('["\\]', k)
        if not e then break end
        if e > k then word[#word + 1] = text:sub(k, e - 1) end
        if text:sub(e, e) == '"' then closed = true; k = e; break end
        local nx = text:sub(e + 1, e + 1)
        if nx ~= "" and ("$`\"\\\n"):find(nx, 1, true) then
          if nx ~= "\n" then word[#word + 1] = nx end
          k = e + 2
        else
          word[#word + 1] = "\\"; k = e + 1
        end
      end
      if not closed then return nil end
      in_word = true; i = k + 1
    end
  end
  flush()
  return words
end

local function shell_quote(s) return "'" .. s:gsub("'", "'\\''") .. "'" end

-- The raw text of each element of a JSON array (nil when `text` is not one).
local function json_array_elements(text)
  local i = text:find("%S")
  if not i or text:sub(i, i) ~= "[" then return nil end
  local out, depth, start = {}, 0, nil
  local n = #text
  i = i + 1
  while i <= n do
    local j = text:find('[%[%]{}",]', i)
    if not j then return nil end
    local c = text:sub(j, j)
    if c == '"' then
      local k = j + 1
      while true do
        local e = text:find('["\\]', k)
        if not e then return nil end
        if text:sub(e, e) == "\\" then k = e + 2 else k = e; break end
      end
      if depth == 0 and not start then start = j end
      i = k + 1
    elseif c == "[" or c == "{" then
      if depth == 0 then start = j end
      depth = depth + 1
      i = j + 1
    elseif c == "}" or (c == "]" and depth > 0) then
      depth = depth - 1
      if depth == 0 then out[#out + 1] = text:sub(start, j); start = nil end
      i = j + 1
    elseif c == "]" then
      return out
    else -- ","
      i = j + 1
    end
  end
  return nil
end

local TRANSACT_ACTIONS = { Put = "put-item", Update = "update-item", Delete = "delete-item" }

-- The separate writes of one explicit transaction statement, as statements; nil for any other
-- statement (or one that cannot be read, which then goes as it is).
local function split_transaction(statement)
  if not statement:find("transact", 1, true) and not statement:find("execute%-transaction") then
    return nil
  end
  local words = split_words(statement)
  if not words or words[1] ~= "aws" or words[2] ~= "dynamodb" then return nil end
  local option = ({ ["transact-write-items"] = "--transact-items",
    ["execute-transaction"] = "--transact-statements" })[words[3] or ""]
  if not option then return nil end
  local value, input
  for i = 4, #words do
    if words[i] == option then value = words[i + 1] end
    local v = words[i]:match("^" .. option:gsub("%-", "%%-") .. "=(.*)$")
    if v then value = v end
    if words[i] == "--cli-input-json" then input = words[i + 1] end
    local j = words[i]:match("^%-%-cli%-input%-json=(.*)$")
    if j then input = j end
  end
  -- The same list given inside --cli-input-json ({"TransactItems": [...]}, or
  -- {"TransactStatements": [...]}): the array that follows its member name.
  if not value and type(input) == "string" then
    local member = words[3] == "execute-transaction" and "TransactStatements" or "TransactItems"
    local at = input:find('"' .. member .. '"%s*:%s*%[')
    if at then value = input:sub((input:find("[", at, true))) end
  end
  local elements = value and json_array_elements(value)
  if not elements then return nil end
  local out = {}
  for _, e in ipairs(elements) do
    if words[3] == "execute-transaction" then
      out[#out + 1] = "aws dynamodb execute-statement --cli-input-json " .. shell_quote(e)
    else
      local action, inner = e:match('^%s*{%s*"(%a+)"%s*:%s*(.-)%s*}%s*$')
      if not action then return nil end
      if TRANSACT_ACTIONS[action] then
        out[#out + 1] = "aws dynamodb " .. TRANSACT_ACTIONS[action] .. " --cli-input-json " ..
          shell_quote(inner)
      elseif action ~= "ConditionCheck" then
        return nil
      end
    end
  end
  return #out > 0 and out or nil
end

-- The requests a template's rendered statements make in the simulation.
local function simulated_requests(statements)
  local out = {}
  for _, st in ipairs(statements) do
    local parts = split_transaction(st)
    for _, p in ipairs(parts or { st }) do out[#out + 1] = p end
  end
  return out
end

local function check_throughput()
  local TR = EX.traffic
  local tbl = sol.render("table", "", {})
  if not tbl.ok then return fail("The table definition cannot be used: " .. tostring(tbl.error)) end
  local clients = {}
  local per_write = {}   -- the write requests one write of each template makes
  for _, m in ipairs(TR.mix) do
    local kind = template_kind(m.template)
    -- Each statement of the template is its own client; they ask for the same write in turn,
    -- so the last few renderings are kept.
    local cache, order = {}, {}
    local function render(i)
      local r = cache[i]
      if r then return r end
      r = sol.render(kind, m.template, with_shard(m.template, m.params(i, DATA)))
      cache[i] = r
      order[#order + 1] = i
      if #order > 8 then cache[table.remove(order, 1)] = nil end
      return r
    end
    local first = render(0)
    if not first.ok then
      return fail("The traffic needs the " .. m.template .. " template: " .. tostring(first.error))
    end
    per_write[#per_write + 1] = { template = m.template, rate = m.rate,
      requests = #simulated_requests(first.statements) }
    for k = 1, #simulated_requests(first.statements) do
      clients[#clients + 1] = { rate = m.rate, statement = function(i)
        local r = render(i)
        if not r.ok then error(r.error, 0) end
        if not r.requests then r.requests = simulated_requests(r.statements) end
        return r.requests[k] or r.requests[#r.requests]
      end }
    end
  end
  local ok, r = pcall(ddb.simulate, { setup = tbl.statements, seconds = TR.seconds or 10,
    clients = clients })
  local what = string.format("%s (%s, for %s)", TR.title, traffic_text(TR),
    count(TR.seconds or 10, "virtual second"))
  if not ok then return fail("Under " .. what .. ", the simulation could not run: " .. tostring(r)) end
  if r.throttled == 0 and r.errors == 0 then
    return pass(string.format("Under %s, none of the %d write requests was throttled.", what,
      r.requests))
  end
  if r.throttled == 0 then
    return fail(string.format("Under %s, %d of %d write requests failed: %s", what, r.errors,
      r.requests, tostring(r.first_error)))
  end
  local hot, throttled_at = {}, {}
  local everywhere = true   -- every partition of every resource that throttles, throttles
  -- The simulation runs the table the solution creates, in its billing mode: a provisioned
  -- table serves what it was given, not what a new on-demand table would.
  local provisioned = {}
  for _, t in ipairs(r.tables) do
    if t.billing_mode == "PROVISIONED" then
      local index = t.index == ddb.null and "" or t.index
      provisioned[#provisioned + 1] = string.format("%s %s WCU a second",
        index == "" and ("table " .. t.table) or ("index " .. index),
        units(t.write_capacity_units or 0))
    end
  end
  for _, t in ipairs(r.tables) do
    local index = t.index == ddb.null and "" or t.index
    local some, all = false, true
    for _, p in ipairs(t.partitions) do
      if p.throttled > 0 then some = true else all = false end
    end
    if some and not all then everywhere = false end
    for _, p in ipairs(t.partitions) do
      if p.throttled > 0 then
        throttled_at[index] = true
        hot[#hot + 1] = string.format("  %s, partition %d: %d of %d requests throttled (%s)",
          index == "" and ("table " .. t.table) or ("index " .. index .. " of " .. t.table),
          p.partition, p.throttled, p.requests, percent(p.throttled, p.requests))
      end
    end
  end
  -- Name the key values: which of them the writes of many different entities share.
  local named = {}
  local sampled = {}
  for _, m in ipairs(TR.mix) do sampled[#sampled + 1] = m.template end
  local shared = shared_write_keys(TR)
  for _, index in ipairs(index_names()) do
    if throttled_at[index] and shared[index] then
      for n, s in ipairs(shared[index]) do
        if n > 2 then break end
        local by = {}
        for _, template in ipairs(sampled) do
          if s.by[template] then
            by[#by + 1] = string.format("%s %d of %d", template, s.by[template], SAMPLES)
          end
        end
        named[#named + 1] = string.format("  %s = '%s' in %s: written by %d of the %d sampled " ..
          "writes, each about a different entity (%s)", tostring(STATE.keys[index]), s.value,
          where(index), s.writes, SAMPLES * #TR.mix, table.concat(by, ", "))
      end
    end
  end
  local parts, total = {}, 0
  for _, w in ipairs(per_write) do
    parts[#parts + 1] = string.format("%s %s each", w.template, count(w.requests, "write request"))
    total = total + w.rate * w.requests
  end
  -- A provisioned table (or index) that refuses writes with no key value shared was given less
  -- than the traffic needs: say what it was given, not what an on-demand table would serve.
  if #named == 0 and #provisioned > 0 then
    return fail(string.format("Under %s, %d of %d write requests were throttled (%s):\n%s\n" ..
      "Your table is provisioned (%s), and a provisioned table serves the write capacity it is " ..
      "given, split over its partitions. Your templates make %s: %s write requests a second in " ..
      "all, at least one WCU each. The peak is meant for an on-demand table: create it with " ..
      "--billing-mode PAY_PER_REQUEST (a new on-demand table serves 4,000 WCU a second, 1,000 " ..
      "on each partition), or provision at least that much for the table and every index " ..
      "the writes update.\nRevisit: capacity modes: on demand and provisioned.",
      what, r.throttled, r.requests, percent(r.throttled, r.requests), table.concat(hot, "\n"),
      table.concat(provisioned, ", "), table.concat(parts, ", "), units(total)))
  end
  -- No key value shared, and every partition throttles alike: the writes are spread, but the
  -- table as a whole is sent more than it serves.
  if #named == 0 and everywhere then
    return fail(string.format("Under %s, %d of %d write requests were throttled (%s):\n%s\n" ..
      "No partition key value is shared by the writes of many entities, and every partition " ..
      "throttles alike: the keys are spread, but the table as a whole is sent more writes than " ..
      "it serves. Your templates make %s: %s write requests a second in all, at least one WCU " ..
      "each, and a new on-demand table serves 4,000 WCU a second across its partitions (1,000 " ..
      "each). Write fewer items per entity: every extra item a template writes (a counter, a " ..
      "marker item, another copy) is one more write at every one of these writes.\n" ..
      "Revisit: write capacity: every item written costs at least one WCU.",
      what, r.throttled, r.requests, percent(r.throttled, r.requests), table.concat(hot, "\n"),
      table.concat(parts, ", "), units(total)))
  end
  local keys_text = ""
  if #named > 0 then
    keys_text = "\nThe writes of many different entities go to one partition key value:\n" ..
      table.concat(named, "\n") .. "\n" ..
      "A key value every entity shares (a constant index key, a counter item every write " ..
      "updates) takes all of their writes in one partition."
  end
  if #provisioned > 0 then
    keys_text = keys_text .. string.format("\nYour table is also provisioned (%s): it serves " ..
      "no more than that, while the peak is meant for an on-demand table (--billing-mode " ..
      "PAY_PER_REQUEST).", table.concat(provisioned, ", "))
  end
  return fail(string.format("Under %s, %d of %d write requests were throttled (%s):\n%s%s\n" ..
    "One partition serves at most 1,000 WCU a second, however much capacity the table has. " ..
    "Give each entity a key value of its own (its id in the key), and spread a key that must " ..
    "be shared with a calculated suffix (${shard}).\n" ..
    "Revisit: hot partitions and write sharding; static GSI keys.",
    what, r.throttled, r.requests, percent(r.throttled, r.requests), table.concat(hot, "\n"),
    keys_text))
end

function __plan(seed)
  assert(EX, "grader.lua did not call exercise{...}")
  index_templates()
  DATA = EX.generate(math.tointeger(seed) or 1)
  ENDPOINT = sol.endpoint and sol.endpoint() or nil
  -- What the solution's stream handlers keep (a pattern's `derived` attributes) is kept only
  -- where they run.
  local has_handlers = #filter(sol.blocks(), function(b) return b.kind == "handler" end) > 0
  local plan = {}
  local function push(c)
    add(c)
    plan[#plan + 1] = {
      id = c.id, title = c.title, points = c.points or 0, depends = c.depends or {},
      visibility = c.visibility or "visible", instructions = c.instructions, seconds = c.seconds,
    }
  end
  push({ id = "setup.table", title = "The table definition runs", run = run_table })
  push({ id = "setup.load", title = "The generated data is written through your templates",
    depends = { "setup.table" }, run = run_load, instructions = 200000000, seconds = 30 })
  local all_templates, entity_templates = {}, {}
  for _, T in ipairs(EX.entities or {}) do
    local id = "entity." .. T.name
    all_templates[#all_templates + 1] = id
    entity_templates[#entity_templates + 1] = id
    push({ id = id, title = "Template for " .. T.name .. " writes its items",
      depends = { "setup.load" }, run = template_check("entity", T) })
  end
  for _, T in ipairs(EX.transitions or {}) do
    local id = "transition." .. T.name
    all_templates[#all_templates + 1] = id
    push({ id = id, title = "Transition " .. T.name .. " applies and keeps the item whole",
      points = T.points or 2, depends = { "setup.load" }, run = template_check("transition", T) })
  end
  for _, P in ipairs(EX.patterns) do
    local deps = { "setup.load" }
    -- Only entity templates gate a pattern: without their items there is nothing to read. A
    -- failed transition leaves data that can still be read, and the ground truth follows it.
    for _, n in ipairs(P.needs or {}) do
      local is_transition = false
      for _, T in ipairs(EX.transitions or {}) do if T.name == n then is_transition = true end end
      if not is_transition then deps[#deps + 1] = "entity." .. n end
    end
    push({ id = P.id, title = P.title .. " (" .. P.cardinality_text() .. ")", points = P.points or 2,
      depends = deps, needs = (P.derived and has_handlers) and "streams" or nil,
      run = function() return check_correct(P) end })
    push({ id = P.id .. ".cost", title = P.id .. " is one Query or GetItem that reads only what it returns",
      points = P.cost_points or 1, depends = { P.id }, run = function() return check_cost(P) end })
    -- Every pattern asked about one entity (it has parameters) gets the hot-key question.
    if #(P.params or {}) > 0 and P.hotkey ~= false then
      push({ id = P.id .. ".hotkey", title = P.id .. " sends requests about different entities to different partitions",
        points = P.hot_points or 1, depends = { P.id }, run = function() return check_hotkey(P) end })
    end
  end
  local atomic = {}
  for _, list in ipairs({ EX.entities or {}, EX.transitions or {} }) do
    for _, T in ipairs(list) do if T.atomic then atomic[#atomic + 1] = T.name end end
  end
  if #atomic > 0 then
    push({ id = "atomic", title = "Items written together (" .. table.concat(atomic, ", ") ..
      ") go in one transaction", points = EX.atomic_points or 2, depends = { "setup.load" },
      run = check_atomic })
  end
  for _, C in ipairs(EX.checks or {}) do
    push({ id = C.id, title = C.title, points = C.points or 1, depends = C.depends or all_templates,
      visibility = C.visibility, needs = C.needs, run = function() return C.run(DATA, STATE) end })
  end
  if EX.traffic then
    local deps = { "setup.table" }
    for _, m in ipairs(EX.traffic.mix) do
      deps[#deps + 1] = template_kind(m.template) .. "." .. m.template
    end
    push({ id = "throughput", title = "Under " .. EX.traffic.title .. ", no partition throttles",
      points = EX.traffic.points or 2, depends = deps, seconds = 60, needs = "simulation",
      run = check_throughput })
  end
  push({ id = "limits", title = "Items and keys stay within DynamoDB's limits", points = 1,
    depends = entity_templates, visibility = "hidden", run = check_limits })
  return { title = EX.title, checks = plan }
end

function __run(id)
  local c = CHECKS[id]
  if not c then return { status = "error", message = "no check " .. tostring(id) } end
  if ENDPOINT and c.needs then return unavailable(c.needs) end
  local r = c.run()
  if type(r) ~= "table" then return { status = "error", message = "check returned nothing" } end
  return r
end

-- Loads the generated data into whatever database `ddb` and `sol` point at (the REPL's
-- `.exercise load`). Returns a summary table.
function __load(seed)
  index_templates()
  DATA = EX.generate(math.tointeger(seed) or 1)
  local t = run_table()
  if t.status ~= "passed" then return { ok = false, message = t.message } end
  run_load()
  local lines, ok = {}, true
  for _, T in ipairs(EX.entities or {}) do
    local st = STATE.load[T.name]
    if st and st.missing then
      ok = false
      lines[#lines + 1] = string.format("%-12s not written: the solution has no '-- @entity %s' " ..
        "template", T.name, T.name)
    elseif st then
      if st.error then ok = false end
      lines[#lines + 1] = string.format("%-12s %d/%d written%s", T.name, st.ok, st.writes,
        st.error and ("  first error: " .. st.error) or "")
    end
  end
  for _, T in ipairs(EX.transitions or {}) do
    local st = STATE.load[T.name]
    if st and st.missing then
      ok = false
      lines[#lines + 1] = string.format("%-12s not applied: the solution has no " ..
        "'-- @transition %s' template", T.name, T.name)
    elseif st then
      if st.error then ok = false end
      lines[#lines + 1] = string.format("%-12s %d/%d applied%s", T.name, st.ok, st.writes,
        st.error and ("  first error: " .. st.error) or "")
    end
  end
  local h = stream_handlers()
  if h.blocks > 0 then
    for _, p in ipairs(h.problems) do lines[#lines + 1] = "handlers     " .. p end
    if #h.problems > 0 or #h.errors > 0 then ok = false end
    lines[#lines + 1] = string.format("%-12s %d of %d attached to the stream, every batch delivered " ..
      "twice%s", "handlers", h.handlers, h.blocks, #h.errors > 0 and ("  first error: " .. h.errors[1]) or "")
  end
  -- Sample parameters taken from this data, so `.exercise try` has something to find.
  local samples = {}
  for _, P in ipairs(EX.patterns) do
    local cases = P.cases(DATA)
    if cases[1] then samples[#samples + 1] = P.id .. " " .. show_params(cases[1]) end
  end
  return { ok = ok, message = table.concat(lines, "\n"), samples = samples }
end

-- What `.exercise` shows: patterns and templates with their parameters.
function __info()
  local out = { id = EX.id, title = EX.title, patterns = {}, entities = {}, transitions = {} }
  for _, P in ipairs(EX.patterns) do
    out.patterns[#out.patterns + 1] = { id = P.id, title = P.title, params = P.params or {},
      sample = P.sample or {} }
  end
  for _, T in ipairs(EX.entities or {}) do
    out.entities[#out.entities + 1] = { name = T.name, params = T.params or {} }
  end
  for _, T in ipairs(EX.transitions or {}) do
    out.transitions[#out.transitions + 1] = { name = T.name, params = T.params or {} }
  end
  return out
end

-- Declares an access pattern with defaults filled in.
function pattern(P)
  P.order = P.order or "ordered"
  P.cardinality = P.cardinality or "many"
  function P.cardinality_text()
    local c = P.cardinality == "one" and "zero or one item" or "many items"
    if P.order == "any" then return c .. ", any order" end
    if P.cardinality == "one" then return c end
    return c .. ", " .. (P.order_name or "in order")
  end
  return P
end

-- For exercise checks: run a pattern once with parameters and return identified items, or nil
-- and a message.
function run_pattern_once(id, params)
  local P
  for _, p in ipairs(EX.patterns) do if p.id == id then P = p end end
  local run = run_case(P, params)
  local bad = unusable(P, run)
  if bad then return nil, bad.message end
  return identify_all(P, run.rec.items or {}), run.rec
end

function write_template(kind, name, params)
  return sol.run(kind, name, with_shard(name, params))
end

-- The `n` ids in `list` (by `key`) whose `field` lists in `d` are longest, longest first.
function top(d, field, list, key, n)
  local ids = map(list, function(x) return x[key] end)
  table.sort(ids, function(a, b)
    if #d[field][a] ~= #d[field][b] then return #d[field][a] > #d[field][b] end
    return a < b
  end)
  local out = {}
  for i = 1, math.min(n, #ids) do out[i] = ids[i] end
  return out
end

-- The entities of template `name` as the generated writes gave them, by key: the `fields`
-- values joined with "/". A write marked `repeat` may have been refused or may have overwritten,
-- so an attribute it changes keeps both values (a list of accepted values). Built once per data.
function written(d, name, fields)
  d.__written = d.__written or {}
  local tag = name .. ":" .. table.concat(fields, "/")
  if d.__written[tag] then return d.__written[tag] end
  local out = {}
  for _, w in ipairs(d.writes or {}) do
    if w.kind == "entity" and w.name == name then
      local parts = {}
      for i, f in ipairs(fields) do parts[i] = tostring(w.params[f]) end
      local key = table.concat(parts, "/")
      local old = out[key]
      if old and w["repeat"] then
        local merged = {}
        for k, v in pairs(old) do merged[k] = v end
        for k, v in pairs(w.params) do
          local prev = old[k]
          if prev == nil then
            merged[k] = v
          elseif not promised_value_matches(v, prev) then
            local alts = is_list(prev) and { table.unpack(prev) } or { prev }
            alts[#alts + 1] = v
            merged[k] = alts
          end
        end
        out[key] = merged
      else
        out[key] = copy(w.params)
      end
    end
  end
  d.__written[tag] = out
  return out
end

function contains(list, v)
  for _, x in ipairs(list) do if x == v then return true end end
  return false
end

grading = { fail = fail, pass = pass, transition_advice = transition_advice, show_list = show_list, show_params = show_params,
  pattern_runs = pattern_runs, state = function() return STATE end,
  unavailable = unavailable, read_count_unknown = read_count_unknown }
