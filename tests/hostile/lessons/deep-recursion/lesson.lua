-- Hostile lesson: unbounded recursion.
return lesson {
  id = "deep-recursion",
  number = 1,
  title = "hostile: deep-recursion",
  summary = "unbounded recursion",
  setup = function()
    local function f(n) return f(n + 1) + 1 end f(1)
  end,
  steps = {
    { id = "any", text = "Run anything.", check = function(r) return true end,
      show = [[aws dynamodb list-tables]] },
  },
}
