// A PartiQL statement runs as expression trees, never as text the engine parses again. EXPLAIN
// still writes the request the statement stands for as DynamoDB text. These tests send that text
// as the request itself and check that it does exactly what the statement did: the same items,
// the same table afterwards, the same error. That holds the trees and the text to one meaning.
#include <catch2/catch.hpp>
#include <optional>
#include <string>
#include <vector>

#include "course_engine.h"
#include "ddblab/engine.h"

using namespace course_engine;

namespace {

// Request `r` for `plan`'s table (and index), with every expression member the shape shows.
template <typename R>
R Shown(const Plan& plan) {
  const PlannedRequestShape& s = plan.request;
  R r;
  r.table_name = plan.table;
  auto text = [](std::optional<std::string>& member, const std::string& value) {
    if (!value.empty()) member = value;
  };
  if (!s.names.empty()) r.expression_attribute_names = s.names;
  if constexpr (requires { r.index_name; }) {
    if (!plan.index.empty()) r.index_name = plan.index;
  }
  if constexpr (requires { r.expression_attribute_values; }) {
    if (!s.values.empty()) r.expression_attribute_values = s.values;
  }
  if constexpr (requires { r.projection_expression; })
    text(r.projection_expression, s.projection_expression);
  if constexpr (requires { r.key_condition_expression; }) {
    text(r.key_condition_expression, s.key_condition_expression);
  }
  if constexpr (requires { r.filter_expression; }) text(r.filter_expression, s.filter_expression);
  if constexpr (requires { r.condition_expression; }) {
    text(r.condition_expression, s.condition_expression);
  }
  if constexpr (requires { r.update_expression; }) text(r.update_expression, s.update_expression);
  return r;
}

// What a call did: its items (in order) or its error message.
struct Outcome {
  std::vector<Item> items;
  std::string error;
};

template <typename T>
Outcome Of(const Result<T>& r) {
  Outcome o;
  if (!r.ok()) {
    o.error = r.error().message;
    return o;
  }
  if constexpr (requires { r->items; }) {
    for (const auto& item : r->items) o.items.push_back(item);
  } else if constexpr (requires { r->item; }) {
    if (r->item) o.items.push_back(*r->item);
  }
  return o;
}

// The read a SELECT's EXPLAIN describes, sent as the request it shows.
Outcome RunShownRead(Engine& e, const Plan& plan) {
  if (plan.operation == "GetItem") {
    auto r = Shown<GetItemRequest>(plan);
    r.key = plan.request.key;
    return Of(e.GetItem(r));
  }
  if (plan.operation == "Query") return Of(e.Query(Shown<QueryRequest>(plan)));
  REQUIRE(plan.operation == "Scan");
  return Of(e.Scan(Shown<ScanRequest>(plan)));
}

// The write an INSERT, UPDATE or DELETE's EXPLAIN describes, sent as the request it shows.
Outcome RunShownWrite(Engine& e, const Plan& plan) {
  if (plan.operation == "PutItem") {
    auto r = Shown<PutItemRequest>(plan);
    r.item = plan.request.item;
    return Of(e.PutItem(r));
  }
  if (plan.operation == "UpdateItem") {
    auto r = Shown<UpdateItemRequest>(plan);
    r.key = plan.request.key;
    return Of(e.UpdateItem(r));
  }
  REQUIRE(plan.operation == "DeleteItem");
  auto r = Shown<DeleteItemRequest>(plan);
  r.key = plan.request.key;
  return Of(e.DeleteItem(r));
}

std::vector<Item> Table(Engine& e) {
  ScanRequest r;
  r.table_name = "App";
  Outcome o = Of(e.Scan(r));
  REQUIRE(o.error.empty());
  return o.items;
}

}  // namespace

