-- Seeded data for the edtech exercise: instructors, students, courses with modules and lessons,
-- and enrollments. Ids, dates and sizes vary with the seed; the same seed always gives the same
-- data. Every seed holds realistic data plus the corners `domain` declares (the biggest course,
-- the empty one, ties, window edges, repeats), and check_domain proves they are there. Returns
-- the writes (in order) plus indexes the checks compute ground truth from.

-- What the brief (README.md) promises about the data, in one place: the generator builds from
-- it, check_domain (exercises/lib/grading.lua) verifies every seed against it, and the grader's
-- cases ask about the corners it names.
domain = {
  -- How one entity is identified: a second write of the same identity is a repeat.
  entities = {
    Instructor = { "instructor_id" }, Student = { "student_id" }, Course = { "course_id" },
    Module = { "course_id", "module_id" }, Lesson = { "course_id", "module_id", "lesson_id" },
    Enrollment = { "student_id", "course_id" },
  },
  -- Fixed width: string order is numeric order, and no id is a prefix of another.
  ids = {
    instructor_id = { prefix = "i", digits = 3 }, student_id = { prefix = "s", digits = 4 },
    course_id = { prefix = "c", digits = 3 }, module_id = { prefix = "m", digits = 2 },
    lesson_id = { prefix = "l", digits = 3 },
  },
  -- Children per parent; every seed has a parent at the minimum and one at the maximum.
  counts = {
    enrollments_per_student = { what = "AP2: enrollments per student", entity = "Enrollment",
      per = "student_id", parents = "Student", min = 0, max = 4 },
    enrollments_per_course = { what = "AP3: enrollments per course", entity = "Enrollment",
      per = "course_id", parents = "Course", min = 0, max = 25 },
    courses_per_instructor = { what = "AP4: courses per instructor", entity = "Course",
      per = "instructor_id", parents = "Instructor", min = 0, max = 7 },
    items_per_course = { what = "AP5: modules and lessons per course", entity = { "Module", "Lesson" },
      per = "course_id", parents = "Course", min = 0, max = 60 },
    modules_per_course = { what = "AP6: modules per course", entity = "Module", per = "course_id",
      parents = "Course", min = 0, max = 12 },
    lessons_per_module = { what = "AP7: lessons per module", entity = "Lesson",
      per = { "course_id", "module_id" }, parents = "Module", min = 0, max = 4 },
  },
  values = {
    -- A module's position is its place in the course, 1, 2, ... in module_id order: a course
    -- with ten or more modules has two-digit positions.
    position = { what = "module positions", entity = "Module", attr = "position", min = 1, max = 12,
      rank = { within = "course_id", by = "module_id" } },
    minutes = { what = "lesson minutes", entity = "Lesson", attr = "minutes", min = 5, max = 45 },
  },
  windows = {
    joined = { what = "students' joined dates", entity = "Student", attr = "joined",
      from = "2023-01-01", to = "2025-12-31" },
    enrolled_at = { what = "enrollment times", entity = "Enrollment", attr = "enrolled_at",
      from = "2024-01-01", to = "2026-12-31" },
  },
  ties = {
    enrolled_in_one_course = { what = "two students enroll in one course in the same second",
      entity = "Enrollment", attr = "enrolled_at", within = "course_id" },
    enrolled_by_one_student = { what = "one student enrolls in two courses in the same second",
      entity = "Enrollment", attr = "enrolled_at", within = "student_id" },
    enrolled_across = { what = "two students enroll in two courses in the same second",
      entity = "Enrollment", attr = "enrolled_at", across = { "student_id", "course_id" } },
    joined_same_day = { what = "two students join on the same day", entity = "Student",
      attr = "joined", across = "student_id" },
  },
  repeats = {
    module_id_in_two_courses = { what = "one module id in two courses", entity = "Module",
      same = "module_id" },
    lesson_id_in_two_modules = { what = "one lesson id in two modules of one course",
      entity = "Lesson", same = { "course_id", "lesson_id" } },
    reenroll = { what = "a student enrolls again in a course they take", entity = "Enrollment",
      rewrite = true },
  },
}

local FIRST = { "Ana", "Bruno", "Carla", "Diego", "Elisa", "Fabio", "Gabi", "Hugo", "Iris",
  "Joao", "Katia", "Lucas", "Marta", "Nuno", "Olga", "Paulo", "Rita", "Sergio", "Tania", "Vitor" }
local LAST = { "Alves", "Barros", "Costa", "Dias", "Esteves", "Farias", "Gomes", "Lima" }
local TOPICS = { "Data Modeling", "Distributed Systems", "Cloud Costs", "Query Design",
  "Event Streams", "Caching", "Indexing", "Transactions", "Serverless", "Observability" }

