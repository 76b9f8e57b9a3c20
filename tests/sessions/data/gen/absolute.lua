-- Tries to read a file by its absolute path.
local secret = read_file("/etc/hostname")
function item(i) return { PK = "USER#" .. i, secret = secret } end
