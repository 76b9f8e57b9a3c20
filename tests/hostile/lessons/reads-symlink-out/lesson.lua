-- Hostile lesson: a symlink inside the lesson folder that points outside it.
return lesson {
  id = "reads-symlink-out",
  number = 1,
  title = "hostile: reads-symlink-out",
  summary = "a symlink inside the lesson folder that points outside it",
  setup = function()
    local r = ddb.try("aws dynamodb create-table --cli-input-json file://leak.json") print("saw: " .. tostring(r.error and r.error.message))
  end,
  steps = {
    { id = "any", text = "Run anything.", check = function(r) return true end,
      show = [[aws dynamodb list-tables]] },
  },
}
