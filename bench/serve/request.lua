-- wrk script for bench/serve_bench.sh: one DynamoDB operation (BENCH_OP: GetItem, Query, PutItem
-- or PutItemResize), cycling through precomputed requests so the keys vary without Lua work per
-- request. PutItem rewrites 1,000 items, each with an item of its own size again; PutItemResize
-- cycles through 2,000 requests over the same 1,000 keys, so every rewrite changes the item's
-- size. done() prints one line, "BENCH {json}", that the shell script reads.
local op = os.getenv("BENCH_OP")
local requests = {}
local next_index = 0

local note = string.rep("x", 120)

local function body(n)
  if op == "GetItem" then
    return string.format('{"TableName":"Bench","Key":{"PK":{"S":"C#%d"},"SK":{"S":"O#%04d"}}}',
      n % 10, n % 100)
  elseif op == "Query" then
    return string.format('{"TableName":"Bench","KeyConditionExpression":"PK = :p",' ..
      '"ExpressionAttributeValues":{":p":{"S":"C#%d"}}}', n % 10)
  elseif op == "PutItem" or op == "PutItemResize" then
    local k = n % 1000
    local text = note .. string.rep("y", 8 * math.floor(n / 1000))
    return string.format('{"TableName":"Bench","Item":{"PK":{"S":"W#%d"},"SK":{"S":"O#%d"},' ..
      '"total":{"N":"12345"},"status":{"S":"OPEN"},"note":{"S":"%s"}}}', k % 50, k, text)
  end
  error("BENCH_OP must be GetItem, Query or PutItem, not " .. tostring(op))
end

function init(args)
  -- Any credentials are accepted by both servers, but dynalite checks the header's shape.
  local headers = {
    ["X-Amz-Target"] = "DynamoDB_20120810." .. (op == "PutItemResize" and "PutItem" or op),
    ["Content-Type"] = "application/x-amz-json-1.0",
    ["X-Amz-Date"] = "20260101T000000Z",
    ["Authorization"] = "AWS4-HMAC-SHA256 Credential=bench/20260101/us-east-1/dynamodb/" ..
      "aws4_request, SignedHeaders=host;x-amz-date;x-amz-target, Signature=00",
  }
  for n = 0, (op == "PutItemResize" and 1999 or 999) do
    requests[n + 1] = wrk.format("POST", "/", headers, body(n))
  end
end

function request()
  next_index = next_index % #requests + 1
  return requests[next_index]
end

function done(summary, latency, _)
  local e = summary.errors
  io.write(string.format('BENCH {"requests": %d, "duration_us": %d, "status_errors": %d, ' ..
    '"socket_errors": %d, "p50_us": %d, "p99_us": %d}\n', summary.requests, summary.duration,
    e.status, e.connect + e.read + e.write + e.timeout, latency:percentile(50),
    latency:percentile(99)))
end
