-- Item 1 has a number DynamoDB cannot store.
function item(i) return { PK = "USER#" .. i, n = 1 / 0 } end
