-- Hostile lesson: a __gc finalizer that loops forever.
return lesson {
  id = "gc-finalizer-loop",
  number = 1,
  title = "hostile: gc-finalizer-loop",
  summary = "a __gc finalizer that loops forever",
  setup = function()
    setmetatable({}, {__gc = function() while true do end end}) collectgarbage()
  end,
  steps = {
    { id = "any", text = "Run anything.", check = function(r) return true end,
      show = [[aws dynamodb list-tables]] },
  },
}
