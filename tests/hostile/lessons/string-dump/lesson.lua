-- Hostile lesson: string.dump to produce bytecode.
return lesson {
  id = "string-dump",
  number = 1,
  title = "hostile: string-dump",
  summary = "string.dump to produce bytecode",
  setup = function()
    print(string.dump(function() end))
  end,
  steps = {
    { id = "any", text = "Run anything.", check = function(r) return true end,
      show = [[aws dynamodb list-tables]] },
  },
}
