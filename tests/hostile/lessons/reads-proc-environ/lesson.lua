-- Hostile lesson: fileb:///proc/self/environ to read the grading job's environment.
return lesson {
  id = "reads-proc-environ",
  number = 1,
  title = "hostile: reads-proc-environ",
  summary = "fileb:///proc/self/environ to read the grading job's environment",
  setup = function()
    local r = ddb.try("aws dynamodb create-table --table-name fileb:///proc/self/environ") print("saw: " .. tostring(r.error and r.error.message))
  end,
  steps = {
    { id = "any", text = "Run anything.", check = function(r) return true end,
      show = [[aws dynamodb list-tables]] },
  },
}
