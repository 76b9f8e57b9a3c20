-- Forgets to return the item.
function item(i)
  local it = { PK = "USER#" .. i }
end
