// RunCliCommand against a scripted client: auto-pagination as the aws CLI does it, --max-items
// with a NextToken that --starting-token resumes, --no-paginate, waiters and errors.
#include <catch2/catch.hpp>
#include <deque>

#include "ddblab/base64.h"
#include "session/cli/cli_internal.h"
#include "shell/session/cli.h"

using ddblab::shell::CliCommand;
using ddblab::shell::CliOutcome;
using ddblab::shell::FileAccess;
using ddblab::shell::ParseCliCommand;
using ddblab::shell::RunCliCommand;
using ddblab::shell::SplitWords;
using Json = ddblab::wire::Json;

namespace {

// A table of N items "i0".."iN-1" that Query/Scan page through by Limit, like DynamoDB: a page
// with more items after it carries LastEvaluatedKey. Every request is recorded.
class FakeClient : public ddblab::wire::Client {
 public:
  explicit FakeClient(int items) : items_(items) {}

  ddblab::wire::JsonResult Call(std::string_view operation, const Json& request) override {
    requests.push_back({std::string(operation), request});
    ddblab::wire::JsonResult r;
    if (!scripted.empty()) {
      r = scripted.front();
      scripted.pop_front();
      return r;
    }
    int start = 0;
    if (request.contains("ExclusiveStartKey")) {
      start = std::stoi(request["ExclusiveStartKey"]["PK"]["S"].get<std::string>().substr(1)) + 1;
    }
    int limit = request.contains("Limit") ? request["Limit"].get<int>() : 1000;
    int end = std::min(items_, start + limit);
    Json body = Json::object();
    if (request.value("Select", "") != "COUNT") {
      body["Items"] = Json::array();
      for (int i = start; i < end; ++i) {
        body["Items"].push_back({{"PK", {{"S", "i" + std::to_string(i)}}}});
      }
    }
    body["Count"] = end - start;
    body["ScannedCount"] = end - start;
    if (request.value("ReturnConsumedCapacity", "NONE") != "NONE") {
      body["ConsumedCapacity"] = {{"TableName", "Tbl"}, {"CapacityUnits", 0.5 + start}};
    }
    if (end < items_) body["LastEvaluatedKey"] = {{"PK", {{"S", "i" + std::to_string(end - 1)}}}};
    r.ok = true;
    r.body = body;
    return r;
  }
  std::string Describe() const override { return "fake"; }

  std::vector<std::pair<std::string, Json>> requests;
  std::deque<ddblab::wire::JsonResult> scripted;

 private:
  int items_;
};

CliCommand Parse(std::string_view text) {
  auto words = SplitWords(text);
  REQUIRE(words.ok());
  auto r = ParseCliCommand(*words, FileAccess::Local(""));
  if (!r.ok()) FAIL(r.error().message);
  return *r;
}

std::vector<std::string> Keys(const Json& items) {
  std::vector<std::string> out;
  for (const auto& item : items) out.push_back(item["PK"]["S"].get<std::string>());
  return out;
}

Json DecodeToken(const std::string& token) {
  std::string raw, problem;
  REQUIRE(ddblab::Base64Decode(token, &raw, &problem));
  return Json::parse(raw);
}

}  // namespace

TEST_CASE("Pagination: follows LastEvaluatedKey and merges Items, Count, ScannedCount") {
  FakeClient client(5);
  CliOutcome out = RunCliCommand(client, Parse("scan --table-name Tbl --page-size 2"));
  REQUIRE(out.ok);
  CHECK(client.requests.size() == 3);
  CHECK(client.requests[0].second == Json::parse(R"({"TableName":"Tbl","Limit":2})"));
  CHECK(client.requests[1].second["ExclusiveStartKey"] == Json::parse(R"({"PK":{"S":"i1"}})"));
  CHECK(out.calls.size() == 3);
  CHECK(PrintedJson(out).dump() ==
        R"({"Items":[{"PK":{"S":"i0"}},{"PK":{"S":"i1"}},{"PK":{"S":"i2"}},{"PK":{"S":"i3"}},)"
        R"({"PK":{"S":"i4"}}],"Count":5,"ScannedCount":5})");
}

TEST_CASE("Pagination: ConsumedCapacity is the first page's, as the aws CLI prints it") {
  FakeClient client(4);
  CliOutcome out = RunCliCommand(
      client, Parse("query --table-name Tbl --page-size 2 --return-consumed-capacity TOTAL"));
  REQUIRE(out.ok);
  CHECK(out.calls.size() == 2);
  CHECK(PrintedJson(out)["ConsumedCapacity"] ==
        Json::parse(R"({"TableName":"Tbl","CapacityUnits":0.5})"));
  CHECK_FALSE(PrintedJson(out).contains("LastEvaluatedKey"));
}

TEST_CASE("Pagination: Select COUNT sums Count with no Items") {
  FakeClient client(5);
  CliOutcome out =
      RunCliCommand(client, Parse("query --table-name Tbl --select COUNT --page-size 2"));
  REQUIRE(out.ok);
  CHECK(PrintedJson(out) == Json::parse(R"({"Count":5,"ScannedCount":5})"));
}

