-- ddblab simulate scripts/demos/hot_partition_sharded.lua
-- The same day of orders, sharded: the partition key carries a suffix calculated from the order
-- id (order id modulo 20), so a reader who knows the order id knows its shard, and a reader of
-- the whole day queries the 20 shards. The writes spread over the table's partitions and none
-- is throttled.
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
          [[INSERT INTO "orders" VALUE {'PK': 'DAY#2026-11-23#%d', 'SK': 'ORDER#%09d', 'total': 42}]],
          i % 20, i)
      end },
  },
}
