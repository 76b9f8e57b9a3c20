-- The social-network exercise: the course's reflection exercise (users, companies, employment
-- history) plus users <-> groups membership, readable from both sides.

local function with_current(d, want)
  for _, u in ipairs(d.users) do
    local jobs = d.jobs[u.user_id]
    local has = #jobs > 0 and jobs[#jobs].status == "current"
    if has == want and #jobs > 0 then return u.user_id end
  end
  return d.users[1].user_id
end

local function job_id(item)
  if item.company_id and item.start then return item.company_id .. "@" .. item.start end
end

-- The model of what a pattern returns (grading.lua, "Whole items"): each entity as it was
-- written. A job by its AP2/AP5 id ("co003@2014-05-02") for a user, or the jobs of a user at a
-- company in one status (AP3, AP4: a rehired user may have several).
local JOB = { "user_id", "company_id", "start", "title", "status" }
local function job(d, id, p)
  local company, start = id:match("^(.-)@(.+)$")
  for _, j in ipairs(d.jobs[p.user_id] or {}) do
    if j.company_id == company and j.start == start then return j end
  end
end
local function jobs_at(status)
  return function(d, user_id, p)
    local out = filter(d.jobs[user_id] or {}, function(j)
      return j.company_id == p.company_id and j.status == status
    end)
    return #out > 0 and out or nil
  end
end
local MEMBERSHIP = { "user_id", "group_id", "joined" }
local function membership(d, user_id, group_id)
  return written(d, "Membership", { "user_id", "group_id" })[user_id .. "/" .. group_id]
end

