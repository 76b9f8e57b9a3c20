-- Users for .generate --script: a name from the word list beside this script, a signup date,
-- a score, a flag, a list and a map, all from the seeded generator r.
local NAMES = {}
for name in read_file("names.txt"):gmatch("%S+") do NAMES[#NAMES + 1] = name end
print("generator loaded " .. #NAMES .. " names")

function item(i, r)
  return {
    PK = string.format("USER#%04d", i),
    name = r:pick(NAMES),
    since = r:date(2020, 2025),
    score = r:int(1, 100),
    ratio = i / 4,
    vip = r:chance(0.3),
    tags = { "t" .. i % 3, "new" },
    address = { city = r:pick({ "Lisbon", "Porto" }), zip = 1000 + i },
  }
end
