-- Hostile lesson: gsub with a lazy pattern over a long string.
return lesson {
  id = "lazy-quadratic-pattern",
  number = 1,
  title = "hostile: lazy-quadratic-pattern",
  summary = "gsub with a lazy pattern over a long string",
  setup = function()
    local s = string.rep("a", 300000) print(s:gsub(".-b", "x"))
  end,
  steps = {
    { id = "any", text = "Run anything.", check = function(r) return true end,
      show = [[aws dynamodb list-tables]] },
  },
}
