-- Seeded data: users and their notes. The first user writes nothing; the second writes the most
-- notes, two of them in the same second, so a key built from the timestamp alone collides on
-- every seed.

function generate(seed)
  local r = rng(seed)
  local d = { writes = {}, users = {}, notes = {} }
  local note_ids = r:ids("n", 60, 4)
  local k = 0
  for i, id in ipairs(r:ids("u", r:int(4, 6), 3)) do
    d.users[#d.users + 1] = id
    d.notes[id] = {}
    local n = i == 1 and 0 or (i == 2 and 6 or r:int(1, 5))
    local first
    for j = 1, n do
      k = k + 1
      local created = r:time(2025, 2026)
      if j == 1 then first = created end
      if i == 2 and j == 2 then created = first end
      local note = { user_id = id, note_id = note_ids[k], created = created, text = "note " .. j }
      table.insert(d.notes[id], note)
      d.writes[#d.writes + 1] = { kind = "entity", name = "Note", params = note }
    end
  end
  return d
end
