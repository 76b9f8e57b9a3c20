// Split for heat through the public Engine (the model on, a clock the test moves): the write
// path tells the model which item each write touched, so a hot item collection with spread sort
// keys splits, and a table with a local secondary index keeps its collections whole. The rules
// themselves are pinned on the model in split_for_heat_test.cc.
// DynamoDB: developer guide, "Burst and adaptive capacity" (isolating frequently accessed items;
// item collections are not split when the table has a local secondary index).
#include <catch2/catch.hpp>
#include <cstdio>
#include <memory>
#include <string>

#include "ddblab/engine.h"

using namespace ddblab;

namespace {

AttributeValue S(std::string s) { return AttributeValue::S(std::move(s)); }

// Writes of about 100 KB (101 WCU each) keep the request count low: 12 a second is 1,212 WCU
// on one item collection, above one partition's 1,000 (and its halves' 606 each fit).
struct Hot {
  double now = 1700000000.0;
  std::unique_ptr<Engine> engine;
  std::string payload = std::string(100 * 1024 - 64, 'x');

  explicit Hot(bool lsi) {
    EngineOptions o;
    o.clock = [this] { return now; };
    o.model_throughput = true;
    auto e = Engine::Open(o);
    REQUIRE(e.ok());
    engine = std::move(e).value();
    CreateTableRequest r;
    r.table_name = "Orders";
    r.attribute_definitions = {{"PK", "S"}, {"SK", "S"}};
    r.key_schema = {{"PK", "HASH"}, {"SK", "RANGE"}};
    r.provisioned_throughput = ProvisionedThroughput{12000, 4000};
    if (lsi) {
      r.attribute_definitions.push_back({"L", "S"});
      SecondaryIndexSpec l;
      l.index_name = "ByL";
      l.key_schema = {{"PK", "HASH"}, {"L", "RANGE"}};
      l.projection.projection_type = "KEYS_ONLY";
      r.local_secondary_indexes = std::vector<SecondaryIndexSpec>{l};
    }
    auto res = engine->CreateTable(r);
    INFO((res.ok() ? "" : res.error().message));
    REQUIRE(res.ok());
  }

  // Throttled writes in each of `seconds` seconds of 12 writes to one partition-key value,
  // over 64 sort keys spread evenly (a golden-ratio sequence).
  std::vector<int> Drive(int seconds) {
    std::vector<int> throttled;
    int64_t i = 0;
    for (int s = 0; s < seconds; ++s) {
      int refused = 0;
      for (int c = 0; c < 12; ++c, ++i) {
        now = 1700000000.0 + s + c / 12.0;
        char sk[16];
        std::snprintf(sk, sizeof sk, "%08x",
                      static_cast<uint32_t>(static_cast<uint64_t>(i % 64) * 0x9E3779B9ull));
        PutItemRequest r;
        r.table_name = "Orders";
        r.item = {{"PK", S("DAY#2026-06-08")}, {"SK", S(sk)}, {"L", S("x")}, {"P", S(payload)}};
        auto res = engine->PutItem(r);
        if (!res.ok()) {
          REQUIRE(res.error().type == ErrorType::kProvisionedThroughputExceededException);
          ++refused;
        }
      }
      throttled.push_back(refused);
    }
    return throttled;
  }
};

int Sum(const std::vector<int>& v, int from, int to) {
  int n = 0;
  for (int s = from; s < to; ++s) n += v[static_cast<size_t>(s)];
  return n;
}

}  // namespace

TEST_CASE("Split for heat: through the engine, a hot collection with spread sort keys splits") {
  Hot hot(false);
  std::vector<int> throttled = hot.Drive(310);
  CHECK(Sum(throttled, 280, 300) > 0);
  CHECK(Sum(throttled, 301, 310) == 0);
}

TEST_CASE("Split for heat limit: through the engine, a table with an LSI keeps throttling") {
  Hot hot(true);
  std::vector<int> throttled = hot.Drive(310);
  CHECK(Sum(throttled, 280, 300) > 0);
  CHECK(Sum(throttled, 301, 310) > 0);
}
