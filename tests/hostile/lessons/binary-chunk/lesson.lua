-- Hostile lesson: load of a binary chunk to corrupt the VM.
return lesson {
  id = "binary-chunk",
  number = 1,
  title = "hostile: binary-chunk",
  summary = "load of a binary chunk to corrupt the VM",
  setup = function()
    assert(load("\27LuaT\0\25\147\r\n\26\n", "x", "b"))()
  end,
  steps = {
    { id = "any", text = "Run anything.", check = function(r) return true end,
      show = [[aws dynamodb list-tables]] },
  },
}
