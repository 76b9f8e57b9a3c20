// Unit tests for the autograder pieces that have no user syntax of their own: the solution
// file's block structure, placeholder filling, the result model's renderers, and one grading
// run end to end on the edtech reference.
#include <catch2/catch.hpp>
#include <string>

#include "lab/grading/grader.h"
#include "lab/grading/solution.h"

using namespace ddblab;
using namespace ddblab::grade;

TEST_CASE("Markers split a solution into named blocks and comments vanish") {
  Solution s = ParseSolution(
      "-- header comment\n"
      "-- @table\n"
      "aws dynamodb create-table --table-name t \\\n"
      "  --key-schema AttributeName=PK,KeyType=HASH\n"
      "-- @entity Student\n"
      "-- a comment inside the block\n"
      "put-item --table-name t --item '{\"PK\":{\"S\":\"${id}\"}}'\n"
      "put-item --table-name t --item '{\n"
      "  \"PK\":{\"S\":\"X#${id}\"}}'\n"
      "-- @pattern AP1\n"
      "SELECT * FROM \"t\" WHERE PK = '${id}'\n",
      "x.ddb");
  REQUIRE(s.problems.empty());
  REQUIRE(s.blocks.size() == 3);
  const Block* t = s.Find(BlockKind::kTable, "");
  REQUIRE(t != nullptr);
  CHECK(t->statements.size() == 1);
  const Block* e = s.Find(BlockKind::kEntity, "Student");
  REQUIRE(e != nullptr);
  CHECK(e->statements.size() == 2);
  CHECK(e->line == 5);
  REQUIRE(s.Find(BlockKind::kPattern, "AP1") != nullptr);
  CHECK(s.Find(BlockKind::kPattern, "AP2") == nullptr);
}

TEST_CASE("An option line starting with -- belongs to the command") {
  Solution s = ParseSolution(
      "-- @pattern AP2\n"
      "aws dynamodb query --table-name t \\\n"
      "--key-condition-expression \"PK = :pk\"\n",
      "");
  const Block* b = s.Find(BlockKind::kPattern, "AP2");
  REQUIRE(b != nullptr);
  REQUIRE(b->statements.size() == 1);
  CHECK(b->statements[0].text.find("--key-condition-expression") != std::string::npos);
}

TEST_CASE("Unknown markers and nameless or duplicate blocks are reported without failing") {
  Solution s = ParseSolution(
      "stray statement\n"
      "-- @tabel\n"
      "-- @entity\n"
      "-- @pattern AP1\nGET\n"
      "-- @pattern AP1\nOTHER\n",
      "");
  CHECK(s.problems.size() == 4);
  REQUIRE(s.Find(BlockKind::kPattern, "AP1") != nullptr);
  CHECK(s.Find(BlockKind::kPattern, "AP1")->statements[0].text == "GET");
}

TEST_CASE("Placeholders are filled and an unknown one names the parameters given") {
  auto ok =
      FillPlaceholders("PK = 'COURSE#${course_id}' AND ${ x }", {{"course_id", "c1"}, {"x", "y"}});
  REQUIRE(ok.ok());
  CHECK(*ok == "PK = 'COURSE#c1' AND y");
  auto bad = FillPlaceholders("${course}", {{"course_id", "c1"}});
  REQUIRE(!bad.ok());
  CHECK(bad.error().message.find("${course}") != std::string::npos);
  CHECK(bad.error().message.find("course_id") != std::string::npos);
  CHECK(!FillPlaceholders("${open", {}).ok());
}

namespace {
Report Sample() {
  Report r;
  r.exercise = "demo";
  r.solution = "a<b>.ddb";
  r.seed = 99;
  CheckResult pass{"AP1", "first", 2, 2, CheckStatus::kPassed, "", Visibility::kVisible, {}, 0.1};
  CheckResult fail{"AP1.cost",       "cost & \"size\"",    0,       1,  CheckStatus::kFailed,
                   "read 9 <items>", Visibility::kVisible, {"AP1"}, 0.1};
  CheckResult hidden{"limits", "limits", 0, 1, CheckStatus::kFailed, "SECRET", Visibility::kHidden,
                     {},       0};
  CheckResult skip{
      "AP2", "second", 0, 2, CheckStatus::kSkipped, "skipped: setup.table", Visibility::kVisible,
      {},    0};
  r.checks = {pass, fail, hidden, skip};
  return r;
}
}  // namespace

TEST_CASE("Scores add up over checks and hidden feedback never leaks") {
  Report r = Sample();
  CHECK(r.score() == 2);
  CHECK(r.max_score() == 6);
  std::string text = RenderText(r, false);
  CHECK(text.find("seed 99") != std::string::npos);
  CHECK(text.find("SECRET") == std::string::npos);
  CHECK(RenderText(r, true).find("SECRET") != std::string::npos);
  CHECK(ReportToJson(r, false).dump().find("SECRET") == std::string::npos);
  CHECK(ReportToGradescope(r).dump().find("SECRET") == std::string::npos);
  CHECK(RenderJUnit({r}).find("SECRET") == std::string::npos);
}

TEST_CASE("Gradescope tests carry every required field") {
  wire::Json g = ReportToGradescope(Sample());
  CHECK(g["score"] == 2);
  REQUIRE(g["tests"].size() == 4);
  CHECK(g["tests"][0]["status"] == "passed");
  CHECK(g["tests"][1]["status"] == "failed");
  CHECK(g["tests"][2]["visibility"] == "after_due_date");
  CHECK(g["tests"][3]["status"] == "failed");
}

TEST_CASE("JUnit escapes markup and counts each status") {
  std::string x = RenderJUnit({Sample()});
  CHECK(x.find("a&lt;b&gt;.ddb") != std::string::npos);
  CHECK(x.find("cost &amp; &quot;size&quot;") != std::string::npos);
  CHECK(x.find("tests=\"4\" failures=\"2\" errors=\"0\" skipped=\"1\"") != std::string::npos);
}

TEST_CASE("Reports survive the JSON round trip between grader processes") {
  Report r = Sample();
  Report back = ReportFromJson(ReportToJson(r, true));
  CHECK(back.seed == 99);
  REQUIRE(back.checks.size() == r.checks.size());
  CHECK(back.checks[1].message == "read 9 <items>");
  CHECK(back.checks[1].depends == std::vector<std::string>{"AP1"});
  CHECK(back.checks[2].visibility == Visibility::kHidden);
  CHECK(back.score() == r.score());
}

TEST_CASE("The edtech reference earns full marks and a missing exercise is a grader error") {
  GradeOptions opt;
  opt.exercises_dir = std::string(DDBLAB_SOURCE_DIR) + "/exercises";
  opt.seed = 3;
  Report r = GradeSolution("edtech", opt.exercises_dir + "/edtech/reference.ddb", opt);
  INFO(RenderText(r, true));
  CHECK(r.error.empty());
  CHECK(r.max_score() > 0);
  CHECK(r.score() == r.max_score());
  Report none = GradeSolution("no-such-exercise", "x.ddb", opt);
  CHECK(!none.error.empty());
  CHECK(none.checks.empty());
}
