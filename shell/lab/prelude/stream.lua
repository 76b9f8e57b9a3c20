-- ddb.stream: stream handlers, the Lambda functions of the course, run against DynamoDB Streams
-- (embedded by the build). A handler is attached to a table's stream like an event source
-- mapping and gets batches in Lambda's event shape ({Records = {{eventID, eventName,
-- eventVersion, eventSource, awsRegion, dynamodb, eventSourceARN}, ...}}). Its records come from
-- the engine's commit notifications (an inbox per runtime, shell/lab/streams/commit_inbox.h):
-- whatever wrote to the table, the records are the ones the stream holds, and the stream is read
-- (GetShardIterator/GetRecords) only when a handler is attached, to find where LATEST starts or
-- what TRIM_HORIZON has waiting. The host decides when handlers run (ddb.stream.run): after each
-- statement in the shell, every virtual second in `ddblab simulate`, after each write of a
-- grader's load, after the commits `ddblab serve` answers. Delivery is at least once, as in
-- Lambda:
--   * a batch whose invocation raises is retried, whole, until it succeeds or max_retries is
--     spent (then it is discarded); meanwhile it blocks its shard and the iterator age grows;
--   * bisect_on_error halves a failing batch before retrying it;
--   * report_batch_item_failures lets a handler return {batchItemFailures = {{itemIdentifier =
--     <SequenceNumber>}}}: the records before the first failure count as done;
--   * redeliver = k reports the first k invocations of every batch as failed after the handler
--     has run (a timeout after the work was done), which is how a non-idempotent handler is
--     caught double counting.
-- Records of one shard are delivered in order, and a child shard only after its parent.
local ddb, filter = ...
-- The host's inbox of commit notifications; only this file opens them.
local open_inbox = ddb._commit_inbox
ddb._commit_inbox = nil

-- Lambda's limits for a DynamoDB event source mapping.
local MAX_BATCH = 10000
local MAX_WINDOW = 300
local MAX_RETRIES = 10000
-- A host run stops after this many rounds of taking and delivering, so a handler that writes
-- to its own table cannot keep one statement busy forever; `more` then says records remain.
local MAX_ROUNDS = 10
-- Attempts one failing batch gets within one run (Lambda backs off between retries).
local ATTEMPTS_PER_RUN = 3

local FIELDS = {
  table = true, name = true, handler = true, filters = true, batch_size = true,
  batching_window = true, starting_position = true, max_retries = true, bisect_on_error = true,
  report_batch_item_failures = true, redeliver = true,
}

local function check_integer(v, name, lo, hi)
  if v == nil then return nil end
  if math.type(v) ~= "integer" or v < lo or v > hi then
    return name .. " must be a whole number from " .. lo .. " to " .. hi
  end
  return nil
end

local function call(op, req) return ddb.call(op, req).output end

-- The table's current stream ARN, or nil and why there is none.
local function stream_arn(table_name)
  local r = ddb.try_call("DescribeTable", { TableName = table_name })
  if not r.ok then return nil, r.error.code .. ": " .. (r.error.message or "") end
  local t = r.output.Table
  local spec = t.StreamSpecification
  if not spec or not spec.StreamEnabled or not t.LatestStreamArn then
    return nil, "table " .. table_name .. " has no stream: enable one with aws dynamodb update-table --table-name " ..
      table_name .. " --stream-specification StreamEnabled=true,StreamViewType=NEW_AND_OLD_IMAGES"
  end
  return t.LatestStreamArn
end

