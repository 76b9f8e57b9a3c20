// Renderers on hand-built results: table layout and grouping, plain JSON, the footer, jsonl and
// the warnings, with no engine involved.
#include "shell/render/render.h"

#include <catch2/catch.hpp>

#include "shell/render/output.h"
#include "shell/repl/shell.h"

namespace ddblab::shell {
namespace {

using wire::Json;

// A Query on app-main that read `read` items and returned `items`, on partitions {2} of 4.

// The Query page a QueryResult holds.
QueryResponse& Page(StatementResult& r) {
  return std::get<static_cast<size_t>(Operation::Query)>(*r.response);
}

void AddItem(StatementResult& r, const Json& item) {
  Result<Item> typed = wire::ItemFromJson(item);
  REQUIRE(typed.ok());
  Page(r).items.emplace_back(*typed);
  Page(r).count = static_cast<int64_t>(Page(r).items.size());
}

StatementResult QueryResult(Json items, int64_t read) {
  StatementResult r;
  r.input = "query --table-name app-main ...";
  r.kind = InputKind::kCli;
  r.operation = "Query";
  r.subcommand = "query";
  r.set_request({{"TableName", "app-main"}});
  r.ok = true;
  r.response = MakeResponse<Operation::Query>(QueryResponse{});
  for (const Json& item : items) AddItem(r, item);
  Page(r).scanned_count = read;
  CallResult call;
  call.ok = true;
  call.trace.operation = "Query";
  call.trace.table = "app-main";
  call.trace.items_read = read;
  call.trace.items_returned = static_cast<int64_t>(items.size());
  call.trace.partitions_hit = {2};
  call.trace.partitions_total = 4;
  ConsumedCapacity cap;
  cap.table_name = "app-main";
  cap.read = true;
  cap.total.half_units = 1;
  cap.table.half_units = 1;
  call.capacity.push_back(cap);
  r.calls.push_back(call);
  return r;
}

RenderContext Context() {
  RenderContext ctx;
  ctx.keys = [](const std::string&, const std::string& index) {
    KeyInfo k;
    if (index == "GSI1") {
      k.key_names = {"GSI1PK", "GSI1SK", "PK", "SK"};
      k.global_index = true;
    } else {
      k.key_names = {"PK", "SK"};
    }
    return k;
  };
  return ctx;
}

Json Item(const char* pk, const char* sk, const char* extra) {
  return Json{{"total", {{"N", "149.00"}}},
              {"SK", {{"S", sk}}},
              {"PK", {{"S", pk}}},
              {"note", {{"S", extra}}}};
}

TEST_CASE("table mode puts key attributes first and shows each collection's key once", "[render]") {
  StatementResult r = QueryResult(
      Json::array({Item("CUST#1", "A", "x"), Item("CUST#2", "B", "y"), Item("CUST#1", "C", "z")}),
      3);
  CaptureSink sink;
  RenderTable(r, Context(), sink);
  // The items' "149.00" is held as the number DynamoDB stores and returns: 149.
  CHECK(sink.out() ==
        "PK      SK  note  total\n"
        "------  --  ----  -----\n"
        "CUST#1  A   x       149\n"
        "        C   z       149\n"
        "CUST#2  B   y       149\n");
}

TEST_CASE("table mode says so when a read returned nothing", "[render]") {
  StatementResult r = QueryResult(Json::array(), 0);
  CaptureSink sink;
  RenderTable(r, Context(), sink);
  CHECK(sink.out() == "(no items)\n");
}

TEST_CASE("a COUNT query shows Count and ScannedCount", "[render]") {
  StatementResult r = QueryResult(Json::array(), 5);
  Page(r).count_only = true;
  Page(r).count = 1;
  CaptureSink sink;
  RenderTable(r, Context(), sink);
  CHECK(sink.out() == "Count: 1  ScannedCount: 5\n");
}

TEST_CASE("plain JSON keeps numbers exactly and unwraps every type", "[render]") {
  CHECK(PlainJson(Json{{"N", "149.00"}}) == "149.00");
  CHECK(PlainJson(Json{{"S", "a\"b"}}) == "\"a\\\"b\"");
  CHECK(PlainJson(Json{{"BOOL", true}}) == "true");
  CHECK(PlainJson(Json{{"NULL", true}}) == "null");
  CHECK(PlainJson(Json{{"NS", {"1", "2.5"}}}) == "[1, 2.5]");
  CHECK(PlainJson(Json{{"SS", {"a", "b"}}}) == "[\"a\", \"b\"]");
  CHECK(PlainJson(Json{{"L", Json::array({Json{{"N", "1"}}, Json{{"S", "x"}}})}}) == "[1, \"x\"]");
  CHECK(PlainJson(Json{{"M", {{"k", {{"N", "1"}}}}}}) == "{\"k\": 1}");
  CHECK(CellText(Json{{"S", "CUST#1"}}) == "CUST#1");
  CHECK(CellText(Json{{"N", "7"}}) == "7");
}

TEST_CASE("the footer names operation, counts, capacity and partitions", "[render][footer]") {
  StatementResult r = QueryResult(Json::array({Item("CUST#1", "A", "x")}), 1);
  ShellSettings s;
  CHECK(FooterLine(r, s) == "-- Query app-main | 1 returned / 1 read | 0.5 RCU | partition 2 of 4");
  s.capacity = CapacityDisplay::kOff;
  CHECK(FooterLine(r, s) == "-- Query app-main | 1 returned / 1 read | partition 2 of 4");
}

TEST_CASE("the footer splits capacity between table and indexes under .capacity indexes",
          "[render][footer]") {
  StatementResult r;
  r.kind = InputKind::kCli;
  r.operation = "PutItem";
  r.ok = true;
  r.document = Json::object();
  CallResult call;
  call.ok = true;
  call.trace.operation = "PutItem";
  call.trace.table = "app-main";
  call.trace.partitions_hit = {1};
  call.trace.partitions_total = 1;
  ConsumedCapacity cap;
  cap.table_name = "app-main";
  cap.total.half_units = 6;
  cap.table.half_units = 2;
  cap.global_secondary_indexes["GSI1"].half_units = 2;
  cap.global_secondary_indexes["GSI2"].half_units = 2;
  call.capacity.push_back(cap);
  r.calls.push_back(call);
  ShellSettings s;
  s.capacity = CapacityDisplay::kIndexes;
  CHECK(FooterLine(r, s) ==
        "-- PutItem app-main | 3 WCU (table 1, GSI1 1, GSI2 1) | partition 1 of 1");
}

TEST_CASE("pages of one aws-CLI read are summed in the footer", "[render][footer]") {
  StatementResult r = QueryResult(Json::array({Item("CUST#1", "A", "x")}), 1);
  CallResult second = r.calls.front();
  second.trace.partitions_hit = {3};
  r.calls.push_back(second);
  // The aws CLI merges the pages' items into one output.
  AddItem(r, Item("CUST#1", "B", "y"));
  ShellSettings s;
  CHECK(FooterLine(r, s) ==
        "-- Query app-main | 2 calls | 2 returned / 2 read | 1 RCU | partitions 2,3 of 4");
}

// aws CLI: --max-items caps the items printed; the calls still returned and read the whole page.
TEST_CASE("the footer says how many items were shown when --max-items cut the output",
          "[render][footer]") {
  StatementResult r = QueryResult(Json::array({Item("CUST#1", "A", "x")}), 3);
  r.calls.front().trace.items_returned = 3;
  ShellSettings s;
  CHECK(FooterLine(r, s) ==
        "-- Query app-main | 1 shown / 3 returned / 3 read | 0.5 RCU | partition 2 of 4");
}

TEST_CASE("jsonl carries statement, ok, response fields, ConsumedCapacity and trace",
          "[render][jsonl]") {
  StatementResult r = QueryResult(Json::array({Item("CUST#1", "A", "x")}), 1);
  Json j = JsonlObject(r, CapacityDisplay::kTotal);
  CHECK(j["statement"] == r.input);
  CHECK(j["ok"] == true);
  CHECK(j["Count"] == 1);
  CHECK(j.contains("ConsumedCapacity"));
  CHECK(j["trace"]["operation"] == "Query");
  CHECK(j["trace"]["table"] == "app-main");
  CHECK(j["trace"]["index"].is_null());
  CHECK(j["trace"]["partitions_hit"] == Json::array({2}));
  CHECK(j["trace"]["partitions_total"] == 4);
  CHECK_FALSE(j.contains("error"));
}

TEST_CASE("jsonl reports an error as {type, message}", "[render][jsonl]") {
  StatementResult r;
  r.input = "describe-table --table-name Nope";
  r.kind = InputKind::kCli;
  r.operation = "DescribeTable";
  r.error = MakeError(ErrorType::kResourceNotFoundException, "Requested resource not found");
  Json j = JsonlObject(r, CapacityDisplay::kTotal);
  CHECK(j["ok"] == false);
  CHECK(j["error"]["type"] == "ResourceNotFoundException");
  CHECK(j["error"]["message"] == "Requested resource not found");
  CHECK(j["trace"].is_null());
}

TEST_CASE("a parse error puts a caret under its column", "[render]") {
  StatementResult r;
  r.input = "SELECT * FROM t\nWHERE AND x";
  r.error = ValidationError("Statement wasn't well formed, can't be processed: unexpected AND");
  r.error.column = 23;  // the A of AND on the second line
  CaptureSink sink;
  RenderError(r, sink);
  CHECK(sink.err() ==
        "ValidationException: Statement wasn't well formed, can't be processed: unexpected AND\n"
        "WHERE AND x\n"
        "      ^\n");
}

TEST_CASE("warnings: a Scan, and a filter that discarded most of what it read", "[warnings]") {
  StatementResult r = QueryResult(Json::array({Item("CUST#1", "A", "x")}), 10);
  r.calls[0].trace.operation = "Scan";
  r.calls[0].trace.filtered = true;
  Page(r).scanned_count = 10;
  auto w = Warnings(r, Context());
  REQUIRE(w.size() == 2);
  CHECK(w[0].starts_with("Scan read 10 items"));
  CHECK(w[1].starts_with("the filter discarded 9 of the 10 items read"));
}

TEST_CASE("warnings: a SELECT that became a Scan says so", "[warnings]") {
  StatementResult r = QueryResult(Json::array(), 3);
  r.kind = InputKind::kPartiql;
  r.calls[0].trace.operation = "Scan";
  auto w = Warnings(r, Context());
  REQUIRE_FALSE(w.empty());
  CHECK(w[0].starts_with("this SELECT has no equality on the partition key"));
}

TEST_CASE("warnings: GSI reads are eventually consistent", "[warnings]") {
  StatementResult r = QueryResult(Json::array(), 0);
  r.calls[0].trace.index = "GSI1";
  auto w = Warnings(r, Context());
  REQUIRE(w.size() == 1);
  CHECK(w[0].find("eventually consistent") != std::string::npos);
}

TEST_CASE("warnings: an item near 400 KB", "[warnings]") {
  StatementResult r = QueryResult(Json::array(), 0);
  PutItemRequest put;
  put.table_name = "app-main";
  put.item = {{"PK", AttributeValue::S("x")},
              {"blob", AttributeValue::S(std::string(350 * 1024, 'a'))}};
  r.sent = put;
  auto w = Warnings(r, Context());
  REQUIRE(w.size() == 1);
  CHECK(w[0].find("400 KB") != std::string::npos);
}

TEST_CASE("warnings: a batch dominated by one partition key", "[warnings]") {
  StatementResult r;
  r.kind = InputKind::kCli;
  r.operation = "BatchWriteItem";
  r.ok = true;
  BatchWriteItemRequest batch;
  for (const char* pk : {"HOT", "HOT", "HOT", "COLD"}) {
    WriteRequest w;
    w.put_request_item =
        ddblab::Item{{"PK", AttributeValue::S(pk)}, {"SK", AttributeValue::S("1")}};
    batch.request_items["app-main"].push_back(std::move(w));
  }
  r.sent = batch;
  CallResult call;
  call.ok = true;
  call.trace.operation = "BatchWriteItem";
  r.calls.push_back(call);
  auto w = Warnings(r, Context());
  REQUIRE(w.size() == 1);
  CHECK(w[0].starts_with("3 of the 4 requests in this batch use PK = HOT"));
}

TEST_CASE("inputs are classified by their first word", "[route]") {
  CHECK(ClassifyInput("  .help") == InputKind::kDot);
  CHECK(ClassifyInput("select * from t") == InputKind::kPartiql);
  CHECK(ClassifyInput("EXISTS(SELECT * FROM t)") == InputKind::kPartiql);
  CHECK(ClassifyInput("explain select 1") == InputKind::kExplain);
  CHECK(ClassifyInput("aws dynamodb scan --table-name t") == InputKind::kCli);
  CHECK(ClassifyInput("scan --table-name t") == InputKind::kCli);
  CHECK(ClassifyInput("   ") == InputKind::kEmpty);
}

TEST_CASE("PartiQL input continues inside strings and braces", "[route]") {
  CHECK(InputIncomplete("SELECT * FROM t WHERE a = 'it''s"));
  CHECK_FALSE(InputIncomplete("SELECT * FROM t WHERE a = 'it''s'"));
  CHECK(InputIncomplete("INSERT INTO t VALUE {'a': 1,"));
  CHECK_FALSE(InputIncomplete("INSERT INTO t VALUE {'a': <<1, 2>>}"));
  CHECK(InputIncomplete("SELECT * FROM t \\"));
  CHECK_FALSE(InputIncomplete(".mode 'json"));
}

}  // namespace
}  // namespace ddblab::shell
