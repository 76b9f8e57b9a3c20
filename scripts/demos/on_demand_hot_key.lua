-- ddblab simulate scripts/demos/on_demand_hot_key.lua
-- On-demand capacity does not save a hot key. A new on-demand table sustains 4,000 writes a
-- second, but one partition still serves at most 1,000: 1,500 writes a second to one counter
-- item throttle about a third of them (ThrottlingException, TableWriteKeyRangeThroughputExceeded), while a
-- second client writing 2,000 a second over many keys goes through untouched.
return {
  setup = {
    [[aws dynamodb create-table --table-name counters
        --attribute-definitions AttributeName=PK,AttributeType=S
        --key-schema AttributeName=PK,KeyType=HASH --billing-mode PAY_PER_REQUEST]],
  },
  seconds = 60,
  clients = {
    { rate = 1500,
      statement = [[aws dynamodb update-item --table-name counters --key '{"PK": {"S": "PAGE#home"}}'
        --update-expression "ADD hits :one" --expression-attribute-values '{":one": {"N": "1"}}']] },
    { rate = 2000,
      statement = function(i, t)
        return string.format([[aws dynamodb update-item --table-name counters
          --key '{"PK": {"S": "PAGE#%d"}}' --update-expression "ADD hits :one"
          --expression-attribute-values '{":one": {"N": "1"}}']], i % 5000)
      end },
  },
}
