-- Seeded data for the social-network exercise: users, companies, employment history (at most
-- one current job per user), groups and memberships. Every seed holds realistic data plus the
-- corners `domain` declares, and check_domain proves they are there.

-- What the brief (README.md) promises about the data, in one place: the generator builds from
-- it, check_domain (exercises/lib/grading.lua) verifies every seed against it, and the grader's
-- cases ask about the corners it names.
domain = {
  entities = {
    User = { "user_id" }, Company = { "company_id" }, Group = { "group_id" },
    Employment = { "user_id", "company_id", "start" }, Membership = { "user_id", "group_id" },
  },
  -- Fixed width: string order is numeric order, and no id is a prefix of another.
  ids = {
    user_id = { prefix = "u", digits = 4 }, company_id = { prefix = "co", digits = 3 },
    group_id = { prefix = "g", digits = 3 },
  },
  counts = {
    jobs_per_user = { what = "AP2: employments per user", entity = "Employment", per = "user_id",
      parents = "User", min = 0, max = 5 },
    current_per_company = { what = "AP3: current employments per company", entity = "Employment",
      per = "company_id", parents = "Company", where = { status = "current" }, min = 0, max = 25 },
    former_per_company = { what = "AP4: former employments per company", entity = "Employment",
      per = "company_id", parents = "Company", where = { status = "former" }, min = 0, max = 25 },
    current_per_user = { what = "AP5: current employments per user", entity = "Employment",
      per = "user_id", parents = "User", where = { status = "current" }, min = 0, max = 1 },
    groups_per_user = { what = "AP6: memberships per user", entity = "Membership", per = "user_id",
      parents = "User", min = 0, max = 4 },
    members_per_group = { what = "AP7: memberships per group", entity = "Membership", per = "group_id",
      parents = "Group", min = 0, max = 30 },
  },
  values = {
    status = { what = "employment status", entity = "Employment", attr = "status", one_of = { "current", "former" } },
  },
  windows = {
    start = { what = "employment start dates", entity = "Employment", attr = "start",
      from = "2005-01-01", to = "2026-12-31" },
    joined = { what = "membership dates", entity = "Membership", attr = "joined",
      from = "2015-01-01", to = "2026-12-31" },
  },
  ties = {
    start_one_user = { what = "two jobs of one user starting on one day", entity = "Employment",
      attr = "start", within = "user_id" },
    start_one_company = { what = "two users starting at one company on one day", entity = "Employment",
      attr = "start", within = "company_id" },
    start_across = { what = "two users starting at two companies on one day", entity = "Employment",
      attr = "start", across = { "user_id", "company_id" } },
    joined_one_group = { what = "two users joining one group on one day", entity = "Membership",
      attr = "joined", within = "group_id" },
    joined_one_user = { what = "one user joining two groups on one day", entity = "Membership",
      attr = "joined", within = "user_id" },
    joined_across = { what = "two users joining two groups on one day", entity = "Membership",
      attr = "joined", across = { "user_id", "group_id" } },
  },
  repeats = {
    rehired = { what = "a user rehired by a company they left (a former and a current job there)",
      entity = "Employment", same = { "user_id", "company_id" }, distinct = "status" },
    two_former_stints = { what = "a user who left one company twice (two former jobs there)",
      entity = "Employment", same = { "user_id", "company_id" }, where = { status = "former" } },
  },
}

local FIRST = { "Ana", "Ben", "Caio", "Dora", "Eva", "Felipe", "Gil", "Helena", "Ivo", "Julia",
  "Kai", "Lara", "Miguel", "Nina", "Otto", "Pia" }
local COMPANIES = { "Acme", "Brightline", "Copperleaf", "Dunmore", "Eastgate", "Foxglove",
  "Greenway", "Harbor" }
local TITLES = { "Engineer", "Analyst", "Designer", "Manager", "Intern", "Architect" }
local GROUPS = { "Cloud Builders", "Data Folks", "Remote Work", "Open Source", "Career Switch" }

-- Realistic companies and groups stay well below the biggest ones.
local REALISTIC_CAP = 18

local function ids(r, name, n)
  local f = domain.ids[name]
  return r:ids(f.prefix, n, f.digits)
end

local function date_in(r, year)
  return string.format("%04d-%02d-%02d", year, r:int(1, 12), r:int(1, 28))
end

