-- Seeded data for the edtech exercise: instructors, students, courses with modules and lessons,
-- and enrollments. Ids, dates and sizes vary with the seed; the same seed always gives the same
-- data. Returns the writes (in order) plus indexes the checks compute ground truth from.

local FIRST = { "Ana", "Bruno", "Carla", "Diego", "Elisa", "Fabio", "Gabi", "Hugo", "Iris",
  "Joao", "Katia", "Lucas", "Marta", "Nuno", "Olga", "Paulo", "Rita", "Sergio", "Tania", "Vitor" }
local LAST = { "Alves", "Barros", "Costa", "Dias", "Esteves", "Farias", "Gomes", "Lima" }
local TOPICS = { "Data Modeling", "Distributed Systems", "Cloud Costs", "Query Design",
  "Event Streams", "Caching", "Indexing", "Transactions", "Serverless", "Observability" }

function generate(seed)
  local r = rng(seed)
  local d = { writes = {}, students = {}, instructors = {}, courses = {}, by_student = {},
    by_course = {}, by_instructor = {}, modules = {}, lessons = {} }
  local function w(kind, name, params) d.writes[#d.writes + 1] = { kind = kind, name = name, params = params } end

  local iids = r:ids("i", r:int(3, 4), 3)
  for _, id in ipairs(iids) do
    local p = { instructor_id = id, name = r:pick(FIRST) .. " " .. r:pick(LAST) }
    d.instructors[#d.instructors + 1] = p
    d.by_instructor[id] = {}
    w("entity", "Instructor", p)
  end

  local sids = r:ids("s", r:int(18, 26), 4)
  for _, id in ipairs(sids) do
    local first = r:pick(FIRST)
    local p = { student_id = id, name = first .. " " .. r:pick(LAST),
      email = string.lower(first) .. "." .. id .. "@example.edu", joined = r:date(2023, 2025) }
    d.students[#d.students + 1] = p
    d.by_student[id] = {}
    w("entity", "Student", p)
  end

  -- The last instructor teaches nothing, so "no courses" is a case the patterns must handle.
  local cids = r:ids("c", r:int(5, 7), 3)
  for i, id in ipairs(cids) do
    local inst = iids[(i - 1) % (#iids - 1) + 1]
    local p = { course_id = id, title = r:pick(TOPICS) .. " " .. r:int(100, 499),
      instructor_id = inst }
    d.courses[#d.courses + 1] = p
    d.by_course[id] = {}
    d.modules[id] = {}
    table.insert(d.by_instructor[inst], id)
    w("entity", "Course", p)
    -- The second course reuses the first course's module ids: module ids are unique within a
    -- course only, so a key built from the module id alone mixes two courses on every seed.
    local mids = i == 2 and d.modules[cids[1]] or sorted(r:ids("m", r:int(2, 4), 2))
    for mi, mid in ipairs(mids) do
      local m = { course_id = id, module_id = mid, title = "Module " .. mi .. ": " .. r:pick(TOPICS),
        position = tostring(mi) }
      table.insert(d.modules[id], mid)
      d.lessons[id .. "/" .. mid] = {}
      w("entity", "Module", m)
      -- Some modules have no lessons yet.
      -- The first module of the first two courses always has lessons (AP7 asks about both).
      local lids = sorted(r:ids("l", (i <= 2 and mi == 1) and r:int(2, 4) or r:int(0, 4), 3))
      for li, lid in ipairs(lids) do
        table.insert(d.lessons[id .. "/" .. mid], lid)
        w("entity", "Lesson", { course_id = id, module_id = mid, lesson_id = lid,
          title = "Lesson " .. li, minutes = tostring(r:int(5, 45)) })
      end
    end
  end

  -- Enrollments: the last course stays empty and one student takes nothing.
  for si, s in ipairs(d.students) do
    if si > 1 then
      local pool = {}
      for ci = 1, #cids - 1 do pool[#pool + 1] = cids[ci] end
      r:shuffle(pool)
      for k = 1, r:int(1, math.min(4, #pool)) do
        local cid = pool[k]
        table.insert(d.by_student[s.student_id], cid)
        table.insert(d.by_course[cid], s.student_id)
        w("entity", "Enrollment", { student_id = s.student_id, course_id = cid,
          enrolled_at = r:time(2024, 2025) })
      end
    end
  end

  -- Re-enrolling: the busiest student enrolls again in a course they already take, and so
  -- does a student of the busiest course. It is still one enrollment per pair.
  local again = {}
  local ts = top(d, "by_student", d.students, "student_id", 1)[1]
  again[#again + 1] = { ts, d.by_student[ts][1] }
  local tc = top(d, "by_course", d.courses, "course_id", 1)[1]
  again[#again + 1] = { d.by_course[tc][#d.by_course[tc]], tc }
  for _, pair in ipairs(again) do
    d.writes[#d.writes + 1] = { kind = "entity", name = "Enrollment", ["repeat"] = true,
      params = { student_id = pair[1], course_id = pair[2], enrolled_at = r:time(2026, 2026) } }
  end

  -- Never written by the load: used to test that a new enrollment is visible from both sides.
  -- Its id has the documented fixed width.
  local taken = {}
  for _, id in ipairs(sids) do taken[id] = true end
  -- The newest id is the highest free one, as ids handed out in order would be.
  local nid, n = nil, 9999
  repeat nid = string.format("s%04d", n); n = n - 1 until not taken[nid]
  d.newcomer = { student_id = nid, name = "New Student", email = "new@example.edu", joined = "2026-01-15" }
  -- The busiest course: the new student must show up among many, not only in a short list.
  d.newcomer_course = tc
  return d
end
