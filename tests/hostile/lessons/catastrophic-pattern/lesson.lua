-- Hostile lesson: string.find with an exponentially backtracking pattern.
return lesson {
  id = "catastrophic-pattern",
  number = 1,
  title = "hostile: catastrophic-pattern",
  summary = "string.find with an exponentially backtracking pattern",
  setup = function()
    print(string.find(string.rep("a", 40), string.rep("a*", 20) .. "b"))
  end,
  steps = {
    { id = "any", text = "Run anything.", check = function(r) return true end,
      show = [[aws dynamodb list-tables]] },
  },
}
