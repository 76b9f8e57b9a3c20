// Lessons without an engine: stepping, hints, progress files, and lessons that misbehave.
#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "lab/runtime/lab_runtime.h"
#include "shell/session/boundary.h"

namespace fs = std::filesystem;
using ddblab::lab::LessonSession;
using ddblab::lab::ProgressStore;
using ddblab::lab::StatementRecord;

namespace {

// A backend that refuses every call: these lessons never reach a database.
class NoBackend : public ddblab::wire::Client {
 public:
  ddblab::wire::JsonResult Call(std::string_view, const ddblab::wire::Json&) override {
    ddblab::wire::JsonResult r;
    r.error = ddblab::ValidationError("no backend in this test");
    return r;
  }
  std::string Describe() const override { return "none"; }
};

struct TempDir {
  fs::path path;
  // mkdtemp: CTest runs test cases as concurrent processes, and each needs its own directory
  // (an unseeded rand() gave every process the same name).
  TempDir() {
    std::string pattern = (fs::temp_directory_path() / "ddblab-lab-XXXXXX").string();
    REQUIRE(mkdtemp(pattern.data()) != nullptr);
    path = pattern;
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
  // A lesson is a folder: <dir>/<id>/lesson.lua.
  void WriteLesson(const std::string& id, const std::string& text) const {
    fs::create_directories(path / id);
    std::ofstream(path / id / "lesson.lua") << text;
  }
};

// A statement record as if the student had run a Query on `index` returning `count` items.
StatementRecord Query(const std::string& index, int count) {
  StatementRecord r;
  r.input = "query ...";
  r.kind = ddblab::shell::InputKind::kCli;
  r.operation = "Query";
  r.ok = true;
  ddblab::CallResult call;
  call.ok = true;
  call.trace.operation = "Query";
  call.trace.index = index;
  call.trace.items_read = count;
  call.trace.items_returned = count;
  r.calls.push_back(call);
  ddblab::QueryResponse page;
  page.count = count;
  r.response = ddblab::MakeResponse<ddblab::Operation::Query>(std::move(page));
  return r;
}

StatementRecord Scan() {
  StatementRecord r = Query("", 0);
  r.operation = "Scan";
  r.calls[0].trace.operation = "Scan";
  r.calls[0].trace.items_read = 40;
  return r;
}

constexpr const char* kTwoSteps = R"lua(
return lesson {
  id = "demo", number = 7, title = "Demo lesson", summary = "Two steps.",
  steps = {
    { id = "use-index", text = "Query GSI1.",
      check = function(r)
        if is_scan(r) then return false, "That Scan read {read} items." end
        if not is_query(r, "GSI1") then return nil end
        return true
      end,
      hints = { "first hint", "second hint" },
      show = "query --index-name GSI1 ...",
      explain = "Read {read} from {index}." },
    { id = "count", text = "Return three items.",
      check = function(r) return r.count == 3, "Wanted 3, got {count}." end },
  },
}
)lua";

bool Contains(const std::string& s, const std::string& part) {
  return s.find(part) != std::string::npos;
}

}  // namespace

TEST_CASE("a miss gives the first unused hint, a pass advances with the explanation") {
  TempDir dir;
  dir.WriteLesson("demo", kTwoSteps);
  NoBackend client;
  ProgressStore progress((dir.path / "progress.json").string());
  std::ostringstream out;
  LessonSession s(client, progress, out);
  REQUIRE(s.Start(dir.path.string(), "demo", false));
  CHECK(Contains(out.str(), "Query GSI1."));

  out.str("");
  s.OnStatement(Scan());
  CHECK(Contains(out.str(), "That Scan read 40 items."));
  CHECK(Contains(out.str(), "Hint 1/2: first hint"));
  out.str("");
  s.OnStatement(Scan());
  CHECK(Contains(out.str(), "Hint 2/2: second hint"));
  out.str("");
  s.OnStatement(Query("GSI1", 2));
  CHECK(Contains(out.str(), "Step passed"));
  CHECK(Contains(out.str(), "Read 2 from GSI1."));
  CHECK(s.step() == 1);

  out.str("");
  s.OnStatement(Query("", 3));
  CHECK(s.completed());
  CHECK(Contains(out.str(), "Lesson complete"));

  ProgressStore reread((dir.path / "progress.json").string());
  reread.Load();
  CHECK(reread.Get("demo").completed);
  CHECK(reread.Get("demo").hints_used.at("use-index") == 2);
}

TEST_CASE("a neutral statement uses no hint") {
  TempDir dir;
  dir.WriteLesson("demo", kTwoSteps);
  NoBackend client;
  ProgressStore progress("");
  std::ostringstream out;
  LessonSession s(client, progress, out);
  REQUIRE(s.Start(dir.path.string(), "demo", false));
  out.str("");
  s.OnStatement(Query("", 1));
  CHECK_FALSE(Contains(out.str(), "Hint"));
  CHECK(s.step() == 0);
}

