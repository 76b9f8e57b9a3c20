-- Differential cases for the sandbox's bounded string.find/match/gmatch/gsub: the sandbox must
-- print exactly what stock Lua 5.4 prints (pattern_cases.expected, made with lua5.4).
local out = {}
local function show(...)
  local n = select('#', ...)
  local parts = {}
  for i = 1, n do
    local v = select(i, ...)
    parts[#parts + 1] = type(v) == 'string' and string.format('%q', v) or tostring(v)
  end
  return table.concat(parts, ',')
end
local function try(f, ...)
  local r = table.pack(pcall(f, ...))
  if not r[1] then
    local msg = tostring(r[2]):gsub('^.-:%d+: ', '')
    return 'error: ' .. msg
  end
  return show(table.unpack(r, 2, r.n))
end
local function gm(s, p, init)
  local parts = {}
  for a, b in string.gmatch(s, p, init) do
    parts[#parts + 1] = show(a, b)
    if #parts > 50 then break end
  end
  return table.concat(parts, ';')
end

local subjects = {
  '', 'a', 'hello world', 'COURSE#c10#MODULE#m2', '  trim me  ', 'x=1, y=22, z=333',
  'f(a(b)c)d', 'THE (quick) fox', 'aaa', 'abcabcabc', 'key: value\nother: thing',
  '2026-01-05T10:00:00Z', 'a.b.c', '%d%%', 'ümlaut ß', 'tab\there', 'a,b,,c', '$100',
}
local patterns = {
  'a', '^a', 'a$', '^$', '.', '%a+', '%d+', '%s*', '%w+', '(%w+)#(%w+)', '^(.-)#(.*)$',
  '%b()', '%f[%w]%w+', '(a)(b)(c)', '()a()', 'a-b', 'a?b', '[%a_][%w_]*', '[^,]*',
  '[a-c]+', '(%d%d%d%d)-(%d%d)-(%d%d)', '%s+$', '^%s+', '(.)%1', '([%w]+): ([%w]+)',
  '%.', '[%.%%]', '.-', '.*', '(h)(e)(l)(l)(o)', '%u+', '%l+', '%p', '%x+', '%c', '[]]', '[^]]',
  '[a-]', '[%]]', 'x*$', '^(%a+)', '%$(%d+)',
}
local bad = { '%', '[a', '(()', 'a)', '%b', '%f', '%fx', '(%1)', '%1', '[%', '((((((((((((((((((((((((((((((((((a))))))))))))))))))))))))))))))))))' }

for _, s in ipairs(subjects) do
  for _, p in ipairs(patterns) do
    out[#out + 1] = 'find ' .. try(string.find, s, p)
    out[#out + 1] = 'find3 ' .. try(string.find, s, p, 3)
    out[#out + 1] = 'findneg ' .. try(string.find, s, p, -4)
    out[#out + 1] = 'match ' .. try(string.match, s, p)
    out[#out + 1] = 'match2 ' .. try(string.match, s, p, 2)
    out[#out + 1] = 'gmatch ' .. try(gm, s, p)
    out[#out + 1] = 'gmatch2 ' .. try(gm, s, p, 2)
    out[#out + 1] = 'gsub ' .. try(string.gsub, s, p, '<%0>')
    out[#out + 1] = 'gsubn ' .. try(string.gsub, s, p, '[%1]', 2)
    out[#out + 1] = 'gsubf ' .. try(string.gsub, s, p, function(a) return a and #tostring(a) or nil end)
    out[#out + 1] = 'gsubt ' .. try(string.gsub, s, p, { a = 'A', hello = 'HI', ['1'] = 'one' })
    out[#out + 1] = 'plain ' .. try(string.find, s, p, 1, true)
  end
  for _, p in ipairs(bad) do
    out[#out + 1] = 'bad ' .. try(string.find, s, p) .. ' | ' .. try(string.gsub, s, p, 'x')
  end
end
out[#out + 1] = 'repl% ' .. try(string.gsub, 'abc', 'b', '%x')
out[#out + 1] = 'repl%% ' .. try(string.gsub, 'abc', 'b', '%%')
out[#out + 1] = 'replpos ' .. try(string.gsub, 'abc', '()b', '%1')
out[#out + 1] = 'replbad ' .. try(string.gsub, 'abc', 'b', '%2')
out[#out + 1] = 'replval ' .. try(string.gsub, 'abc', 'b', function() return {} end)
out[#out + 1] = 'replnum ' .. try(string.gsub, 'abc', 'b', 7)
out[#out + 1] = 'replnil ' .. try(string.gsub, 'abc', 'b')
out[#out + 1] = 'method ' .. try(function() return ('a-b-c'):gsub('-', '+') end)
out[#out + 1] = 'method2 ' .. try(function() return ('k=v'):match('(%w+)=(%w+)') end)
out[#out + 1] = 'init0 ' .. try(string.find, 'abc', 'b', 0)
out[#out + 1] = 'initbig ' .. try(string.find, 'abc', 'b', 10)
out[#out + 1] = 'initend ' .. try(string.find, 'abc', '', 4)
out[#out + 1] = 'initpast ' .. try(string.find, 'abc', '', 5)
out[#out + 1] = 'gmatchpast ' .. try(gm, 'abc', '', 10)
out[#out + 1] = 'zero ' .. try(string.find, 'a\0b', '\0')
out[#out + 1] = 'zeropat ' .. try(string.find, 'a\0b', '%z')
out[#out + 1] = 'zeroset ' .. try(string.match, 'a\0b', '[\0]')
out[#out + 1] = 'caps ' .. try(string.find, 'abc', '(((((((((((((((((((((((((((((((((a)))))))))))))))))))))))))))))))))')
return table.concat(out, '\n')
