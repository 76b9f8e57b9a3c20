-- ddblab simulate scripts/demos/split_for_heat.lua
-- Split for heat, and why it cannot save a key whose sort key only increases. Two tables, each
-- provisioned with 4,000 WCU (four partitions of 1,000), each sent 600 writes a second of 2 KB
-- items (1,200 WCU) under one partition-key value:
--   - `reviews`: one product's reviews, with sort keys spread over the whole key range. Its
--     partition throttles a sixth of the writes until DynamoDB has seen it hot for minutes
--     (ddblab: 300 s); then it splits at the middle of its traffic, both halves take 600 WCU,
--     and the throttling stops.
--   - `orders`: the course's day key, with increasing order ids. It splits too, but every new
--     write sorts above the middle of past traffic and lands in the upper half, which is as hot
--     as the whole was: it throttles a sixth of the writes for the whole run.
-- A single hot item and a table with a local secondary index cannot split at all (README,
-- "Throughput and throttling").
local note = string.rep("x", 1900)  -- with the keys, just over 1 KB twice: 2 WCU a write
local function create(name)
  return string.format([[aws dynamodb create-table --table-name %s
      --attribute-definitions AttributeName=PK,AttributeType=S AttributeName=SK,AttributeType=S
      --key-schema AttributeName=PK,KeyType=HASH AttributeName=SK,KeyType=RANGE
      --provisioned-throughput ReadCapacityUnits=100,WriteCapacityUnits=4000]], name)
end
return {
  setup = { create("reviews"), create("orders") },
  seconds = 420,
  clients = {
    { rate = 600,
      statement = function(i, t)
        -- A multiplicative hash of i: sort keys spread evenly over the range, never in order.
        return string.format([[INSERT INTO "reviews" VALUE {'PK': 'PRODUCT#42', 'SK': 'REVIEW#%07d', 'note': '%s'}]],
          (i * 7919) % 1000003, note)
      end },
    { rate = 600,
      statement = function(i, t)
        return string.format([[INSERT INTO "orders" VALUE {'PK': 'DAY#2026-11-23', 'SK': 'ORDER#%09d', 'note': '%s'}]],
          i, note)
      end },
  },
}
