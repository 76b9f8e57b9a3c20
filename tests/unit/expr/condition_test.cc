#include <catch2/catch.hpp>

#include "expr_test_util.h"

using namespace expr_test;

namespace {

// One item with every type, used by the evaluator tables.
Item Sample() {
  return Item{
      {"s", S("hello")},
      {"n", N("10")},
      {"b", B("\x01\x02")},
      {"t", Bool(true)},
      {"z", Null()},
      {"l", L({N("1"), S("two"), SS({"x"})})},
      {"m", M({{"k", S("v")}, {"sub1", M({{"deep", N("3")}})}})},
      {"ss", SS({"a", "b"})},
      {"ns", NS({"1", "2"})},
  };
}

Values Vals() {
  return Values{
      {":s", S("hello")},
      {":s2", S("world")},
      {":he", S("he")},
      {":n", N("10")},
      {":n5", N("5")},
      {":n20", N("20")},
      {":n10e0", N("1E1")},
      {":b", B("\x01")},
      {":t", Bool(true)},
      {":l", L({N("1"), S("two"), SS({"x"})})},
      {":ss", SS({"b", "a"})},
      {":x", S("x")},
      {":one", N("1")},
      {":two", S("two")},
      {":setx", SS({"x"})},
      {":tS", S("S")},
      {":tN", S("N")},
      {":tL", S("L")},
      {":tNULL", S("NULL")},
      {":a", S("a")},
      {":k", S("k")},
      {":v", S("v")},
      {":n3", N("3")},
      {":n2", N("2")},
      {":m", M({{"k", S("v")}})},
  };
}

struct Case {
  const char* expression;
  const char* expected;
};

void RunTable(const Case* cases, size_t n) {
  Item item = Sample();
  for (size_t i = 0; i < n; ++i) {
    Values vals = Vals();
    // Only the placeholders an expression uses may be passed, or the request is rejected as
    // having unused values; evaluation itself ignores extras, so pass them all here.
    INFO(cases[i].expression);
    CHECK(Cond(cases[i].expression, &item, vals) == cases[i].expected);
  }
}

}  // namespace

TEST_CASE("Comparisons across types are false, not errors") {
  const Case cases[] = {
      {"s = :n", "false"}, {"s <> :n", "true"},  {"n < :s", "false"}, {"n >= :s", "false"},
      {"t = :s", "false"}, {"l = :m", "false"},  {"m <> :l", "true"}, {"s < :s2", "true"},
      {"l < :n", "false"}, {"ss > :s", "false"},
  };
  RunTable(cases, std::size(cases));
}

TEST_CASE("Missing attributes compare false except with <>") {
  const Case cases[] = {
      {"nope = :n", "false"},
      {"nope < :n", "false"},
      {"nope >= :n", "false"},
      {"nope <> :n", "true"},
      {"nope = o2", "false"},
      {"nope <> o2", "true"},
      {"nope BETWEEN :n5 AND :n20", "false"},
      {"nope IN (:n, :s)", "false"},
      {"m.gone = :v", "false"},
      {"l[7] <> :one", "true"},
  };
  RunTable(cases, std::size(cases));
}

TEST_CASE("Numbers compare by value, strings and binary by bytes") {
  const Case cases[] = {
      {"n = :n10e0", "true"},  {"n > :n5", "true"},           {"n <= :n", "true"},
      {"n < :n5", "false"},    {"s > :he", "true"},           {"s < :s2", "true"},
      {"b > :b", "true"},      {"m.sub1.deep = :n3", "true"}, {"l[0] = :one", "true"},
      {"l[1] = :two", "true"},
  };
  RunTable(cases, std::size(cases));
}

TEST_CASE("Set equality ignores order, lists and maps compare deeply") {
  const Case cases[] = {
      {"ss = :ss", "true"},
      {"l = :l", "true"},
      {"m.sub1 <> :m", "true"},
      {"m.k = :v", "true"},
  };
  RunTable(cases, std::size(cases));
}

