// Throttling through the public Engine with the throughput model on (EngineOptions::
// model_throughput) and a clock the test moves: the error DynamoDB returns, back-pressure from a
// global secondary index, and batches handing back what was throttled.
#include <catch2/catch.hpp>
#include <memory>
#include <string>

#include "ddblab/engine.h"

using namespace ddblab;

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

void CreateTable(Engine& e, int64_t rcu, int64_t wcu, bool gsi = false, int64_t gsi_wcu = 0) {
  CreateTableRequest r;
  r.table_name = "Orders";
  r.attribute_definitions = {{"PK", "S"}, {"SK", "S"}};
  r.key_schema = {{"PK", "HASH"}, {"SK", "RANGE"}};
  r.provisioned_throughput = ProvisionedThroughput{rcu, wcu};
  if (gsi) {
    r.attribute_definitions.push_back({"G", "S"});
    SecondaryIndexSpec g;
    g.index_name = "ByG";
    g.key_schema = {{"G", "HASH"}};
    g.projection.projection_type = "KEYS_ONLY";
    g.provisioned_throughput = ProvisionedThroughput{gsi_wcu, gsi_wcu};
    r.global_secondary_indexes = std::vector<SecondaryIndexSpec>{g};
  }
  auto res = e.CreateTable(r);
  INFO((res.ok() ? "" : res.error().message));
  REQUIRE(res.ok());
}

Result<PutItemResponse> Put(Engine& e, const std::string& pk, const std::string& sk,
                            const std::string& g = "") {
  PutItemRequest r;
  r.table_name = "Orders";
  r.item = {{"PK", S(pk)}, {"SK", S(sk)}};
  if (!g.empty()) r.item.emplace("G", S(g));
  return e.PutItem(r);
}

bool Exists(Engine& e, const std::string& pk, const std::string& sk) {
  GetItemRequest r;
  r.table_name = "Orders";
  r.key = {{"PK", S(pk)}, {"SK", S(sk)}};
  auto got = e.GetItem(r);
  REQUIRE(got.ok());
  return got->item.has_value();
}

constexpr char kTableMessage[] =
    "The level of configured provisioned throughput for the table was exceeded. Consider "
    "increasing your provisioning level with the UpdateTable API.";

}  // namespace

// DynamoDB: ProvisionedThroughputExceededException with ThrottlingReasons (API reference,
// ThrottlingReason; developer guide, "Throttling diagnostics").
TEST_CASE(
    "Throttled write: ProvisionedThroughputExceededException naming the key range and the "
    "table ARN, and nothing is written") {
  Lab lab;
  CreateTable(*lab.engine, 100, 4000);  // 4 partitions of 1,000 WCU
  for (int i = 0; i < 1000; ++i) REQUIRE(Put(*lab.engine, "DAY#1", "O#" + std::to_string(i)).ok());
  auto refused = Put(*lab.engine, "DAY#1", "O#1000");
  REQUIRE_FALSE(refused.ok());
  CHECK(refused.error().type == ErrorType::kProvisionedThroughputExceededException);
  CHECK(refused.error().message == kTableMessage);
  REQUIRE(refused.error().throttling_reasons.size() == 1);
  CHECK(refused.error().throttling_reasons[0].reason == "TableWriteKeyRangeThroughputExceeded");
  CHECK(refused.error().throttling_reasons[0].resource ==
        "arn:aws:dynamodb:us-east-1:000000000000:table/Orders");
  CHECK_FALSE(Exists(*lab.engine, "DAY#1", "O#1000"));
  lab.now += 1;
  CHECK(Put(*lab.engine, "DAY#1", "O#1000").ok());
}

// DynamoDB: an on-demand table throttles with ThrottlingException (API reference, Common Errors).
TEST_CASE(
    "On-demand throttle: ThrottlingException with the scaling message and a key-range "
    "reason") {
  Lab lab;
  CreateTableRequest r;
  r.table_name = "Orders";
  r.attribute_definitions = {{"PK", "S"}, {"SK", "S"}};
  r.key_schema = {{"PK", "HASH"}, {"SK", "RANGE"}};
  r.billing_mode = "PAY_PER_REQUEST";
  REQUIRE(lab.engine->CreateTable(r).ok());
  for (int i = 0; i < 1000; ++i) REQUIRE(Put(*lab.engine, "HOT", std::to_string(i)).ok());
  auto refused = Put(*lab.engine, "HOT", "1000");
  REQUIRE_FALSE(refused.ok());
  CHECK(refused.error().type == ErrorType::kThrottlingException);
  CHECK(refused.error().message ==
        "Throughput exceeds the current capacity of your table or index. DynamoDB is "
        "automatically scaling your table or index so please try again shortly. If exceptions "
        "persist, check if you have a hot key: "
        "https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/"
        "bp-partition-key-design.html");
  REQUIRE(refused.error().throttling_reasons.size() == 1);
  CHECK(refused.error().throttling_reasons[0].reason == "TableWriteKeyRangeThroughputExceeded");
}

