// The footer of a throttled call: it names the call, says it was throttled and why, and that it
// consumed nothing (README, "Throughput and throttling").
#include <catch2/catch.hpp>

#include "shell/render/render.h"

namespace ddblab::shell {
namespace {

// A PutItem on app-main refused by the throughput model on partition 2 of 4.
StatementResult Throttled(std::vector<std::string> reasons) {
  StatementResult r;
  r.input = "INSERT INTO \"app-main\" VALUE {'PK': 'DAY#1'}";
  r.kind = InputKind::kPartiql;
  r.operation = "ExecuteStatement";
  r.ok = false;
  r.error.type = ErrorType::kProvisionedThroughputExceededException;
  for (const auto& reason : reasons) {
    r.error.throttling_reasons.push_back(
        {reason, "arn:aws:dynamodb:us-east-1:000000000000:table/app-main"});
  }
  CallResult call;
  call.ok = false;
  call.error = r.error;
  call.trace.operation = "PutItem";
  call.trace.table = "app-main";
  call.trace.partitions_hit = {2};
  call.trace.partitions_total = 4;
  r.calls.push_back(call);
  return r;
}

// DynamoDB: "Throttled requests ... don't consume capacity" and carry ThrottlingReasons
// (https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/TroubleshootingThrottling.html)
TEST_CASE("a throttled call's footer names its reason and that it consumed nothing",
          "[render][footer][throttling]") {
  ShellSettings s;
  CHECK(FooterLine(Throttled({"TableWriteKeyRangeThroughputExceeded"}), s) ==
        "-- PutItem app-main | throttled: "
        "TableWriteKeyRangeThroughputExceeded, nothing consumed | partition 2 of 4");
}

TEST_CASE("a throttled call with several reasons lists each once, in order",
          "[render][footer][throttling]") {
  ShellSettings s;
  CHECK(FooterLine(Throttled({"TableWriteKeyRangeThroughputExceeded",
                              "IndexWriteProvisionedThroughputExceeded",
                              "TableWriteKeyRangeThroughputExceeded"}),
                   s) ==
        "-- PutItem app-main | throttled: "
        "IndexWriteProvisionedThroughputExceeded, TableWriteKeyRangeThroughputExceeded, "
        "nothing consumed | partition 2 of 4");
}

TEST_CASE("a refusal that is not a throttle gets no throttled note",
          "[render][footer][throttling]") {
  StatementResult r = Throttled({});
  r.error.type = ErrorType::kConditionalCheckFailedException;
  ShellSettings s;
  CHECK(FooterLine(r, s) == "-- PutItem app-main | partition 2 of 4");
}

}  // namespace
}  // namespace ddblab::shell
