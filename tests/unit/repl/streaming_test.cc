// Long reads stream: an auto-paginated aws-CLI read hands its items to the front end page by page
// once they pass about a page (PageStream), keeps none of them in its result, stops between
// pages when asked (Ctrl-C), and resumes from the NextToken it leaves (docs/shell.md,
// "Long reads").
#include <catch2/catch.hpp>
#include <set>

#include "shell/dot/dot_commands.h"
#include "shell/render/output.h"
#include "shell/repl/shell.h"
#include "shell/session/session.h"

using namespace ddblab;
using namespace ddblab::shell;

namespace {

std::unique_ptr<wire::Client> Memory() {
  EngineOptions o;
  auto e = Engine::Open(o);
  REQUIRE(e.ok());
  return wire::MakeEmbeddedClient(std::shared_ptr<Engine>(std::move(*e)), "test");
}

// A table "Tee" of `n` items, each with a `pad` attribute of `pad_bytes` bytes.
void Fill(wire::Client& client, int n, size_t pad_bytes) {
  StatementResult created =
      RunStatement(client,
                   "create-table --table-name Tee --attribute-definitions "
                   "AttributeName=id,AttributeType=S --key-schema AttributeName=id,KeyType=HASH "
                   "--billing-mode PAY_PER_REQUEST");
  INFO(created.error.message);
  REQUIRE(created.ok);
  const std::string pad(pad_bytes, 'x');
  for (int i = 0; i < n; i += 25) {
    wire::Json puts = wire::Json::array();
    for (int k = i; k < std::min(n, i + 25); ++k) {
      puts.push_back(
          {{"PutRequest",
            {{"Item", {{"id", {{"S", "item-" + std::to_string(k)}}}, {"pad", {{"S", pad}}}}}}}});
    }
    REQUIRE(client.Call("BatchWriteItem", {{"RequestItems", {{"Tee", puts}}}}).ok);
  }
}

struct Collected {
  std::vector<std::string> ids;
  int batches = 0;
};

PageStream CollectInto(Collected& c, size_t keep_bytes) {
  PageStream s;
  s.keep_bytes = keep_bytes;
  s.emit = [&c](const std::string& table, const std::string& index, std::vector<ResultItem> items) {
    CHECK(table == "Tee");
    CHECK(index.empty());
    ++c.batches;
    for (const ResultItem& item : items) c.ids.push_back(item.at("id").str());
  };
  return s;
}

}  // namespace

TEST_CASE(
    "Streaming: a read past the keep limit hands every item over once, in order, and "
    "keeps none") {
  auto client = Memory();
  Fill(*client, 300, 100);
  Collected c;
  PageStream stream = CollectInto(c, 2000);
  RunOptions options;
  options.stream = &stream;
  StatementResult r = RunStatement(*client, "scan --table-name Tee --page-size 40", options);
  REQUIRE(r.ok);
  CHECK(r.streamed_items == 300);
  CHECK_FALSE(r.output().contains("Items"));
  CHECK(r.output()["Count"] == 300);  // the aws CLI's summed counts stay
  CHECK(r.merged().trace.items_returned == 300);
  CHECK(r.calls.size() == 8);
  CHECK(c.ids.size() == 300);
  CHECK(std::set<std::string>(c.ids.begin(), c.ids.end()).size() == 300);
  CHECK(c.batches >= 2);
  CHECK_FALSE(r.interrupted);
}

TEST_CASE("Streaming: a read within the keep limit keeps its items and streams nothing") {
  auto client = Memory();
  Fill(*client, 30, 10);
  Collected c;
  PageStream stream = CollectInto(c, PageStream::kDefaultKeepBytes);
  RunOptions options;
  options.stream = &stream;
  StatementResult r = RunStatement(*client, "scan --table-name Tee --page-size 7", options);
  REQUIRE(r.ok);
  CHECK(r.streamed_items == 0);
  CHECK(r.output()["Items"].size() == 30);
  CHECK(c.batches == 0);
}

TEST_CASE(
    "Streaming: a read stopped between pages leaves a NextToken that reads exactly the "
    "rest") {
  auto client = Memory();
  Fill(*client, 200, 50);
  Collected c;
  PageStream stream = CollectInto(c, 0);
  int pages = 0;
  stream.more = [&pages] { return ++pages < 3; };
  RunOptions options;
  options.stream = &stream;
  StatementResult first = RunStatement(*client, "scan --table-name Tee --page-size 30", options);
  REQUIRE(first.ok);
  CHECK(first.interrupted);
  CHECK(first.calls.size() == 3);
  CHECK(first.streamed_items == 90);
  CHECK(first.output().contains("NextToken"));
  REQUIRE(first.next_page.has_value());

  stream.more = [] { return true; };
  StatementResult rest = RunNextPage(*client, first, &stream);
  REQUIRE(rest.ok);
  CHECK_FALSE(rest.interrupted);
  CHECK(rest.streamed_items == 110);
  CHECK(c.ids.size() == 200);
  CHECK(std::set<std::string>(c.ids.begin(), c.ids.end()).size() == 200);
}

TEST_CASE("Streaming: --max-items still cuts a streamed read and resumes after it") {
  auto client = Memory();
  Fill(*client, 100, 50);
  Collected c;
  PageStream stream = CollectInto(c, 0);
  RunOptions options;
  options.stream = &stream;
  StatementResult r =
      RunStatement(*client, "scan --table-name Tee --page-size 30 --max-items 45", options);
  REQUIRE(r.ok);
  CHECK(c.ids.size() == 45);
  CHECK(r.streamed_items == 45);
  CHECK(r.output().contains("NextToken"));
}

TEST_CASE("Streaming: the shell prints a long read as one table, and jsonl as one line") {
  CaptureSink sink;
  Shell shell(Memory(), sink, BuiltInDotCommands());
  // 300 items of about 4 KB: past the 1 MiB a result keeps.
  Fill(shell.client(), 300, 4000);
  shell.settings().width = 0;
  sink.Clear();
  REQUIRE(shell.Execute("scan --table-name Tee --projection-expression id --page-size 100") ==
          Outcome::kOk);
  // Projected items are small: 300 of them stay within the limit and print as one table.
  CHECK(sink.out().find("300 returned / 300 read") != std::string::npos);
  CHECK(sink.out().find("item-299") != std::string::npos);

  sink.Clear();
  REQUIRE(shell.Execute("scan --table-name Tee") == Outcome::kOk);
  const std::string& out = sink.out();
  // One header, however many pages streamed, and every row.
  size_t headers = 0;
  for (size_t p = out.find("id "); p != std::string::npos; p = out.find("\nid ", p + 1)) ++headers;
  CHECK(headers == 1);
  size_t rows = 0;
  for (size_t p = out.find("item-"); p != std::string::npos; p = out.find("item-", p + 1)) ++rows;
  CHECK(rows == 300);
  CHECK(out.find("300 returned / 300 read") != std::string::npos);
  CHECK(out.find("(no items)") == std::string::npos);

  shell.settings().mode = OutputMode::kJsonl;
  sink.Clear();
  REQUIRE(shell.Execute("scan --table-name Tee") == Outcome::kOk);
  const std::string line = sink.out();
  REQUIRE(!line.empty());
  CHECK(line.find('\n') == line.size() - 1);
  wire::Json j = wire::Json::parse(line);
  CHECK(j["statement"] == "scan --table-name Tee");
  CHECK(j["ok"] == true);
  CHECK(j["Items"].size() == 300);
  CHECK(j["Count"] == 300);
  CHECK(j["trace"]["items_returned"] == 300);
}
