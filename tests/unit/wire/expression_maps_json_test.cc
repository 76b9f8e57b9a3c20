// ExpressionAttributeNames / ExpressionAttributeValues entries and expression sizes, through the
// JSON layer as clients send them. Messages as DynamoDB returns them (captured from the service
// by public conformance suites that run against both DynamoDB and an emulator).
#include <catch2/catch.hpp>
#include <string>

#include "ddblab/wire.h"

using ddblab::wire::Json;

namespace {

struct Fixture {
  std::unique_ptr<ddblab::Engine> engine;
  Fixture() {
    auto e = ddblab::Engine::Open();
    REQUIRE(e.ok());
    engine = std::move(e).value();
    REQUIRE(Call("CreateTable", R"({"TableName":"Tab","BillingMode":"PAY_PER_REQUEST",
      "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}],
      "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}]})")
                .ok);
    REQUIRE(Call("PutItem", R"({"TableName":"Tab","Item":{"pk":{"S":"k1"},"foo":{"S":"a"}}})").ok);
  }
  ddblab::wire::JsonResult Call(const char* op, const std::string& body) {
    return ddblab::wire::ExecuteJsonText(*engine, op, body);
  }
  std::string Error(const char* op, const Json& body) {
    auto r = ddblab::wire::ExecuteJson(*engine, op, body);
    REQUIRE_FALSE(r.ok);
    CHECK(r.error.type == ddblab::ErrorType::kValidationException);
    return r.error.message;
  }
};

Json Get(Json extra) {
  Json j = {{"TableName", "Tab"}, {"Key", {{"pk", {{"S", "k1"}}}}}};
  j.update(extra);
  return j;
}

}  // namespace

TEST_CASE("ExpressionAttributeNames: a key over 255 bytes is refused before its syntax") {
  Fixture f;
  std::string key = "#" + std::string(255, 'a');
  CHECK(f.Error("GetItem", Get({{"ProjectionExpression", "#a"},
                                {"ExpressionAttributeNames", {{key, "foo"}}}})) ==
        "ExpressionAttributeNames contains invalid key: The expression attribute map contains a "
        "key that is too long; size of key: 256");
  CHECK(f.Error("GetItem", Get({{"ProjectionExpression", "#a"},
                                {"ExpressionAttributeNames", {{key + "-x", "foo"}}}})) ==
        "ExpressionAttributeNames contains invalid key: The expression attribute map contains a "
        "key that is too long; size of key: 258");
  CHECK(f.Error("GetItem", Get({{"ProjectionExpression", "#a"},
                                {"ExpressionAttributeNames", {{"#a-b", "foo"}}}})) ==
        "ExpressionAttributeNames contains invalid key: Syntax error; key: \"#a-b\"");
}

TEST_CASE("ExpressionAttributeNames: an empty attribute name is refused") {
  Fixture f;
  CHECK(f.Error("GetItem", Get({{"ProjectionExpression", "#a"},
                                {"ExpressionAttributeNames", {{"#a", ""}}}})) ==
        "ExpressionAttributeNames contains invalid value: Empty attribute name for key #a");
}

TEST_CASE("ExpressionAttributeValues: long keys and empty values name the map and the key") {
  Fixture f;
  Json scan = {{"TableName", "Tab"}, {"FilterExpression", "foo = :v"}};
  scan["ExpressionAttributeValues"] = {{":" + std::string(255, 'a'), {{"S", "x"}}}};
  CHECK(f.Error("Scan", scan) ==
        "ExpressionAttributeValues contains invalid key: The expression attribute map contains a "
        "key that is too long;");
  scan["ExpressionAttributeValues"] = {{":v", Json::object()}};
  CHECK(f.Error("Scan", scan) ==
        "ExpressionAttributeValues contains invalid value: Supplied AttributeValue is empty, must "
        "contain exactly one of the supported datatypes for key :v");
}

TEST_CASE("Query: ExpressionAttributeValues without an expression names no expression") {
  Fixture f;
  Json q = {{"TableName", "Tab"},
            {"KeyConditions",
             {{"pk", {{"AttributeValueList", {{{"S", "k1"}}}}, {"ComparisonOperator", "EQ"}}}}},
            {"ExpressionAttributeValues", {{":v", {{"S", "x"}}}}}};
  CHECK(f.Error("Query", q) ==
        "ExpressionAttributeValues can only be specified when using expressions");
}

TEST_CASE("Expression size: only Filter and Condition expressions add the size to the message") {
  Fixture f;
  std::string path = "a" + std::string(4096, 'z');
  CHECK(f.Error("GetItem", Get({{"ProjectionExpression", path}})) ==
        "Invalid ProjectionExpression: Expression size has exceeded the maximum allowed size;");
  std::string update = "SET " + path + " = :v";
  CHECK(f.Error("UpdateItem", Get({{"UpdateExpression", update},
                                   {"ExpressionAttributeValues", {{":v", {{"S", "x"}}}}}})) ==
        "1 validation error detected: Invalid UpdateExpression: Expression size has exceeded the "
        "maximum allowed size;");
  std::string filter = path + " = :v";
  CHECK(f.Error("Scan", Json{{"TableName", "Tab"},
                             {"FilterExpression", filter},
                             {"ExpressionAttributeValues", {{":v", {{"S", "x"}}}}}}) ==
        "Invalid FilterExpression: Expression size has exceeded the maximum allowed size; "
        "expression size: " +
            std::to_string(filter.size()));
}
