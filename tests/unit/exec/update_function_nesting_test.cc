// Which functions an UpdateExpression accepts inside which. DynamoDB (developer guide, "Update
// expressions"; ScyllaDB Alternator's test_update_expression.py, run against DynamoDB):
// if_not_exists may be an operand of list_append, list_append may not be an operand of
// list_append, size and the other condition functions are not update functions, if_not_exists
// needs a document path first, and an operand cannot hold arithmetic.
#include "fixture.h"

using namespace ddbtest;

namespace {

UpdateItemRequest Update(const std::string& expression, ExpressionAttributeValues values) {
  UpdateItemRequest u;
  u.table_name = "App";
  u.key = {{"PK", S("P1")}, {"SK", S("A")}};
  u.update_expression = expression;
  u.expression_attribute_values = std::move(values);
  return u;
}

AttributeValue ListOf(std::vector<std::string> members) {
  ddblab::List l;
  for (auto& m : members) l.push_back(S(m));
  return AttributeValue::L(std::move(l));
}

}  // namespace

TEST_CASE("list_append(if_not_exists(a, :empty), :v) appends, creating the list first") {
  auto e = OpenMemory();
  CreateAppTable(*e, "App", false);
  auto u = Update("SET a = list_append(if_not_exists(a, :v1), :v2)",
                  {{":v1", ListOf({"a", "b"})}, {":v2", ListOf({"cat"})}});
  Must(e->UpdateItem(u));
  Must(e->UpdateItem(u));
  GetItemRequest g;
  g.table_name = "App";
  g.key = u.key;
  CHECK(Must(e->GetItem(g)).item->at("a").list().size() == 4);  // a, b, cat, cat
}

TEST_CASE("list_append nested in list_append is not allowed") {
  auto e = OpenMemory();
  CreateAppTable(*e, "App", false);
  auto u = Update("SET a = list_append(list_append(:v1, :v2), :v3)",
                  {{":v1", ListOf({"a"})}, {":v2", ListOf({"1"})}, {":v3", ListOf({"hi"})}});
  CHECK(Fails(e->UpdateItem(u)).message ==
        "1 validation error detected: Invalid UpdateExpression: The function is not allowed to be "
        "used this way in an "
        "expression; function: list_append");
}

TEST_CASE("size is not an update function, even nested") {
  auto e = OpenMemory();
  CreateAppTable(*e, "App", false);
  auto u = Update("SET a = if_not_exists(a, size(b))", {});
  u.expression_attribute_values.reset();
  CHECK(Fails(e->UpdateItem(u)).message ==
        "1 validation error detected: Invalid UpdateExpression: The function is not allowed to be "
        "used this way in an "
        "expression; function: size");
}

TEST_CASE("if_not_exists needs a document path as its first operand") {
  auto e = OpenMemory();
  CreateAppTable(*e, "App", false);
  auto u = Update("SET b = if_not_exists(:v2, :v1)", {{":v1", N("6")}, {":v2", N("1")}});
  CHECK(Fails(e->UpdateItem(u)).message ==
        "1 validation error detected: Invalid UpdateExpression: Operator or function requires a "
        "document path; operator or "
        "function: if_not_exists");
}
