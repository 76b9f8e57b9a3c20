// A small engine every engine-side fuzz target shares: table Tab (pk S, sk N) with a global index
// Gsi (g S) and a few items, recreated every 1,000 inputs so writes cannot grow it without bound.
// The fixture checks that its table exists: an index name DynamoDB refuses once left every target
// fuzzing against no table at all.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>

#include "ddblab/wire.h"

namespace fuzz {

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
    if (!created.ok) {
      std::fprintf(stderr, "fuzz fixture: CreateTable failed: %s\n", created.error.message.c_str());
      std::abort();
    }
    for (int i = 0; i < 4; ++i) {
      ddblab::wire::ExecuteJsonText(
          *engine, "PutItem",
          R"({"TableName":"Tab","Item":{"pk":{"S":"a"},"sk":{"N":")" + std::to_string(i) +
              R"("},"g":{"S":"x"},"l":{"L":[{"N":"1"},{"S":"s"}]},"m":{"M":{"n":{"N":"2"}}},)"
              R"("ss":{"SS":["p","q"]}}})");
    }
  }
  return *engine;
}

}  // namespace fuzz
