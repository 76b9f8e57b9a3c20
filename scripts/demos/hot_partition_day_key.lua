-- ddblab simulate scripts/demos/hot_partition_day_key.lua
-- The course's day key: every order of the day is written under one partition-key value, with
-- increasing order ids as sort keys. 1,500 writes a second on a table provisioned with
-- 4,000 WCU: one partition takes them all, meets its 1,000 WCU ceiling, and about a third of
-- the writes are throttled while the other partitions idle. Raising the table's capacity does
-- not help: the ceiling is per partition.
return {
  setup = {
    [[aws dynamodb create-table --table-name orders
        --attribute-definitions AttributeName=PK,AttributeType=S AttributeName=SK,AttributeType=S
        --key-schema AttributeName=PK,KeyType=HASH AttributeName=SK,KeyType=RANGE
        --provisioned-throughput ReadCapacityUnits=100,WriteCapacityUnits=4000]],
  },
  seconds = 120,
  clients = {
    { rate = 1500,
      statement = function(i, t)
        return string.format(
          [[INSERT INTO "orders" VALUE {'PK': 'DAY#2026-11-23', 'SK': 'ORDER#%09d', 'total': 42}]], i)
      end },
  },
}
