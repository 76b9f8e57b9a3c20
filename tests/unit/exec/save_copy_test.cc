// Engine::SaveCopy, behind the shell's .save: an in-memory database copied to a file that opens
// with every table, index, item and partition override, and never over an existing file.
#include <unistd.h>

#include <filesystem>

#include "fixture.h"

using namespace ddbtest;

namespace {
std::string TempPath(const char* name) {
  auto dir = std::filesystem::temp_directory_path() / ("ddblab-save-" + std::to_string(getpid()));
  std::filesystem::create_directories(dir);
  auto path = dir / name;
  std::filesystem::remove(path);
  return path.string();
}
}  // namespace

TEST_CASE("SaveCopy writes an in-memory database to a file that reopens whole") {
  std::string path = TempPath("copy.db");
  auto memory = Must(Engine::Open());
  CreateAppTable(*memory);
  Put(*memory, {{"PK", S("a")}, {"SK", S("b")}, {"GSI1PK", S("g")}, {"GSI1SK", S("1")}});
  REQUIRE(memory->SetPartitionCount("App", 7).ok());
  REQUIRE(memory->SaveCopy(path).ok());

  EngineOptions o;
  o.path = path;
  auto copy = Must(Engine::Open(o));
  QueryRequest q;
  q.table_name = "App";
  q.index_name = "GSI1";
  q.key_condition_expression = "GSI1PK = :g";
  q.expression_attribute_values = ExpressionAttributeValues{{":g", S("g")}};
  auto r = Must(copy->Query(q));
  CHECK(r.count == 1);
  CHECK(r.trace.partitions_total == 7);
}

TEST_CASE("SaveCopy refuses a file that exists, leaving it untouched") {
  std::string path = TempPath("taken.db");
  auto memory = Must(Engine::Open());
  CreateAppTable(*memory);
  REQUIRE(memory->SaveCopy(path).ok());
  auto size = std::filesystem::file_size(path);
  Status again = memory->SaveCopy(path);
  REQUIRE_FALSE(again.ok());
  CHECK(again.error().message == "cannot save to " + path + ": output file already exists");
  CHECK(std::filesystem::file_size(path) == size);
}
