-- Hostile lesson: a loop inside a coroutine, where a per-thread hook would not run.
return lesson {
  id = "coroutine-loop",
  number = 1,
  title = "hostile: coroutine-loop",
  summary = "a loop inside a coroutine, where a per-thread hook would not run",
  setup = function()
    coroutine.wrap(function() while true do end end)()
  end,
  steps = {
    { id = "any", text = "Run anything.", check = function(r) return true end,
      show = [[aws dynamodb list-tables]] },
  },
}
