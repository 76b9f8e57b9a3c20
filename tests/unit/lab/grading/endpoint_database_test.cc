// Unit tests for a grading run's view of an endpoint (lab/grading/endpoint_database.h): where a
// request names a table the run's prefix is added, answers lose it, ListTables shows only the
// run's tables, and the cleanup deletes exactly the run's tables. The endpoint is a fake that
// records what it is sent.
#include "lab/grading/endpoint_database.h"

#include <catch2/catch.hpp>
#include <deque>
#include <string>
#include <vector>

using namespace ddblab;
using namespace ddblab::grade;
using wire::Json;

namespace {

const std::string kPrefix = "ddblab-0badf00d-";

// Answers each call with the next canned body (or {}), remembering every call.
class FakeEndpoint : public wire::Client {
 public:
  wire::JsonResult Call(std::string_view operation, const Json& request) override {
    sent.emplace_back(std::string(operation), request);
    wire::JsonResult r;
    if (!failures.empty()) {
      r.error = MakeError(failures.front(), "refused");
      failures.pop_front();
      r.body = wire::ErrorToJson(r.error);
      return r;
    }
    if (std::string(operation) == "ListTables" && !tables.empty()) {
      // Pages of two names, in order, after ExclusiveStartTableName.
      std::string start = request.value("ExclusiveStartTableName", std::string());
      Json names = Json::array();
      std::string last;
      for (const auto& t : tables) {
        if (!start.empty() && t <= start) continue;
        if (names.size() == 2) {
          r.body["LastEvaluatedTableName"] = last;
          break;
        }
        names.push_back(t);
        last = t;
      }
      r.ok = true;
      r.body["TableNames"] = names;
      return r;
    }
    if (std::string(operation) == "DeleteTable") {
      std::erase(tables, request.value("TableName", std::string()));
    }
    r.ok = true;
    r.body = answers.empty() ? Json::object() : answers.front();
    if (!answers.empty()) answers.pop_front();
    return r;
  }
  bool IsRemote() const override { return true; }
  std::string Describe() const override { return "endpoint fake"; }

  std::vector<std::pair<std::string, Json>> sent;
  std::deque<Json> answers;
  std::deque<ErrorType> failures;   // the next calls fail with these, first
  std::vector<std::string> tables;  // sorted
};

std::unique_ptr<wire::Client> View(FakeEndpoint& fake) {
  EndpointViewOptions o;
  o.prefix = kPrefix;
  o.poll_interval = std::chrono::milliseconds(1);
  return MakeEndpointView(fake, o);
}

std::vector<std::string> Operations(const FakeEndpoint& fake) {
  std::vector<std::string> out;
  for (const auto& [op, body] : fake.sent) out.push_back(op);
  return out;
}

}  // namespace

TEST_CASE("Every member that names a table gets the run's prefix") {
  FakeEndpoint fake;
  auto view = View(fake);
  view->Call("PutItem", Json{{"TableName", "shop"}, {"Item", {{"PK", {{"S", "shop"}}}}}});
  view->Call("BatchWriteItem", Json::parse(R"({"RequestItems":{"a":[],"b":[]}})"));
  view->Call("TransactWriteItems", Json::parse(R"({"TransactItems":[{"Put":{"TableName":"a"}},
                                              {"ConditionCheck":{"TableName":"b"}}]})"));
  view->Call("TagResource",
             Json{{"ResourceArn", "arn:aws:dynamodb:us-east-1:123456789012:table/shop"}});
  REQUIRE(fake.sent.size() == 4);
  CHECK(fake.sent[0].second["TableName"] == kPrefix + "shop");
  // Item values are the solution's data: never renamed.
  CHECK(fake.sent[0].second["Item"]["PK"]["S"] == "shop");
  CHECK(fake.sent[1].second["RequestItems"].contains(kPrefix + "a"));
  CHECK(fake.sent[1].second["RequestItems"].contains(kPrefix + "b"));
  CHECK(fake.sent[2].second["TransactItems"][0]["Put"]["TableName"] == kPrefix + "a");
  CHECK(fake.sent[2].second["TransactItems"][1]["ConditionCheck"]["TableName"] == kPrefix + "b");
  CHECK(fake.sent[3].second["ResourceArn"] ==
        "arn:aws:dynamodb:us-east-1:123456789012:table/" + kPrefix + "shop");
}

