-- Hostile lesson: file:// with an absolute path to a secret outside the lesson folder.
return lesson {
  id = "reads-absolute-file",
  number = 1,
  title = "hostile: reads-absolute-file",
  summary = "file:// with an absolute path to a secret outside the lesson folder",
  setup = function()
    local r = ddb.try("aws dynamodb create-table --table-name file://@SECRET@") print("saw: " .. tostring(r.error and r.error.message))
  end,
  steps = {
    { id = "any", text = "Run anything.", check = function(r) return true end,
      show = [[aws dynamodb list-tables]] },
  },
}