TEST_CASE("Pagination: --max-items inside a page gives a token that resumes mid-page") {
  FakeClient client(5);
  CliOutcome out = RunCliCommand(client, Parse("scan --table-name Tbl --max-items 3"));
  REQUIRE(out.ok);
  CHECK(Keys(PrintedJson(out)["Items"]) == std::vector<std::string>{"i0", "i1", "i2"});
  // Count is not cut with Items: the aws CLI truncates only the primary result key.
  CHECK(PrintedJson(out)["Count"] == 5);
  REQUIRE(PrintedJson(out).contains("NextToken"));
  const std::string token = PrintedJson(out)["NextToken"].get<std::string>();
  std::string raw, problem;
  REQUIRE(ddblab::Base64Decode(token, &raw, &problem));
  CHECK(raw == R"({"ExclusiveStartKey": null, "boto_truncate_amount": 3})");

  FakeClient again(5);
  CliOutcome rest =
      RunCliCommand(again, Parse("scan --table-name Tbl --max-items 3 --starting-token " + token));
  REQUIRE(rest.ok);
  CHECK(again.requests[0].second == Json::parse(R"({"TableName":"Tbl"})"));
  CHECK(Keys(PrintedJson(rest)["Items"]) == std::vector<std::string>{"i3", "i4"});
  CHECK(PrintedJson(rest)["Count"] == 0);
  CHECK_FALSE(PrintedJson(rest).contains("NextToken"));
}

TEST_CASE("Pagination: --max-items with --page-size resumes from a key") {
  FakeClient client(7);
  CliOutcome out =
      RunCliCommand(client, Parse("scan --table-name Tbl --max-items 3 --page-size 2"));
  REQUIRE(out.ok);
  CHECK(Keys(PrintedJson(out)["Items"]) == std::vector<std::string>{"i0", "i1", "i2"});
  CHECK(DecodeToken(PrintedJson(out)["NextToken"]) ==
        Json::parse(R"({"ExclusiveStartKey":{"PK":{"S":"i1"}},"boto_truncate_amount":1})"));

  FakeClient again(7);
  CliOutcome next = RunCliCommand(
      again, Parse("scan --table-name Tbl --max-items 3 --page-size 2 --starting-token " +
                   PrintedJson(out)["NextToken"].get<std::string>()));
  REQUIRE(next.ok);
  CHECK(again.requests[0].second["ExclusiveStartKey"] == Json::parse(R"({"PK":{"S":"i1"}})"));
  CHECK(Keys(PrintedJson(next)["Items"]) == std::vector<std::string>{"i3", "i4", "i5"});
  // The third item ended a page, so the next token is that page's key.
  CHECK(DecodeToken(PrintedJson(next)["NextToken"]) ==
        Json::parse(R"({"ExclusiveStartKey":{"PK":{"S":"i5"}}})"));
}

// The warnings and the footer read the request that was sent: the first page's, even when later
// pages moved its ExclusiveStartKey on, and with the key a --starting-token resumed from.
TEST_CASE("Pagination: the outcome's sent request is the first page's") {
  FakeClient client(5);
  CliOutcome out = RunCliCommand(client, Parse("scan --table-name Tbl --page-size 2"));
  REQUIRE(out.ok);
  REQUIRE(out.sent.has_value());
  const auto* first = std::get_if<ddblab::ScanRequest>(&*out.sent);
  REQUIRE(first != nullptr);
  CHECK(first->limit == 2);
  CHECK_FALSE(first->exclusive_start_key.has_value());

  CliOutcome one =
      RunCliCommand(client, Parse("scan --table-name Tbl --max-items 3 --page-size 2"));
  REQUIRE(one.ok);
  FakeClient again(5);
  CliOutcome resumed =
      RunCliCommand(again, Parse("scan --table-name Tbl --page-size 4 --starting-token " +
                                 PrintedJson(one)["NextToken"].get<std::string>()));
  REQUIRE(resumed.ok);
  CHECK(again.requests.size() == 1);  // the last page: no LastEvaluatedKey after it
  const auto* from_token = std::get_if<ddblab::ScanRequest>(&*resumed.sent);
  REQUIRE(from_token != nullptr);
  REQUIRE(from_token->exclusive_start_key.has_value());
  CHECK(from_token->exclusive_start_key->at("PK").str() == "i1");
}

TEST_CASE("Pagination: --max-items on a page boundary gives a plain key token") {
  FakeClient client(6);
  CliOutcome out =
      RunCliCommand(client, Parse("scan --table-name Tbl --max-items 2 --page-size 2"));
  REQUIRE(out.ok);
  CHECK(client.requests.size() == 1);
  CHECK(DecodeToken(PrintedJson(out)["NextToken"]) ==
        Json::parse(R"({"ExclusiveStartKey":{"PK":{"S":"i1"}}})"));
}