TEST_CASE("BETWEEN is inclusive and false across types") {
  const Case cases[] = {
      {"n BETWEEN :n5 AND :n20", "true"},  {"n BETWEEN :n AND :n20", "true"},
      {"n BETWEEN :n5 AND :n", "true"},    {"n BETWEEN :n3 AND :n5", "false"},
      {"s BETWEEN :n5 AND :n20", "false"}, {"s BETWEEN :he AND :s2", "true"},
  };
  RunTable(cases, std::size(cases));
}

TEST_CASE("IN matches any listed value, types may mix") {
  const Case cases[] = {
      {"n IN (:s, :n)", "true"},
      {"n IN (:s, :n5)", "false"},
      {"s IN (:s)", "true"},
      {"ss IN (:ss, :n)", "true"},
  };
  RunTable(cases, std::size(cases));
}

TEST_CASE("Condition functions follow DynamoDB's semantics") {
  const Case cases[] = {
      {"attribute_exists(s)", "true"},
      {"attribute_exists(z)", "true"},
      {"attribute_exists(m.sub1.deep)", "true"},
      {"attribute_exists(l[2])", "true"},
      {"attribute_exists(l[3])", "false"},
      {"attribute_not_exists(nope)", "true"},
      {"attribute_not_exists(s)", "false"},
      {"attribute_type(s, :tS)", "true"},
      {"attribute_type(n, :tN)", "true"},
      {"attribute_type(l, :tL)", "true"},
      {"attribute_type(z, :tNULL)", "true"},
      {"attribute_type(s, :tN)", "false"},
      {"attribute_type(nope, :tN)", "false"},
      {"begins_with(s, :he)", "true"},
      {"begins_with(s, :s2)", "false"},
      {"begins_with(n, :he)", "false"},
      {"begins_with(b, :b)", "true"},
      {"contains(s, :he)", "true"},
      {"contains(s, :x)", "false"},
      {"contains(ss, :a)", "true"},
      {"contains(ns, :n2)", "true"},
      {"contains(ns, :n3)", "false"},
      {"contains(l, :two)", "true"},
      {"contains(l, :setx)", "true"},
      {"contains(m, :k)", "false"},
      {"contains(n, :n)", "false"},
      {"size(s) = :n5", "true"},
      {"size(l) = :n3", "true"},
      {"size(m) = :n2", "true"},
      {"size(ss) = :n2", "true"},
      {"size(n) = :n2", "false"},
      {"size(nope) <> :n2", "true"},
      {"size(:s) = :n5", "true"},
      {"size(s) > size(ss)", "true"},
  };
  RunTable(cases, std::size(cases));
}

TEST_CASE("AND binds tighter than OR, NOT tighter than AND") {
  const Case cases[] = {
      // a OR b AND c = a OR (b AND c)
      {"n = :n OR n = :n5 AND s = :n", "true"},
      {"(n = :n OR n = :n5) AND s = :n", "false"},
      // NOT a AND b = (NOT a) AND b
      {"NOT n = :n5 AND s = :s", "true"},
      {"NOT (n = :n AND s = :n)", "true"},
      {"not n = :n", "false"},
      {"NOT NOT n = :n", "true"},
      {"n = :n and s = :s", "true"},
      {"n = :n5 Or s = :s", "true"},
  };
  RunTable(cases, std::size(cases));
}

TEST_CASE("A missing item makes every path missing") {
  Values v{{":n", N("1")}};
  CHECK(Cond("attribute_not_exists(pk)", nullptr, std::nullopt) == "true");
  CHECK(Cond("attribute_exists(pk)", nullptr, std::nullopt) == "false");
  CHECK(Cond("a <> :n", nullptr, v) == "true");
}

