-- Hostile lesson: file:///dev/zero to exhaust memory.
return lesson {
  id = "reads-dev-zero",
  number = 1,
  title = "hostile: reads-dev-zero",
  summary = "file:///dev/zero to exhaust memory",
  setup = function()
    local r = ddb.try("aws dynamodb create-table --cli-input-json file:///dev/zero") print("saw: " .. tostring(r.error and r.error.message))
  end,
  steps = {
    { id = "any", text = "Run anything.", check = function(r) return true end,
      show = [[aws dynamodb list-tables]] },
  },
}
