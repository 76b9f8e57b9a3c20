// Every `aws dynamodb` command in the course notes, pasted verbatim, parses into the request the
// aws CLI would send.
#include <catch2/catch.hpp>

#include "shell/session/cli.h"

using ddblab::shell::CliCommand;
using ddblab::shell::FileAccess;
using ddblab::shell::NeedsContinuation;
using ddblab::shell::ParseCliCommand;
using ddblab::shell::SplitWords;
using Json = ddblab::wire::Json;

namespace {

CliCommand Parse(std::string_view text) {
  INFO(text);
  CHECK_FALSE(NeedsContinuation(text));
  auto words = SplitWords(text);
  REQUIRE(words.ok());
  auto r = ParseCliCommand(*words, FileAccess::Local(""));
  if (!r.ok()) FAIL(r.error().message);
  return *r;
}

}  // namespace

// The commands are pasted exactly as the course prints them, so they stay unformatted; the raw
// strings use a ~ delimiter because the commands themselves contain `)"`.
// clang-format off

TEST_CASE("Course: edtech queries on the overloaded GSI1") {
  CliCommand c = Parse(R"~(aws dynamodb query \
--table-name edtech-platform \
--index-name GSI1 \
--key-condition-expression "GSI1PK = :pk AND begins_with(GSI1SK, :prefix)" \
--expression-attribute-values '{":pk":{"S":"COURSE#c10"}, ":prefix":{"S":"STUDENT#"}}')~");
  CHECK(c.operation == "Query");
  CHECK(c.request == Json::parse(R"~({"TableName":"edtech-platform","IndexName":"GSI1",
      "KeyConditionExpression":"GSI1PK = :pk AND begins_with(GSI1SK, :prefix)",
      "ExpressionAttributeValues":{":pk":{"S":"COURSE#c10"},":prefix":{"S":"STUDENT#"}}})~"));

  CliCommand d = Parse(R"~(aws dynamodb query \
--table-name edtech-platform \
--index-name GSI1 \
--key-condition-expression "GSI1PK = :pk AND begins_with(GSI1SK, :prefix)" \
--expression-attribute-values '{":pk":{"S":"INSTRUCTOR#i5"}, ":prefix":{"S":"COURSE#"}}')~");
  CHECK(d.request["ExpressionAttributeValues"][":pk"]["S"] == "INSTRUCTOR#i5");
}

TEST_CASE("Course: multi-line JSON inside single quotes") {
  CliCommand c = Parse(R"~(aws dynamodb query \
--table-name edtech-platform \
--key-condition-expression "PK = :pk AND begins_with(SK, :prefix)" \
--expression-attribute-values '{
":pk":{"S":"COURSE#c10"},
":prefix":{"S":"MODULE#m1#LESSON#"}
}')~");
  CHECK(c.request == Json::parse(R"~({"TableName":"edtech-platform",
      "KeyConditionExpression":"PK = :pk AND begins_with(SK, :prefix)",
      "ExpressionAttributeValues":{":pk":{"S":"COURSE#c10"},":prefix":{"S":"MODULE#m1#LESSON#"}}})~"));
}

TEST_CASE("Course: orders newest first") {
  CliCommand c = Parse(R"~(aws dynamodb query \
--table-name app-main \
--key-condition-expression "PK = :pk AND begins_with(SK, :prefix)" \
--expression-attribute-values '{":pk":{"S":"CUST#a1b2"},":prefix":{"S":"ORDER#"}}' \
--no-scan-index-forward)~");
  CHECK(c.request == Json::parse(R"~({"TableName":"app-main","ScanIndexForward":false,
      "KeyConditionExpression":"PK = :pk AND begins_with(SK, :prefix)",
      "ExpressionAttributeValues":{":pk":{"S":"CUST#a1b2"},":prefix":{"S":"ORDER#"}}})~"));
}

TEST_CASE("Course: update-item shipping an order (sparse GSI)") {
  CliCommand c = Parse(R"~(aws dynamodb update-item \
--table-name app-main \
--key '{"PK":{"S":"CUST#a1b2"},"SK":{"S":"ORDER#2026-06-01#o-9001"}}' \
--update-expression "SET #s = :shipped REMOVE GSI2PK, GSI2SK" \
--expression-attribute-names '{"#s":"status"}' \
--expression-attribute-values '{":shipped":{"S":"SHIPPED"}}')~");
  CHECK(c.operation == "UpdateItem");
  CHECK(c.request.dump() == Json::parse(R"~({"TableName":"app-main",
      "Key":{"PK":{"S":"CUST#a1b2"},"SK":{"S":"ORDER#2026-06-01#o-9001"}},
      "UpdateExpression":"SET #s = :shipped REMOVE GSI2PK, GSI2SK",
      "ExpressionAttributeNames":{"#s":"status"},
      "ExpressionAttributeValues":{":shipped":{"S":"SHIPPED"}}})~").dump());
}

TEST_CASE("Course: optimistic concurrency update") {
  CliCommand c = Parse(R"~(aws dynamodb update-item \
--table-name app-main \
--key '{"PK":{"S":"ORDER#o-9001"},"SK":{"S":"META"}}' \
--update-expression "SET #st = :new, version = :nextv" \
--condition-expression "version = :curv" \
--expression-attribute-names '{"#st":"status"}' \
--expression-attribute-values '{":new":{"S":"PAID"},":curv":{"N":"7"},":nextv":{"N":"8"}}')~");
  CHECK(c.request["ConditionExpression"] == "version = :curv");
  CHECK(c.request["ExpressionAttributeValues"][":curv"] == Json::parse(R"~({"N":"7"})~"));
}

TEST_CASE("Course: update-table adding GSI3 (shorthand definitions, JSON index updates)") {
  CliCommand c = Parse(R"~(aws dynamodb update-table \
--table-name app-main \
--attribute-definitions \
AttributeName=GSI3PK,AttributeType=S AttributeName=GSI3SK,AttributeType=S \
--global-secondary-index-updates '[{
"Create": {
"IndexName": "GSI3",
"KeySchema": [
{"AttributeName":"GSI3PK","KeyType":"HASH"},
{"AttributeName":"GSI3SK","KeyType":"RANGE"}
],
"Projection": {"ProjectionType":"INCLUDE","NonKeyAttributes":["status","total"]}
}
}]')~");
  CHECK(c.operation == "UpdateTable");
  CHECK(c.request == Json::parse(R"~({
      "AttributeDefinitions":[{"AttributeName":"GSI3PK","AttributeType":"S"},
                              {"AttributeName":"GSI3SK","AttributeType":"S"}],
      "TableName":"app-main",
      "GlobalSecondaryIndexUpdates":[{"Create":{"IndexName":"GSI3",
        "KeySchema":[{"AttributeName":"GSI3PK","KeyType":"HASH"},
                     {"AttributeName":"GSI3SK","KeyType":"RANGE"}],
        "Projection":{"ProjectionType":"INCLUDE","NonKeyAttributes":["status","total"]}}}]})~"));
}

TEST_CASE("Course lab step 1: create-table with two overloaded GSIs, then wait") {
  CliCommand c = Parse(R"~(aws dynamodb create-table \
--table-name app-main \
--attribute-definitions \
AttributeName=PK,AttributeType=S AttributeName=SK,AttributeType=S \
AttributeName=GSI1PK,AttributeType=S AttributeName=GSI1SK,AttributeType=S \
AttributeName=GSI2PK,AttributeType=S AttributeName=GSI2SK,AttributeType=S \
--key-schema AttributeName=PK,KeyType=HASH AttributeName=SK,KeyType=RANGE \
--billing-mode PAY_PER_REQUEST \
--global-secondary-indexes '[
{"IndexName":"GSI1","KeySchema":[{"AttributeName":"GSI1PK","KeyType":"HASH"},{"AttributeName":"GSI1SK","KeyType":"RANGE"}],"Projection":{"ProjectionType":"INCLUDE","NonKeyAttributes":["status","total"]}},
{"IndexName":"GSI2","KeySchema":[{"AttributeName":"GSI2PK","KeyType":"HASH"},{"AttributeName":"GSI2SK","KeyType":"RANGE"}],"Projection":{"ProjectionType":"KEYS_ONLY"}}
]')~");
  CHECK(c.operation == "CreateTable");
  CHECK(c.request["AttributeDefinitions"].size() == 6);
  CHECK(c.request["AttributeDefinitions"][5] ==
        Json::parse(R"~({"AttributeName":"GSI2SK","AttributeType":"S"})~"));
  CHECK(c.request["KeySchema"] == Json::parse(R"~([{"AttributeName":"PK","KeyType":"HASH"},
      {"AttributeName":"SK","KeyType":"RANGE"}])~"));
  CHECK(c.request["BillingMode"] == "PAY_PER_REQUEST");
  CHECK(c.request["GlobalSecondaryIndexes"].size() == 2);
  CHECK(c.request["GlobalSecondaryIndexes"][1]["Projection"] ==
        Json::parse(R"~({"ProjectionType":"KEYS_ONLY"})~"));
  std::vector<std::string> keys;
  for (const auto& [k, v] : c.request.items()) keys.push_back(k);
  CHECK(keys == std::vector<std::string>{"AttributeDefinitions", "TableName", "KeySchema",
                                         "GlobalSecondaryIndexes", "BillingMode"});

  CliCommand w = Parse("aws dynamodb wait table-exists --table-name app-main");
  CHECK(w.waiter == "table-exists");
}

TEST_CASE("Course lab step 2: seed items") {
  for (auto text : {
R"~(aws dynamodb put-item --table-name app-main --item '{"PK":{"S":"CUST#a1b2"},"SK":{"S":"PROFILE"},"name":{"S":"Acme Co"},"tier":{"S":"GOLD"}}')~",
R"~(aws dynamodb put-item --table-name app-main --item '{"PK":{"S":"CUST#a1b2"},"SK":{"S":"ORDER#2026-06-01#o-9001"},"status":{"S":"OPEN"},"total":{"N":"149.00"},"GSI1PK":{"S":"CUST#a1b2#OPEN"},"GSI1SK":{"S":"2026-06-01#o-9001"},"GSI2PK":{"S":"OPEN"},"GSI2SK":{"S":"2026-06-01#o-9001"}}')~",
R"~(aws dynamodb put-item --table-name app-main --item '{"PK":{"S":"CUST#a1b2"},"SK":{"S":"ORDER#2026-06-03#o-9044"},"status":{"S":"SHIPPED"},"total":{"N":"72.50"},"GSI1PK":{"S":"CUST#a1b2#SHIPPED"},"GSI1SK":{"S":"2026-06-03#o-9044"}}')~",
R"~(aws dynamodb put-item --table-name app-main --item '{"PK":{"S":"ORDER#o-9001"},"SK":{"S":"ITEM#001"},"sku":{"S":"ABC"},"qty":{"N":"2"}}')~",
       }) {
    CliCommand c = Parse(text);
    CHECK(c.operation == "PutItem");
    CHECK(c.request["TableName"] == "app-main");
    CHECK(c.request["Item"]["PK"].contains("S"));
  }
  CliCommand first = Parse(
R"~(aws dynamodb put-item --table-name app-main --item '{"PK":{"S":"CUST#a1b2"},"SK":{"S":"ORDER#2026-06-01#o-9001"},"status":{"S":"OPEN"},"total":{"N":"149.00"},"GSI1PK":{"S":"CUST#a1b2#OPEN"},"GSI1SK":{"S":"2026-06-01#o-9001"},"GSI2PK":{"S":"OPEN"},"GSI2SK":{"S":"2026-06-01#o-9001"}}')~");
  CHECK(first.request["Item"]["total"] == Json::parse(R"~({"N":"149.00"})~"));
}

TEST_CASE("Course lab steps 3-6: queries, COUNT on the sparse GSI, ship, cleanup") {
  CliCommand a2 = Parse(R"~(aws dynamodb query --table-name app-main \
--key-condition-expression "PK = :pk AND begins_with(SK, :p)" \
--expression-attribute-values '{":pk":{"S":"CUST#a1b2"},":p":{"S":"ORDER#"}}' \
--no-scan-index-forward --return-consumed-capacity TOTAL)~");
  CHECK(a2.request == Json::parse(R"~({"TableName":"app-main","ScanIndexForward":false,
      "ReturnConsumedCapacity":"TOTAL",
      "KeyConditionExpression":"PK = :pk AND begins_with(SK, :p)",
      "ExpressionAttributeValues":{":pk":{"S":"CUST#a1b2"},":p":{"S":"ORDER#"}}})~"));

  CliCommand a3 = Parse(R"~(aws dynamodb query --table-name app-main \
--key-condition-expression "PK = :pk" \
--expression-attribute-values '{":pk":{"S":"ORDER#o-9001"}}')~");
  CHECK(a3.request["KeyConditionExpression"] == "PK = :pk");

  CliCommand a5 = Parse(R"~(aws dynamodb query --table-name app-main --index-name GSI2 \
--key-condition-expression "GSI2PK = :open" \
--expression-attribute-values '{":open":{"S":"OPEN"}}' --select COUNT)~");
  CHECK(a5.request == Json::parse(R"~({"TableName":"app-main","IndexName":"GSI2","Select":"COUNT",
      "KeyConditionExpression":"GSI2PK = :open",
      "ExpressionAttributeValues":{":open":{"S":"OPEN"}}})~"));

  CliCommand a7 = Parse(R"~(aws dynamodb update-item --table-name app-main \
--key '{"PK":{"S":"CUST#a1b2"},"SK":{"S":"ORDER#2026-06-01#o-9001"}}' \
--update-expression "SET #s = :sh REMOVE GSI2PK, GSI2SK" \
--expression-attribute-names '{"#s":"status"}' \
--expression-attribute-values '{":sh":{"S":"SHIPPED"}}')~");
  CHECK(a7.request["UpdateExpression"] == "SET #s = :sh REMOVE GSI2PK, GSI2SK");

  CliCommand del = Parse("aws dynamodb delete-table --table-name app-main");
  CHECK(del.operation == "DeleteTable");
  CHECK(del.request == Json::parse(R"~({"TableName":"app-main"})~"));
}

// clang-format on