TEST_CASE("progress survives a restart and the lesson resumes at the saved step") {
  TempDir dir;
  dir.WriteLesson("demo", kTwoSteps);
  NoBackend client;
  std::string file = (dir.path / "data" / "progress.json").string();
  {
    ProgressStore progress(file);
    std::ostringstream out;
    LessonSession s(client, progress, out);
    REQUIRE(s.Start(dir.path.string(), "demo", false));
    s.OnStatement(Query("GSI1", 1));
    CHECK(s.step() == 1);
  }
  ProgressStore progress(file);
  progress.Load();
  CHECK(progress.Get("demo").step == 1);
  std::ostringstream out;
  LessonSession s(client, progress, out);
  REQUIRE(s.Start(dir.path.string(), "7", false));
  CHECK(s.step() == 1);
  CHECK(Contains(out.str(), "Resuming at step 2 of 2"));
}

TEST_CASE("dot-commands: hint, show, back, next, status") {
  TempDir dir;
  dir.WriteLesson("demo", kTwoSteps);
  NoBackend client;
  ProgressStore progress("");
  std::ostringstream out;
  LessonSession s(client, progress, out);
  REQUIRE(s.Start(dir.path.string(), "demo", false));
  out.str("");
  CHECK(s.Command("hint"));
  CHECK(Contains(out.str(), "Hint 1/2"));
  CHECK(s.Command("show"));
  CHECK(Contains(out.str(), "query --index-name GSI1"));
  CHECK(s.Command("next"));
  CHECK(s.step() == 1);
  CHECK(s.Command("back"));
  CHECK(s.step() == 0);
  out.str("");
  CHECK(s.Command("status"));
  CHECK(Contains(out.str(), "step 1 of 2"));
  CHECK_FALSE(s.Command("dance"));
}

TEST_CASE("a lesson whose setup loops forever is stopped and reported") {
  TempDir dir;
  dir.WriteLesson("spin", R"lua(
return lesson { id = "spin", title = "Spins", setup = function() while true do end end,
  steps = { { id = "a", text = "x", check = function() return true end } } }
)lua");
  NoBackend client;
  ProgressStore progress("");
  std::ostringstream out;
  LessonSession s(client, progress, out);
  CHECK_FALSE(s.Start(dir.path.string(), "spin", false));
  CHECK(Contains(out.str(), "instruction budget"));
  CHECK_FALSE(s.active());
}

TEST_CASE("a check that reaches for io fails with a message, the session keeps going") {
  TempDir dir;
  dir.WriteLesson("nosy", R"lua(
return lesson { id = "nosy", title = "Nosy",
  steps = { { id = "a", text = "x", check = function() return io.open("/etc/passwd") end } } }
)lua");
  NoBackend client;
  ProgressStore progress("");
  std::ostringstream out;
  LessonSession s(client, progress, out);
  REQUIRE(s.Start(dir.path.string(), "nosy", false));
  out.str("");
  s.OnStatement(Query("", 1));
  CHECK(Contains(out.str(), "the check of step a failed"));
  CHECK(s.active());
}

TEST_CASE("a lesson file without `return lesson` is a load error") {
  TempDir dir;
  dir.WriteLesson("empty", "local x = 1\n");
  NoBackend client;
  ProgressStore progress("");
  std::ostringstream out;
  LessonSession s(client, progress, out);
  CHECK_FALSE(s.Start(dir.path.string(), "empty", false));
  CHECK(Contains(out.str(), "return lesson"));
}

TEST_CASE("answers split into statements, joined while quotes or braces are open") {
  auto v = ddblab::shell::SplitStatements(
      "# comment\n\nscan --table-name t\nput-item --item '{\n  \"PK\": {\"S\": \"a\"}\n}'\n"
      "SELECT * FROM t\n");
  REQUIRE(v.size() == 3);
  CHECK(v[0].text == "scan --table-name t");
  CHECK(Contains(v[1].text, "\"PK\""));
  CHECK(v[2].text == "SELECT * FROM t");
}

TEST_CASE("DynamoDB JSON unmarshals to plain values") {
  auto j = ddblab::wire::Json::parse(
      R"({"PK":{"S":"A"},"n":{"N":"149.00"},"big":{"N":"12345678901234567890123"},)"
      R"("b":{"BOOL":true},"z":{"NULL":true},"l":{"L":[{"N":"1"},{"S":"x"}]},)"
      R"("m":{"M":{"k":{"S":"v"}}},"ss":{"SS":["a","b"]}})");
  auto p = ddblab::lab::UnmarshalItem(j);
  CHECK(p["PK"] == "A");
  CHECK(p["n"] == 149);
  CHECK(p["big"] == "12345678901234567890123");
  CHECK(p["b"] == true);
  CHECK(p["z"].is_null());
  CHECK(p["l"][1] == "x");
  CHECK(p["m"]["k"] == "v");
  CHECK(p["ss"].size() == 2);
}