return exercise {
  id = "social",
  title = "Professional network: users, companies, employment, groups",
  generate = generate,

  entities = {
    { name = "User", params = { "user_id", "name", "headline" } },
    { name = "Company", params = { "company_id", "name" } },
    { name = "Employment", params = { "user_id", "company_id", "start", "title", "status" } },
    { name = "Group", params = { "group_id", "name", "member_count" } },
    { name = "Membership", params = { "user_id", "group_id", "joined" }, atomic = true },
  },

  -- Leaving a group deletes the membership (both edges, in one transaction): its REMOVE records
  -- are what a member-count handler must not forget.
  transitions = {
    { name = "leave_group", params = { "user_id", "group_id" }, atomic = true },
  },

  -- The throughput check (grading.lua, "Throughput"): the launch-day peak (README, "What is
  -- checked"), 1,100 sign-ups and 1,100 new memberships a second, sent through the solution's
  -- own User and Membership templates on a virtual clock. Keys of each user's and each
  -- membership's own spread them over the table's partitions: the reference (two edges per
  -- membership) writes 3,300 WCU a second on the table, under the 4,000 a new on-demand table
  -- sustains, every item under 1 KB. A key value that every new user or every membership
  -- shares takes 1,100 WCU a second on one partition, above the 1,000 one partition serves: a
  -- constant index key on the profile (GSI1PK = "USERS", an inverted index over SK = "PROFILE"),
  -- or a counter item every membership updates.
  traffic = {
    title = "the launch-day peak", seconds = 1, points = 2,
    mix = {
      { template = "User", rate = 1100, params = function(i)
        return { user_id = string.format("u%04d", i % 9999 + 1), name = "New User", headline = "Engineer at large" }
      end },
      -- Different users and groups: a popular group takes a few new members a second.
      { template = "Membership", rate = 1100, params = function(i)
        return { user_id = string.format("u%04d", (i * 37) % 9999 + 1),
          group_id = string.format("g%03d", (i * 7) % 900 + 100), joined = "2026-03-02" }
      end },
    },
  },

  patterns = {
    pattern {
      id = "AP1", title = "A user's profile", params = { "user_id" }, cardinality = "one",
      needs = { "User" },
      cases = function(d)
        return { { user_id = d.users[1].user_id }, { user_id = d.users[#d.users].user_id }, { user_id = "u0000" } }
      end,
      expect = function(d, p)
        for _, u in ipairs(d.users) do if u.user_id == p.user_id then return { u.user_id } end end
        return {}
      end,
      identify = function(item)
        if item.user_id and item.headline then return item.user_id end
      end,
      returns = { "user_id", "name", "headline" },
      model = function(d, id) return written(d, "User", { "user_id" })[id] end,
      concept = "GetItem with the full primary key.",
    },
    pattern {
      id = "AP2", title = "A user's employment history", params = { "user_id" },
      order_name = "most recent first", needs = { "Employment" }, high_volume = true,
      cases = function(d)
        local t = top(d, "jobs", d.users, "user_id", 2)
        return { { user_id = t[1] }, { user_id = t[2] }, { user_id = d.users[1].user_id } }
      end,
      expect = function(d, p)
        local out = {}
        local jobs = d.jobs[p.user_id]
        for i = #jobs, 1, -1 do out[#out + 1] = jobs[i].company_id .. "@" .. jobs[i].start end
        return out
      end,
      identify = job_id, returns = JOB, model = job,
      order_text = "put the start date in the sort key (JOB#<start>#<company>) and read backwards (--no-scan-index-forward).",
      concept = "a composite sort key that starts with a timestamp.",
    },
    pattern {
      id = "AP3", title = "A company's current employees", params = { "company_id" }, order = "any",
      needs = { "Employment" }, high_volume = true,
      hot_cases = function(d)
        local t = top(d, "current", d.companies, "company_id", 2)
        return { { company_id = t[1] }, { company_id = t[2] } }
      end,
      cases = function(d)
        local t = top(d, "current", d.companies, "company_id", 2)
        return { { company_id = t[1] }, { company_id = t[2] }, { company_id = d.companies[#d.companies].company_id } }
      end,
      expect = function(d, p) return d.current[p.company_id] end,
      identify = function(item) if item.company_id and item.start then return item.user_id end end,
      returns = JOB, model = jobs_at("current"),
      concept = "a GSI whose partition key combines the company and the status (COMPANY#<id>#current).",
    },
    pattern {
      id = "AP4", title = "A company's former employees", params = { "company_id" }, order = "any",
      needs = { "Employment" }, high_volume = true,
      cases = function(d)
        local t = top(d, "former", d.companies, "company_id", 2)
        -- The company that rehired the second user: their first job there is a former one.
        local rehired = d.jobs[d.users[2].user_id][1].company_id
        return { { company_id = t[1] }, { company_id = t[2] }, { company_id = rehired },
          { company_id = d.companies[#d.companies].company_id } }
      end,
      expect = function(d, p) return d.former[p.company_id] end,
      identify = function(item) if item.company_id and item.start then return item.user_id end end,
      returns = JOB, model = jobs_at("former"),
      concept = "the status belongs in the key you query, not in a FilterExpression.",
    },
    pattern {
      id = "AP5", title = "A user's current employment", params = { "user_id" }, cardinality = "one",
      needs = { "Employment" },
      cases = function(d)
        return { { user_id = with_current(d, true) }, { user_id = with_current(d, false) } }
      end,
      hot_cases = function(d) return { { user_id = d.users[2].user_id }, { user_id = d.users[3].user_id } } end,
      expect = function(d, p)
        local jobs = d.jobs[p.user_id]
        if #jobs > 0 and jobs[#jobs].status == "current" then
          return { jobs[#jobs].company_id .. "@" .. jobs[#jobs].start }
        end
        return {}
      end,
      identify = job_id, returns = JOB, model = job,
      concept = "a key that only current jobs have (for example GSI2PK = USER#<id>#current).",
    },
    pattern {
      id = "AP6", title = "The groups a user belongs to", params = { "user_id" }, order = "any",
      needs = { "Membership" }, high_volume = true,
      cases = function(d)
        local t = top(d, "user_groups", d.users, "user_id", 2)
        return { { user_id = t[1] }, { user_id = t[2] }, { user_id = d.users[1].user_id } }
      end,
      expect = function(d, p) return d.user_groups[p.user_id] end,
      identify = function(item) if item.group_id and item.user_id then return item.group_id end end,
      returns = MEMBERSHIP, model = function(d, id, p) return membership(d, p.user_id, id) end,
      concept = "the adjacency list: edges stored in the user's partition.",
    },
    pattern {
      id = "AP7", title = "The members of a group", params = { "group_id" }, order = "any",
      needs = { "Membership" }, high_volume = true,
      cases = function(d)
        return { { group_id = d.groups[1].group_id }, { group_id = d.groups[2].group_id },
          { group_id = d.groups[#d.groups].group_id } }
      end,
      expect = function(d, p) return d.group_members[p.group_id] end,
      identify = function(item) if item.group_id and item.user_id then return item.user_id end end,
      returns = MEMBERSHIP, model = function(d, id, p) return membership(d, id, p.group_id) end,
      concept = "the inverse edge: GROUP#<id> -> USER#<id>, written with the forward edge.",
    },
    pattern {
      id = "AP8", title = "A group with its member count", params = { "group_id" }, cardinality = "one",
      needs = { "Group", "Membership" },
      cases = function(d)
        -- The group that lost a member, the largest, and the one nobody joined.
        local left = d.departed[1] and d.departed[1].group_id or d.groups[2].group_id
        return { { group_id = left }, { group_id = d.groups[1].group_id },
          { group_id = d.groups[#d.groups].group_id } }
      end,
      expect = function(d, p) return { p.group_id } end,
      identify = function(item)
        if item.group_id and item.name and not item.user_id then return item.group_id end
      end,
      returns = { "group_id", "name", "member_count" },
      derived = { member_count = {
        why = "member_count is the group's current number of members: it starts at 0 (the Group " ..
          "template), and the stream handlers add one for each membership that is written and " ..
          "take one off for each that leave_group deletes, once each, however often a record is " ..
          "delivered (stream_count shows which of these went wrong).",
        revisit = "a count kept by a stream handler: INSERT and REMOVE, each applied once.",
      } },
      model = function(d, id)
        for _, g in ipairs(d.groups) do
          if g.group_id == id then
            return { group_id = id, name = g.name, member_count = #d.group_members[id] }
          end
        end
      end,
      concept = "a count kept on the group's own item by a stream handler: one GetItem, not a Query of the members.",
    },
  },

  checks = {
    {
      id = "both_sides", title = "A new membership is readable from the user and from the group",
      points = 2, depends = { "entity.User", "entity.Membership" },
      run = function(d)
        local u, g = d.newcomer, d.newcomer_group
        local st = write_template("entity", "User", u)
        if not st.ok then return grading.fail("Could not write a new user: " .. tostring(st.error)) end
        local m = write_template("entity", "Membership", { user_id = u.user_id, group_id = g, joined = "2026-03-01" })
        if not m.ok then return grading.fail("Could not add a membership: " .. tostring(m.error)) end
        local groups, err = run_pattern_once("AP6", { user_id = u.user_id })
        if not groups then return grading.fail(err) end
        if not contains(groups, g) then
          return grading.fail(string.format("After %s joined %s, AP6 for %s does not list %s (got: %s).",
            u.user_id, g, u.user_id, g, grading.show_list(groups)))
        end
        local members, err2 = run_pattern_once("AP7", { group_id = g })
        if not members then return grading.fail(err2) end
        if not contains(members, u.user_id) then
          return grading.fail(string.format("After %s joined %s, AP6 sees it from the user's side " ..
            "but AP7 for %s does not list %s: the inverse edge is missing.\nRevisit: the forgotten " ..
            "inverse edge; write both edges of a membership in one transaction.", u.user_id, g, g, u.user_id))
        end
        return grading.pass()
      end,
    },
    {
      id = "leave_both_sides", points = 2,
      title = "A member who leaves is gone from the user's groups and from the group's members",
      depends = { "entity.User", "entity.Membership", "transition.leave_group" },
      run = function(d)
        for _, m in ipairs(d.departed) do
          local groups, err = run_pattern_once("AP6", { user_id = m.user_id })
          if not groups then return grading.fail(err) end
          local members, err2 = run_pattern_once("AP7", { group_id = m.group_id })
          if not members then return grading.fail(err2) end
          local in_user, in_group = contains(groups, m.group_id), contains(members, m.user_id)
          if in_user or in_group then
            return grading.fail(string.format("%s left %s through leave_group, but %s still lists " ..
              "it: leave_group must delete every item the Membership template wrote for it (both " ..
              "edges), in one transaction.\nRevisit: the adjacency list's two edges go together.",
              m.user_id, m.group_id, in_user and in_group and "AP6 (the user's groups) and AP7 (the group's members)"
                or in_user and "AP6 (the user's groups)" or "AP7 (the group's members)"))
          end
        end
        return grading.pass()
      end,
    },
    {
      id = "stream_count", points = 2,
      title = "A stream handler keeps the member count through redelivered batches and departures",
      needs = "streams",
      depends = { "entity.Group", "entity.Membership", "transition.leave_group" },
      run = function(d)
        local h = stream_handlers()
        if #h.problems > 0 then return grading.fail(table.concat(h.problems, "\n")) end
        if h.blocks == 0 then
          return grading.fail("The solution has no '-- @handler' block. AP8's member_count is kept " ..
            "by a stream handler: one block for the INSERT of a membership and one for its REMOVE " ..
            "(exercises/README.md, \"-- @handler\").\nRevisit: Streams keep a denormalized count.")
        end
        -- A group of its own: three members join, one leaves; the count must say 2.
        local g = d.probe_group
        local st = write_template("entity", "Group", { group_id = g, name = "Probe Group", member_count = 0 })
        if not st.ok then return grading.fail("Could not write a new group: " .. tostring(st.error)) end
        local joined = {}
        for _, u in ipairs(d.users) do
          if #joined < 3 and #d.user_groups[u.user_id] < 4 then joined[#joined + 1] = u.user_id end
        end
        for _, uid in ipairs(joined) do
          local m = write_template("entity", "Membership", { user_id = uid, group_id = g, joined = "2026-03-02" })
          if not m.ok then return grading.fail("Could not add a membership: " .. tostring(m.error)) end
        end
        local gone = write_template("transition", "leave_group", { user_id = joined[1], group_id = g })
        if not gone.ok then return grading.fail("leave_group failed: " .. tostring(gone.error)) end
        settle_streams()
        local ids, rec = run_pattern_once("AP8", { group_id = g })
        if not ids then return grading.fail(rec) end
        local item
        for _, it in ipairs(rec.items or {}) do if it.group_id == g and not it.user_id then item = it end end
        local n = item and tonumber(item.member_count)
        local errors = #h.errors > 0 and ("\nYour handlers failed: " .. table.concat(h.errors, "; ", 1, math.min(#h.errors, 2))) or ""
        local story = string.format("%s, %s and %s joined %s and %s left: AP8 should say 2 members",
          joined[1], joined[2], joined[3], g, joined[1])
        if n == 2 then return grading.pass() end
        if n == nil then
          return grading.fail(story .. ", but its item has no member_count." .. errors)
        end
        if n > 3 then
          return grading.fail(story .. string.format(", and it says %d. Stream delivery is at least " ..
            "once: the grader delivered every batch twice, as Lambda does after a timeout, and the " ..
            "handler counted each record each time. Make each count happen once per membership: " ..
            "a condition that remembers what was counted (a set of counted members, a marker item " ..
            "written with attribute_not_exists), so a repeated record is refused and skipped.%s\n" ..
            "Revisit: idempotent stream handlers (at-least-once delivery).", n, errors))
        end
        if n == 3 then
          return grading.fail(story .. ", and it says 3: the departure was never counted. A " ..
            "membership deleted by leave_group is a REMOVE record; handle it (-- @handler REMOVE " ..
            "with the old image's values, ${old.group_id}).\nRevisit: a stream handler sees INSERT, " ..
            "MODIFY and REMOVE." .. errors)
        end
        return grading.fail(story .. string.format(", and it says %d.%s", n, errors))
      end,
    },
  },
}
