// Request bodies -> request structs: member names, wrong JSON types, missing members.
#include <catch2/catch.hpp>

#include "wire/codec.h"

using ddblab::ErrorType;
using ddblab::wire::Json;
namespace internal = ddblab::wire::internal;

TEST_CASE("A missing TableName is DynamoDB's null constraint message") {
  ddblab::GetItemRequest r;
  auto s = internal::FromJson(Json::parse(R"j({"Key": {"PK": {"S": "a"}}})j"), &r);
  REQUIRE_FALSE(s.ok());
  CHECK(s.error().type == ErrorType::kValidationException);
  CHECK(s.error().message ==
        "1 validation error detected: Value null at 'tableName' failed to satisfy constraint: "
        "Member must not be null");
}

TEST_CASE("Several missing members are reported together") {
  ddblab::CreateTableRequest r;
  auto s = internal::FromJson(Json::object(), &r);
  REQUIRE_FALSE(s.ok());
  CHECK(s.error().message ==
        "3 validation errors detected: Value null at 'tableName' failed to satisfy constraint: "
        "Member must not be null; Value null at 'attributeDefinitions' failed to satisfy "
        "constraint: Member must not be null; Value null at 'keySchema' failed to satisfy "
        "constraint: Member must not be null");
}

TEST_CASE("Wrong JSON types are SerializationException, and win over missing members") {
  ddblab::QueryRequest q;
  auto s = internal::FromJson(Json::parse(R"j({"Limit": "10"})j"), &q);
  REQUIRE_FALSE(s.ok());
  CHECK(s.error().type == ErrorType::kSerializationException);
  CHECK(s.error().message == "STRING_VALUE cannot be converted to Integer");

  ddblab::GetItemRequest g;
  s = internal::FromJson(Json::parse(R"j({"TableName": 5, "Key": {}})j"), &g);
  CHECK(s.error().message == "NUMBER_VALUE cannot be converted to String");
  s = internal::FromJson(Json::parse(R"j({"TableName": "t", "Key": {}, "ConsistentRead": "yes"})j"),
                         &g);
  CHECK(s.error().message == "Unexpected token received from parser");
  s = internal::FromJson(Json::parse(R"j({"TableName": {"a": 1}, "Key": {}})j"), &g);
  CHECK(s.error().message == "Start of structure or map found where not expected");
  s = internal::FromJson(
      Json::parse(R"j({"TableName": "t", "Key": {}, "ExpressionAttributeNames": {"#a": 5}})j"), &g);
  CHECK(s.error().message == "NUMBER_VALUE cannot be converted to String");
  s = internal::FromJson(Json::parse(R"j({"TableName": "t", "Key": []})j"), &g);
  CHECK(s.error().type == ErrorType::kSerializationException);
}

TEST_CASE("A body that is not an object is a SerializationException") {
  ddblab::ListTablesRequest r;
  auto s = internal::FromJson(Json::parse("[1]"), &r);
  REQUIRE_FALSE(s.ok());
  CHECK(s.error().type == ErrorType::kSerializationException);
}

TEST_CASE("Query members map onto the request, unknown members are ignored") {
  ddblab::QueryRequest q;
  auto s = internal::FromJson(Json::parse(R"j({
    "TableName": "app-main", "IndexName": "GSI1",
    "KeyConditionExpression": "PK = :pk AND begins_with(SK, :p)",
    "FilterExpression": "#s = :s", "ProjectionExpression": "PK, SK",
    "ExpressionAttributeNames": {"#s": "status"},
    "ExpressionAttributeValues": {":pk": {"S": "CUST#a1b2"}, ":p": {"S": "ORDER#"}, ":s": {"S": "OPEN"}},
    "Select": "SPECIFIC_ATTRIBUTES", "Limit": 10, "ConsistentRead": false, "ScanIndexForward": false,
    "ExclusiveStartKey": {"PK": {"S": "x"}, "SK": {"S": "y"}},
    "ReturnConsumedCapacity": "TOTAL", "SomethingNew": [1, 2]
})j"),
                              &q);
  REQUIRE(s.ok());
  CHECK(q.table_name == "app-main");
  CHECK(q.index_name == "GSI1");
  CHECK(*q.key_condition_expression == "PK = :pk AND begins_with(SK, :p)");
  CHECK(q.expression_attribute_names->at("#s") == "status");
  CHECK(q.expression_attribute_values->at(":pk").str() == "CUST#a1b2");
  CHECK(*q.limit == 10);
  CHECK(*q.scan_index_forward == false);
  CHECK(q.exclusive_start_key->size() == 2);
  CHECK(*q.return_consumed_capacity == "TOTAL");
}

TEST_CASE("A value error in an item is a ValidationException after the JSON is read") {
  ddblab::PutItemRequest p;
  auto s = internal::FromJson(
      Json::parse(R"j({"TableName": "t", "Item": {"PK": {"S": "a"}, "tags": {"SS": []}}})j"), &p);
  REQUIRE_FALSE(s.ok());
  CHECK(s.error().type == ErrorType::kValidationException);
  s = internal::FromJson(Json::parse(R"j({"TableName": "t", "Item": {"PK": {"N": 5}}})j"), &p);
  CHECK(s.error().type == ErrorType::kSerializationException);
}

TEST_CASE("CreateTable with two GSIs, as the course's lab sends it") {
  ddblab::CreateTableRequest r;
  auto s = internal::FromJson(Json::parse(R"j({
    "TableName": "app-main",
    "AttributeDefinitions": [{"AttributeName": "PK", "AttributeType": "S"},
                             {"AttributeName": "SK", "AttributeType": "S"}],
    "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"}, {"AttributeName": "SK", "KeyType": "RANGE"}],
    "BillingMode": "PAY_PER_REQUEST",
    "GlobalSecondaryIndexes": [
      {"IndexName": "GSI1", "KeySchema": [{"AttributeName": "GSI1PK", "KeyType": "HASH"}],
       "Projection": {"ProjectionType": "INCLUDE", "NonKeyAttributes": ["status", "total"]}},
      {"IndexName": "GSI2", "KeySchema": [{"AttributeName": "GSI2PK", "KeyType": "HASH"}],
       "Projection": {"ProjectionType": "KEYS_ONLY"}}]})j"),
                              &r);
  REQUIRE(s.ok());
  REQUIRE(r.global_secondary_indexes->size() == 2);
  CHECK((*r.global_secondary_indexes)[0].projection.non_key_attributes->size() == 2);
  CHECK(*(*r.global_secondary_indexes)[1].projection.projection_type == "KEYS_ONLY");
  CHECK(*r.billing_mode == "PAY_PER_REQUEST");
  CHECK_FALSE(r.local_secondary_indexes.has_value());
}

