-- Defines no item function.
function make(i) return { PK = "USER#" .. i } end
