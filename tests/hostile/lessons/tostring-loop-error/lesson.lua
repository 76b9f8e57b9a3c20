-- Hostile lesson: an error object whose __tostring loops.
return lesson {
  id = "tostring-loop-error",
  number = 1,
  title = "hostile: tostring-loop-error",
  summary = "an error object whose __tostring loops",
  setup = function()
    error(setmetatable({}, {__tostring = function() while true do end end}))
  end,
  steps = {
    { id = "any", text = "Run anything.", check = function(r) return true end,
      show = [[aws dynamodb list-tables]] },
  },
}
