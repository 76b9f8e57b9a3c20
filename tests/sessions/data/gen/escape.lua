-- Tries to read a file outside its own folder: the test file one level up.
local secret = read_file("../generate_script.test")
function item(i) return { PK = "USER#" .. i, secret = secret } end
