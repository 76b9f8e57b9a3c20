-- ddblab simulate scripts/demos/gsi_static_key.lua
-- A global secondary index with a static partition key: every student's profile carries
-- GSI1PK = 'STUDENT' so that one Query lists them all. The base table spreads the writes over
-- its partitions, but the index puts them all in one index partition, which meets its
-- 1,000 WCU ceiling: about a third of the sign-ups are throttled (IndexWriteKeyRangeThroughput-
-- Exceeded), although the table and the index both have 4,000 WCU provisioned. A GSI that
-- cannot keep up holds back the base-table writes that would update it.
return {
  setup = {
    [[aws dynamodb create-table --table-name school
        --attribute-definitions AttributeName=PK,AttributeType=S AttributeName=GSI1PK,AttributeType=S
        --key-schema AttributeName=PK,KeyType=HASH
        --provisioned-throughput ReadCapacityUnits=100,WriteCapacityUnits=4000
        --global-secondary-indexes '[{"IndexName": "ByType",
            "KeySchema": [{"AttributeName": "GSI1PK", "KeyType": "HASH"}],
            "Projection": {"ProjectionType": "KEYS_ONLY"},
            "ProvisionedThroughput": {"ReadCapacityUnits": 100, "WriteCapacityUnits": 4000}}]']],
  },
  seconds = 60,
  clients = {
    { rate = 1500,
      statement = function(i, t)
        return string.format(
          [[INSERT INTO "school" VALUE {'PK': 'STUDENT#%07d', 'GSI1PK': 'STUDENT', 'name': 'n%d'}]],
          i, i)
      end },
  },
}