TEST_CASE("Request-side operand errors are reported at parse time") {
  Values v{{":l", L({N("1")})}, {":n", N("1")},   {":n9", N("9")},
           {":s", S("a")},      {":t", S("SET")}, {":bool", Bool(true)}};
  CHECK(CondError("a < :l", v) ==
        "Invalid ConditionExpression: Incorrect operand type for operator or function; operator "
        "or function: <, operand type: L");
  CHECK(CondError("a BETWEEN :n9 AND :n", v) ==
        "Invalid ConditionExpression: The BETWEEN operator requires upper bound to be greater "
        "than or equal to lower bound; lower bound operand: AttributeValue: {N:9}, upper bound "
        "operand: "
        "AttributeValue: {N:1}");
  CHECK(CondError("a BETWEEN :s AND :n", v) ==
        "Invalid ConditionExpression: The BETWEEN operator requires same data type for lower and "
        "upper bounds; lower bound operand: AttributeValue: {S:a}, upper bound operand: "
        "AttributeValue: {N:1}");
  CHECK(CondError("size(:n) = :n", v) ==
        "Invalid ConditionExpression: Incorrect operand type for operator or function; operator "
        "or function: size, operand type: N");
  CHECK(CondError("begins_with(a, :n)", v) ==
        "Invalid ConditionExpression: Incorrect operand type for operator or function; operator "
        "or function: begins_with, operand type: N");
  CHECK(CondError("attribute_exists(:n)", v) ==
        "Invalid ConditionExpression: Operator or function requires a document path; operator or "
        "function: attribute_exists");
  CHECK(CondError("attribute_type(a, :t)", v) ==
        "Invalid ConditionExpression: Invalid attribute type name found; type: SET, valid types: "
        "{ B,NULL,SS,BOOL,L,BS,N,NS,S,M }");
  CHECK(CondError("size(a)", v) ==
        "Invalid ConditionExpression: The function is not allowed to be used this way in an "
        "expression; function: size");
  CHECK(CondError("attribute_exists(a) = :bool", v) ==
        "Invalid ConditionExpression: The function is not allowed to be used this way in an "
        "expression; function: attribute_exists");
  CHECK(CondError("if_not_exists(a, :n) = :n", v) ==
        "Invalid ConditionExpression: The function is not allowed to be used this way in an "
        "expression; function: if_not_exists");
  CHECK(CondError("dog(a)", v) ==
        "Invalid ConditionExpression: Invalid function name; function: dog");
  CHECK(CondError("BEGINS_WITH(a, :s)", v) ==
        "Invalid ConditionExpression: Invalid function name; function: BEGINS_WITH");
  CHECK(CondError("begins_with(a)", v) ==
        "Invalid ConditionExpression: Incorrect number of operands for operator or function; "
        "operator or function: begins_with, number of operands: 1");
  CHECK_FALSE(CondError("contains(a, a)", v).empty());
}

TEST_CASE("Redundant parentheses are rejected, one pair per level is fine") {
  Values v{{":v", N("1")}};
  CHECK(CondError("(a <> :v)", v).empty());
  CHECK(CondError("(a <> :v) AND ((b = :v) OR b = :v)", v).empty());
  CHECK(CondError("((a <> :v))", v) ==
        "Invalid ConditionExpression: The expression has redundant parentheses;");
}

TEST_CASE("Filter errors carry the FilterExpression prefix") {
  CHECK(CondError("", std::nullopt, std::nullopt, ddblab::expr::Kind::kFilter) ==
        "Invalid FilterExpression: The expression can not be empty;");
  CHECK(CondError("#missing = :v", Values{{":v", N("1")}}, Names{{"#a", "a"}},
                  ddblab::expr::Kind::kFilter) ==
        "Invalid FilterExpression: An expression attribute name used in the document path is not "
        "defined; attribute name: #missing");
}

TEST_CASE("Conditions report their top-level attributes and render with values substituted") {
  Ctx holder(Names{{"#n", "name"}}, Values{{":v", S("x")}, {":w", N("5")}});
  auto& ctx = holder.ctx;
  auto c =
      ddblab::expr::ParseCondition("#n.given = :v AND (size(b[0]) > :w OR attribute_exists(c))",
                                   ddblab::expr::Kind::kFilter, ctx);
  REQUIRE(c.ok());
  CHECK((*c)->TopLevelAttributes() == std::vector<std::string>{"name", "b", "c"});
  CHECK((*c)->ToString() == "name.given = \"x\" AND (size(b[0]) > 5 OR attribute_exists(c))");
  CHECK(ctx.CheckAllUsed().ok());
}
