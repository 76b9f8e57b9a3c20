-- A test exercise for the grader's throughput check (tests/e2e/grade_throughput.sh): the notes
-- of `ddblab exercise new`, where every note also goes to an index listing all notes, written
-- at 1,500 notes a second. A static index key throttles; a sharded one does not.

return exercise {
  id = "throughput-notes",
  title = "Notes, at the evening peak",
  generate = generate,
  -- The all-notes index may be write-sharded: Note receives ${shard} (0-3, from note_id).
  shards = 4,

  entities = {
    { name = "Note", params = { "user_id", "note_id", "created", "text" }, shard_by = "note_id" },
  },

  patterns = {
    pattern {
      id = "AP1", title = "A user's notes", params = { "user_id" }, order_name = "newest first",
      needs = { "Note" },
      cases = function(d)
        return { { user_id = d.users[2] }, { user_id = d.users[3] }, { user_id = d.users[1] } }
      end,
      expect = function(d, p)
        local list = sorted(d.notes[p.user_id], function(a, b)
          return a.created .. "#" .. a.note_id > b.created .. "#" .. b.note_id
        end)
        return map(list, function(n) return n.note_id end)
      end,
      identify = function(item) if item.note_id then return item.note_id end end,
      order_text = "put the timestamp first in the sort key (NOTE#<created>#<id>) and read backwards.",
      concept = "a sort key that starts with a timestamp and ends with the id that makes it unique.",
    },
  },

  -- 1,500 new notes a second from 400 users: more than one partition's 1,000 WCU.
  traffic = {
    title = "the evening peak", seconds = 4, points = 2,
    mix = { {
      template = "Note", rate = 1500,
      params = function(i)
        return { user_id = string.format("u%03d", i % 400), note_id = string.format("n%07d", i),
          created = string.format("2026-01-01T20:%02d:%02dZ", (i // 60000) % 60, (i // 1000) % 60),
          text = "note " .. i }
      end,
    } },
  },
}
