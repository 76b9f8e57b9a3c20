// A throttled statement's error in a BatchExecuteStatement response: DynamoDB's
// BatchStatementError codes are ProvisionedThroughputExceeded and ThrottlingError (API
// reference, BatchStatementError: Code).
#include <catch2/catch.hpp>

#include "wire/codec.h"

namespace ddblab::wire {
namespace {

std::string CodeFor(ErrorType type) {
  BatchExecuteStatementResponse r;
  BatchStatementResponse s;
  s.error = MakeError(type, "throttled");
  r.responses.push_back(s);
  Json j = internal::ToJson(r, "");
  return j["Responses"][0]["Error"]["Code"].get<std::string>();
}

TEST_CASE("BatchStatementError codes for throttled statements") {
  CHECK(CodeFor(ErrorType::kProvisionedThroughputExceededException) ==
        "ProvisionedThroughputExceeded");
  CHECK(CodeFor(ErrorType::kThrottlingException) == "ThrottlingError");
  CHECK(CodeFor(ErrorType::kConditionalCheckFailedException) == "ConditionalCheckFailed");
}

}  // namespace
}  // namespace ddblab::wire
