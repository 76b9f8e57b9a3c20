#include <catch2/catch.hpp>

#include "expr_test_util.h"

using namespace expr_test;
using ddblab::AttrType;
using ddblab::expr::KeySchemaView;
using ddblab::expr::SortOp;

namespace {

KeySchemaView Composite() { return KeySchemaView{{{"pk", AttrType::kS}}, {{"sk", AttrType::kN}}}; }
KeySchemaView StringSort() { return KeySchemaView{{{"pk", AttrType::kS}}, {{"sk", AttrType::kS}}}; }
KeySchemaView HashOnly() { return KeySchemaView{{{"pk", AttrType::kS}}, {}}; }

Values Vals() {
  return Values{{":p", S("user#1")}, {":n1", N("1")},   {":n9", N("9")},    {":s", S("a")},
                {":t", Bool(true)},  {":b", B("\x01")}, {":l", L({N("1")})}};
}

ddblab::Result<ddblab::expr::KeyCondition> Parse(const std::string& text, const KeySchemaView& keys,
                                                 std::optional<Names> names = std::nullopt) {
  std::optional<Values> values = Vals();
  ddblab::expr::Context ctx(names, values);
  return ddblab::expr::ParseKeyCondition(text, keys, ctx);
}

std::string Err(const std::string& text, const KeySchemaView& keys) {
  auto r = Parse(text, keys);
  return r.ok() ? std::string() : r.error().message;
}

}  // namespace

TEST_CASE("Key conditions accept every sort-key form DynamoDB allows") {
  struct Case {
    const char* text;
    SortOp op;
  };
  const Case cases[] = {
      {"pk = :p", SortOp::kNone},
      {":p = pk", SortOp::kNone},
      {"pk = :p AND sk = :n1", SortOp::kEq},
      {"pk = :p AND sk < :n1", SortOp::kLt},
      {"pk = :p AND sk <= :n1", SortOp::kLe},
      {"pk = :p AND sk > :n1", SortOp::kGt},
      {"pk = :p AND sk >= :n1", SortOp::kGe},
      {"pk = :p AND :n1 > sk", SortOp::kLt},
      {"pk = :p AND :n1 <= sk", SortOp::kGe},
      {"sk BETWEEN :n1 AND :n9 AND pk = :p", SortOp::kBetween},
      {"(pk = :p) and (sk between :n1 and :n9)", SortOp::kBetween},
  };
  for (const Case& c : cases) {
    INFO(c.text);
    auto r = Parse(c.text, Composite());
    REQUIRE(r.ok());
    CHECK(r->hash_values.at(0).str() == "user#1");
    CHECK(r->sort_op == c.op);
  }
  auto r = Parse("pk = :p AND begins_with(sk, :s)", StringSort());
  REQUIRE(r.ok());
  CHECK(r->sort_op == SortOp::kBeginsWith);
  CHECK(r->sort_value.str() == "a");
  CHECK(r->text == "pk = \"user#1\" AND begins_with(sk, \"a\")");
  auto between = Parse("pk = :p AND sk BETWEEN :n1 AND :n9", Composite());
  REQUIRE(between.ok());
  CHECK(between->sort_value.num().ToString() == "1");
  CHECK(between->sort_value2.num().ToString() == "9");
}

