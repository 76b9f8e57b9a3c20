-- Hostile lesson: file:// escaping the lesson folder with ...
return lesson {
  id = "reads-dotdot-file",
  number = 1,
  title = "hostile: reads-dotdot-file",
  summary = "file:// escaping the lesson folder with ..",
  setup = function()
    local r = ddb.try("aws dynamodb create-table --cli-input-json file://../../outside/secret.txt") print("saw: " .. tostring(r.error and r.error.message))
  end,
  steps = {
    { id = "any", text = "Run anything.", check = function(r) return true end,
      show = [[aws dynamodb list-tables]] },
  },
}
