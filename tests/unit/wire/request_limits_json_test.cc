// Request shapes that cost too much or used to be accepted wrongly: each is refused with
// DynamoDB's message, and a large object is read in linear time.
#include <catch2/catch.hpp>
#include <string>

#include "wire_fixture.h"

using ddblab::wire::Json;

namespace {

std::unique_ptr<ddblab::Engine> TableEngine() {
  auto e = wiretest::OpenEngine();
  REQUIRE(wiretest::Call(*e, "CreateTable", R"({"TableName":"Tab","BillingMode":"PAY_PER_REQUEST",
      "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}],
      "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}]})")
              .ok);
  return e;
}

std::string InList(int n) {
  std::string list, values;
  for (int i = 0; i < n; ++i) {
    list += (i ? ",:v" : ":v") + std::to_string(i);
    values += std::string(i ? "," : "") + "\":v" + std::to_string(i) + "\":{\"S\":\"x\"}";
  }
  return "{\"TableName\":\"Tab\",\"FilterExpression\":\"pk IN (" + list +
         ")\",\"ExpressionAttributeValues\":{" + values + "}}";
}

}  // namespace

// DynamoDB: the IN comparator takes at most 100 values (Developer Guide, "Comparison operator
// and function reference").
TEST_CASE("A FilterExpression IN with 101 values is refused and 100 are accepted") {
  auto e = TableEngine();
  auto r = wiretest::Call(*e, "Scan", InList(101));
  REQUIRE_FALSE(r.ok);
  CHECK(r.error.message ==
        "Invalid FilterExpression: The IN operator is provided with too many operands; number of "
        "operands: 101");
  CHECK(wiretest::Call(*e, "Scan", InList(100)).ok);
}

TEST_CASE("A PartiQL IN with 101 values is refused with DynamoDB's message") {
  auto e = TableEngine();
  std::string list;
  for (int i = 0; i < 101; ++i) list += (i ? ",'" : "'") + std::to_string(i) + "'";
  auto r = wiretest::Call(*e, "ExecuteStatement",
                          R"({"Statement":"SELECT * FROM \"Tab\" WHERE pk IN [)" + list + R"(]"})");
  REQUIRE_FALSE(r.ok);
  CHECK(r.error.message ==
        "The IN operator is provided with too many operands; number of operands: 101");
}

TEST_CASE("ReturnItemCollectionMetrics of another JSON type fails to deserialize") {
  auto e = TableEngine();
  for (const char* v : {"1", "true", "{}", "[]"}) {
    auto r = wiretest::Call(*e, "PutItem",
                            std::string(R"({"TableName":"Tab","Item":{"pk":{"S":"a"}},)") +
                                R"("ReturnItemCollectionMetrics":)" + v + "}");
    INFO(v);
    REQUIRE_FALSE(r.ok);
    CHECK(r.error.type == ddblab::ErrorType::kSerializationException);
  }
}

TEST_CASE("An object of 200,000 members is read (a linear parse) and refused by the item size") {
  auto e = TableEngine();
  std::string body = R"({"TableName":"Tab","Item":{"pk":{"S":"a"})";
  for (int i = 0; i < 200000; ++i) body += ",\"k" + std::to_string(i) + "\":{\"S\":\"v\"}";
  body += "}}";
  auto r = wiretest::Call(*e, "PutItem", body);
  REQUIRE_FALSE(r.ok);
  CHECK(r.error.message == "Item size has exceeded the maximum allowed size");
}

TEST_CASE("A repeated JSON member keeps its first position and its last value") {
  Json j = ddblab::wire::ParseJson(R"({"a":1,"b":2,"a":3})");
  REQUIRE(j.is_object());
  CHECK(j.dump() == R"({"a":3,"b":2})");
  CHECK(ddblab::wire::ParseJson("{\"a\":").is_discarded());
}

// DynamoDB: ExpressionAttributeValues only serve expressions that take values. GetItem,
// BatchGetItem and TransactGetItems have only a ProjectionExpression, so values given there can
// never be used; they are refused by name rather than silently ignored.
TEST_CASE("ExpressionAttributeValues on a get shape is refused, not ignored") {
  auto e = TableEngine();
  const std::string want = "ExpressionAttributeValues can only be specified when using expressions";
  auto get = wiretest::Call(*e, "GetItem", R"({"TableName":"Tab","Key":{"pk":{"S":"a"}},
      "ProjectionExpression":"pk","ExpressionAttributeValues":{":v":{"S":"x"}}})");
  REQUIRE_FALSE(get.ok);
  CHECK(get.error.message == want);
  auto batch = wiretest::Call(*e, "BatchGetItem", R"({"RequestItems":{"Tab":{
      "Keys":[{"pk":{"S":"a"}}],"ExpressionAttributeValues":{":v":{"S":"x"}}}}})");
  REQUIRE_FALSE(batch.ok);
  CHECK(batch.error.message == want);
  auto transact = wiretest::Call(*e, "TransactGetItems", R"({"TransactItems":[{"Get":{
      "TableName":"Tab","Key":{"pk":{"S":"a"}},"ExpressionAttributeValues":{":v":{"S":"x"}}}}]})");
  REQUIRE_FALSE(transact.ok);
  CHECK(transact.error.message == want);
  CHECK(wiretest::Call(*e, "GetItem", R"({"TableName":"Tab","Key":{"pk":{"S":"a"}}})").ok);
}
