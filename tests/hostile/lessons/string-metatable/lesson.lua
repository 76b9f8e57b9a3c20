-- Hostile lesson: changing the string metatable for later code.
return lesson {
  id = "string-metatable",
  number = 1,
  title = "hostile: string-metatable",
  summary = "changing the string metatable for later code",
  setup = function()
    getmetatable("").__index = {len = function() return 0 end}
  end,
  steps = {
    { id = "any", text = "Run anything.", check = function(r) return true end,
      show = [[aws dynamodb list-tables]] },
  },
}
