// The throttling error body (API reference, ThrottlingReason; botocore's
// ProvisionedThroughputExceededException shape: message and ThrottlingReasons [{reason,
// resource}]).
#include <catch2/catch.hpp>

#include "ddblab/wire.h"

TEST_CASE(
    "Throttling errors carry ThrottlingReasons (throttlingReasons on ThrottlingException) "
    "with reason and resource") {
  auto e = ddblab::MakeError(ddblab::ErrorType::kProvisionedThroughputExceededException,
                             "The level of configured provisioned throughput for the table was "
                             "exceeded. Consider increasing your provisioning level with the "
                             "UpdateTable API.");
  e.throttling_reasons.push_back(
      {"TableWriteKeyRangeThroughputExceeded", "arn:aws:dynamodb:us-east-1:000000000000:table/T1"});
  ddblab::wire::Json j = ddblab::wire::ErrorToJson(e);
  CHECK(j["__type"] == "com.amazonaws.dynamodb.v20120810#ProvisionedThroughputExceededException");
  CHECK(j["ThrottlingReasons"].dump() ==
        R"([{"reason":"TableWriteKeyRangeThroughputExceeded",)"
        R"("resource":"arn:aws:dynamodb:us-east-1:000000000000:table/T1"}])");
  auto t = ddblab::MakeError(ddblab::ErrorType::kThrottlingException, "Throughput exceeds");
  t.throttling_reasons = e.throttling_reasons;
  ddblab::wire::Json tj = ddblab::wire::ErrorToJson(t);
  CHECK(tj["throttlingReasons"].size() == 1);
  CHECK_FALSE(tj.contains("ThrottlingReasons"));
  auto plain = ddblab::ValidationError("bad");
  CHECK_FALSE(ddblab::wire::ErrorToJson(plain).contains("ThrottlingReasons"));
}
