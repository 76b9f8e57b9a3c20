-- Item 3 lacks the table's partition key.
function item(i)
  if i == 3 then return { name = "no key" } end
  return { PK = "USER#" .. i }
end
