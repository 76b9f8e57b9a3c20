// ExecuteJsonText end to end on a fresh in-memory engine: the course lab's first steps.
#include <catch2/catch.hpp>

#include "ddblab/wire.h"
#include "wire_fixture.h"

using ddblab::wire::Json;

namespace {

using wiretest::Call;
using wiretest::OpenEngine;

const char* kCreate = R"({"TableName": "app-main",
  "AttributeDefinitions": [{"AttributeName": "PK", "AttributeType": "S"},
    {"AttributeName": "SK", "AttributeType": "S"},
    {"AttributeName": "GSI2PK", "AttributeType": "S"},
    {"AttributeName": "GSI2SK", "AttributeType": "S"}],
  "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"}, {"AttributeName": "SK", "KeyType": "RANGE"}],
  "BillingMode": "PAY_PER_REQUEST",
  "GlobalSecondaryIndexes": [{"IndexName": "GSI2",
    "KeySchema": [{"AttributeName": "GSI2PK", "KeyType": "HASH"}, {"AttributeName": "GSI2SK", "KeyType": "RANGE"}],
    "Projection": {"ProjectionType": "KEYS_ONLY"}}]})";

}  // namespace

TEST_CASE("Unknown operations and malformed JSON get DynamoDB's errors") {
  auto engine = OpenEngine();
  auto r = Call(*engine, "Frobnicate", "{}");
  CHECK_FALSE(r.ok);
  CHECK(r.http_status == 400);
  CHECK(r.body.dump() == R"({"__type":"com.amazon.coral.service#UnknownOperationException"})");
  r = Call(*engine, "ListTables", "{not json");
  CHECK(r.body.dump() == R"({"__type":"com.amazon.coral.service#SerializationException"})");
  CHECK(r.trace.operation.empty());
}

TEST_CASE("CreateTable, PutItem, GetItem and Query through JSON") {
  auto engine = OpenEngine();
  auto created = Call(*engine, "CreateTable", kCreate);
  INFO(created.body.dump());
  REQUIRE(created.ok);
  const Json& desc = created.body["TableDescription"];
  CHECK(desc["TableName"] == "app-main");
  CHECK(desc["BillingModeSummary"]["BillingMode"] == "PAY_PER_REQUEST");
  CHECK(desc["CreationDateTime"].get<double>() == 1700000000.0);
  CHECK(desc["GlobalSecondaryIndexes"][0]["IndexName"] == "GSI2");

  for (
      const char* item :
      {R"({"PK":{"S":"CUST#a1b2"},"SK":{"S":"ORDER#2026-06-01#o-9001"},"total":{"N":"149.00"},"GSI2PK":{"S":"OPEN"},"GSI2SK":{"S":"2026-06-01#o-9001"}})",
       R"({"PK":{"S":"CUST#a1b2"},"SK":{"S":"ORDER#2026-06-03#o-9044"},"total":{"N":"72.50"}})"}) {
    auto put =
        Call(*engine, "PutItem",
             std::string(R"({"TableName":"app-main","ReturnConsumedCapacity":"TOTAL","Item":)") +
                 item + "}");
    INFO(put.body.dump());
    REQUIRE(put.ok);
    CHECK(put.body["ConsumedCapacity"]["TableName"] == "app-main");
    CHECK(put.capacity.size() == 1);
  }

  auto got = Call(
      *engine, "GetItem",
      R"({"TableName":"app-main","Key":{"PK":{"S":"CUST#a1b2"},"SK":{"S":"ORDER#2026-06-01#o-9001"}}})");
  INFO(got.body.dump());
  REQUIRE(got.ok);
  CHECK(got.body["Item"]["total"].dump() == R"({"N":"149"})");
  CHECK_FALSE(got.body.contains("ConsumedCapacity"));
  CHECK(got.capacity.size() == 1);  // computed even though not rendered

  auto q = Call(*engine, "Query", R"j({"TableName":"app-main",
      "KeyConditionExpression":"PK = :pk AND begins_with(SK, :p)",
      "ExpressionAttributeValues":{":pk":{"S":"CUST#a1b2"},":p":{"S":"ORDER#"}},
      "ScanIndexForward":false,"ReturnConsumedCapacity":"TOTAL"
})j");
  INFO(q.body.dump());
  REQUIRE(q.ok);
  CHECK(q.body["Count"] == 2);
  CHECK(q.body["ScannedCount"] == 2);
  CHECK(q.body["Items"][0]["SK"]["S"] == "ORDER#2026-06-03#o-9044");
  CHECK(q.body["ConsumedCapacity"].dump() == R"({"TableName":"app-main","CapacityUnits":0.5})");
  CHECK(q.trace.operation == "Query");
  CHECK(q.trace.table == "app-main");

  auto count = Call(*engine, "Query", R"({"TableName":"app-main","IndexName":"GSI2",
      "KeyConditionExpression":"GSI2PK = :open","ExpressionAttributeValues":{":open":{"S":"OPEN"}},
      "Select":"COUNT"})");
  INFO(count.body.dump());
  REQUIRE(count.ok);
  CHECK(count.body.dump() == R"({"Count":1,"ScannedCount":1})");
}

TEST_CASE("Engine errors come back as DynamoDB error bodies") {
  auto engine = OpenEngine();
  auto r = Call(*engine, "DescribeTable", R"({"TableName":"nope"})");
  CHECK_FALSE(r.ok);
  CHECK(r.body["__type"] == "com.amazonaws.dynamodb.v20120810#ResourceNotFoundException");
  CHECK(r.http_status == 400);
  r = Call(*engine, "GetItem", R"({"Key":{}})");
  CHECK(r.body["__type"] == "com.amazon.coral.validate#ValidationException");
}

TEST_CASE("The embedded client runs calls on its engine") {
  std::shared_ptr<ddblab::Engine> engine = OpenEngine();
  auto client = ddblab::wire::MakeEmbeddedClient(engine, "transient in-memory database");
  CHECK_FALSE(client->IsRemote());
  CHECK(client->Describe() == "transient in-memory database");
  auto r = client->Call("ListTables", Json::object());
  REQUIRE(r.ok);
  CHECK(r.body.dump() == R"({"TableNames":[]})");
  CHECK(std::find(ddblab::wire::SupportedOperations().begin(),
                  ddblab::wire::SupportedOperations().end(),
                  "TransactWriteItems") != ddblab::wire::SupportedOperations().end());
}

TEST_CASE("The embedded client answers ddblab's extension operations (EXPLAIN, partition maps)") {
  std::shared_ptr<ddblab::Engine> engine = OpenEngine();
  auto client = ddblab::wire::MakeEmbeddedClient(engine, "transient in-memory database");
  REQUIRE(
      client
          ->Call("CreateTable",
                 Json::parse(R"({"TableName":"Tab","AttributeDefinitions":[{"AttributeName":"PK",)"
                             R"("AttributeType":"S"}],"KeySchema":[{"AttributeName":"PK",)"
                             R"("KeyType":"HASH"}],"BillingMode":"PAY_PER_REQUEST"})"))
          .ok);
  auto plan = client->Call(ddblab::wire::kExplainOperation,
                           Json{{"Operation", "Scan"}, {"Request", {{"TableName", "Tab"}}}});
  REQUIRE(plan.ok);
  CHECK(plan.body["operation"] == "Scan");
  CHECK(plan.body["full_scan"] == true);
  auto set = client->Call(ddblab::wire::kSetPartitionCountOperation,
                          Json{{"TableName", "Tab"}, {"PartitionCount", 3}});
  REQUIRE(set.ok);
  auto map = client->Call(ddblab::wire::kDescribePartitionsOperation, Json{{"TableName", "Tab"}});
  REQUIRE(map.ok);
  CHECK(map.body["partition_count"] == 3);
  CHECK(map.body["overridden"] == true);
  auto missing =
      client->Call(ddblab::wire::kDescribePartitionsOperation, Json{{"TableName", "Nope"}});
  CHECK_FALSE(missing.ok);
  CHECK(missing.error.type == ddblab::ErrorType::kResourceNotFoundException);
}
