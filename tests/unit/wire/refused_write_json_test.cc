// A refused write's cost on the wire: DynamoDB's error body carries no ConsumedCapacity, even with
// ReturnConsumedCapacity, but the JsonResult does, for the shell's footer, jsonl and lessons.
#include <catch2/catch.hpp>

#include "ddblab/wire.h"
#include "wire_fixture.h"

using ddblab::wire::Json;

namespace {

using wiretest::Call;
using wiretest::OpenEngine;

}  // namespace

// DynamoDB: a failed conditional write still consumes one write unit or more (developer guide,
// "Read/write capacity mode"); the ConditionalCheckFailedException body is only __type and message.
TEST_CASE("A failed conditional put reports its capacity to front ends, not in the error body") {
  auto engine = OpenEngine();
  REQUIRE(Call(*engine, "CreateTable", R"({"TableName": "Tab",
    "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}],
    "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}],
    "BillingMode": "PAY_PER_REQUEST"})")
              .ok);
  REQUIRE(Call(*engine, "PutItem", R"({"TableName": "Tab", "Item": {"pk": {"S": "a"}}})").ok);
  auto r = Call(*engine, "PutItem", R"j({"TableName": "Tab", "Item": {"pk": {"S": "a"}},
    "ConditionExpression": "attribute_not_exists(pk)", "ReturnConsumedCapacity": "TOTAL"})j");
  REQUIRE_FALSE(r.ok);
  CHECK(r.body.dump() ==
        R"({"__type":"com.amazonaws.dynamodb.v20120810#ConditionalCheckFailedException",)"
        R"("message":"The conditional request failed"})");
  REQUIRE(r.capacity.size() == 1);
  CHECK(r.capacity[0].total.units() == 1.0);
  CHECK(r.trace.operation == "PutItem");
  CHECK(r.trace.table == "Tab");
  CHECK(r.trace.partitions_hit.size() == 1);
}
