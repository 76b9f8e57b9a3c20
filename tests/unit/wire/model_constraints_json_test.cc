// The model's member rules through the JSON layer, for the operations whose requests are
// modelled shapes (ddblab/model/): table names, list lengths, nested members, all listed
// together in member order as DynamoDB's request framework lists them.
#include <catch2/catch.hpp>
#include <string>

#include "ddblab/wire.h"
#include "wire_fixture.h"

namespace {

using wiretest::Call;
using wiretest::OpenEngine;

std::string Message(const ddblab::wire::JsonResult& r) {
  return r.body.value("message", r.body.value("Message", ""));
}

}  // namespace

// model::kTableName: a table's name is checked as the request is read, so its violations are
// listed with the other members' in member order (DynamoDB's request framework checks them all
// before the operation runs).
TEST_CASE("A TableName's rules are the model's, listed beside the other members' violations") {
  auto e = OpenEngine();
  CHECK(Message(Call(*e, "UpdateTimeToLive", R"({"TableName": "ab"})")) ==
        "2 validation errors detected: Value 'ab' at 'tableName' failed to satisfy constraint: "
        "Member must have length greater than or equal to 3; Value null at "
        "'timeToLiveSpecification' failed to satisfy constraint: Member must not be null");
  CHECK(Message(Call(*e, "DescribeTable", R"({"TableName": "a b c"})")) ==
        "1 validation error detected: Value 'a b c' at 'tableName' failed to satisfy constraint: "
        "Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+");
  CHECK(Message(Call(*e, "ListTables", R"({"ExclusiveStartTableName": "x", "Limit": 0})")) ==
        "2 validation errors detected: Value '0' at 'limit' failed to satisfy constraint: Member "
        "must have value greater than or equal to 1; Value 'x' at 'exclusiveStartTableName' "
        "failed to satisfy constraint: Member must have length greater than or equal to 3");
}

// The PartiQL operations' requests (model/partiql.h). An empty list is echoed as '[]' for
// Parameters and left out for a batch's statements; a nested statement's path names its element.
TEST_CASE("PartiQL requests: lengths, enums and nested statements, together in member order") {
  auto e = OpenEngine();
  CHECK(Message(Call(*e, "ExecuteStatement",
                     R"({"Statement": "", "Parameters": [], "ReturnConsumedCapacity": "X",
                         "Limit": 0})")) ==
        "4 validation errors detected: Value '' at 'statement' failed to satisfy constraint: "
        "Member must have length greater than or equal to 1; Value '[]' at 'parameters' failed "
        "to satisfy constraint: Member must have length greater than or equal to 1; Value 'X' at "
        "'returnConsumedCapacity' failed to satisfy constraint: Member must satisfy enum value "
        "set: [INDEXES, TOTAL, NONE]; Value '0' at 'limit' failed to satisfy constraint: Member "
        "must have value greater than or equal to 1");
  CHECK(Message(Call(*e, "BatchExecuteStatement",
                     R"({"Statements": [{}], "ReturnConsumedCapacity": "X"})")) ==
        "2 validation errors detected: Value null at 'statements.1.member.statement' failed to "
        "satisfy constraint: Member must not be null; Value 'X' at 'returnConsumedCapacity' "
        "failed to satisfy constraint: Member must satisfy enum value set: [INDEXES, TOTAL, "
        "NONE]");
  CHECK(Message(Call(*e, "ExecuteTransaction",
                     R"({"TransactStatements": [], "ClientRequestToken": ""})")) ==
        "2 validation errors detected: Value at 'transactStatements' failed to satisfy "
        "constraint: Member must have length greater than or equal to 1; Value '' at "
        "'clientRequestToken' failed to satisfy constraint: Member must have length greater than "
        "or equal to 1");
  // A parameter that is not an AttributeValue is refused by its own message, not as an empty
  // list.
  const std::string bad = Message(Call(*e, "ExecuteStatement", R"({"Statement": "SELECT * FROM t",
                                                "Parameters": [{"Q": "x"}]})"));
  CHECK(bad.find("parameters") == std::string::npos);
  CHECK_FALSE(bad.empty());
}