TEST_CASE("Pagination: --no-paginate and --limit make one call and show LastEvaluatedKey") {
  for (auto text : {"scan --table-name Tbl --page-size 2 --no-paginate",
                    "scan --table-name Tbl "
                    "--limit 2"}) {
    FakeClient client(5);
    CliOutcome out = RunCliCommand(client, Parse(text));
    REQUIRE(out.ok);
    CHECK(client.requests.size() == 1);
    CHECK(PrintedJson(out)["LastEvaluatedKey"] == Json::parse(R"({"PK":{"S":"i1"}})"));
  }
}

TEST_CASE("Pagination: list-tables merges TableNames") {
  FakeClient client(0);
  ddblab::wire::JsonResult p1;
  p1.ok = true;
  p1.body = Json::parse(R"({"TableNames":["a","b"],"LastEvaluatedTableName":"b"})");
  ddblab::wire::JsonResult p2;
  p2.ok = true;
  p2.body = Json::parse(R"({"TableNames":["c"]})");
  client.scripted = {p1, p2};
  CliOutcome out = RunCliCommand(client, Parse("list-tables"));
  REQUIRE(out.ok);
  CHECK(client.requests[1].second == Json::parse(R"({"ExclusiveStartTableName":"b"})"));
  CHECK(PrintedJson(out) == Json::parse(R"({"TableNames":["a","b","c"]})"));
}

TEST_CASE("Pagination: an error on a later page fails the command, keeping every call") {
  FakeClient client(0);
  ddblab::wire::JsonResult p1;
  p1.ok = true;
  p1.body =
      Json::parse(R"({"Items":[],"Count":0,"ScannedCount":3,"LastEvaluatedKey":{"PK":{"S":"x"}}})");
  ddblab::wire::JsonResult p2;
  p2.ok = false;
  p2.error = ddblab::MakeError(ddblab::ErrorType::kProvisionedThroughputExceededException, "slow");
  client.scripted = {p1, p2};
  CliOutcome out = RunCliCommand(client, Parse("scan --table-name Tbl"));
  CHECK_FALSE(out.ok);
  CHECK(out.error.type == ddblab::ErrorType::kProvisionedThroughputExceededException);
  CHECK(out.error.column == 0);
  CHECK(out.calls.size() == 2);
}

TEST_CASE("Pagination: a bad --starting-token is a usage error") {
  FakeClient client(3);
  CliOutcome out = RunCliCommand(client, Parse("scan --table-name Tbl --starting-token garbage!"));
  CHECK_FALSE(out.ok);
  CHECK(out.error.column == -252);
  CHECK(out.error.message == "Bad starting token: garbage!");
  CHECK(client.requests.empty());
}

TEST_CASE("Run: other operations print DynamoDB's response body as it is") {
  FakeClient client(0);
  ddblab::wire::JsonResult empty;
  empty.ok = true;
  empty.body = Json::object();
  client.scripted = {empty};
  CliOutcome out =
      RunCliCommand(client, Parse(R"(put-item --table-name Tbl --item '{"PK":{"S":"a"}}')"));
  REQUIRE(out.ok);
  CHECK(PrintedJson(out) == Json::object());
  CHECK(client.requests[0].first == "PutItem");

  ddblab::wire::JsonResult failed;
  failed.ok = false;
  failed.error = ddblab::MakeError(ddblab::ErrorType::kConditionalCheckFailedException,
                                   "The conditional request failed");
  client.scripted = {failed};
  CliOutcome bad =
      RunCliCommand(client, Parse(R"(put-item --table-name Tbl --item '{"PK":{"S":"a"}}')"));
  CHECK_FALSE(bad.ok);
  CHECK(bad.error.message == "The conditional request failed");
}

TEST_CASE("Waiters: table-exists succeeds silently or fails like an exhausted waiter") {
  FakeClient client(0);
  ddblab::wire::JsonResult found;
  found.ok = true;
  found.body = Json::parse(R"({"Table":{"TableName":"tbl","TableStatus":"ACTIVE"}})");
  ddblab::wire::JsonResult missing;
  missing.ok = false;
  missing.error = ddblab::MakeError(ddblab::ErrorType::kResourceNotFoundException,
                                    "Requested resource not found");
  client.scripted = {found, missing, missing, found};
  CliOutcome ok = RunCliCommand(client, Parse("wait table-exists --table-name tbl"));
  CHECK(ok.ok);
  CHECK(PrintedJson(ok) == Json::object());
  CHECK(client.requests[0].first == "DescribeTable");

  CliOutcome never = RunCliCommand(client, Parse("wait table-exists --table-name tbl"));
  CHECK_FALSE(never.ok);
  CHECK(never.error.column == -255);
  CHECK(never.error.message ==
        "Waiter TableExists failed: Max attempts exceeded. Previously accepted state: Matched "
        "expected service error code: ResourceNotFoundException");

  CHECK(RunCliCommand(client, Parse("wait table-not-exists --table-name tbl")).ok);
  CliOutcome still = RunCliCommand(client, Parse("wait table-not-exists --table-name tbl"));
  CHECK_FALSE(still.ok);
  CHECK(still.error.message == "Waiter TableNotExists failed: Max attempts exceeded");
}
