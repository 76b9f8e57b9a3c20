-- Hostile lesson: a table that contains itself passed to ddb.call.
return lesson {
  id = "cyclic-table-call",
  number = 1,
  title = "hostile: cyclic-table-call",
  summary = "a table that contains itself passed to ddb.call",
  setup = function()
    local t = {TableName = "t"} t.Item = t ddb.call("PutItem", t)
  end,
  steps = {
    { id = "any", text = "Run anything.", check = function(r) return true end,
      show = [[aws dynamodb list-tables]] },
  },
}