TEST_CASE("Key condition errors use DynamoDB's messages") {
  struct Case {
    const char* text;
    KeySchemaView keys;
    const char* message;
  };
  const Case cases[] = {
      {"sk = :n1", Composite(), "Query condition missed key schema element: pk"},
      {"pk = :p AND o2 = :n1", Composite(), "Query condition missed key schema element: sk"},
      {"pk < :p", Composite(), "Query key condition not supported"},
      {"begins_with(pk, :p)", Composite(), "Query key condition not supported"},
      {"pk = :p AND pk = :p", Composite(),
       "Invalid KeyConditionExpression: KeyConditionExpressions must only contain one condition "
       "per key"},
      // DynamoDB (verified in eu-west-2, 2026): an attribute named twice is refused before the
      // conditions are counted; three attributes on a two-attribute key are counted.
      {"pk = :p AND sk > :n1 AND sk < :n9", Composite(),
       "Invalid KeyConditionExpression: KeyConditionExpressions must only contain one condition "
       "per key"},
      {"pk = :p AND sk > :n1 AND o2 = :n9", Composite(),
       "The number of query conditions (3) exceeds the number of key attributes defined in the "
       "schema (2)"},
      {"pk = :p AND sk = :n1", HashOnly(),
       "The number of query conditions (2) exceeds the number of key attributes defined in the "
       "schema (1)"},
      {"pk = :p AND begins_with(sk, :n1)", StringSort(),
       "Invalid KeyConditionExpression: Incorrect operand type for operator or function; operator "
       "or function: begins_with, operand type: N"},
      {"pk = :p AND sk < :t", Composite(),
       "Invalid KeyConditionExpression: Incorrect operand type for operator or function; operator "
       "or function: <, operand type: BOOL"},
      {"pk = :p AND sk BETWEEN :t AND :n9", Composite(),
       "Invalid KeyConditionExpression: Incorrect operand type for operator or function; operator "
       "or function: BETWEEN, operand type: BOOL"},
      {"pk = :p AND sk = :s", Composite(),
       "One or more parameter values were invalid: Condition parameter type does not match "
       "schema type"},
      {"pk = :t", Composite(),
       "One or more parameter values were invalid: Condition parameter type does not match "
       "schema type"},
      {"pk = :n1", Composite(),
       "One or more parameter values were invalid: Condition parameter type does not match "
       "schema type"},
      {"pk = :p OR sk = :n1", Composite(), "Invalid operator used in KeyConditionExpression: OR"},
      {"NOT pk = :p", Composite(), "Invalid operator used in KeyConditionExpression: NOT"},
      {"pk IN (:p)", Composite(), "Invalid operator used in KeyConditionExpression: IN"},
      {"pk <> :p", Composite(), "Invalid operator used in KeyConditionExpression: <>"},
      {"pk = :p AND attribute_exists(sk)", Composite(),
       "Invalid operator used in KeyConditionExpression: attribute_exists"},
      {"pk = :p AND size(sk) = :n1", Composite(),
       "KeyConditionExpressions cannot contain nested operations"},
      {"pk = :p AND sk = pk", Composite(),
       "Invalid condition in KeyConditionExpression: Multiple attribute names used in one "
       "condition"},
      {"pk.x = :p", Composite(),
       "Invalid KeyConditionExpression: KeyConditionExpressions cannot have conditions on nested "
       "attributes"},
      {"pk = :p AND dog(sk, :n1)", Composite(),
       "Invalid KeyConditionExpression: Invalid function name; function: dog"},
      {"pk = :p AND BEGINS_WITH(sk, :s)", StringSort(),
       "Invalid KeyConditionExpression: Invalid function name; function: BEGINS_WITH"},
      {"pk = :p AND sk BETWEEN :n9 AND :n1", Composite(),
       "Invalid KeyConditionExpression: The BETWEEN operator requires upper bound to be greater "
       "than or equal to lower bound; lower bound operand: AttributeValue: {N:9}, upper bound "
       "operand: "
       "AttributeValue: {N:1}"},
      {"pk = :p AND", Composite(),
       "Invalid KeyConditionExpression: Syntax error; token: \"<EOF>\", near: \"AND\""},
  };
  for (const Case& c : cases) {
    INFO(c.text);
    CHECK(Err(c.text, c.keys) == c.message);
  }
}

TEST_CASE("Key conditions resolve #names for reserved key names") {
  auto r = Parse("#k = :p", KeySchemaView{{{"name", AttrType::kS}}, {}}, Names{{"#k", "name"}});
  REQUIRE(r.ok());
  CHECK(r->sort_op == SortOp::kNone);
  CHECK(Err("name = :p", KeySchemaView{{{"name", AttrType::kS}}, {}}) ==
        "Invalid KeyConditionExpression: Attribute name is a reserved keyword; reserved keyword: "
        "name");
}