function generate(seed)
  local r = rng(seed)
  local D = domain
  local d = { seed = seed, writes = {}, users = {}, companies = {}, jobs = {}, current = {},
    former = {}, groups = {}, user_groups = {}, group_members = {}, corners = {} }
  local function w(kind, name, params, apply)
    d.writes[#d.writes + 1] = { kind = kind, name = name, params = params, apply = apply }
  end
  local sw, jw = D.windows.start, D.windows.joined

  -- Companies: the first has the most current employees the brief allows, the second the most
  -- former ones, the third rehired the second user; the last never employs anyone.
  local cids = ids(r, "company_id", r:int(6, 8))
  for i, id in ipairs(cids) do
    d.companies[#d.companies + 1] = { company_id = id, name = COMPANIES[i] }
    d.current[id], d.former[id] = {}, {}
    w("entity", "Company", d.companies[#d.companies])
  end
  local BIGCUR, BIGFORMER, REHIRE = cids[1], cids[2], cids[3]
  local others = {}
  for ci = 4, #cids - 1 do others[#others + 1] = cids[ci] end

  local uids = ids(r, "user_id", r:int(34, 40))
  for _, id in ipairs(uids) do
    local u = { user_id = id, name = r:pick(FIRST), headline = r:pick(TITLES) .. " at large" }
    d.users[#d.users + 1] = u
    d.jobs[id] = {}
    d.user_groups[id] = {}
    w("entity", "User", u)
  end

  -- Employment, planned as a list of (company, status) per user in the order the jobs began.
  -- The first user never worked. The second has the longest history the brief allows: started
  -- at the rehiring company on the window's first day, left the most-former company twice, the
  -- second time together with starting elsewhere on the same day, and is current again at the
  -- rehiring company since the window's last day.
  local plan = {}
  for _, id in ipairs(uids) do plan[id] = {} end
  local u2 = uids[2]
  local tie_with = r:pick(others)
  plan[u2] = { { REHIRE, "former" }, { BIGFORMER, "former" }, { BIGFORMER, "former" },
    { tie_with, "former" }, { REHIRE, "current" } }
  -- Twenty-five users are current at the first company (the third user among them), and
  -- twenty-three more former stints at the second one complete its twenty-five.
  local rest = {}
  for ui = 4, #uids do rest[#rest + 1] = uids[ui] end
  r:shuffle(rest)
  local current_at = {}
  current_at[uids[3]] = BIGCUR
  for k = 1, D.counts.current_per_company.max - 1 do current_at[rest[k]] = BIGCUR end
  r:shuffle(rest)
  local left_big = {}
  local pool3 = { uids[3], table.unpack(rest) }
  r:shuffle(pool3)
  for k = 1, D.counts.former_per_company.max - 2 do left_big[pool3[k]] = true end
  local load = {}
  for _, c in ipairs(cids) do load[c] = 0 end
  local elsewhere = { BIGCUR, REHIRE, table.unpack(others) }
  for ui = 3, #uids do
    local id = uids[ui]
    local jobs = {}
    if left_big[id] then jobs[#jobs + 1] = { BIGFORMER, "former" } end
    for _ = 1, r:int(0, 2) do
      local c = r:pick(elsewhere)
      if load[c] < REALISTIC_CAP then
        load[c] = load[c] + 1
        jobs[#jobs + 1] = { c, "former" }
      end
    end
    r:shuffle(jobs)
    local cur = current_at[id]
    if not cur and r:chance(0.6) then cur = r:pick({ REHIRE, BIGFORMER, table.unpack(others) }) end
    if cur then jobs[#jobs + 1] = { cur, "current" } end
    plan[id] = jobs
  end

  -- Start dates: each job a year or more after the one before. Corners: the second user's
  -- edges and same-day pair (above); two of the first company's current employees started
  -- there on one day; two users' first jobs, at two companies, began on one day.
  local starts = {}
  for _, id in ipairs(uids) do
    local year = r:int(2005, 2010)
    starts[id] = {}
    for k = 1, #plan[id] do
      starts[id][k] = date_in(r, year)
      year = year + r:int(1, 3)
    end
  end
  starts[u2][1] = sw.from
  starts[u2][4] = starts[u2][3]
  starts[u2][5] = sw.to
  local cur_big = filter(rest, function(id) return current_at[id] == BIGCUR end)
  local same_day = date_in(r, 2026)
  for k = 1, 2 do
    local id = cur_big[k]
    starts[id][#starts[id]] = same_day
  end
  local first_day = date_in(r, 2005)
  local a, b
  for _, id in ipairs(rest) do
    if id ~= cur_big[1] and id ~= cur_big[2] and #plan[id] > 0 then
      if not a then
        a = id
      elseif plan[id][1][1] ~= plan[a][1][1] then
        b = id
        break
      end
    end
  end
  if b then starts[a][1], starts[b][1] = first_day, first_day end

  for _, id in ipairs(uids) do
    for k, job in ipairs(plan[id]) do
      local e = { user_id = id, company_id = job[1], start = starts[id][k], title = r:pick(TITLES),
        status = job[2] }
      table.insert(d.jobs[id], e)
      table.insert(e.status == "current" and d.current[e.company_id] or d.former[e.company_id], id)
      w("entity", "Employment", e)
    end
    -- A user's history in start order (then company): what AP2 returns, read backwards.
    d.jobs[id] = sorted(d.jobs[id], function(x, y) return x.start .. "#" .. x.company_id < y.start .. "#" .. y.company_id end)
  end

  -- Groups: the first has the most members the brief allows, the last none. The first user
  -- belongs to nothing; the second to the most groups the brief allows.
  local gids = ids(r, "group_id", r:int(5, 6))
  for _, id in ipairs(gids) do
    -- A group starts with no members: its count is kept from the memberships' stream.
    local g = { group_id = id, name = r:pick(GROUPS), member_count = 0 }
    d.groups[#d.groups + 1] = g
    d.group_members[id] = {}
    w("entity", "Group", g)
  end
  local G1 = gids[1]
  local middle = {}
  for gi = 2, #gids - 1 do middle[#middle + 1] = gids[gi] end
  local member = {}
  for _, id in ipairs(uids) do member[id] = {} end
  local m2 = { table.unpack(middle) }
  r:shuffle(m2)
  member[u2] = { G1, m2[1], m2[2], m2[3] }
  r:shuffle(rest)
  local in_g1 = { u2 }
  local pool = { uids[3], table.unpack(rest) }
  r:shuffle(pool)
  for k = 1, D.counts.members_per_group.max - 1 do
    in_g1[#in_g1 + 1] = pool[k]
    table.insert(member[pool[k]], G1)
  end
  local gload = {}
  for _, g in ipairs(middle) do gload[g] = 0 end
  for ui = 3, #uids do
    local id = uids[ui]
    local picks = { table.unpack(middle) }
    r:shuffle(picks)
    for k = 1, r:int(0, 2) do
      if gload[picks[k]] < REALISTIC_CAP then
        gload[picks[k]] = gload[picks[k]] + 1
        table.insert(member[id], picks[k])
      end
    end
  end
  -- Joined dates: two of the first group's members joined on one day, the second user joined two
  -- groups on one day, and on another day both the second user (their fourth group) and the
  -- first group's fourth member; the first group's fifth and sixth members joined on the
  -- window's first and last days.
  local day_group, day_user, day_across = r:date(2015, 2026), r:date(2015, 2026), r:date(2015, 2026)
  local function joined(uid, gid, k)
    if gid == G1 and (uid == in_g1[2] or uid == in_g1[3]) then return day_group end
    if uid == u2 and (k == 2 or k == 3) then return day_user end
    if (uid == u2 and k == 4) or (gid == G1 and uid == in_g1[4]) then return day_across end
    if gid == G1 and uid == in_g1[5] then return jw.from end
    if gid == G1 and uid == in_g1[6] then return jw.to end
    return r:date(2015, 2026)
  end
  for _, id in ipairs(uids) do
    for k, gid in ipairs(member[id]) do
      table.insert(d.user_groups[id], gid)
      table.insert(d.group_members[gid], id)
      w("entity", "Membership", { user_id = id, group_id = gid, joined = joined(id, gid, k) })
    end
  end

  -- Departures, after every join: members of the middle groups leave (never the first group's or
  -- the second user's, whose counts are the brief's corners). The ground truth moves only when
  -- the student's leave_group succeeds (apply).
  local leavers = {}
  for ui = 3, #uids do
    for _, gid in ipairs(member[uids[ui]]) do
      if gid ~= G1 then leavers[#leavers + 1] = { user_id = uids[ui], group_id = gid } end
    end
  end
  r:shuffle(leavers)
  d.departed = {}
  for k = 1, math.min(3, #leavers) do
    local m = leavers[k]
    d.departed[#d.departed + 1] = m
    w("transition", "leave_group", m, function()
      d.user_groups[m.user_id] = filter(d.user_groups[m.user_id], function(g) return g ~= m.group_id end)
      d.group_members[m.group_id] = filter(d.group_members[m.group_id], function(u) return u ~= m.user_id end)
    end)
  end

  d.corners = { longest_history = u2, rehire_company = REHIRE, most_former_company = BIGFORMER }
  -- Never written by the load: its id has the documented fixed width; the newest id is the
  -- highest free one, as ids handed out in order would be. It joins the second group, which
  -- stays within the brief's limit with them.
  local taken = {}
  for _, u in ipairs(d.users) do taken[u.user_id] = true end
  local nid, n = nil, 9999
  repeat nid = string.format("u%04d", n); n = n - 1 until not taken[nid]
  d.newcomer = { user_id = nid, name = "Newcomer", headline = "Just joined" }
  d.newcomer_group = d.groups[2].group_id
  d.later_writes = { d.newcomer, { user_id = nid, group_id = d.newcomer_group } }
  -- Never written by the load either: the group the stream check fills and half empties.
  local gtaken = {}
  for _, g in ipairs(d.groups) do gtaken[g.group_id] = true end
  local gn = 999
  repeat d.probe_group = string.format("g%03d", gn); gn = gn - 1 until not gtaken[d.probe_group]
  return check_domain(domain, d)
end