TEST_CASE("A PartiQL statement's table is renamed, quoted, index and all") {
  FakeEndpoint fake;
  auto view = View(fake);
  view->Call("ExecuteStatement",
             Json{{"Statement", "SELECT * FROM \"shop\".\"GSI1\" WHERE a = 'shop'"}});
  view->Call("ExecuteStatement", Json{{"Statement", "INSERT INTO shop VALUE {'PK': 'x'}"}});
  view->Call(
      "ExecuteTransaction",
      Json::parse(
          R"({"TransactStatements":[{"Statement":"UPDATE \"t\" SET a = 1 WHERE PK = 'k'"}]})"));
  // A FROM inside a comment names nothing: the table after it is the one renamed.
  view->Call("ExecuteStatement",
             Json{{"Statement", "SELECT * FROM /* FROM \"x\" */ \"grades\" -- FROM \"y\"\n"}});
  view->Call("ExecuteStatement", Json{{"Statement", "SELECT * FROM -- FROM x\n grades"}});
  REQUIRE(fake.sent.size() == 5);
  CHECK(fake.sent[3].second["Statement"] ==
        "SELECT * FROM /* FROM \"x\" */ \"" + kPrefix + "grades\" -- FROM \"y\"\n");
  CHECK(fake.sent[4].second["Statement"] == "SELECT * FROM -- FROM x\n \"" + kPrefix + "grades\"");
  CHECK(fake.sent[0].second["Statement"] ==
        "SELECT * FROM \"" + kPrefix + "shop\".\"GSI1\" WHERE a = 'shop'");
  CHECK(fake.sent[1].second["Statement"] ==
        "INSERT INTO \"" + kPrefix + "shop\" VALUE {'PK': 'x'}");
  CHECK(fake.sent[2].second["TransactStatements"][0]["Statement"] ==
        "UPDATE \"" + kPrefix + "t\" SET a = 1 WHERE PK = 'k'");
}

TEST_CASE("A request whose table cannot be found is refused, never sent as written") {
  FakeEndpoint fake;
  auto view = View(fake);
  wire::JsonResult r = view->Call("ExecuteStatement", Json{{"Statement", "EXISTS nothing"}});
  CHECK_FALSE(r.ok);
  CHECK(r.error.type == ErrorType::kValidationException);
  CHECK(r.error.message.find("was not found in it") != std::string::npos);
  wire::JsonResult arn = view->Call("ListTagsOfResource", Json{{"ResourceArn", "arn:aws:s3:::b"}});
  CHECK_FALSE(arn.ok);
  wire::JsonResult streams = view->Call("ListStreams", Json::object());
  CHECK_FALSE(streams.ok);
  CHECK(fake.sent.empty());
}

TEST_CASE("Answers lose the prefix: names, ARNs, table-keyed members, messages") {
  FakeEndpoint fake;
  fake.answers.push_back(Json::parse(R"({"Table":{"TableName":")" + kPrefix +
                                     R"(shop","TableArn":"arn:aws:dynamodb:r:1:table/)" + kPrefix +
                                     R"(shop","TableStatus":"ACTIVE"}})"));
  fake.answers.push_back(
      Json::parse(R"({"Responses":{")" + kPrefix + R"(shop":[]},"UnprocessedKeys":{}})"));
  auto view = View(fake);
  wire::JsonResult d = view->Call("DescribeTable", Json{{"TableName", "shop"}});
  CHECK(d.body["Table"]["TableName"] == "shop");
  CHECK(d.body["Table"]["TableArn"] == "arn:aws:dynamodb:r:1:table/shop");
  wire::JsonResult b = view->Call("BatchGetItem", Json::parse(R"({"RequestItems":{"shop":{}}})"));
  CHECK(b.body["Responses"].contains("shop"));
}