-- Every shard of the stream, parents before children (DescribeStream's order).
local function list_shards(arn)
  local shards, start = {}, nil
  repeat
    local d = call("DescribeStream", { StreamArn = arn, ExclusiveStartShardId = start })
    local desc = d.StreamDescription
    for _, s in ipairs(desc.Shards or {}) do shards[#shards + 1] = s end
    start = desc.LastEvaluatedShardId
  until start == nil
  return shards
end

-- Reads a shard from just after `after` (nil: its trim horizon); returns the records and
-- whether the shard is closed and fully read.
local function read_shard(arn, shard_id, after)
  local req = { StreamArn = arn, ShardId = shard_id, ShardIteratorType = "TRIM_HORIZON" }
  if after then
    req.ShardIteratorType = "AFTER_SEQUENCE_NUMBER"
    req.SequenceNumber = after
  end
  local it = ddb.try_call("GetShardIterator", req)
  if not it.ok and after then
    -- The checkpoint was trimmed away (24 hours): carry on from the oldest record kept.
    req.ShardIteratorType, req.SequenceNumber = "TRIM_HORIZON", nil
    it = ddb.try_call("GetShardIterator", req)
  end
  if not it.ok then return {}, false end
  local iterator = it.output.ShardIterator
  local records = {}
  while iterator do
    local page = call("GetRecords", { ShardIterator = iterator, Limit = 1000 })
    local got = page.Records or {}
    for _, rec in ipairs(got) do records[#records + 1] = rec end
    iterator = page.NextShardIterator
    if #got == 0 then break end
  end
  return records, iterator == nil
end

local function new_stats()
  return { invocations = 0, records = 0, filtered = 0, failed = 0, discarded = 0, calls = 0,
    writes = 0, capacity = 0 }
end

local function add_stats(into, from)
  for k, v in pairs(from) do into[k] = (into[k] or 0) + v end
end

-- A record for one mapping: its own copy, so one handler cannot change what another gets.
local function copy(v)
  if type(v) ~= "table" then return v end
  local out = {}
  for k, x in pairs(v) do out[k] = copy(x) end
  return out
end

-- Takes one committed record (an inbox entry: {table, arn, shard, parent, record}) into `m`'s
-- shard; returns whether it was new to `m`. It is read (filtered, then pending) by `admit`.
local function ingest(m, entry)
  if entry.table ~= m.table or entry.arn ~= m.arn then return false end
  local st = m.shards[entry.shard]
  if not st then
    st = { parent = entry.parent ~= "" and entry.parent or nil }
    m.shards[entry.shard] = st
    m.pending[entry.shard] = {}
    m.order[#m.order + 1] = entry.shard
  end
  local seq = entry.record.dynamodb.SequenceNumber
  -- Sequence numbers have one width, so they compare as text.
  if st.fetched_to and seq <= st.fetched_to then return false end
  st.fetched_to = seq
  st.unread = st.unread or {}
  st.unread[#st.unread + 1] = entry.record
  return true
end

-- Whether a shard still has records to read or to handle.
local function shard_busy(m, shard_id)
  local st = m.shards[shard_id]
  return st ~= nil and ((st.unread and #st.unread > 0) or #m.pending[shard_id] > 0)
end

-- Reads what each shard of `m` has taken, through the filters into its pending records; a child
-- shard is read only once its parent is read and handled to the end, as Lambda does.
local function admit(m, stats)
  for _, shard_id in ipairs(m.order) do
    local st = m.shards[shard_id]
    if st.unread and #st.unread > 0 and not (st.parent and shard_busy(m, st.parent)) then
      local p = m.pending[shard_id]
      for _, record in ipairs(st.unread) do
        local rec = copy(record)
        rec.eventSourceARN = m.arn
        if filter.accepts(m.filters, rec) then
          p[#p + 1] = rec
        else
          stats.filtered = stats.filtered + 1
        end
      end
      st.unread = nil
    end
  end
end

-- What the handler's own calls cost, counted while it runs.
local counting = nil
-- Items a raw call writes: every request of a batch or transaction (not its condition checks).
local function call_writes(op, req)
  if type(req) ~= "table" then return 0 end
  if op == "BatchWriteItem" and type(req.RequestItems) == "table" then
    local n = 0
    for _, list in pairs(req.RequestItems) do n = n + (type(list) == "table" and #list or 0) end
    return n
  elseif op == "TransactWriteItems" and type(req.TransactItems) == "table" then
    local n = 0
    for _, t in ipairs(req.TransactItems) do
      if type(t) == "table" and t.ConditionCheck == nil then n = n + 1 end
    end
    return n
  elseif op == "PutItem" or op == "UpdateItem" or op == "DeleteItem" then
    return 1
  end
  return 0
end
for _, fname in ipairs({ "run", "try", "call", "try_call" }) do
  local raw = ddb[fname]
  local is_call = fname == "call" or fname == "try_call"
  ddb[fname] = function(...)
    local r = raw(...)
    if counting and type(r) == "table" then
      counting.calls = counting.calls + 1
      counting.capacity = counting.capacity + (tonumber(r.capacity) or 0)
      local written = tonumber(r.written)
      if written == nil and r.ok and is_call then written = call_writes(...) end
      counting.writes = counting.writes + (written or 0)
    end
    return r
  end
end

local function failure_index(batch, result)
  if type(result) ~= "table" or type(result.batchItemFailures) ~= "table" then return nil end
  local first = nil
  for _, f in ipairs(result.batchItemFailures) do
    local id = type(f) == "table" and f.itemIdentifier or nil
    local found = nil
    for i, rec in ipairs(batch) do
      if rec.dynamodb.SequenceNumber == id then found = i end
    end
    -- An identifier that is not in the batch fails the whole batch, as in Lambda.
    if not found then return 1 end
    if not first or found < first then first = found end
  end
  return first
end

-- Invokes the handler on the head of one shard's pending records; returns whether it succeeded.
-- A failed batch is retried as the same records (`span`), not grown with records that arrived
-- since; bisect_on_error retries it in halves (`split`). Its attempts count until the whole span
-- is handled or discarded.
local function deliver_once(m, shard_id, stats, errors)
  local pending = m.pending[shard_id]
  local n = math.min(m.batch_size, #pending, m.span[shard_id] or math.huge, m.split[shard_id] or math.huge)
  local batch = {}
  for i = 1, n do batch[i] = pending[i] end
  local attempt = (m.attempts[shard_id] or 0) + 1
  local context = { attempt = attempt, shard_id = shard_id, table = m.table, handler = m.name }
  counting = stats
  local ok, result = pcall(m.handler, { Records = batch }, context)
  counting = nil
  stats.invocations = stats.invocations + 1
  stats.records = stats.records + n
  local done = n
  local why = nil
  if not ok then
    done, why = 0, tostring(result)
  elseif m.report_failures then
    local first = failure_index(batch, result)
    if first then done, why = first - 1, "the handler reported record " .. batch[first].dynamodb.SequenceNumber .. " as failed" end
  end
  if not why and attempt <= m.redeliver then
    done, why = 0, "redelivered: the invocation was reported failed after the handler returned (at-least-once delivery)"
  end
  local function handled(k)
    for _ = 1, k do table.remove(pending, 1) end
    if m.span[shard_id] then
      m.span[shard_id] = m.span[shard_id] - k
      if m.span[shard_id] <= 0 then m.span[shard_id], m.split[shard_id], m.attempts[shard_id] = nil, nil, nil end
    end
  end
  if not why then
    handled(n)
    if not m.span[shard_id] then m.attempts[shard_id] = nil end
    return true
  end
  stats.failed = stats.failed + 1
  m.last_error = why
  errors[#errors + 1] = m.table .. " -> " .. m.name .. ": " .. why
  if done > 0 then
    -- The records before the failed one are done; the rest of the batch is retried from it.
    handled(done)
    m.span[shard_id] = n - done
    m.split[shard_id] = nil
    m.attempts[shard_id] = attempt
    return false
  end
  m.span[shard_id] = m.span[shard_id] or n
  m.attempts[shard_id] = attempt
  if m.max_retries >= 0 and attempt > m.max_retries then
    stats.discarded = stats.discarded + n
    errors[#errors + 1] = m.table .. " -> " .. m.name .. ": discarded a batch of " .. n ..
      " record" .. (n == 1 and "" or "s") .. " after " .. attempt .. " attempts (max_retries = " .. m.max_retries .. ")"
    handled(n)
    if m.span[shard_id] then m.attempts[shard_id] = 0 end
  elseif m.bisect and n > 1 then
    m.split[shard_id] = (n + 1) // 2
  end
  return false
end

local function record_time(rec)
  return tonumber(rec.dynamodb.ApproximateCreationDateTime) or 0
end

-- Delivers what is pending on every shard of `m`; returns whether anything was invoked.
local function deliver(m, now, force, stats, errors, tries)
  local invoked = false
  for _, shard_id in ipairs(m.order) do
    local pending = m.pending[shard_id]
    local key = m.table .. "/" .. m.name .. "/" .. shard_id
    while #pending > 0 and (tries[key] or 0) < ATTEMPTS_PER_RUN do
      -- The batching window holds a short batch until its oldest record has waited long enough.
      if not force and m.window > 0 and #pending < m.batch_size and now - record_time(pending[1]) < m.window then
        break
      end
      invoked = true
      -- A failed batch waits for the next round (one attempt per round); a discarded one does
      -- not, and a batch that succeeds gives the next one its own attempts.
      if deliver_once(m, shard_id, stats, errors) then
        tries[key] = nil
      elseif m.attempts[shard_id] then
        tries[key] = (tries[key] or 0) + 1
        break
      end
    end
  end
  return invoked
end

local function iterator_age(m, now)
  local age = 0
  for _, shard_id in ipairs(m.order) do
    local pending = m.pending[shard_id]
    if #pending > 0 then age = math.max(age, now - record_time(pending[1])) end
  end
  return age
end

-- One runtime's attached handlers: ddb.stream is the sandbox's own, ddb.stream.new() makes
-- another (a simulation's handlers run on its virtual clock, apart from a lesson's).
local function new_runtime()
  local stream = {}
  local mappings = {}
  -- The commit notifications this runtime's handlers are fed from, open while any is attached.
  local inbox = nil

  -- Attaches a handler; replaces one of the same name on the same table. Returns its name.
  function stream.attach(spec)
    if type(spec) ~= "table" then error("ddb.stream.attach{table = ..., handler = function(event) ... end}", 2) end
    for k in pairs(spec) do
      if not FIELDS[k] then
        local names = {}
        for f in pairs(FIELDS) do names[#names + 1] = f end
        table.sort(names)
        error("ddb.stream.attach: unknown field '" .. tostring(k) .. "'; the fields are " .. table.concat(names, ", "), 2)
      end
    end
    if type(spec.table) ~= "string" or spec.table == "" then error("ddb.stream.attach: table must name a table", 2) end
    if type(spec.handler) ~= "function" then error("ddb.stream.attach: handler must be a function(event, context)", 2) end
    local err = check_integer(spec.batch_size, "batch_size", 1, MAX_BATCH)
      or check_integer(spec.batching_window, "batching_window", 0, MAX_WINDOW)
      or check_integer(spec.max_retries, "max_retries", -1, MAX_RETRIES)
      or check_integer(spec.redeliver, "redeliver", 0, 10)
    if err then error("ddb.stream.attach: " .. err, 2) end
    local position = spec.starting_position or "LATEST"
    if position ~= "LATEST" and position ~= "TRIM_HORIZON" then
      error("ddb.stream.attach: starting_position must be LATEST or TRIM_HORIZON", 2)
    end
    local compiled, ferr = filter.compile(spec.filters)
    if not compiled then error("ddb.stream.attach: " .. ferr, 2) end
    local arn, why = stream_arn(spec.table)
    if not arn then error("ddb.stream.attach: " .. why, 2) end
    -- Opened before the stream is read below, so no commit falls between the two.
    if not inbox then
      local opened, ierr = open_inbox()
      if not opened then error("ddb.stream.attach: " .. ierr, 2) end
      inbox = opened
    end
    local m = {
      table = spec.table, name = spec.name or "handler", handler = spec.handler, arn = arn,
      filters = compiled, filter_count = #compiled, batch_size = spec.batch_size or 100,
      window = spec.batching_window or 0, max_retries = spec.max_retries or -1,
      bisect = spec.bisect_on_error == true, report_failures = spec.report_batch_item_failures == true,
      redeliver = spec.redeliver or 0, position = position,
      shards = {},   -- shard id -> {fetched_to = seq, parent = id}
      order = {},    -- shard ids in DescribeStream's order, then as records arrive (parents first)
      backlog = {},  -- TRIM_HORIZON: what the stream held at attach, as inbox entries
      pending = {},  -- shard id -> list of records that passed the filters, not yet handled
      attempts = {}, -- shard id -> failed attempts of the batch at the head
      split = {},    -- shard id -> the size a bisected batch is retried with
    span = {},     -- shard id -> how many head records the failing batch holds
      stats = new_stats(), last_error = nil,
    }
    -- LATEST starts after what the stream already holds; TRIM_HORIZON at its oldest record.
    for _, s in ipairs(list_shards(arn)) do
      local records = read_shard(arn, s.ShardId, nil)
      if position == "LATEST" then
        m.shards[s.ShardId] = { parent = s.ParentShardId }
        if #records > 0 then m.shards[s.ShardId].fetched_to = records[#records].dynamodb.SequenceNumber end
        m.pending[s.ShardId] = {}
        m.order[#m.order + 1] = s.ShardId
      else
        for _, rec in ipairs(records) do
          m.backlog[#m.backlog + 1] = { table = m.table, arn = arn, shard = s.ShardId,
            parent = s.ParentShardId or "", record = rec }
        end
      end
    end
    for i, old in ipairs(mappings) do
      if old.table == m.table and old.name == m.name then
        mappings[i] = m
        return m.name
      end
    end
    mappings[#mappings + 1] = m
    return m.name
  end

  -- Attaches the value a handler file returned (a function, or a table of attach fields without
  -- `table`) to `table_name`; `options` (fields from the shell's command line) win over the
  -- file's, and `name` is used when neither names the handler.
  function stream.attach_loaded(table_name, loaded, options, name)
    local spec = {}
    if type(loaded) == "function" then
      spec.handler = loaded
    elseif type(loaded) == "table" then
      for k, v in pairs(loaded) do spec[k] = v end
    else
      error("a handler file must return a function(event, context) or a table {handler = function(event, context) ... end, batch_size = ..., ...}", 2)
    end
    for k, v in pairs(options or {}) do spec[k] = v end
    if spec.table ~= nil then error("a handler file does not name its table: it is given when the handler is attached", 2) end
    spec.table = table_name
    spec.name = spec.name or name
    return stream.attach(spec)
  end

  -- Detaches the handlers of `table_name` (only the one called `name` when given); returns how
  -- many were detached.
  function stream.detach(table_name, name)
    local kept, n = {}, 0
    for _, m in ipairs(mappings) do
      if m.table == table_name and (name == nil or m.name == name) then
        n = n + 1
      else
        kept[#kept + 1] = m
      end
    end
    mappings = kept
    if #mappings == 0 and inbox then
      inbox:close()
      inbox = nil
    end
    return n
  end

  -- Runs every attached handler until its shards are caught up (or MAX_ROUNDS). opts: now (the
  -- engine's clock, for the batching window and the iterator age), force (ignore the batching
  -- window), table (only that table's handlers). Returns a summary:
  --   {handlers, invocations, records, filtered, failed, discarded, calls, writes, capacity,
  --    pending, blocked, iterator_age, more, errors = {...}, mappings = {{table, name, ...}}}
  function stream.run(opts)
    opts = opts or {}
    local now = tonumber(opts.now) or os.time()
    local total = new_stats()
    local summary = { errors = {}, mappings = {} }
    local selected = {}
    for _, m in ipairs(mappings) do
      if opts.table == nil or m.table == opts.table then selected[#selected + 1] = m end
    end
    local tries = {}
    local per, chosen = {}, {}
    for _, m in ipairs(mappings) do per[m] = new_stats() end
    for _, m in ipairs(selected) do chosen[m] = true end
    local more = false
    -- Takes what was committed since the last round into every mapping (selected or not: the
    -- inbox is the runtime's); returns how many records were new to the selected ones.
    local function take()
      local entries, dropped = {}, 0
      if inbox then
        local got, d = inbox:take()
        if not got then error(d, 0) end
        entries, dropped = got, d
      end
      if dropped > 0 then
        summary.errors[#summary.errors + 1] = dropped .. " stream records were dropped: the handlers fell " ..
          "too far behind their tables' writes"
      end
      local read = 0
      for _, m in ipairs(mappings) do
        if #m.backlog > 0 then
          for _, e in ipairs(m.backlog) do
            if ingest(m, e) and chosen[m] then read = read + 1 end
          end
          m.backlog = {}
        end
      end
      for _, e in ipairs(entries) do
        for _, m in ipairs(mappings) do
          if e.ended then
            -- A handler whose stream is gone (its table deleted) says so and stops; the others
            -- go on.
            if e.ended == m.arn and not m.broken then
              m.broken = "ResourceNotFoundException: Requested resource not found: Stream: " .. m.arn .. " not found"
              m.last_error = "cannot read its stream (" .. m.broken .. "): detach it, or attach it again to read the table's current stream"
              if chosen[m] then
                summary.errors[#summary.errors + 1] = m.table .. " -> " .. m.name .. ": " .. m.last_error
              end
            end
          elseif not m.broken and ingest(m, e) and chosen[m] then
            read = read + 1
          end
        end
      end
      for _, m in ipairs(mappings) do admit(m, per[m]) end
      return read
    end
    for round = 1, MAX_ROUNDS do
      local read = take()
      local invoked = false
      for _, m in ipairs(selected) do
        if not m.broken then
          invoked = deliver(m, now, opts.force, per[m], summary.errors, tries) or invoked
          -- A parent handled to the end lets its children be read in the same round.
          admit(m, per[m])
        end
      end
      if read == 0 and not invoked then break end
      if round == MAX_ROUNDS then more = true end
    end
    -- Mappings outside `opts.table` took records too: their totals keep them.
    for _, m in ipairs(mappings) do
      if not chosen[m] then add_stats(m.stats, per[m]) end
    end
    summary.pending, summary.blocked, summary.iterator_age = 0, 0, 0
    for _, m in ipairs(selected) do
      local s = per[m]
      add_stats(m.stats, s)
      add_stats(total, s)
      local pending, blocked = 0, 0
      for shard_id, p in pairs(m.pending) do
        pending = pending + #p
        if m.attempts[shard_id] then blocked = blocked + 1 end
      end
      local age = iterator_age(m, now)
      summary.pending = summary.pending + pending
      summary.blocked = summary.blocked + blocked
      summary.iterator_age = math.max(summary.iterator_age, age)
      -- `patterns` are the mapping's filters as decoded, so a lesson can say what they test and
      -- try them on other records (ddb.stream.accepts).
      local row = { table = m.table, name = m.name, pending = pending, blocked = blocked,
        patterns = m.filters, iterator_age = age, broken = m.broken ~= nil and not m.broken_told,
        last_error = (blocked > 0 or s.failed > 0 or m.broken) and m.last_error or nil }
      for k, v in pairs(s) do row[k] = v end
      if m.broken then m.broken_told = true end
      summary.mappings[#summary.mappings + 1] = row
    end
    for k, v in pairs(total) do summary[k] = v end
    summary.handlers = #selected
    summary.more = more
    return summary
  end

  -- The attached handlers with their settings and totals since they were attached.
  function stream.list()
    local out = {}
    for _, m in ipairs(mappings) do
      local row = { table = m.table, name = m.name, stream_arn = m.arn, batch_size = m.batch_size,
        batching_window = m.window, max_retries = m.max_retries, bisect_on_error = m.bisect,
        report_batch_item_failures = m.report_failures, redeliver = m.redeliver,
        starting_position = m.position, filters = m.filter_count, last_error = m.last_error,
        broken = m.broken ~= nil }
      local pending, blocked = 0, 0
      for shard_id, p in pairs(m.pending) do
        pending = pending + #p
        if m.attempts[shard_id] then blocked = blocked + 1 end
      end
      row.pending, row.blocked = pending, blocked
      for k, v in pairs(m.stats) do row[k] = v end
      out[#out + 1] = row
    end
    return out
  end

  function stream.attached() return #mappings end

  -- Whether a mapping with `filters` (patterns as ddb.stream.attach takes them: Lua tables or
  -- JSON text) delivers `record` (a stream record in Lambda's shape): the same matching as a
  -- run's. Raises when the filters are not valid.
  function stream.accepts(filters, record)
    local compiled, err = filter.compile(filters)
    if not compiled then error("ddb.stream.accepts: " .. err, 2) end
    return filter.accepts(compiled, record)
  end

  -- The records `table_name`'s stream holds now, oldest first (a parent shard's before its
  -- children's), each as a handler would get it (with eventSourceARN); at most `limit` (1000
  -- unless given) of them, the oldest. nil and why when the table has no stream.
  function stream.records(table_name, limit)
    limit = limit or 1000
    local err = check_integer(limit, "limit", 1, MAX_BATCH)
    if err then error("ddb.stream.records: " .. err, 2) end
    local arn, why = stream_arn(table_name)
    if not arn then return nil, why end
    local out = {}
    for _, s in ipairs(list_shards(arn)) do
      local it = ddb.try_call("GetShardIterator", { StreamArn = arn, ShardId = s.ShardId,
        ShardIteratorType = "TRIM_HORIZON" })
      local iterator = it.ok and it.output.ShardIterator or nil
      while iterator and #out < limit do
        local page = call("GetRecords", { ShardIterator = iterator, Limit = math.min(1000, limit - #out) })
        local got = page.Records or {}
        for _, rec in ipairs(got) do
          rec.eventSourceARN = arn
          out[#out + 1] = rec
        end
        iterator = page.NextShardIterator
        if #got == 0 then break end
      end
      if #out >= limit then break end
    end
    return out
  end

  return stream
end

local stream = new_runtime()
stream.new = new_runtime

return stream
