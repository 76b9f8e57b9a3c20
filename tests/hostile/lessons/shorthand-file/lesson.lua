-- Hostile lesson: a shorthand key@=path value.
return lesson {
  id = "shorthand-file",
  number = 1,
  title = "hostile: shorthand-file",
  summary = "a shorthand key@=path value",
  setup = function()
    local r = ddb.try("aws dynamodb put-item --table-name t --item PK@=@SECRET@") print("saw: " .. tostring(r.error and r.error.message))
  end,
  steps = {
    { id = "any", text = "Run anything.", check = function(r) return true end,
      show = [[aws dynamodb list-tables]] },
  },
}
