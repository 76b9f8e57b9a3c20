// `ddblab exercise new NAME`: a small exercise that already passes `ddblab exercise check`, so an
// instructor starts from something that works and changes one file at a time. It shows the
// habits the authoring guide asks for: a generator that produces the collision the classic
// mistake needs (two notes written in the same second), cases with a big, a small and an empty
// answer, a wrong solution with its .expect, and a right one written differently.
#include <filesystem>
#include <fstream>

#include "grading/exercise_check.h"

namespace ddblab::grade {

namespace fs = std::filesystem;

namespace {

constexpr const char* kReadme = R"ddb(# Notes: users and their notes

Users write short notes. Design the table, a template that stores one note, and one statement
for the access pattern. The grader fills in the `${...}` parameters with generated data.

## Entities and their parameters

Store the parameters as attributes under the same names (the grader recognises items by them).

| template | parameters |
|---|---|
| `Note` | `user_id`, `note_id`, `created` (timestamp), `text` |

Ids are fixed width (`u042`, `n0137`).

## Access patterns

| id | parameters | returns | order | cardinality |
|---|---|---|---|---|
| AP1 | `user_id` | the user's notes | newest first (`created`, then `note_id`) | 0-6 |
)ddb";

constexpr const char* kGenerate =
    R"ddb(-- Seeded data: users and their notes. The first user writes nothing; the second writes the most
-- notes, two of them in the same second, so a key built from the timestamp alone collides on
-- every seed.

function generate(seed)
  local r = rng(seed)
  local d = { writes = {}, users = {}, notes = {} }
  local note_ids = r:ids("n", 60, 4)
  local k = 0
  for i, id in ipairs(r:ids("u", r:int(4, 6), 3)) do
    d.users[#d.users + 1] = id
    d.notes[id] = {}
    local n = i == 1 and 0 or (i == 2 and 6 or r:int(1, 5))
    local first
    for j = 1, n do
      k = k + 1
      local created = r:time(2025, 2026)
      if j == 1 then first = created end
      if i == 2 and j == 2 then created = first end
      local note = { user_id = id, note_id = note_ids[k], created = created, text = "note " .. j }
      table.insert(d.notes[id], note)
      d.writes[#d.writes + 1] = { kind = "entity", name = "Note", params = note }
    end
  end
  return d
end
)ddb";

constexpr const char* kGrader =
    R"ddb(-- The notes exercise: one entity and one access pattern. exercises/README.md documents every
-- field used here.

return exercise {
  id = "@NAME@",
  title = "Notes: users and their notes",
  generate = generate,

  entities = {
    { name = "Note", params = { "user_id", "note_id", "created", "text" } },
  },

  patterns = {
    pattern {
      id = "AP1", title = "A user's notes", params = { "user_id" }, order_name = "newest first",
      needs = { "Note" },
      -- A big answer (with the same-second pair), a small one, an empty one.
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
}
)ddb";

constexpr const char* kReference = R"ddb(-- Reference solution (full marks).

-- @table
aws dynamodb create-table --table-name notes \
  --attribute-definitions AttributeName=PK,AttributeType=S AttributeName=SK,AttributeType=S \
  --key-schema AttributeName=PK,KeyType=HASH AttributeName=SK,KeyType=RANGE \
  --billing-mode PAY_PER_REQUEST

-- @entity Note
aws dynamodb put-item --table-name notes --item '{"PK":{"S":"USER#${user_id}"},"SK":{"S":"NOTE#${created}#${note_id}"},"user_id":{"S":"${user_id}"},"note_id":{"S":"${note_id}"},"created":{"S":"${created}"},"text":{"S":"${text}"}}'

-- @pattern AP1
aws dynamodb query --table-name notes --no-scan-index-forward \
  --key-condition-expression "PK = :pk AND begins_with(SK, :p)" \
  --expression-attribute-values '{":pk":{"S":"USER#${user_id}"},":p":{"S":"NOTE#"}}'
)ddb";

constexpr const char* kStarter =
    R"ddb(-- Your solution. Write the statements under each marker; see README.md.

-- @table

-- @entity Note
-- Parameters: user_id, note_id, created, text

-- @pattern AP1
-- A user's notes, newest first.
)ddb";

constexpr const char* kRight = R"ddb(-- Right: PartiQL writes and reads, other key names.

-- @table
aws dynamodb create-table --table-name notes \
  --attribute-definitions AttributeName=owner,AttributeType=S AttributeName=stamp,AttributeType=S \
  --key-schema AttributeName=owner,KeyType=HASH AttributeName=stamp,KeyType=RANGE \
  --billing-mode PAY_PER_REQUEST

-- @entity Note
INSERT INTO "notes" VALUE {'owner': '${user_id}', 'stamp': '${created}#${note_id}', 'user_id': '${user_id}', 'note_id': '${note_id}', 'created': '${created}', 'text': '${text}'}

-- @pattern AP1
SELECT * FROM "notes" WHERE owner = '${user_id}' ORDER BY stamp DESC
)ddb";

