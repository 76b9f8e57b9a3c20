// PartiQL statements (ExecuteStatement). Invariant: an answer or a DynamoDB error, never a crash.
#include <cstdint>
#include <string>

#include "engine_fixture.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string statement(reinterpret_cast<const char*>(data), size);
  ddblab::wire::Json body = {{"Statement", statement}};
  ddblab::wire::ExecuteJson(fuzz::FixtureEngine(), "ExecuteStatement", body);
  return 0;
}
