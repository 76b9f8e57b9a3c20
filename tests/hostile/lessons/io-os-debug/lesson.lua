-- Hostile lesson: the standard escape hatches.
return lesson {
  id = "io-os-debug",
  number = 1,
  title = "hostile: io-os-debug",
  summary = "the standard escape hatches",
  setup = function()
    print(io, debug, package, require, os.execute, os.getenv, dofile, loadfile) print(io.open("/etc/passwd"))
  end,
  steps = {
    { id = "any", text = "Run anything.", check = function(r) return true end,
      show = [[aws dynamodb list-tables]] },
  },
}