TEST_CASE("each SELECT returns what the request its EXPLAIN shows returns") {
  auto e = CourseEngine();
  const std::vector<std::string> statements = {
      "SELECT * FROM \"App\" WHERE PK = 'CUSTOMER#c1' AND begins_with(SK, 'ORDER#')",
      "SELECT SK, total FROM \"App\" WHERE PK = 'CUSTOMER#c1' AND total > 100",
      "SELECT * FROM \"App\" WHERE 'CUSTOMER#c1' = PK AND 'ORDER#1' < SK",
      "SELECT name FROM \"App\" WHERE PK = 'CUSTOMER#c2' AND SK = 'PROFILE'",
      "SELECT * FROM \"App\".\"GSI1\" WHERE GSI1PK = 'STATUS#OPEN' AND GSI1SK >= 'ORDER#2'",
      "SELECT * FROM \"App\" WHERE total BETWEEN 100 AND 300",
      "SELECT * FROM \"App\" WHERE total NOT BETWEEN 100 AND 200",
      "SELECT * FROM \"App\" WHERE status IN ['OPEN', 'LOST'] AND NOT (total < 100)",
      "SELECT * FROM \"App\" WHERE status NOT IN ['OPEN']",
      "SELECT * FROM \"App\" WHERE name IS MISSING AND status IS NOT NULL",
      "SELECT * FROM \"App\" WHERE name IS NOT MISSING OR total IS NULL",
      "SELECT * FROM \"App\" WHERE status IS STRING AND total IS NOT NUMERIC",
      "SELECT * FROM \"App\" WHERE contains(name, 'n') OR (size(status) > 4 AND total <> 50)",
      "SELECT * FROM \"App\" WHERE attribute_exists(GSI1PK) AND attribute_type(total, 'N')",
      // Refused alike, with the message of the expression language.
      "SELECT * FROM \"App\" WHERE PK = 'CUSTOMER#c1' AND begins_with(total, 5)",
      "SELECT * FROM \"App\" WHERE PK = 5",
      "SELECT total, total FROM \"App\" WHERE PK = 'CUSTOMER#c1'",
      "SELECT * FROM \"App\" WHERE attribute_type(total, 'NUMBER')",
  };
  for (const std::string& text : statements) {
    INFO(text);
    Plan plan = Must(e->ExplainStatement(Stmt(text)));
    Outcome statement = Of(e->ExecuteStatement(Stmt(text)));
    Outcome request = RunShownRead(*e, plan);
    CHECK(statement.error == request.error);
    CHECK(statement.items == request.items);
  }
}

TEST_CASE("each write changes the table as the request its EXPLAIN shows does") {
  struct Case {
    std::string statement;
    std::string error;  // what the statement answers; empty when it succeeds
  };
  const std::vector<Case> cases = {
      {"UPDATE \"App\" SET total = total + 5 SET note = 'x' REMOVE status WHERE "
       "PK = 'CUSTOMER#c1' AND SK = 'ORDER#1'",
       ""},
      {"UPDATE \"App\" SET tags = set_add(tags, <<'a', 'b'>>) WHERE PK = 'CUSTOMER#c1' AND "
       "SK = 'ORDER#2'",
       ""},
      {"UPDATE \"App\" SET l = list_append([1], [2, 3]), m = {'k': [TRUE, NULL]} WHERE "
       "PK = 'CUSTOMER#c2' AND SK = 'PROFILE' AND name = 'Bob'",
       ""},
      {"UPDATE \"App\" SET total = 1 WHERE PK = 'CUSTOMER#c1' AND SK = 'ORDER#2' AND status = "
       "'OPEN'",
       "The conditional request failed"},
      {"UPDATE \"App\" SET total = 1 WHERE PK = 'CUSTOMER#zz' AND SK = 'ORDER#2'",
       "The conditional request failed"},
      {"UPDATE \"App\" SET total = 'x' + 1 WHERE PK = 'CUSTOMER#c1' AND SK = 'ORDER#3'",
       "1 validation error detected: Invalid UpdateExpression: Incorrect operand type for "
       "operator or function; operator or function: +, operand type: S"},
      {"UPDATE \"App\" SET SK = 'y' WHERE PK = 'CUSTOMER#c1' AND SK = 'ORDER#3'",
       "One or more parameter values were invalid: Cannot update attribute SK. This attribute is "
       "part of the key"},
      {"DELETE FROM \"App\" WHERE PK = 'CUSTOMER#c1' AND SK = 'ORDER#3' AND total > 1000",
       "The conditional request failed"},
      {"DELETE FROM \"App\" WHERE PK = 'CUSTOMER#c1' AND SK = 'ORDER#3' AND (total > 100 OR "
       "status IS MISSING)",
       ""},
      {"DELETE FROM \"App\" WHERE PK = 'CUSTOMER#zz' AND SK = 'ORDER#3' AND total > 100", ""},
      {"INSERT INTO \"App\" VALUE {'PK': 'CUSTOMER#c3', 'SK': 'PROFILE', 'v': <<1, 2>>}", ""},
  };
  for (const Case& c : cases) {
    INFO(c.statement);
    auto by_statement = CourseEngine();
    auto by_request = CourseEngine();
    Plan plan = Must(by_statement->ExplainStatement(Stmt(c.statement)));
    Outcome statement = Of(by_statement->ExecuteStatement(Stmt(c.statement)));
    Outcome request = RunShownWrite(*by_request, plan);
    CHECK(statement.error == c.error);
    CHECK(request.error == c.error);
    CHECK(Table(*by_statement) == Table(*by_request));
  }
}

TEST_CASE("an INSERT of a key that exists is DuplicateItem where its request fails its condition") {
  auto by_statement = CourseEngine();
  auto by_request = CourseEngine();
  const std::string text = "INSERT INTO \"App\" VALUE {'PK': 'CUSTOMER#c2', 'SK': 'PROFILE'}";
  Plan plan = Must(by_statement->ExplainStatement(Stmt(text)));
  CHECK(Of(by_statement->ExecuteStatement(Stmt(text))).error ==
        "Duplicate primary key exists in table");
  CHECK(RunShownWrite(*by_request, plan).error == "The conditional request failed");
  CHECK(Table(*by_statement) == Table(*by_request));
}
