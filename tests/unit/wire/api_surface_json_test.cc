// The table-settings operations through the JSON layer, DeleteTable's response shape, and
// members DynamoDB acts on that ddblab refuses by name rather than ignoring.
#include <algorithm>
#include <catch2/catch.hpp>
#include <string>

#include "ddblab/wire.h"
#include "wire_fixture.h"

using ddblab::wire::Json;

namespace {

using wiretest::Call;
using wiretest::OpenEngine;

std::string Create(const std::string& extra = "") {
  return R"({"TableName": "Tbl", "AttributeDefinitions": [{"AttributeName": "PK", "AttributeType": "S"},
    {"AttributeName": "SK", "AttributeType": "S"}, {"AttributeName": "L", "AttributeType": "S"}],
    "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"}, {"AttributeName": "SK", "KeyType": "RANGE"}],
    "LocalSecondaryIndexes": [{"IndexName": "ByL", "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"},
      {"AttributeName": "L", "KeyType": "RANGE"}], "Projection": {"ProjectionType": "ALL"}}],
    "BillingMode": "PAY_PER_REQUEST")" +
         extra + "}";
}

std::string Message(const ddblab::wire::JsonResult& r) {
  return r.body.value("message", r.body.value("Message", ""));
}

const std::string kArn = "arn:aws:dynamodb:us-east-1:000000000000:table/Tbl";

}  // namespace

TEST_CASE("Every new operation is reachable through the JSON layer") {
  const auto& ops = ddblab::wire::SupportedOperations();
  for (const char* op : {"TagResource", "UntagResource", "ListTagsOfResource", "UpdateTimeToLive",
                         "DescribeTimeToLive", "DescribeEndpoints", "DescribeLimits"}) {
    INFO(op);
    CHECK(std::find(ops.begin(), ops.end(), op) != ops.end());
  }
}

TEST_CASE("Tags and Time to Live in DynamoDB's JSON shapes") {
  // DynamoDB: API reference, ListTagsOfResource and DescribeTimeToLive response syntax.
  auto e = OpenEngine();
  REQUIRE(Call(*e, "CreateTable", Create(R"(, "Tags": [{"Key": "k", "Value": "v"}])")).ok);
  auto tags = Call(*e, "ListTagsOfResource", R"({"ResourceArn": ")" + kArn + R"("})");
  CHECK(tags.body.dump() == R"({"Tags":[{"Key":"k","Value":"v"}]})");
  auto tagged = Call(*e, "TagResource", R"({"ResourceArn": ")" + kArn + R"(", "Tags": []})");
  CHECK(Message(tagged) == "Atleast one Tag needs to be provided as Input.");
  auto none = Call(*e, "TagResource", R"({"Tags": [{"Key": "a", "Value": "b"}]})");
  CHECK(Message(none) == "Invalid TableArn");
  auto ttl = Call(
      *e, "UpdateTimeToLive",
      R"({"TableName": "Tbl", "TimeToLiveSpecification": {"Enabled": true, "AttributeName": "exp"}})");
  CHECK(ttl.body.dump() == R"({"TimeToLiveSpecification":{"Enabled":true,"AttributeName":"exp"}})");
  CHECK(Call(*e, "DescribeTimeToLive", R"({"TableName": "Tbl"})").body.dump() ==
        R"({"TimeToLiveDescription":{"TimeToLiveStatus":"ENABLED","AttributeName":"exp"}})");
  auto missing =
      Call(*e, "UpdateTimeToLive",
           R"({"TableName": "Tbl", "TimeToLiveSpecification": {"AttributeName": "exp"}})");
  CHECK(Message(missing) ==
        "1 validation error detected: Value null at 'timeToLiveSpecification.enabled' failed to "
        "satisfy constraint: Member must not be null");
}

TEST_CASE("A CreateTable whose Tags are refused creates no table") {
  auto e = OpenEngine();
  auto r = Call(*e, "CreateTable", Create(R"(, "Tags": [{"Key": "", "Value": "v"}])"));
  CHECK_FALSE(r.ok);
  CHECK(Message(r) == "The Tag Key provided is invalid, Key: ");
  CHECK(Call(*e, "ListTables", "{}").body.dump() == R"({"TableNames":[]})");
  // An empty Tags list is accepted by CreateTable (TagResource refuses one).
  CHECK(Call(*e, "CreateTable", Create(R"(, "Tags": [])")).ok);
}

TEST_CASE("DescribeEndpoints and DescribeLimits in DynamoDB's JSON shapes") {
  // DynamoDB: API reference, DescribeEndpoints and DescribeLimits response syntax.
  auto e = OpenEngine();
  CHECK(
      Call(*e, "DescribeEndpoints", "{}").body.dump() ==
      R"({"Endpoints":[{"Address":"dynamodb.us-east-1.amazonaws.com","CachePeriodInMinutes":1440}]})");
  CHECK(Call(*e, "DescribeLimits", "{}").body.dump() ==
        R"({"AccountMaxReadCapacityUnits":80000,"AccountMaxWriteCapacityUnits":80000,)"
        R"("TableMaxReadCapacityUnits":40000,"TableMaxWriteCapacityUnits":40000})");
}