// model::ReportOrder: DynamoDB lists GetItem's violations as returnConsumedCapacity, tableName,
// key (captured from DynamoDB), not in member order; a typed request is held to the same order.
TEST_CASE("GetItem's violations come in DynamoDB's order through either door") {
  auto e = OpenEngine();
  const std::string both =
      "Value 'X' at 'returnConsumedCapacity' failed to satisfy constraint: Member must satisfy "
      "enum value set: [INDEXES, TOTAL, NONE]; Value 'ab' at 'tableName' failed to satisfy "
      "constraint: Member must have length greater than or equal to 3";
  CHECK(Message(Call(*e, "GetItem", R"({"TableName": "ab", "ReturnConsumedCapacity": "X"})")) ==
        "3 validation errors detected: " + both +
            "; Value null at 'key' failed to satisfy constraint: Member must not be null");
  ddblab::GetItemRequest typed;
  typed.table_name = "ab";
  typed.key = {{"PK", ddblab::AttributeValue::S("a")}};
  typed.return_consumed_capacity = "X";
  auto r = e->GetItem(typed);
  REQUIRE_FALSE(r.ok());
  CHECK(r.error().message == "2 validation errors detected: " + both);
  // Its one expression takes no values: values sent anyway are refused, not ignored.
  CHECK(Message(Call(*e, "GetItem", R"({"TableName": "App", "Key": {"PK": {"S": "a"}},
                                       "ExpressionAttributeValues": {":v": {"S": "x"}}})")) ==
        "ExpressionAttributeValues can only be specified when using expressions");
}

// DeleteItem's violations in DynamoDB's order (ReportOrder beside the shape), its enums' values
// as DynamoDB's messages list them; the legacy Expected is read by the model too.
TEST_CASE("DeleteItem's violations come in DynamoDB's order, and Expected is read as a map") {
  auto e = OpenEngine();
  CHECK(Message(Call(*e, "DeleteItem", R"({"TableName": "ab", "ReturnValues": "X",
      "ReturnConsumedCapacity": "Y", "ConditionalOperator": "Z",
      "ReturnItemCollectionMetrics": "Q", "ReturnValuesOnConditionCheckFailure": "W"})")) ==
        "7 validation errors detected: Value 'Y' at 'returnConsumedCapacity' failed to satisfy "
        "constraint: Member must satisfy enum value set: [INDEXES, TOTAL, NONE]; Value 'ab' at "
        "'tableName' failed to satisfy constraint: Member must have length greater than or equal "
        "to 3; Value 'X' at 'returnValues' failed to satisfy constraint: Member must satisfy enum "
        "value set: [ALL_NEW, UPDATED_OLD, ALL_OLD, NONE, UPDATED_NEW]; Value 'Q' at "
        "'returnItemCollectionMetrics' failed to satisfy constraint: Member must satisfy enum "
        "value set: [SIZE, NONE]; Value 'Z' at 'conditionalOperator' failed to satisfy "
        "constraint: Member must satisfy enum value set: [OR, AND]; Value null at 'key' failed "
        "to satisfy constraint: Member must not be null; Value 'W' at "
        "'returnValuesOnConditionCheckFailure' failed to satisfy constraint: Member must satisfy "
        "enum value set: [ALL_OLD, NONE]");
  CHECK(Message(Call(*e, "DeleteItem", R"({"TableName": "App", "Key": {"PK": {"S": "a"}},
      "Expected": {"n": 5}})")) == "Unexpected value type in payload");
  CHECK(Message(Call(*e, "DeleteItem", R"({"TableName": "App", "Key": {"PK": {"S": "a"}},
      "Expected": {"n": {"Value": {"N": "x"}}}})")) ==
        "The parameter cannot be converted to a numeric value: x");
}

// Query's and Scan's requests (model/reads.h): DynamoDB's captured violation orders, Query's Limit
// named as sent without its value (model::RangeAsSent), and Scan's Segment within the service
// model's 0..999999 — through the JSON door and the typed door alike.
TEST_CASE("Query's and Scan's violations: captured orders, Query's own Limit, Scan's Segment") {
  auto e = OpenEngine();
  const std::string query =
      "2 validation errors detected: Value at 'Limit' failed to satisfy constraint: Member must "
      "have value greater than or equal to 1; Value 'ab' at 'tableName' failed to satisfy "
      "constraint: Member must have length greater than or equal to 3";
  CHECK(Message(Call(*e, "Query", R"({"TableName": "ab", "Limit": 0})")) == query);
  ddblab::QueryRequest typed_query;
  typed_query.table_name = "ab";
  typed_query.limit = 0;
  auto q = e->Query(typed_query);
  REQUIRE_FALSE(q.ok());
  CHECK(q.error().message == query);

  CHECK(Message(Call(*e, "Scan", R"({"TableName": "App", "Segment": 1000000,
                                    "TotalSegments": 0, "Limit": 0})")) ==
        "3 validation errors detected: Value '0' at 'limit' failed to satisfy constraint: Member "
        "must have value greater than or equal to 1; Value '1000000' at 'segment' failed to "
        "satisfy constraint: Member must have value less than or equal to 999999; Value '0' at "
        "'totalSegments' failed to satisfy constraint: Member must have value greater than or "
        "equal to 1");
  ddblab::ScanRequest typed_scan;
  typed_scan.table_name = "App";
  typed_scan.segment = -1;
  auto s = e->Scan(typed_scan);
  REQUIRE_FALSE(s.ok());
  CHECK(s.error().message ==
        "1 validation error detected: Value '-1' at 'segment' failed to satisfy constraint: "
        "Member must have value greater than or equal to 0");
}
