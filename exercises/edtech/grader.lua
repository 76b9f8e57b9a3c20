-- The edtech exercise: the course's online-learning platform (AP1-AP7). The checks for every
-- pattern come from exercises/lib/grading.lua; this file states the patterns, their ground
-- truth, and the one check specific to this design: enrollments readable from both sides.

local function student_ids(d) return map(d.students, function(s) return s.student_id end) end
local function course_ids(d) return map(d.courses, function(c) return c.course_id end) end

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
    { name = "Enrollment", params = { "student_id", "course_id", "enrolled_at" } },
  },

  patterns = {
    pattern {
      id = "AP1", title = "A student's profile", params = { "student_id" }, cardinality = "one",
      needs = { "Student" }, sample = { student_id = "s0001" },
      cases = function(d)
        local ids = student_ids(d)
        return { { student_id = ids[1] }, { student_id = ids[#ids] }, { student_id = "s0000" } }
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
      concept = "GetItem with the full primary key of the profile item.",
    },
    pattern {
      id = "AP2", title = "The courses a student is enrolled in", params = { "student_id" },
      order = "any", needs = { "Enrollment" }, high_volume = true,
      cases = function(d)
        local t = top(d, "by_student", d.students, "student_id", 2)
        return { { student_id = t[1] }, { student_id = t[2] }, { student_id = d.students[1].student_id } }
      end,
      expect = function(d, p) return d.by_student[p.student_id] end,
      identify = function(item)
        if item.course_id and item.student_id then return item.course_id end
      end,
      concept = "an item collection: enrollment edges stored under the student's partition key.",
    },
    pattern {
      id = "AP3", title = "The students enrolled in a course", params = { "course_id" },
      order = "any", needs = { "Enrollment" }, high_volume = true,
      cases = function(d)
        local ids = course_ids(d)
        local t = top(d, "by_course", d.courses, "course_id", 2)
        return { { course_id = t[1] }, { course_id = t[2] }, { course_id = ids[#ids] } }
      end,
      expect = function(d, p) return d.by_course[p.course_id] end,
      identify = function(item)
        if item.course_id and item.student_id then return item.student_id end
      end,
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
      concept = "index overloading: the course item also carries GSI1PK = INSTRUCTOR#<id>.",
    },
    pattern {
      id = "AP5", title = "A course's structure: modules, each followed by its lessons",
      params = { "course_id" }, needs = { "Module", "Lesson" }, order_name = "in module order",
      cases = function(d)
        local ids = course_ids(d)
        return { { course_id = ids[1] }, { course_id = ids[#ids] } }
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
      order_text = "a hierarchical sort key (MODULE#<m>, then MODULE#<m>#LESSON#<l>) keeps each module next to its lessons.",
      concept = "composite sort keys that encode the hierarchy.",
    },
    pattern {
      id = "AP6", title = "A course's modules only, without lessons", params = { "course_id" },
      needs = { "Module", "Lesson" }, order_name = "in module order",
      cases = function(d)
        local ids = course_ids(d)
        return { { course_id = ids[1] }, { course_id = ids[2] } }
      end,
      expect = function(d, p) return map(d.modules[p.course_id], function(m) return "module:" .. m end) end,
      identify = function(item)
        if item.lesson_id then return "lesson:" .. item.lesson_id end
        if item.module_id then return "module:" .. item.module_id end
      end,
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
          { course_id = c2, module_id = last } }
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
