// Raw request bodies as the server receives them: the first byte picks the operation, the rest
// is the body. Invariants: never a crash, and an error answer always has a DynamoDB error type
// that renders as an error body.
#include <cstdint>
#include <cstdlib>
#include <string>

#include "engine_fixture.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const auto& ops = ddblab::wire::SupportedOperations();
  const std::string& op = ops[data[0] % ops.size()];
  std::string_view body(reinterpret_cast<const char*>(data) + 1, size - 1);
  ddblab::wire::JsonResult r = ddblab::wire::ExecuteJsonText(fuzz::FixtureEngine(), op, body);
  if (!r.ok && !ddblab::wire::ErrorToJson(r.error).contains("__type")) std::abort();
  if (r.ok) (void)r.body.dump();
  return 0;
}
