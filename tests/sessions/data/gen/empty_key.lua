-- Item 2 has an empty string as its partition key.
function item(i)
  return { PK = i == 2 and "" or "USER#" .. i }
end
