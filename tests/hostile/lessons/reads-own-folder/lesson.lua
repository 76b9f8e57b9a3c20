-- Not an attack: a lesson reads a JSON file inside its own folder (the one thing allowed).
return lesson {
  id = "reads-own-folder",
  number = 1,
  title = "reads its own folder",
  summary = "file:// inside the lesson folder",
  setup = function()
    local r = ddb.try("aws dynamodb create-table --cli-input-json file://data/own.json")
    print("saw: " .. tostring(r.error and r.error.message))
  end,
  steps = {
    { id = "any", text = "Run anything.", check = function(r) return true end,
      show = [[aws dynamodb list-tables]] },
  },
}
