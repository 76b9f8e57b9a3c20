-- The exercises' seeded generator, loaded before every exercise's grading library and before
-- a `.generate --script` generator, so both make the same data from the same seed.
-- A 64-bit linear congruential generator (Knuth's MMIX constants): the data depends only on
-- the seed, never on the Lua build or on math.random.

function rng(seed)
  local r = { s = math.tointeger(seed) or 1 }
  r.s = r.s * 6364136223846793005 + 1442695040888963407
  function r:next()
    self.s = self.s * 6364136223846793005 + 1442695040888963407
    return (self.s >> 33) & 0x7fffffff
  end
  function r:int(a, b) return a + self:next() % (b - a + 1) end
  function r:pick(list) return list[self:int(1, #list)] end
  function r:chance(p) return self:next() % 10000 < p * 10000 end
  -- n distinct ids "<prefix><digits>", all the same width so string order is numeric order.
  function r:ids(prefix, n, width)
    local seen, out = {}, {}
    local hi = 10 ^ width - 1
    while #out < n do
      local v = string.format("%s%0" .. width .. "d", prefix, self:int(1, math.tointeger(hi)))
      if not seen[v] then seen[v] = true; out[#out + 1] = v end
    end
    return out
  end
  function r:date(y0, y1)
    return string.format("%04d-%02d-%02d", self:int(y0, y1), self:int(1, 12), self:int(1, 28))
  end
  function r:time(y0, y1)
    return string.format("%sT%02d:%02d:%02dZ", self:date(y0, y1), self:int(0, 23),
      self:int(0, 59), self:int(0, 59))
  end
  function r:shuffle(t)
    for i = #t, 2, -1 do
      local j = self:int(1, i)
      t[i], t[j] = t[j], t[i]
    end
    return t
  end
  return r
end