constexpr const char* kWrong =
    R"ddb(-- Wrong: the sort key is the timestamp alone; two notes in one second overwrite each other.

-- @table
aws dynamodb create-table --table-name notes \
  --attribute-definitions AttributeName=PK,AttributeType=S AttributeName=SK,AttributeType=S \
  --key-schema AttributeName=PK,KeyType=HASH AttributeName=SK,KeyType=RANGE \
  --billing-mode PAY_PER_REQUEST

-- @entity Note
aws dynamodb put-item --table-name notes --item '{"PK":{"S":"USER#${user_id}"},"SK":{"S":"NOTE#${created}"},"user_id":{"S":"${user_id}"},"note_id":{"S":"${note_id}"},"created":{"S":"${created}"},"text":{"S":"${text}"}}'

-- @pattern AP1
aws dynamodb query --table-name notes --no-scan-index-forward \
  --key-condition-expression "PK = :pk AND begins_with(SK, :p)" \
  --expression-attribute-values '{":pk":{"S":"USER#${user_id}"},":p":{"S":"NOTE#"}}'
)ddb";

constexpr const char* kWrongExpect =
    R"ddb(# Two notes written in the same second share a key: the second overwrites the first.
fail AP1
skip AP1.cost AP1.hotkey
message AP1 missing:
lose 4
)ddb";

std::string Replace(std::string text, const std::string& from, const std::string& to) {
  for (size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size())) {
    text.replace(at, from.size(), to);
  }
  return text;
}

}  // namespace

Result<std::string> ScaffoldExercise(const std::string& name, const std::string& parent) {
  if (name.empty() ||
      name.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789_-") != std::string::npos) {
    return ValidationError("an exercise name is lower-case letters, digits, '-' and '_': '" + name +
                           "'");
  }
  fs::path dir = fs::path(parent.empty() ? "." : parent) / name;
  std::error_code ec;
  if (fs::exists(dir, ec)) return ValidationError(dir.string() + " already exists");
  fs::create_directories(dir / "wrong", ec);
  if (!ec) fs::create_directories(dir / "right", ec);
  if (ec) return ValidationError("cannot create " + dir.string() + ": " + ec.message());
  const std::pair<const char*, std::string> files[] = {
      {"README.md", kReadme},
      {"generate.lua", kGenerate},
      {"grader.lua", Replace(kGrader, "@NAME@", name)},
      {"reference.ddb", kReference},
      {"starter.ddb", kStarter},
      {"right/partiql.ddb", kRight},
      {"wrong/same_second.ddb", kWrong},
      {"wrong/same_second.expect", kWrongExpect},
  };
  for (const auto& [file, text] : files) {
    std::ofstream out(dir / file, std::ios::binary);
    out << text;
    if (!out) return ValidationError("cannot write " + (dir / file).string());
  }
  return dir.string();
}

}  // namespace ddblab::grade
