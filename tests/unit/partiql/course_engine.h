// The course's single table "App" in an in-memory engine, and small helpers for PartiQL tests that
// run statements through the public Engine API.
#pragma once

#include <catch2/catch.hpp>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "../exec/fixture.h"
#include "ddblab/engine.h"

namespace course_engine {

using namespace ddblab;
using ddbtest::Fails;
using ddbtest::Must;
using ddbtest::N;
using ddbtest::S;

// An in-memory engine with the course's single table "App" (PK/SK strings, GSI1 on
// GSI1PK/GSI1SK) holding a customer, three orders and a second customer.
inline std::unique_ptr<Engine> CourseEngine() {
  std::unique_ptr<Engine> e = ddbtest::OpenMemory();
  CreateTableRequest t;
  t.table_name = "App";
  t.billing_mode = "PAY_PER_REQUEST";
  t.attribute_definitions = {{"PK", "S"}, {"SK", "S"}, {"GSI1PK", "S"}, {"GSI1SK", "S"}};
  t.key_schema = {{"PK", "HASH"}, {"SK", "RANGE"}};
  SecondaryIndexSpec g;
  g.index_name = "GSI1";
  g.key_schema = {{"GSI1PK", "HASH"}, {"GSI1SK", "RANGE"}};
  g.projection.projection_type = "ALL";
  t.global_secondary_indexes = std::vector<SecondaryIndexSpec>{g};
  Must(e->CreateTable(t));
  auto put = [&](Item item) {
    PutItemRequest p;
    p.table_name = "App";
    p.item = std::move(item);
    Must(e->PutItem(p));
  };
  put({{"PK", S("CUSTOMER#c1")}, {"SK", S("PROFILE")}, {"name", S("Ann")}});
  put({{"PK", S("CUSTOMER#c1")},
       {"SK", S("ORDER#1")},
       {"total", N("50")},
       {"status", S("OPEN")},
       {"GSI1PK", S("STATUS#OPEN")},
       {"GSI1SK", S("ORDER#1")}});
  put({{"PK", S("CUSTOMER#c1")},
       {"SK", S("ORDER#2")},
       {"total", N("150")},
       {"status", S("SHIPPED")}});
  put({{"PK", S("CUSTOMER#c1")},
       {"SK", S("ORDER#3")},
       {"total", N("250")},
       {"status", S("OPEN")},
       {"GSI1PK", S("STATUS#OPEN")},
       {"GSI1SK", S("ORDER#3")}});
  put({{"PK", S("CUSTOMER#c2")}, {"SK", S("PROFILE")}, {"name", S("Bob")}});
  return e;
}

inline ExecuteStatementRequest Stmt(std::string text, std::vector<AttributeValue> params = {}) {
  ExecuteStatementRequest r;
  r.statement = std::move(text);
  if (!params.empty()) r.parameters = std::move(params);
  return r;
}

inline std::optional<Item> Get(Engine& e, const std::string& pk, const std::string& sk) {
  GetItemRequest g;
  g.table_name = "App";
  g.key = {{"PK", S(pk)}, {"SK", S(sk)}};
  g.consistent_read = true;
  return Must(e.GetItem(g)).item;
}

}  // namespace course_engine
