// BatchExecuteStatement under the throughput model: each statement is throttled on its own, its
// error in its own response, and the rest are carried out (README, "Throughput and throttling").
#include <catch2/catch.hpp>
#include <memory>
#include <string>

#include "ddblab/engine.h"

namespace ddblab {
namespace {

struct Lab {
  double now = 1700000000.0;
  std::unique_ptr<Engine> engine;
  Lab() {
    EngineOptions o;
    o.clock = [this] { return now; };
    o.model_throughput = true;
    auto e = Engine::Open(o);
    REQUIRE(e.ok());
    engine = std::move(e).value();
  }
};

AttributeValue S(std::string s) { return AttributeValue::S(std::move(s)); }

// A provisioned table "Orders" (PK, SK): one partition of `wcu` WCU.
void CreateOrders(Engine& e, int64_t wcu) {
  CreateTableRequest r;
  r.table_name = "Orders";
  r.attribute_definitions = {{"PK", "S"}, {"SK", "S"}};
  r.key_schema = {{"PK", "HASH"}, {"SK", "RANGE"}};
  r.provisioned_throughput = ProvisionedThroughput{100, wcu};
  REQUIRE(e.CreateTable(r).ok());
}

void Put(Engine& e, const std::string& sk) {
  PutItemRequest r;
  r.table_name = "Orders";
  r.item = {{"PK", S("A")}, {"SK", S(sk)}};
  REQUIRE(e.PutItem(r).ok());
}

bool Exists(Engine& e, const std::string& sk) {
  GetItemRequest r;
  r.table_name = "Orders";
  r.key = {{"PK", S("B")}, {"SK", S(sk)}};
  auto got = e.GetItem(r);
  REQUIRE(got.ok());
  return got->item.has_value();
}

BatchExecuteStatementRequest Inserts(int from) {
  BatchExecuteStatementRequest r;
  for (int i = from; i < from + 25; ++i) {
    BatchStatementRequest s;
    s.statement = "INSERT INTO \"Orders\" VALUE {'PK': 'B', 'SK': '" + std::to_string(i) + "'}";
    r.statements.push_back(s);
  }
  return r;
}

constexpr char kTableMessage[] =
    "The level of configured provisioned throughput for the table was exceeded. Consider "
    "increasing your provisioning level with the UpdateTable API.";

// DynamoDB: BatchExecuteStatement returns a response per statement, with a BatchStatementError
// (Code ProvisionedThroughputExceeded) for one that failed, and carries out the others (API
// reference, BatchExecuteStatement, BatchStatementResponse, BatchStatementError).
TEST_CASE("Batch statements: throttled statements fail one by one, the others are carried out") {
  Lab lab;
  CreateOrders(*lab.engine, 900);  // one partition of 900 WCU
  for (int i = 0; i < 890; ++i) Put(*lab.engine, std::to_string(i));
  auto got = lab.engine->BatchExecuteStatement(Inserts(0));
  REQUIRE(got.ok());
  REQUIRE(got->responses.size() == 25);
  for (int i = 0; i < 25; ++i) {
    const auto& s = got->responses[static_cast<size_t>(i)];
    INFO("statement " << i);
    if (i < 10) {
      CHECK_FALSE(s.error);
      CHECK(Exists(*lab.engine, std::to_string(i)));
    } else {
      REQUIRE(s.error);
      CHECK(s.error->type == ErrorType::kProvisionedThroughputExceededException);
      CHECK(s.error->message == kTableMessage);
      REQUIRE(s.error->throttling_reasons.size() == 1);
      CHECK(s.error->throttling_reasons[0].reason == "TableWriteProvisionedThroughputExceeded");
      CHECK_FALSE(Exists(*lab.engine, std::to_string(i)));
    }
  }
}

TEST_CASE("Batch statements: a batch whose every statement is throttled still answers each") {
  Lab lab;
  CreateOrders(*lab.engine, 900);
  for (int i = 0; i < 900; ++i) Put(*lab.engine, std::to_string(i));
  auto got = lab.engine->BatchExecuteStatement(Inserts(100));
  REQUIRE(got.ok());
  REQUIRE(got->responses.size() == 25);
  for (const auto& s : got->responses) {
    REQUIRE(s.error);
    CHECK(s.error->type == ErrorType::kProvisionedThroughputExceededException);
  }
  CHECK_FALSE(Exists(*lab.engine, "100"));
  lab.now += 1;
  auto next = lab.engine->BatchExecuteStatement(Inserts(100));
  REQUIRE(next.ok());
  for (const auto& s : next->responses) CHECK_FALSE(s.error);
  CHECK(Exists(*lab.engine, "124"));
}

}  // namespace
}  // namespace ddblab
