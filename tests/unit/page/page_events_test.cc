// The live page's events (docs/page.md): the feed browsers follow, and a call as the call log
// shows it, checked against the footer the shell prints for the same statement.
#include <catch2/catch.hpp>
#include <memory>

#include "shell/dot/dot_commands.h"
#include "shell/render/output.h"
#include "shell/repl/shell.h"
#include "shell/views/call_event.h"
#include "shell/views/event_feed.h"

namespace ddblab::shell::page {
namespace {

using wire::Json;
using namespace std::chrono_literals;

TEST_CASE("the event feed numbers events, numbers calls apart, and keeps only the last ones",
          "[page]") {
  EventFeed feed(3);
  feed.Publish("call", Json{{"operation", "PutItem"}});
  feed.Publish("tables", Json::object());
  feed.Publish("call", Json{{"operation", "Query"}});
  std::vector<PageEvent> all = feed.After(0, 0ms);
  REQUIRE(all.size() == 3);
  CHECK(all[0].id == 1);
  CHECK(all[2].id == 3);
  CHECK(Json::parse(all[2].data)["seq"] == 2);  // the second call
  CHECK(feed.After(2, 0ms).size() == 1);
  CHECK(feed.After(3, 10ms).empty());  // nothing new: waits, then gives up
  feed.Publish("call", Json{{"operation", "Scan"}});
  feed.Publish("call", Json{{"operation", "Scan"}});
  CHECK(feed.After(0, 0ms).front().id == 3);  // the oldest two are gone
  Json calls = Json::parse(feed.CallsJson());
  CHECK(calls["calls"].size() == 3);
  CHECK(calls["calls"][0]["seq"] == 2);
  CHECK(calls["last_event"] == 5);
}

// Runs statements in a shell and keeps what its followers saw, to turn into calls.
struct Recorder {
  CaptureSink sink;
  Shell shell;
  std::vector<StatementResult> seen;
  Recorder() : shell(NewClient(), sink, BuiltInDotCommands()) {
    shell.AddStatementFollower([this](StatementResult& r, ShellContext&) { seen.push_back(r); });
  }
  static std::unique_ptr<wire::Client> NewClient() {
    auto engine = Engine::Open(EngineOptions{});
    return wire::MakeEmbeddedClient(std::shared_ptr<Engine>(std::move(*engine)), "test");
  }
  Json Call(std::string_view statement) {
    shell.Execute(statement);
    REQUIRE(!seen.empty());
    RenderContext ctx;
    ctx.settings = shell.settings();
    return CallFromStatement(seen.back(), ctx, "shell", 0);
  }
};

TEST_CASE("a call carries the footer's capacity and partitions as numbers", "[page]") {
  Recorder r;
  r.shell.Execute(
      "create-table --table-name Orders --attribute-definitions AttributeName=PK,AttributeType=S "
      "AttributeName=G,AttributeType=S --key-schema AttributeName=PK,KeyType=HASH "
      "--billing-mode PAY_PER_REQUEST --global-secondary-indexes "
      "'[{\"IndexName\":\"ByG\",\"KeySchema\":[{\"AttributeName\":\"G\",\"KeyType\":\"HASH\"}],"
      "\"Projection\":{\"ProjectionType\":\"ALL\"}}]'");
  // A write that lands in the index too: 1 WCU for the table, 1 for ByG (DynamoDB charges each
  // index a write).
  Json put =
      r.Call("put-item --table-name Orders --item '{\"PK\":{\"S\":\"a\"},\"G\":{\"S\":\"x\"}}'");
  CHECK(put["operation"] == "PutItem");
  CHECK(put["wcu"] == 2.0);
  CHECK(put["rcu"] == 0.0);
  CHECK(put["returned"].is_null());
  REQUIRE(put["capacity"].size() == 2);
  CHECK(put["capacity"][1] == Json{{"table", "Orders"}, {"index", "ByG"}, {"units", 1.0}});
  CHECK(put["footer"].get<std::string>().find("2 WCU") != std::string::npos);

  Json scan = r.Call("SELECT * FROM Orders");
  CHECK(scan["operation"] == "Scan");
  CHECK(scan["kind"] == "partiql");
  CHECK(scan["returned"] == 1);
  CHECK(scan["rcu"] == 0.5);
  REQUIRE(scan["partitions"].size() == 1);
  const Json& parts = scan["partitions"][0];
  CHECK(parts["hit"].size() == parts["total"].get<size_t>());
  CHECK(!scan["warnings"].empty());  // a SELECT that became a Scan is warned about

  Json failed = r.Call("get-item --table-name Nope --key '{\"PK\":{\"S\":\"a\"}}'");
  CHECK(failed["ok"] == false);
  CHECK(failed["error"]["type"] == "ResourceNotFoundException");
  CHECK(failed["throttled"] == false);
}

TEST_CASE("a transaction's call names the partitions of each table it touched", "[page]") {
  Recorder r;
  for (const char* name : {"Aaa", "Bbb"}) {
    r.shell.Execute(std::string("create-table --table-name ") + name +
                    " --attribute-definitions AttributeName=PK,AttributeType=S --key-schema "
                    "AttributeName=PK,KeyType=HASH --billing-mode PAY_PER_REQUEST");
  }
  Json t = r.Call(
      "transact-write-items --transact-items '[{\"Put\":{\"TableName\":\"Aaa\",\"Item\":{\"PK\":"
      "{\"S\":\"1\"}}}},{\"Put\":{\"TableName\":\"Bbb\",\"Item\":{\"PK\":{\"S\":\"2\"}}}}]'");
  REQUIRE(t["partitions"].size() == 2);
  CHECK(t["partitions"][0]["table"] == "Aaa");
  CHECK(t["partitions"][1]["table"] == "Bbb");
  CHECK(t["wcu"] == 4.0);  // transactional writes cost double
}

TEST_CASE("reads, listings and descriptions leave the page's tables alone", "[page]") {
  CHECK_FALSE(MayChangeTables("Query"));
  CHECK_FALSE(MayChangeTables("DescribeTable"));
  CHECK_FALSE(MayChangeTables("ListTables"));
  CHECK(MayChangeTables("PutItem"));
  CHECK(MayChangeTables("CreateTable"));
  CHECK(MayChangeTables("TransactWriteItems"));
}

}  // namespace
}  // namespace ddblab::shell::page
