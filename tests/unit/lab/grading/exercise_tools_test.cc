// Unit tests for the instructor tooling around exercises: finding an exercise by id or by
// folder, the seed ranges `ddblab exercise check` takes, and the refusal of a template that
// mixes aws-CLI writes with PartiQL (no DynamoDB transaction takes both).
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <string>

#include "lab/grading/exercise_check.h"
#include "lab/grading/exercise_location.h"
#include "lab/grading/grader.h"

using namespace ddblab;
using namespace ddblab::grade;
namespace fs = std::filesystem;

namespace {

const std::string kRoot = std::string(DDBLAB_SOURCE_DIR) + "/exercises";

// A private temporary folder, removed at the end of the test.
struct TempDir {
  fs::path path;
  TempDir() {
    path = fs::temp_directory_path() / ("ddblab-extools-" + std::to_string(getpid()) + "-" +
                                        std::to_string(reinterpret_cast<uintptr_t>(this)));
    fs::create_directories(path);
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
};

}  // namespace

TEST_CASE("An exercise is found by id or by a folder path with or without a trailing slash") {
  Result<ExerciseLocation> by_id = LocateExercise("edtech", kRoot);
  REQUIRE(by_id.ok());
  CHECK(by_id->id == "edtech");
  CHECK(by_id->library == kRoot + "/lib/grading.lua");

  Result<ExerciseLocation> by_path = LocateExercise(kRoot + "/social/", kRoot);
  REQUIRE(by_path.ok());
  CHECK(by_path->id == "social");
  CHECK(fs::path(by_path->dir) == fs::path(kRoot) / "social");

  Result<ExerciseLocation> missing = LocateExercise("no-such-exercise", kRoot);
  REQUIRE(!missing.ok());
  CHECK(missing.error().message ==
        "no exercise 'no-such-exercise': not an exercise id in " + kRoot + " and not a folder");

  TempDir tmp;
  Result<ExerciseLocation> no_grader = LocateExercise(tmp.path.string(), kRoot);
  REQUIRE(!no_grader.ok());
  CHECK(no_grader.error().message ==
        "no exercise '" + tmp.path.string() + "': the folder has no grader.lua");
}

TEST_CASE("A lab folder outside exercises/ is graded with the built-in grading library") {
  TempDir tmp;
  fs::path lab = tmp.path / "course" / "labs" / "network";
  fs::create_directories(lab.parent_path());
  fs::copy(fs::path(kRoot) / "social", lab, fs::copy_options::recursive);
  GradeOptions opt;
  opt.exercises_dir = kRoot;
  opt.seed = 4;
  Report r = GradeSolution(lab.string() + "/", (lab / "reference.ddb").string(), opt);
  INFO(RenderText(r, true));
  CHECK(r.error.empty());
  CHECK(r.exercise == "network");
  CHECK(r.max_score() > 0);
  CHECK(r.score() == r.max_score());
}

TEST_CASE("Seed lists are single seeds or inclusive ranges or comma lists and bad ones are named") {
  Result<std::vector<uint64_t>> a = ParseSeeds("1..3,9");
  REQUIRE(a.ok());
  CHECK(*a == std::vector<uint64_t>{1, 2, 3, 9});
  Result<std::vector<uint64_t>> b = ParseSeeds("7");
  REQUIRE(b.ok());
  CHECK(*b == std::vector<uint64_t>{7});
  CHECK(ParseSeeds("3..1").error().message == "bad seed range '3..1' (A..B with A <= B)");
  CHECK(ParseSeeds("x").error().message == "bad seed 'x'");
  CHECK(ParseSeeds("").error().message == "no seeds");
}

// DynamoDB: TransactWriteItems takes Put/Update/Delete/ConditionCheck actions and
// ExecuteTransaction takes PartiQL statements only
// (https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_ExecuteTransaction.html),
// so a template mixing the two cannot be one transaction.
TEST_CASE("A template mixing aws-CLI writes and PartiQL is refused with a clear error") {
  TempDir tmp;
  std::ifstream in(kRoot + "/social/reference.ddb");
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  size_t at = text.find("-- @entity Membership");
  REQUIRE(at != std::string::npos);
  size_t end = text.find("-- @pattern AP1");
  text.replace(at, end - at,
               "-- @entity Membership\n"
               "aws dynamodb put-item --table-name social --item "
               "'{\"PK\":{\"S\":\"USER#${user_id}\"},\"SK\":{\"S\":\"GROUP#${group_id}\"},"
               "\"user_id\":{\"S\":\"${user_id}\"},\"group_id\":{\"S\":\"${group_id}\"}}'\n"
               "INSERT INTO \"social\" VALUE {'PK': 'GROUP#${group_id}', 'SK': "
               "'MEMBER#${user_id}', 'user_id': '${user_id}', 'group_id': '${group_id}'}\n\n");
  fs::path file = tmp.path / "mixed.ddb";
  std::ofstream(file) << text;
  GradeOptions opt;
  opt.exercises_dir = kRoot;
  Report r = GradeSolution("social", file.string(), opt);
  INFO(RenderText(r, true));
  const CheckResult* membership = nullptr;
  for (const auto& c : r.checks) {
    if (c.id == "entity.Membership") membership = &c;
  }
  REQUIRE(membership != nullptr);
  CHECK(membership->status == CheckStatus::kFailed);
  CHECK(membership->message.find(
            "this template mixes aws-CLI writes and PartiQL statements, and DynamoDB has no "
            "transaction that takes both") != std::string::npos);
}

TEST_CASE("A scaffolded exercise passes its own check and a name with a slash is refused") {
  TempDir tmp;
  Result<std::string> made = ScaffoldExercise("notes", tmp.path.string());
  REQUIRE(made.ok());
  CheckOptions opt;
  opt.exercise = *made;
  opt.exercises_dir = kRoot;
  opt.seeds = {1, 2};
  std::FILE* sink = std::tmpfile();
  REQUIRE(sink != nullptr);
  CHECK(CheckExercise(opt, sink) == 0);
  std::fclose(sink);
  CHECK(ScaffoldExercise("a/b", tmp.path.string()).error().message ==
        "an exercise name is lower-case letters, digits, '-' and '_': 'a/b'");
  CHECK(ScaffoldExercise("notes", tmp.path.string()).error().message ==
        (tmp.path / "notes").string() + " already exists");
}
