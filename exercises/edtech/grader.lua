-- The edtech exercise: the course's online-learning platform (AP1-AP7). The checks for every
-- pattern come from exercises/lib/grading.lua; this file states the patterns, their ground
-- truth, and the one check specific to this design: enrollments readable from both sides.

local function student_ids(d) return map(d.students, function(s) return s.student_id end) end
local function course_ids(d) return map(d.courses, function(c) return c.course_id end) end

-- The model of what a pattern returns (grading.lua, "Whole items"): each entity as it was
-- written, found by the id the pattern identifies it by.
local function student(d, id) return written(d, "Student", { "student_id" })[id] end
local function course(d, id) return written(d, "Course", { "course_id" })[id] end
local function enrollment(d, sid, cid) return written(d, "Enrollment", { "student_id", "course_id" })[sid .. "/" .. cid] end
-- A module or lesson of a course by its AP5-AP7 id ("module:m03", "lesson:l015"); lesson ids
-- repeat across a course's modules, so a lesson id may name several candidates.
local function structure(d, id, p)
  local kind, x = id:match("^(%a+):(.+)$")
  if kind == "module" then return written(d, "Module", { "course_id", "module_id" })[p.course_id .. "/" .. x] end
  if kind ~= "lesson" then return nil end
  local out = {}
  for _, l in pairs(written(d, "Lesson", { "course_id", "module_id", "lesson_id" })) do
    if l.course_id == p.course_id and l.lesson_id == x and (not p.module_id or l.module_id == p.module_id) then
      out[#out + 1] = l
    end
  end
  table.sort(out, function(a, b) return a.module_id < b.module_id end)
  return #out > 0 and out or nil
end
local STRUCTURE = { "course_id", "module_id", "lesson_id", "title", "position", "minutes" }

return exercise {
  id = "edtech",
  title = "Online courses: students, courses, modules, lessons",
  generate = generate,

  entities = {
    { name = "Instructor", params = { "instructor_id", "name" } },
    { name = "Student", params = { "student_id", "name", "email", "joined" } },
    { name = "Course", params = { "course_id", "title", "instructor_id" } },
    { name = "Module", params = { "course_id", "module_id", "title", "position" } },
    { name = "Lesson", params = { "course_id", "module_id", "lesson_id", "title", "minutes" } },
    { name = "Enrollment", params = { "student_id", "course_id", "enrolled_at" }, atomic = true },
  },

  -- The throughput check (grading.lua, "Throughput"): the start of term (README, "What is
  -- checked"), 1,100 sign-ups and 1,100 enrollments a second, sent through the solution's own
  -- Student and Enrollment templates on a virtual clock. Keys of each student's and each
  -- enrollment's own spread them over the table's partitions: the reference writes 2,200 WCU a
  -- second on the table and 1,100 on GSI1, two edges per enrollment 3,300 on the table, under
  -- the 4,000 a new on-demand table sustains, every item under 1 KB. A key value that every new
  -- student or every enrollment shares takes 1,100 WCU a second on one partition, above the
  -- 1,000 one partition serves: a constant index key on the profile (GSI1PK = "STUDENTS", an
  -- inverted index over SK = "PROFILE"), or a counter item every enrollment updates.
  traffic = {
    title = "the start of term", seconds = 1, points = 2,
    mix = {
      { template = "Student", rate = 1100, params = function(i)
        local id = string.format("s%04d", i % 9999 + 1)
        return { student_id = id, name = "New Student", email = id .. "@example.edu", joined = "2025-09-01" }
      end },
      -- Different students and courses: a popular course takes a few enrollments a second.
      { template = "Enrollment", rate = 1100, params = function(i)
        return { student_id = string.format("s%04d", (i * 37) % 9999 + 1),
          course_id = string.format("c%03d", (i * 7) % 900 + 100),
          enrolled_at = string.format("2025-09-01T08:%02d:%02dZ", (i // 60) % 60, i % 60) }
      end },
    },
  },

  patterns = {
    pattern {
      id = "AP1", title = "A student's profile", params = { "student_id" }, cardinality = "one",
      needs = { "Student" }, sample = { student_id = "s0001" },
      cases = function(d)
        local ids = student_ids(d)
        -- The busiest student's partition also holds their enrollments.
        return { { student_id = ids[1] }, { student_id = ids[#ids] }, { student_id = d.corners.busiest_student },
          { student_id = "s0000" } }
      end,
      expect = function(d, p)
        for _, s in ipairs(d.students) do if s.student_id == p.student_id then return { s.student_id } end end
        return {}
      end,
      -- A profile is a student_id with the profile's own attributes; an enrollment edge also
      -- carries student_id but has a course_id.
      identify = function(item)
        if item.student_id and item.email and not item.course_id then return item.student_id end
      end,
      returns = { "student_id", "name", "email", "joined" },
      model = function(d, id) return student(d, id) end,
      concept = "GetItem with the full primary key of the profile item.",
    },
    pattern {
      id = "AP2", title = "The courses a student is enrolled in", params = { "student_id" },
      order = "any", needs = { "Enrollment" }, high_volume = true,
      -- The busiest student (the most courses the brief allows, two enrolled in one second),
      -- another, and one enrolled in nothing (domain corners, generate.lua).
      cases = function(d)
        local c = d.corners
        local t = filter(top(d, "by_student", d.students, "student_id", 2), function(s) return s ~= c.busiest_student end)
        return { { student_id = c.busiest_student }, { student_id = t[1] }, { student_id = c.idle_student } }
      end,
      expect = function(d, p) return d.by_student[p.student_id] end,
      identify = function(item)
        if item.course_id and item.student_id then return item.course_id end
      end,
      returns = { "student_id", "course_id", "enrolled_at" },
      model = function(d, id, p) return enrollment(d, p.student_id, id) end,
      concept = "an item collection: enrollment edges stored under the student's partition key.",
    },
    pattern {
      id = "AP3", title = "The students enrolled in a course", params = { "course_id" },
      order = "any", needs = { "Enrollment" }, high_volume = true,
      -- The biggest course (the most students the brief allows, two enrolled in one second),
      -- another, and an empty one.
      cases = function(d)
        local c = d.corners
        local t = filter(top(d, "by_course", d.courses, "course_id", 2), function(x) return x ~= c.biggest_course end)
        return { { course_id = c.biggest_course }, { course_id = t[1] }, { course_id = c.empty_course } }
      end,
      expect = function(d, p) return d.by_course[p.course_id] end,
      identify = function(item)
        if item.course_id and item.student_id then return item.student_id end
      end,
      returns = { "student_id", "course_id", "enrolled_at" },
      model = function(d, id, p) return enrollment(d, id, p.course_id) end,
      concept = "the inverse edge: an overloaded GSI (GSI1PK = COURSE#<id>) over the enrollment items.",
    },
    pattern {
      id = "AP4", title = "The courses an instructor teaches", params = { "instructor_id" },
      order = "any", needs = { "Course" }, high_volume = true,
      cases = function(d)
        local out = {}
        for _, i in ipairs(d.instructors) do out[#out + 1] = { instructor_id = i.instructor_id } end
        return out
      end,
      expect = function(d, p) return d.by_instructor[p.instructor_id] end,
      identify = function(item)
        if item.course_id and item.instructor_id and not item.student_id and not item.module_id then
          return item.course_id
        end
      end,
      returns = { "course_id", "title", "instructor_id" },
      model = function(d, id) return course(d, id) end,
      concept = "index overloading: the course item also carries GSI1PK = INSTRUCTOR#<id>.",
    },
    pattern {
      id = "AP5", title = "A course's structure: modules, each followed by its lessons",
      params = { "course_id" }, needs = { "Module", "Lesson" }, order_name = "in module order",
      -- The full course (the most modules and lessons the brief allows), the first course (a
      -- lesson id in two of its modules) and the empty one.
      cases = function(d)
        local ids = course_ids(d)
        return { { course_id = d.corners.full_course }, { course_id = ids[1] }, { course_id = d.corners.empty_course } }
      end,
      expect = function(d, p)
        local out = {}
        for _, m in ipairs(d.modules[p.course_id]) do
          out[#out + 1] = "module:" .. m
          for _, l in ipairs(d.lessons[p.course_id .. "/" .. m]) do out[#out + 1] = "lesson:" .. l end
        end
        return out
      end,
      identify = function(item)
        if item.lesson_id then return "lesson:" .. item.lesson_id end
        if item.module_id then return "module:" .. item.module_id end
      end,
      returns = STRUCTURE, model = structure,
      order_text = "a hierarchical sort key (MODULE#<m>, then MODULE#<m>#LESSON#<l>) keeps each module next to its lessons.",
      concept = "composite sort keys that encode the hierarchy.",
    },
    pattern {
      id = "AP6", title = "A course's modules only, without lessons", params = { "course_id" },
      needs = { "Module", "Lesson" }, order_name = "in module order",
      order_text = "modules come in module_id order, which their positions (1, 2, ... 12) follow. A sort key of module ids keeps it, and so does the position as a number (a number-typed sort key); a position written into a string key unpadded sorts as text: 1, 10, 11, 12, 2, ...",
      -- The full course has two-digit positions (ten modules and more); the empty course none.
      cases = function(d)
        local ids = course_ids(d)
        return { { course_id = d.corners.full_course }, { course_id = ids[1] }, { course_id = ids[2] },
          { course_id = d.corners.empty_course } }
      end,
      expect = function(d, p) return map(d.modules[p.course_id], function(m) return "module:" .. m end) end,
      identify = function(item)
        if item.lesson_id then return "lesson:" .. item.lesson_id end
        if item.module_id then return "module:" .. item.module_id end
      end,
      returns = STRUCTURE, model = structure,
      concept = "prefix ambiguity: begins_with(SK, \"MODULE#\") also matches every lesson; give modules a key of their own (for example GSI1PK = COURSE#<id>, GSI1SK = MODULE#<m>).",
    },
    pattern {
      id = "AP7", title = "The lessons of one module", params = { "course_id", "module_id" },
      needs = { "Lesson" }, order_name = "in lesson order",
      -- The first two courses share module ids: the same module id asked about in two courses.
      cases = function(d)
        local c1, c2 = d.courses[1].course_id, d.courses[2].course_id
        local m = d.modules[c1][1]
        local last = d.modules[c1][#d.modules[c1]]
        return { { course_id = c1, module_id = m }, { course_id = c2, module_id = m },
          { course_id = c2, module_id = last },
          { course_id = d.corners.full_course, module_id = d.corners.tenth_module } }
      end,
      hot_cases = function(d)
        local c1, c2 = d.courses[1].course_id, d.courses[2].course_id
        return { { course_id = c1, module_id = d.modules[c1][1] }, { course_id = c2, module_id = d.modules[c1][1] } }
      end,
      expect = function(d, p)
        return map(d.lessons[p.course_id .. "/" .. p.module_id], function(l) return "lesson:" .. l end)
      end,
      identify = function(item)
        if item.lesson_id then return "lesson:" .. item.lesson_id end
        if item.module_id then return "module:" .. item.module_id end
      end,
      returns = STRUCTURE, model = structure,
      concept = "begins_with on a hierarchical sort key (MODULE#<m>#LESSON#).",
    },
  },

  checks = {
    {
      id = "both_sides", title = "A new enrollment is readable from the student and from the course",
      points = 2, depends = { "entity.Student", "entity.Enrollment" },
      run = function(d)
        local s, c = d.newcomer, d.newcomer_course
        local st = write_template("entity", "Student", s)
        if not st.ok then return grading.fail("Could not write a new student: " .. tostring(st.error)) end
        local en = write_template("entity", "Enrollment",
          { student_id = s.student_id, course_id = c, enrolled_at = "2026-02-01T10:00:00Z" })
        if not en.ok then return grading.fail("Could not enroll a new student: " .. tostring(en.error)) end
        local courses, err = run_pattern_once("AP2", { student_id = s.student_id })
        if not courses then return grading.fail(err) end
        if not contains(courses, c) then
          return grading.fail(string.format("After enrolling %s in %s, AP2 for %s does not list %s " ..
            "(got: %s).\nRevisit: write every edge of a many-to-many relationship in the same transaction.",
            s.student_id, c, s.student_id, c, grading.show_list(courses)))
        end
        local students, err2 = run_pattern_once("AP3", { course_id = c })
        if not students then return grading.fail(err2) end
        if not contains(students, s.student_id) then
          return grading.fail(string.format("After enrolling %s in %s, AP2 sees it from the " ..
            "student's side but AP3 for %s does not list %s: the inverse edge is missing.\n" ..
            "Revisit: the forgotten inverse edge; give the enrollment GSI1PK = COURSE#<id> or " ..
            "write the course-side item in the same transaction.", s.student_id, c, c, s.student_id))
        end
        return grading.pass()
      end,
    },
  },
}
