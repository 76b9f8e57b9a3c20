-- Seeded data for the social-network exercise: users, companies, employment history (at most
-- one current job per user), groups and memberships.

local FIRST = { "Ana", "Ben", "Caio", "Dora", "Eva", "Felipe", "Gil", "Helena", "Ivo", "Julia",
  "Kai", "Lara", "Miguel", "Nina", "Otto", "Pia" }
local COMPANIES = { "Acme", "Brightline", "Copperleaf", "Dunmore", "Eastgate", "Foxglove",
  "Greenway", "Harbor" }
local TITLES = { "Engineer", "Analyst", "Designer", "Manager", "Intern", "Architect" }
local GROUPS = { "Cloud Builders", "Data Folks", "Remote Work", "Open Source", "Career Switch" }

function generate(seed)
  local r = rng(seed)
  local d = { writes = {}, users = {}, companies = {}, jobs = {}, current = {}, former = {},
    groups = {}, user_groups = {}, group_members = {} }
  local function w(kind, name, params) d.writes[#d.writes + 1] = { kind = kind, name = name, params = params } end

  for i, id in ipairs(r:ids("co", r:int(5, 7), 3)) do
    d.companies[#d.companies + 1] = { company_id = id, name = COMPANIES[i] }
    d.current[id], d.former[id] = {}, {}
    w("entity", "Company", d.companies[#d.companies])
  end
  for _, id in ipairs(r:ids("u", r:int(16, 24), 4)) do
    local u = { user_id = id, name = r:pick(FIRST), headline = r:pick(TITLES) .. " at large" }
    d.users[#d.users + 1] = u
    d.jobs[id] = {}
    d.user_groups[id] = {}
    w("entity", "User", u)
  end
  -- Employment: a few jobs per user, starting later each time; only the last one may still be
  -- current. The last company never employs anyone. The second user has the longest history
  -- (five jobs) and was rehired by their first company, now current there; the third user is
  -- current at another company, so two users and two companies always have current jobs.
  local u2_current
  for ui, u in ipairs(d.users) do
    local pool = {}
    for ci = 1, #d.companies - 1 do pool[ci] = d.companies[ci].company_id end
    r:shuffle(pool)
    local year = r:int(2008, 2014)
    local n = ui == 1 and 0 or (ui == 2 and 5 or r:int(1, math.min(4, #pool)))
    if ui == 2 then pool[5] = pool[1]; u2_current = pool[1] end
    if ui == 3 and pool[n] == u2_current then
      local j = n < #pool and n + 1 or n - 1
      pool[n], pool[j] = pool[j], pool[n]
    end
    for k = 1, n do
      year = year + r:int(1, 3)
      local job = { user_id = u.user_id, company_id = pool[k],
        start = string.format("%04d-%02d-%02d", year, r:int(1, 12), r:int(1, 28)),
        title = r:pick(TITLES), status = "former" }
      if k == n and (ui <= 3 or r:chance(0.75)) then job.status = "current" end
      table.insert(d.jobs[u.user_id], job)
      table.insert(job.status == "current" and d.current[job.company_id] or d.former[job.company_id], u.user_id)
      w("entity", "Employment", job)
    end
  end
  for _, id in ipairs(r:ids("g", r:int(3, 5), 3)) do
    local g = { group_id = id, name = r:pick(GROUPS) }
    d.groups[#d.groups + 1] = g
    d.group_members[id] = {}
    w("entity", "Group", g)
  end
  -- The last group stays empty.
  for ui, u in ipairs(d.users) do
    if ui > 1 then
      local pool = {}
      for gi = 1, #d.groups - 1 do pool[gi] = d.groups[gi].group_id end
      r:shuffle(pool)
      -- The second user belongs to every group but the last, so no other group is empty.
      for k = 1, ui == 2 and #pool or r:int(1, #pool) do
        table.insert(d.user_groups[u.user_id], pool[k])
        table.insert(d.group_members[pool[k]], u.user_id)
        w("entity", "Membership", { user_id = u.user_id, group_id = pool[k], joined = r:date(2020, 2026) })
      end
    end
  end
  -- Its id has the documented fixed width.
  local taken = {}
  for _, u in ipairs(d.users) do taken[u.user_id] = true end
  -- The newest id is the highest free one, as ids handed out in order would be.
  local nid, n = nil, 9999
  repeat nid = string.format("u%04d", n); n = n - 1 until not taken[nid]
  d.newcomer = { user_id = nid, name = "Newcomer", headline = "Just joined" }
  d.newcomer_group = d.groups[1].group_id
  return d
end
