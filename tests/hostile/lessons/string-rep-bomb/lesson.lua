-- Hostile lesson: string.rep far past the memory limit.
return lesson {
  id = "string-rep-bomb",
  number = 1,
  title = "hostile: string-rep-bomb",
  summary = "string.rep far past the memory limit",
  setup = function()
    local s = string.rep("x", 1 << 40)
  end,
  steps = {
    { id = "any", text = "Run anything.", check = function(r) return true end,
      show = [[aws dynamodb list-tables]] },
  },
}
