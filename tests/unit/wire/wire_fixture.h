// What the JSON-layer tests share: a fresh in-memory engine on a fixed clock, and one call with a
// request body given as text.
#pragma once

#include <catch2/catch.hpp>
#include <memory>
#include <string>

#include "ddblab/wire.h"

namespace wiretest {

inline std::unique_ptr<ddblab::Engine> OpenEngine() {
  ddblab::EngineOptions options;
  options.clock = [] { return 1700000000.0; };
  auto engine = ddblab::Engine::Open(options);
  REQUIRE(engine.ok());
  return std::move(engine).value();
}

inline ddblab::wire::JsonResult Call(ddblab::Engine& e, const char* op, const std::string& body) {
  return ddblab::wire::ExecuteJsonText(e, op, body);
}

}  // namespace wiretest