-- Realistic courses stay well below the biggest one.
local REALISTIC_COURSE_CAP = 15

local function ids(r, name, n)
  local f = domain.ids[name]
  return r:ids(f.prefix, n, f.digits)
end

function generate(seed)
  local r = rng(seed)
  local D = domain
  local d = { seed = seed, writes = {}, students = {}, instructors = {}, courses = {},
    by_student = {}, by_course = {}, by_instructor = {}, modules = {}, lessons = {}, corners = {} }
  local function w(kind, name, params) d.writes[#d.writes + 1] = { kind = kind, name = name, params = params } end

  -- Instructors: the first teaches the most courses the brief allows, the last teaches none.
  local iids = ids(r, "instructor_id", r:int(3, 4))
  for _, id in ipairs(iids) do
    local p = { instructor_id = id, name = r:pick(FIRST) .. " " .. r:pick(LAST) }
    d.instructors[#d.instructors + 1] = p
    d.by_instructor[id] = {}
    w("entity", "Instructor", p)
  end

  -- Students: the first joined on the window's first day, the second on its last, the third and
  -- fourth on one day.
  local jw = D.windows.joined
  local sids = ids(r, "student_id", r:int(30, 36))
  local tie_day = r:date(2023, 2025)
  for si, id in ipairs(sids) do
    local first = r:pick(FIRST)
    local joined = si == 1 and jw.from or si == 2 and jw.to or (si == 3 or si == 4) and tie_day
      or r:date(2023, 2025)
    local p = { student_id = id, name = first .. " " .. r:pick(LAST),
      email = string.lower(first) .. "." .. id .. "@example.edu", joined = joined }
    d.students[#d.students + 1] = p
    d.by_student[id] = {}
    w("entity", "Student", p)
  end

  -- Courses: the first instructor teaches the maximum, every other one but the last one or two.
  local per_inst = { D.counts.courses_per_instructor.max }
  for k = 2, #iids - 1 do per_inst[k] = r:int(1, 2) end
  local teachers = {}
  for k, n in ipairs(per_inst) do for _ = 1, n do teachers[#teachers + 1] = iids[k] end end
  r:shuffle(teachers)
  local cids = ids(r, "course_id", #teachers)
  -- Roles: courses 1 and 2 share module ids (and course 1 shares lesson ids between two of its
  -- modules), course 3 is the biggest roster, course 4 has the most modules and lessons the
  -- brief allows, the last course has nothing yet.
  local BIG, FULL, EMPTY = 3, 4, #cids
  local maxmod, maxles = D.counts.modules_per_course.max, D.counts.lessons_per_module.max
  for i, id in ipairs(cids) do
    local inst = teachers[i]
    local p = { course_id = id, title = r:pick(TOPICS) .. " " .. r:int(100, 499), instructor_id = inst }
    d.courses[#d.courses + 1] = p
    d.by_course[id] = {}
    d.modules[id] = {}
    table.insert(d.by_instructor[inst], id)
    w("entity", "Course", p)
    local mids
    if i == EMPTY then
      mids = {}
    elseif i == 2 then
      -- Module ids are unique within a course only: a key built from the module id alone
      -- mixes two courses on every seed.
      mids = d.modules[cids[1]]
    elseif i == FULL then
      mids = sorted(ids(r, "module_id", maxmod))
    else
      mids = sorted(ids(r, "module_id", i == 1 and r:int(2, 4) or r:int(1, 5)))
    end
    local first_lessons
    for mi, mid in ipairs(mids) do
      local m = { course_id = id, module_id = mid, title = "Module " .. mi .. ": " .. r:pick(TOPICS),
        position = tostring(mi) }
      table.insert(d.modules[id], mid)
      d.lessons[id .. "/" .. mid] = {}
      w("entity", "Module", m)
      -- The first module of the first two courses always has lessons (AP7 asks about both);
      -- the second module of course 1 reuses the first's lesson ids; the last module of course 2
      -- has none; every module of the full course has the most.
      local lids
      if i == FULL then
        lids = sorted(ids(r, "lesson_id", maxles))
      elseif i == 1 and mi == 2 then
        lids = first_lessons
      elseif i == 2 and mi == #mids then
        lids = {}
      else
        lids = sorted(ids(r, "lesson_id", (i <= 2 and mi == 1) and r:int(2, maxles) or r:int(0, maxles)))
      end
      if mi == 1 then first_lessons = lids end
      for li, lid in ipairs(lids) do
        table.insert(d.lessons[id .. "/" .. mid], lid)
        w("entity", "Lesson", { course_id = id, module_id = mid, lesson_id = lid,
          title = "Lesson " .. li, minutes = tostring(li == 1 and mi == 1 and i == FULL and 5
            or li == 2 and mi == 1 and i == FULL and 45 or r:int(5, 45)) })
      end
    end
  end

  -- Enrollments. The first student takes nothing; the second takes the most courses the brief
  -- allows; the biggest course has the most students the brief allows; the last course none.
  local ew = D.windows.enrolled_at
  local big = cids[BIG]
  local realistic = {}
  for ci, id in ipairs(cids) do
    if ci ~= BIG and ci ~= EMPTY then realistic[#realistic + 1] = id end
  end
  local plan = {}  -- student -> list of course ids
  for _, s in ipairs(d.students) do plan[s.student_id] = {} end
  local roster = { sids[2] }
  local others = {}
  for si = 3, #sids do others[#others + 1] = sids[si] end
  r:shuffle(others)
  for k = 1, D.counts.enrollments_per_course.max - 1 do roster[#roster + 1] = others[k] end
  for _, sid in ipairs(roster) do table.insert(plan[sid], big) end
  local load = {}
  for _, id in ipairs(realistic) do load[id] = 0 end
  local maxper = D.counts.enrollments_per_student.max
  for si = 2, #sids do
    local sid = sids[si]
    local pool = { table.unpack(realistic) }
    r:shuffle(pool)
    local want = si == 2 and maxper or math.min(maxper, #plan[sid] + r:int(0, 3))
    for _, cid in ipairs(pool) do
      if #plan[sid] >= want then break end
      if load[cid] < REALISTIC_COURSE_CAP then
        table.insert(plan[sid], cid)
        load[cid] = load[cid] + 1
      end
    end
  end
  -- Times: ties within the biggest course (its second and third students), within the second
  -- student (their second and third courses), across students and courses (the second
  -- student's fourth course and the biggest course's fourth student), and the window's edges.
  local t_course, t_student, t_across = r:time(2024, 2025), r:time(2024, 2025), r:time(2024, 2025)
  local function at(sid, cid, k)
    if cid == big and (sid == roster[2] or sid == roster[3]) then return t_course end
    if sid == sids[2] and (k == 2 or k == 3) then return t_student end
    if (sid == sids[2] and k == 4) or (cid == big and sid == roster[4]) then return t_across end
    if cid == big and sid == roster[5] then return ew.from .. "T00:00:00Z" end
    if cid == big and sid == roster[6] then return ew.to .. "T23:59:59Z" end
    return r:time(2024, 2025)
  end
  for _, sid in ipairs(sids) do
    for k, cid in ipairs(plan[sid]) do
      table.insert(d.by_student[sid], cid)
      table.insert(d.by_course[cid], sid)
      w("entity", "Enrollment", { student_id = sid, course_id = cid, enrolled_at = at(sid, cid, k) })
    end
  end

  -- Re-enrolling: the second student enrolls again in a course they already take, and so does
  -- a student of the biggest course. It is still one enrollment per pair. Neither pair is one
  -- of the tied ones (the second student's second and third courses, the biggest course's
  -- second and third students): a key built from the time alone loses one of a tied pair, and
  -- re-enrolling that very pair would write the lost edge back and hide the collision.
  for _, pair in ipairs({ { sids[2], plan[sids[2]][1] }, { roster[#roster], big } }) do
    d.writes[#d.writes + 1] = { kind = "entity", name = "Enrollment", ["repeat"] = true,
      params = { student_id = pair[1], course_id = pair[2], enrolled_at = r:time(2026, 2026) } }
  end

  -- What the cases ask about.
  d.corners = {
    busiest_student = sids[2], idle_student = sids[1],
    biggest_course = big, full_course = cids[FULL], empty_course = cids[EMPTY],
    -- The full course's tenth module: two-digit position, the most lessons.
    tenth_module = d.modules[cids[FULL]][10],
  }

  -- Never written by the load: used to test that a new enrollment is visible from both sides.
  -- Its id has the documented fixed width: the newest id is the highest free one, as ids
  -- handed out in order would be.
  local taken = {}
  for _, id in ipairs(sids) do taken[id] = true end
  local nid, n = nil, 9999
  repeat nid = string.format("s%04d", n); n = n - 1 until not taken[nid]
  d.newcomer = { student_id = nid, name = "New Student", email = "new@example.edu", joined = "2025-06-15" }
  -- The busiest realistic course: the new student must show up among many, and the course
  -- stays within the brief's limit with them.
  local tc = realistic[1]
  for _, id in ipairs(realistic) do if load[id] > load[tc] then tc = id end end
  if load[tc] < 4 then error("edtech generator: no realistic course has four students", 0) end
  d.newcomer_course = tc
  d.later_writes = { d.newcomer, { student_id = nid, course_id = tc } }
  return check_domain(domain, d)
end
