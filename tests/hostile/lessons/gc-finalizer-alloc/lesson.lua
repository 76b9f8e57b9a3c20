-- Hostile lesson: a __gc finalizer that allocates without end.
return lesson {
  id = "gc-finalizer-alloc",
  number = 1,
  title = "hostile: gc-finalizer-alloc",
  summary = "a __gc finalizer that allocates without end",
  setup = function()
    local keep = {} setmetatable({}, {__gc = function() for i = 1, 1e9 do keep[i] = string.rep("x", 1e6) end end})
  end,
  steps = {
    { id = "any", text = "Run anything.", check = function(r) return true end,
      show = [[aws dynamodb list-tables]] },
  },
}