// DynamoDB: a throttled transaction fails with TransactionCanceledException, the throttled
// action's reason ProvisionedThroughputExceeded (API reference, TransactWriteItems).
TEST_CASE(
    "Throttled transaction: cancelled with a ProvisionedThroughputExceeded reason, nothing "
    "written") {
  Lab lab;
  CreateTable(*lab.engine, 100, 900);  // one partition of 900 WCU
  for (int i = 0; i < 898; ++i) REQUIRE(Put(*lab.engine, "A", std::to_string(i)).ok());
  TransactWriteItemsRequest r;
  for (const char* sk : {"t1", "t2"}) {
    TransactWriteItem w;
    w.action = "Put";
    w.table_name = "Orders";
    w.item = Item{{"PK", S("B")}, {"SK", S(sk)}};
    r.transact_items.push_back(w);
  }
  auto refused = lab.engine->TransactWriteItems(r);
  REQUIRE_FALSE(refused.ok());
  CHECK(refused.error().type == ErrorType::kTransactionCanceledException);
  CHECK(refused.error().message ==
        "Transaction cancelled, please refer cancellation reasons for specific reasons "
        "[ProvisionedThroughputExceeded, None]");
  REQUIRE(refused.error().cancellation_reasons.size() == 2);
  CHECK(refused.error().cancellation_reasons[0].message == kTableMessage);
  CHECK_FALSE(Exists(*lab.engine, "B", "t1"));
  lab.now += 1;
  CHECK(lab.engine->TransactWriteItems(r).ok());
}

TEST_CASE("Model off: the same traffic never throttles (interactive use)") {
  EngineOptions o;
  o.clock = [] { return 1700000000.0; };
  auto e = Engine::Open(o);
  REQUIRE(e.ok());
  CreateTable(**e, 1, 1);
  for (int i = 0; i < 1200; ++i) REQUIRE(Put(**e, "DAY#1", "O#" + std::to_string(i)).ok());
  CHECK_FALSE((*e)->DescribeThroughput().enabled);
}

// DynamoDB: a GSI whose write capacity is exhausted throttles the base-table writes that would
// update it (developer guide, "GSI write throttling and back pressure").
TEST_CASE("GSI back-pressure: a throttled index throttles the base write, which is not applied") {
  Lab lab;
  CreateTable(*lab.engine, 100, 4000, true, 100);  // index: 100 WCU
  for (int i = 0; i < 100; ++i) {
    REQUIRE(Put(*lab.engine, "U#" + std::to_string(i), "P", "STUDENT").ok());
  }
  auto refused = Put(*lab.engine, "U#100", "P", "STUDENT");
  REQUIRE_FALSE(refused.ok());
  CHECK(refused.error().type == ErrorType::kProvisionedThroughputExceededException);
  CHECK(refused.error().message ==
        "The level of configured provisioned throughput for one or more global secondary indexes "
        "of the table was exceeded. Consider increasing your provisioning level for the "
        "under-provisioned global secondary indexes with the UpdateTable API.");
  REQUIRE(refused.error().throttling_reasons.size() == 1);
  CHECK(refused.error().throttling_reasons[0].reason == "IndexWriteProvisionedThroughputExceeded");
  CHECK(refused.error().throttling_reasons[0].resource ==
        "arn:aws:dynamodb:us-east-1:000000000000:table/Orders/index/ByG");
  CHECK_FALSE(Exists(*lab.engine, "U#100", "P"));
  // A write that does not touch the index is not held back.
  CHECK(Put(*lab.engine, "U#101", "P").ok());
}