TEST_CASE("DeleteTable's description has status DELETING and leaves out the table's definition") {
  // DynamoDB: API reference and AWS CLI reference, DeleteTable examples.
  auto e = OpenEngine();
  REQUIRE(Call(*e, "CreateTable", Create()).ok);
  auto r = Call(*e, "DeleteTable", R"({"TableName": "Tbl"})");
  REQUIRE(r.ok);
  const Json& d = r.body["TableDescription"];
  CHECK(d["TableStatus"] == "DELETING");
  CHECK(d["TableName"] == "Tbl");
  CHECK(d["TableArn"] == kArn);
  CHECK(d.contains("TableId"));
  CHECK(d["ItemCount"] == 0);
  CHECK(d["TableSizeBytes"] == 0);
  CHECK(d["ProvisionedThroughput"]["NumberOfDecreasesToday"] == 0);
  CHECK(d["BillingModeSummary"]["BillingMode"] == "PAY_PER_REQUEST");
  for (const char* absent : {"KeySchema", "AttributeDefinitions", "CreationDateTime",
                             "LocalSecondaryIndexes", "GlobalSecondaryIndexes"}) {
    INFO(absent);
    CHECK_FALSE(d.contains(absent));
  }
}

TEST_CASE("Table settings ddblab does not model are refused by name, defaults are accepted") {
  auto e = OpenEngine();
  struct Case {
    const char* extra;
    const char* message;
  };
  for (const Case& c : std::initializer_list<Case>{
           {R"(, "SSESpecification": {"Enabled": true, "SSEType": "KMS"})",
            "ddblab does not support SSESpecification: encryption with a KMS key is not modelled "
            "(items are stored unencrypted)"},
           {R"(, "TableClass": "STANDARD_INFREQUENT_ACCESS")",
            "ddblab does not support TableClass: only the STANDARD table class is modelled"},
           {R"(, "DeletionProtectionEnabled": true)",
            "ddblab does not support DeletionProtectionEnabled: deletion protection is not "
            "modelled"},
           {R"(, "OnDemandThroughput": {"MaxReadRequestUnits": 5})",
            "ddblab does not support OnDemandThroughput: throughput limits and throttling are not "
            "simulated"}}) {
    INFO(c.extra);
    auto r = Call(*e, "CreateTable", Create(c.extra));
    CHECK_FALSE(r.ok);
    CHECK(r.error.type == ddblab::ErrorType::kValidationException);
    CHECK(Message(r) == c.message);
  }
  auto defaults = Call(*e, "CreateTable",
                       Create(R"(, "StreamSpecification": {"StreamEnabled": false},)"
                              R"( "TableClass": "STANDARD", "DeletionProtectionEnabled": false)"));
  INFO(defaults.body.dump());
  CHECK(defaults.ok);
  auto replicas =
      Call(*e, "UpdateTable",
           R"({"TableName": "Tbl", "ReplicaUpdates": [{"Create": {"RegionName": "eu-west-1"}}]})");
  CHECK(Message(replicas) ==
        "ddblab does not support ReplicaUpdates: global tables (replicas in other Regions) are "
        "not modelled");
}

TEST_CASE("ReturnItemCollectionMetrics=SIZE is refused on a table with an LSI, NONE is accepted") {
  // DynamoDB: API reference, PutItem: ItemCollectionMetrics is returned only for tables with a
  // local secondary index.
  auto e = OpenEngine();
  REQUIRE(Call(*e, "CreateTable", Create()).ok);
  const std::string item = R"("TableName": "Tbl", "Item": {"PK": {"S": "a"}, "SK": {"S": "b"}})";
  auto size = Call(*e, "PutItem", "{" + item + R"(, "ReturnItemCollectionMetrics": "SIZE"})");
  CHECK(Message(size) ==
        "ddblab does not support ReturnItemCollectionMetrics=SIZE on a table with a local "
        "secondary index: item collection sizes are not reported (ItemCollectionMetrics)");
  CHECK(Call(*e, "PutItem", "{" + item + R"(, "ReturnItemCollectionMetrics": "NONE"})").ok);
  auto bad = Call(*e, "PutItem", "{" + item + R"(, "ReturnItemCollectionMetrics": "ALL"})");
  CHECK(Message(bad) ==
        "1 validation error detected: Value 'ALL' at 'returnItemCollectionMetrics' failed to "
        "satisfy constraint: Member must satisfy enum value set: [SIZE, NONE]");
}
