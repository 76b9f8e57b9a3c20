#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>

#include "fixture.h"

using namespace ddbtest;

namespace {
std::string TempDb(const char* name) {
  auto dir = std::filesystem::temp_directory_path() / ("ddblab-test-" + std::to_string(getpid()));
  std::filesystem::create_directories(dir);
  auto path = dir / name;
  std::filesystem::remove(path);
  std::filesystem::remove(path.string() + "-wal");
  std::filesystem::remove(path.string() + "-shm");
  return path.string();
}
}  // namespace

TEST_CASE("Reopening a file restores tables, indexes, items and partition overrides") {
  std::string path = TempDb("reopen.db");
  {
    EngineOptions o;
    o.path = path;
    auto e = Must(Engine::Open(o));
    CreateAppTable(*e);
    Put(*e, {{"PK", S("a")}, {"SK", S("b")}, {"GSI1PK", S("g")}, {"GSI1SK", S("1")}});
    REQUIRE(e->SetPartitionCount("App", 7).ok());
  }
  EngineOptions o;
  o.path = path;
  auto e = Must(Engine::Open(o));
  ListTablesRequest l;
  CHECK(Must(e->ListTables(l)).table_names == std::vector<std::string>{"App"});
  QueryRequest q;
  q.table_name = "App";
  q.index_name = "GSI1";
  q.key_condition_expression = "GSI1PK = :g";
  q.expression_attribute_values = ExpressionAttributeValues{{":g", S("g")}};
  auto r = Must(e->Query(q));
  CHECK(r.count == 1);
  CHECK(r.trace.partitions_total == 7);
}

TEST_CASE("Every acknowledged write survives the process being killed") {
  std::string path = TempDb("killed.db");
  int ack[2];
  REQUIRE(pipe(ack) == 0);
  pid_t child = fork();
  REQUIRE(child >= 0);
  if (child == 0) {
    close(ack[0]);
    EngineOptions o;
    o.path = path;
    auto e = Engine::Open(o);
    if (!e.ok()) _exit(2);
    CreateTableRequest c;
    c.table_name = "Durable";
    c.billing_mode = "PAY_PER_REQUEST";
    c.attribute_definitions = {{"PK", "S"}};
    c.key_schema = {{"PK", "HASH"}};
    if (auto created = (*e)->CreateTable(c); !created.ok()) {
      std::fprintf(stderr, "CreateTable: %s\n", created.error().message.c_str());
      _exit(3);
    }
    for (int i = 0;; ++i) {
      PutItemRequest p;
      p.table_name = "Durable";
      p.item = {{"PK", S("k" + std::to_string(i))}};
      if (!(*e)->PutItem(p).ok()) _exit(4);
      // Acknowledge write i only after PutItem returned.
      if (write(ack[1], &i, sizeof i) != sizeof i) _exit(5);
    }
  }
  close(ack[1]);
  int last = -1, v;
  while (last < 200 && read(ack[0], &v, sizeof v) == sizeof v) last = v;
  kill(child, SIGKILL);
  while (read(ack[0], &v, sizeof v) == sizeof v) last = v;
  close(ack[0]);
  int status;
  waitpid(child, &status, 0);
  INFO("child exit status " << (WIFEXITED(status) ? WEXITSTATUS(status) : -WTERMSIG(status)));
  REQUIRE(last >= 200);
  EngineOptions o;
  o.path = path;
  auto e = Must(Engine::Open(o));
  for (int i = 0; i <= last; ++i) {
    GetItemRequest g;
    g.table_name = "Durable";
    g.key = {{"PK", S("k" + std::to_string(i))}};
    INFO(i);
    REQUIRE(Must(e->GetItem(g)).item);
  }
}