// DynamoDB: BatchWriteItem returns throttled requests in UnprocessedItems and fails with
// ProvisionedThroughputExceededException only when none could be processed (API reference,
// BatchWriteItem).
TEST_CASE("Batch unprocessed: BatchWriteItem hands back throttled entries as UnprocessedItems") {
  Lab lab;
  CreateTable(*lab.engine, 100, 900);  // one partition of 900 WCU
  for (int i = 0; i < 890; ++i) REQUIRE(Put(*lab.engine, "A", std::to_string(i)).ok());
  auto batch = [&](int from) {
    BatchWriteItemRequest r;
    for (int i = from; i < from + 25; ++i) {
      WriteRequest w;
      w.put_request_item = Item{{"PK", S("B")}, {"SK", S(std::to_string(i))}};
      r.request_items["Orders"].push_back(w);
    }
    return lab.engine->BatchWriteItem(r);
  };
  auto first = batch(0);
  REQUIRE(first.ok());
  REQUIRE(first->unprocessed_items.count("Orders") == 1);
  CHECK(first->unprocessed_items.at("Orders").size() == 15);
  CHECK(Exists(*lab.engine, "B", "9"));
  CHECK_FALSE(Exists(*lab.engine, "B", "10"));
  auto second = batch(100);
  REQUIRE_FALSE(second.ok());
  CHECK(second.error().type == ErrorType::kProvisionedThroughputExceededException);
  CHECK(second.error().message == kTableMessage);
  CHECK_FALSE(Exists(*lab.engine, "B", "100"));
  lab.now += 1;
  auto third = batch(100);
  REQUIRE(third.ok());
  CHECK(third->unprocessed_items.empty());
}

// DynamoDB: BatchGetItem returns throttled keys in UnprocessedKeys (API reference, BatchGetItem).
TEST_CASE("Batch unprocessed: BatchGetItem hands back throttled keys as UnprocessedKeys") {
  Lab lab;
  CreateTable(*lab.engine, 10, 100);  // one partition: 10 RCU
  for (int i = 0; i < 4; ++i) REQUIRE(Put(*lab.engine, "A", std::to_string(i)).ok());
  // Same second: no unused read capacity has been banked yet.
  for (int i = 0; i < 18; ++i) Exists(*lab.engine, "A", "0");  // 18 x 0.5 RCU
  BatchGetItemRequest r;
  for (int i = 0; i < 4; ++i) {
    r.request_items["Orders"].keys.push_back(Key{{"PK", S("A")}, {"SK", S(std::to_string(i))}});
  }
  auto got = lab.engine->BatchGetItem(r);
  REQUIRE(got.ok());
  CHECK(got->responses["Orders"].size() == 2);
  REQUIRE(got->unprocessed_keys.count("Orders") == 1);
  CHECK(got->unprocessed_keys.at("Orders").keys.size() == 2);
  auto none = lab.engine->BatchGetItem(r);
  REQUIRE_FALSE(none.ok());
  CHECK(none.error().type == ErrorType::kProvisionedThroughputExceededException);
}

TEST_CASE("Throttled: DescribeThroughput counts each partition's requests and throttles") {
  Lab lab;
  CreateTable(*lab.engine, 100, 4000);
  int throttled = 0;
  for (int i = 0; i < 1500; ++i)
    throttled += Put(*lab.engine, "DAY#1", std::to_string(i)).ok() ? 0 : 1;
  CHECK(throttled == 500);
  ThroughputReport report = lab.engine->DescribeThroughput();
  CHECK(report.enabled);
  REQUIRE(report.resources.size() == 1);
  // ceil(100 / 3,000 + 4,000 / 1,000) partitions.
  REQUIRE(report.resources[0].partitions.size() == 5);
  int64_t requests = 0, refused = 0;
  double wcu = 0;
  for (const auto& p : report.resources[0].partitions) {
    requests += p.requests;
    refused += p.throttled;
    wcu += p.consumed_wcu;
  }
  CHECK(requests == 1500);
  CHECK(refused == 500);
  CHECK(wcu == 1000);
}

TEST_CASE("Throttled: DescribeThroughput lists tables and indexes no call has reached, idle") {
  Lab lab;
  CreateTable(*lab.engine, 100, 1000, true, 50);
  ThroughputReport report = lab.engine->DescribeThroughput();
  REQUIRE(report.resources.size() == 2);
  CHECK(report.resources[0].table == "Orders");
  CHECK(report.resources[0].index.empty());
  CHECK(report.resources[1].index == "ByG");
  CHECK(report.resources[1].write_capacity_units == 50);
  CHECK(report.resources[1].partitions.size() == 2);
  CHECK(report.resources[1].partitions[0].requests == 0);
}
