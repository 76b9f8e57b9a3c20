-- Item 4 raises an error.
function item(i)
  if i == 4 then error("no data for item " .. i) end
  return { PK = "USER#" .. i }
end