TEST_CASE("Nested required members name their path") {
  ddblab::CreateTableRequest r;
  auto s = internal::FromJson(Json::parse(R"j({"TableName": "t",
    "AttributeDefinitions": [{"AttributeName": "PK"}],
    "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"}]})j"),
                              &r);
  REQUIRE_FALSE(s.ok());
  CHECK(s.error().message ==
        "1 validation error detected: Value null at 'attributeDefinitions.1.member.attributeType' "
        "failed to satisfy constraint: Member must not be null");
}

TEST_CASE("TransactWriteItems reads each action kind") {
  ddblab::TransactWriteItemsRequest r;
  auto s = internal::FromJson(Json::parse(R"j({"TransactItems": [
      {"Put": {"TableName": "t", "Item": {"PK": {"S": "a"}}, "ConditionExpression": "attribute_not_exists(PK)"
}
},
      {"Update": {"TableName": "t", "Key": {"PK": {"S": "b"}}, "UpdateExpression": "SET x = :v",
                  "ExpressionAttributeValues": {":v": {"N": "1"}}}},
      {"Delete": {"TableName": "t", "Key": {"PK": {"S": "c"}}}},
      {"ConditionCheck": {"TableName": "t", "Key": {"PK": {"S": "d"}}, "ConditionExpression": "attribute_exists(PK)"}}],
    "ClientRequestToken": "tok", "ReturnConsumedCapacity": "TOTAL"
})j"),
                              &r);
  REQUIRE(s.ok());
  REQUIRE(r.transact_items.size() == 4);
  CHECK(r.transact_items[0].action == "Put");
  CHECK(r.transact_items[1].action == "Update");
  CHECK(*r.transact_items[1].update_expression == "SET x = :v");
  CHECK(r.transact_items[2].action == "Delete");
  CHECK(r.transact_items[3].action == "ConditionCheck");
  CHECK(*r.client_request_token == "tok");

  s = internal::FromJson(Json::parse(R"j({"TransactItems": [{}]})j"), &r);
  REQUIRE_FALSE(s.ok());
  CHECK(s.error().message == "TransactItems can only contain one of Check, Put, Update or Delete");
}

TEST_CASE("BatchWriteItem and BatchGetItem read their table maps") {
  ddblab::BatchWriteItemRequest w;
  auto s = internal::FromJson(Json::parse(R"j({"RequestItems": {"t": [
      {"PutRequest": {"Item": {"PK": {"S": "a"}}}}, {"DeleteRequest": {"Key": {"PK": {"S": "b"}}}}]}})j"),
                              &w);
  REQUIRE(s.ok());
  REQUIRE(w.request_items["t"].size() == 2);
  CHECK(w.request_items["t"][0].put_request_item.has_value());
  CHECK(w.request_items["t"][1].delete_request_key.has_value());

  ddblab::BatchGetItemRequest g;
  s = internal::FromJson(Json::parse(R"j({"RequestItems": {"t": {"Keys": [{"PK": {"S": "a"}}],
      "ConsistentRead": true}}, "ReturnConsumedCapacity": "INDEXES"})j"),
                         &g);
  REQUIRE(s.ok());
  CHECK(g.request_items["t"].keys.size() == 1);
  CHECK(*g.request_items["t"].consistent_read);

  s = internal::FromJson(Json::object(), &g);
  CHECK(s.error().message ==
        "1 validation error detected: Value null at 'requestItems' failed to satisfy constraint: "
        "Member must not be null");
}

TEST_CASE("PartiQL requests read statements and parameters") {
  ddblab::ExecuteStatementRequest e;
  auto s = internal::FromJson(
      Json::parse(R"j({"Statement": "SELECT * FROM t WHERE PK = ?", "Parameters": [{"S": "a"}],
                      "Limit": 5})j"),
      &e);
  REQUIRE(s.ok());
  CHECK(e.parameters->size() == 1);
  CHECK(*e.limit == 5);
  ddblab::BatchExecuteStatementRequest b;
  s = internal::FromJson(Json::parse(R"j({"Statements": [{"Statement": "x"}, {}]})j"), &b);
  REQUIRE_FALSE(s.ok());
  CHECK(s.error().message.find("'statements.2.member.statement'") != std::string::npos);
}
