// UpdateTimeToLive and DescribeTimeToLive through the JSON layer, whose reader and writers come
// from the model (ddblab/model/time_to_live.h): the missing-member messages and the member order.
#include <catch2/catch.hpp>
#include <string>

#include "ddblab/wire.h"
#include "wire_fixture.h"

namespace {

using wiretest::Call;
using wiretest::OpenEngine;

const char* kCreateTtlTable = R"({"TableName": "Tbl",
  "AttributeDefinitions": [{"AttributeName": "PK", "AttributeType": "S"}],
  "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"}], "BillingMode": "PAY_PER_REQUEST"})";

}  // namespace

TEST_CASE("UpdateTimeToLive reports missing members in the service model's order") {
  auto e = OpenEngine();
  REQUIRE(Call(*e, "CreateTable", kCreateTtlTable).ok);
  auto none = Call(*e, "UpdateTimeToLive", R"({"TableName": "Tbl"})");
  CHECK(none.body.value("message", "") ==
        "1 validation error detected: Value null at 'timeToLiveSpecification' failed to satisfy "
        "constraint: Member must not be null");
  // Enabled before AttributeName, as botocore's model lists them.
  auto empty =
      Call(*e, "UpdateTimeToLive", R"({"TableName": "Tbl", "TimeToLiveSpecification": {}})");
  CHECK(empty.body.value("message", "") ==
        "2 validation errors detected: Value null at 'timeToLiveSpecification.enabled' failed to "
        "satisfy constraint: Member must not be null; Value null at "
        "'timeToLiveSpecification.attributeName' failed to satisfy constraint: Member must not be "
        "null");
}

TEST_CASE("Time to Live answers in DynamoDB's member order") {
  auto e = OpenEngine();
  REQUIRE(Call(*e, "CreateTable", kCreateTtlTable).ok);
  auto off = Call(*e, "DescribeTimeToLive", R"({"TableName": "Tbl"})");
  CHECK(off.body.dump() == R"({"TimeToLiveDescription":{"TimeToLiveStatus":"DISABLED"}})");
  auto on = Call(*e, "UpdateTimeToLive", R"({"TableName": "Tbl",
    "TimeToLiveSpecification": {"AttributeName": "exp", "Enabled": true}})");
  CHECK(on.body.dump() == R"({"TimeToLiveSpecification":{"Enabled":true,"AttributeName":"exp"}})");
  auto d = Call(*e, "DescribeTimeToLive", R"({"TableName": "Tbl"})");
  CHECK(d.body.dump() ==
        R"({"TimeToLiveDescription":{"TimeToLiveStatus":"ENABLED","AttributeName":"exp"}})");
}
