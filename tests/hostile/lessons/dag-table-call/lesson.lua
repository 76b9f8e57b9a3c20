-- Hostile lesson: shared subtables that expand exponentially when marshaled.
return lesson {
  id = "dag-table-call",
  number = 1,
  title = "hostile: dag-table-call",
  summary = "shared subtables that expand exponentially when marshaled",
  setup = function()
    local t = {S = "x"} for i = 1, 12 do t = {M = {a = t, b = t, c = t, d = t}} end ddb.call("PutItem", {TableName = "t", Item = {PK = t}})
  end,
  steps = {
    { id = "any", text = "Run anything.", check = function(r) return true end,
      show = [[aws dynamodb list-tables]] },
  },
}
