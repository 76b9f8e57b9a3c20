// A small engine every engine-side fuzz target shares: table Tab (pk S, sk N) with a global index
// Gsi (g S) and a few items, recreated every 1,000 inputs so writes cannot grow it without bound.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>

#include "ddblab/wire.h"

namespace fuzz {

// A fixture that DynamoDB's rules refuse leaves the targets fuzzing an empty engine (twice so far:
// a table named T, then an index named G), so a refused setup call stops the run.
inline void Require(const ddblab::wire::JsonResult& r, const char* operation) {
  if (r.ok) return;
  std::fprintf(stderr, "fuzz fixture: %s failed: %s\n", operation, r.error.message.c_str());
  std::abort();
}

inline ddblab::Engine& FixtureEngine() {
  static std::unique_ptr<ddblab::Engine> engine;
  static int uses = 0;
  if (!engine || ++uses % 1000 == 0) {
    ddblab::EngineOptions options;
    options.clock = [] { return 1700000000.0; };
    engine = std::move(ddblab::Engine::Open(options)).value();
    ddblab::wire::JsonResult created =
        ddblab::wire::ExecuteJsonText(*engine, "CreateTable", R"({"TableName":"Tab",
      "BillingMode":"PAY_PER_REQUEST",
      "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"},
        {"AttributeName":"sk","AttributeType":"N"},{"AttributeName":"g","AttributeType":"S"}],
      "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"},{"AttributeName":"sk","KeyType":"RANGE"}],
      "GlobalSecondaryIndexes":[{"IndexName":"Gsi","KeySchema":[{"AttributeName":"g","KeyType":"HASH"}],
        "Projection":{"ProjectionType":"ALL"}}]})");
    Require(created, "CreateTable");
    for (int i = 0; i < 4; ++i) {
      Require(
          ddblab::wire::ExecuteJsonText(
              *engine, "PutItem",
              R"({"TableName":"Tab","Item":{"pk":{"S":"a"},"sk":{"N":")" + std::to_string(i) +
                  R"("},"g":{"S":"x"},"l":{"L":[{"N":"1"},{"S":"s"}]},"m":{"M":{"n":{"N":"2"}}},)"
                  R"("ss":{"SS":["p","q"]}}})"),
          "PutItem");
    }
  }
  return *engine;
}

}  // namespace fuzz
