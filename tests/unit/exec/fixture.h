// Small builders so engine tests read like DynamoDB requests.
#pragma once

#include <catch2/catch.hpp>
#include <memory>
#include <string>

#include "ddblab/engine.h"

namespace ddbtest {

using namespace ddblab;

inline AttributeValue S(std::string s) { return AttributeValue::S(std::move(s)); }
inline AttributeValue N(const std::string& s) { return AttributeValue::N(*Decimal::Parse(s)); }

inline std::unique_ptr<Engine> OpenMemory() {
  EngineOptions o;
  o.clock = [] { return 1700000000.0; };
  auto e = Engine::Open(o);
  REQUIRE(e.ok());
  return std::move(e).value();
}

// PK (S) + SK (S) table, on demand, optionally with GSI1 (GSI1PK/GSI1SK, ALL) and a sparse
// KEYS_ONLY index OpenOrders (GSI2PK/GSI2SK).
inline void CreateAppTable(Engine& e, const std::string& name = "App", bool gsis = true) {
  CreateTableRequest r;
  r.table_name = name;
  r.billing_mode = "PAY_PER_REQUEST";
  r.attribute_definitions = {{"PK", "S"}, {"SK", "S"}};
  r.key_schema = {{"PK", "HASH"}, {"SK", "RANGE"}};
  if (gsis) {
    r.attribute_definitions.push_back({"GSI1PK", "S"});
    r.attribute_definitions.push_back({"GSI1SK", "S"});
    r.attribute_definitions.push_back({"GSI2PK", "S"});
    r.attribute_definitions.push_back({"GSI2SK", "S"});
    SecondaryIndexSpec g1;
    g1.index_name = "GSI1";
    g1.key_schema = {{"GSI1PK", "HASH"}, {"GSI1SK", "RANGE"}};
    g1.projection.projection_type = "ALL";
    SecondaryIndexSpec g2;
    g2.index_name = "OpenOrders";
    g2.key_schema = {{"GSI2PK", "HASH"}, {"GSI2SK", "RANGE"}};
    g2.projection.projection_type = "KEYS_ONLY";
    r.global_secondary_indexes = std::vector<SecondaryIndexSpec>{g1, g2};
  }
  auto res = e.CreateTable(r);
  INFO((res.ok() ? "" : res.error().message));
  REQUIRE(res.ok());
}

inline PutItemResponse Put(Engine& e, Item item, const std::string& table = "App") {
  PutItemRequest r;
  r.table_name = table;
  r.item = std::move(item);
  auto res = e.PutItem(r);
  INFO((res.ok() ? "" : res.error().message));
  REQUIRE(res.ok());
  return std::move(res).value();
}

inline QueryRequest QueryPk(const std::string& pk, const std::string& table = "App") {
  QueryRequest q;
  q.table_name = table;
  q.key_condition_expression = "PK = :pk";
  q.expression_attribute_values = ExpressionAttributeValues{{":pk", S(pk)}};
  return q;
}

template <typename T>
T Must(Result<T> r) {
  INFO((r.ok() ? "" : r.error().message));
  REQUIRE(r.ok());
  return std::move(r).value();
}

template <typename T>
Error Fails(Result<T> r) {
  REQUIRE_FALSE(r.ok());
  return r.error();
}

// An engine on a clock the test moves: *now is the engine's time (seconds since the epoch).
struct ClockedEngine {
  std::shared_ptr<double> now = std::make_shared<double>(1700000000.0);
  std::unique_ptr<Engine> engine;
  explicit ClockedEngine(const std::string& path = ":memory:") {
    EngineOptions o;
    o.path = path;
    o.clock = [now = now] { return *now; };
    engine = Must(Engine::Open(o));
  }
  Engine* operator->() { return engine.get(); }
};

}  // namespace ddbtest