TEST_CASE("ListTables shows only the run's tables, page by page") {
  FakeEndpoint fake;
  fake.tables = {"aaa", kPrefix + "a", kPrefix + "b", kPrefix + "c", "ddblab-00000000-x", "zzz"};
  std::sort(fake.tables.begin(), fake.tables.end());
  auto view = View(fake);
  wire::JsonResult all = view->Call("ListTables", Json::object());
  REQUIRE(all.ok);
  CHECK(all.body["TableNames"] == Json::parse(R"(["a","b","c"])"));
  CHECK_FALSE(all.body.contains("LastEvaluatedTableName"));
  wire::JsonResult first = view->Call("ListTables", Json{{"Limit", 2}});
  CHECK(first.body["TableNames"] == Json::parse(R"(["a","b"])"));
  REQUIRE(first.body.contains("LastEvaluatedTableName"));
  wire::JsonResult rest = view->Call(
      "ListTables",
      Json{{"Limit", 2}, {"ExclusiveStartTableName", first.body["LastEvaluatedTableName"]}});
  CHECK(rest.body["TableNames"] == Json::parse(R"(["c"])"));
}

TEST_CASE("The cleanup deletes the run's tables and no other") {
  FakeEndpoint fake;
  fake.tables = {"aaa", kPrefix + "a", kPrefix + "b", "ddblab-00000000-x"};
  std::sort(fake.tables.begin(), fake.tables.end());
  CleanupResult done = DeletePrefixedTables(fake, kPrefix, std::chrono::seconds(5));
  CHECK(done.left.empty());
  CHECK(done.deleted == std::vector<std::string>{kPrefix + "a", kPrefix + "b"});
  CHECK(fake.tables == std::vector<std::string>{"aaa", "ddblab-00000000-x"});
}

TEST_CASE("A run's prefix starts a valid table name and differs between runs") {
  const std::string a = NewRunPrefix(), b = NewRunPrefix();
  CHECK(a.size() == 16);
  CHECK(a.rfind("ddblab-", 0) == 0);
  CHECK(a.back() == '-');
  CHECK(a.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789-") == std::string::npos);
  CHECK(a != b);
}

TEST_CASE("A new table is used only once it and its indexes are ACTIVE") {
  FakeEndpoint fake;
  fake.answers.push_back(Json::parse(R"({"TableDescription":{"TableStatus":"CREATING"}})"));
  fake.answers.push_back(Json::parse(R"({"Table":{"TableStatus":"CREATING"}})"));
  fake.answers.push_back(Json::parse(
      R"({"Table":{"TableStatus":"ACTIVE","GlobalSecondaryIndexes":[{"IndexStatus":"CREATING"}]}})"));
  fake.answers.push_back(Json::parse(
      R"({"Table":{"TableStatus":"ACTIVE","GlobalSecondaryIndexes":[{"IndexStatus":"ACTIVE"}]}})"));
  auto view = View(fake);
  REQUIRE(view->Call("CreateTable", Json{{"TableName", "shop"}}).ok);
  CHECK(Operations(fake) ==
        std::vector<std::string>{"CreateTable", "DescribeTable", "DescribeTable", "DescribeTable"});
  CHECK(fake.sent[1].second["TableName"] == kPrefix + "shop");
}

TEST_CASE("Throttling is retried as the aws CLI retries it, and a refused condition is not") {
  FakeEndpoint fake;
  auto view = View(fake);
  fake.failures = {ErrorType::kThrottlingException, ErrorType::kInternalServerError};
  CHECK(view->Call("PutItem", Json{{"TableName", "shop"}}).ok);
  CHECK(fake.sent.size() == 3);
  fake.sent.clear();
  fake.failures = {ErrorType::kConditionalCheckFailedException};
  wire::JsonResult refused = view->Call("PutItem", Json{{"TableName", "shop"}});
  CHECK_FALSE(refused.ok);
  CHECK(refused.error.type == ErrorType::kConditionalCheckFailedException);
  CHECK(fake.sent.size() == 1);
}
