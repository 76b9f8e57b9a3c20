// DynamoDB's legacy read parameters: KeyConditions, QueryFilter, ScanFilter, ConditionalOperator,
// AttributesToGet. DynamoDB: API reference Query / Scan / GetItem / BatchGetItem, "Condition",
// "Legacy conditional parameters".
#include "fixture.h"

using namespace ddbtest;

namespace {

Condition C(const std::string& op, std::vector<AttributeValue> avl = {}) {
  Condition c;
  c.comparison_operator = op;
  if (!avl.empty()) c.attribute_value_list = std::move(avl);
  return c;
}

std::unique_ptr<Engine> Seeded() {
  auto e = OpenMemory();
  CreateAppTable(*e, "App", false);
  for (int i = 1; i <= 5; ++i) {
    std::string n = std::to_string(i);
    Put(*e, {{"PK", S("u")},
             {"SK", S("item#" + n)},
             {"n", N(n)},
             {"tag", S(i % 2 ? "odd" : "even")},
             {"tags", AttributeValue::SS({"t" + n, "all"})}});
  }
  Put(*e, {{"PK", S("v")}, {"SK", S("other")}, {"n", N("9")}});
  return e;
}

QueryRequest LegacyQuery(Conditions kc) {
  QueryRequest q;
  q.table_name = "App";
  q.key_conditions = std::move(kc);
  return q;
}

std::vector<std::string> SortKeys(const QueryResponse& r) {
  std::vector<std::string> out;
  for (const auto& item : r.items) out.push_back(item.item().at("SK").str());
  return out;
}

ScanRequest LegacyScan(Conditions filter, std::optional<std::string> op = {}) {
  ScanRequest s;
  s.table_name = "App";
  s.scan_filter = std::move(filter);
  s.conditional_operator = std::move(op);
  return s;
}

}  // namespace

// ---------------------------------------------------------------- KeyConditions

TEST_CASE("KeyConditions take EQ on the partition key and any sort key operator") {
  // DynamoDB: API reference Query "KeyConditions".
  auto e = Seeded();
  CHECK(Must(e->Query(LegacyQuery({{"PK", C("EQ", {S("u")})}}))).count == 5);
  struct Case {
    Condition sk;
    std::vector<std::string> want;
  };
  const std::vector<Case> cases = {
      {C("EQ", {S("item#2")}), {"item#2"}},
      {C("LE", {S("item#2")}), {"item#1", "item#2"}},
      {C("LT", {S("item#2")}), {"item#1"}},
      {C("GE", {S("item#4")}), {"item#4", "item#5"}},
      {C("GT", {S("item#4")}), {"item#5"}},
      {C("BEGINS_WITH", {S("item#3")}), {"item#3"}},
      {C("BETWEEN", {S("item#2"), S("item#4")}), {"item#2", "item#3", "item#4"}},
  };
  for (const Case& c : cases) {
    INFO(*c.sk.comparison_operator);
    auto r = Must(e->Query(LegacyQuery({{"PK", C("EQ", {S("u")})}, {"SK", c.sk}})));
    CHECK(SortKeys(r) == c.want);
  }
}

TEST_CASE("KeyConditions errors carry DynamoDB's messages") {
  // DynamoDB: API reference Query "KeyConditions"; messages as DynamoDB returns them.
  auto e = Seeded();
  auto msg = [&](Conditions kc) { return Fails(e->Query(LegacyQuery(std::move(kc)))).message; };
  for (const char* op : {"NULL", "NOT_NULL"}) {
    CHECK(msg({{"PK", C(op)}}) == "Attempted conditional constraint is not an indexable operation");
  }
  for (const char* op : {"NE", "CONTAINS", "NOT_CONTAINS", "IN"}) {
    INFO(op);
    CHECK(msg({{"PK", C(op, {S("u")})}}) ==
          "Attempted conditional constraint is not an indexable operation");
    CHECK(msg({{"PK", C("EQ", {S("u")})}, {"SK", C(op, {S("a")})}}) ==
          "Attempted conditional constraint is not an indexable operation");
  }
  for (const char* op : {"LE", "LT", "GE", "GT", "BEGINS_WITH"}) {
    CHECK(msg({{"PK", C(op, {S("u")})}}) == "Query key condition not supported");
  }
  CHECK(msg({{"PK", C("EQ", {N("1")})}}) ==
        "One or more parameter values were invalid: Condition parameter type does not match "
        "schema type");
  CHECK(msg({{"SK", C("EQ", {S("x")})}}) == "Query condition missed key schema element: PK");
  CHECK(msg({{"PK", C("EQ", {S("u")})}, {"n", C("EQ", {N("1")})}}) ==
        "Query condition missed key schema element: SK");
  CHECK(msg({}) == "Conditions can be of length 1 or 2 only");
  CHECK(msg({{"PK", C("EQ", {S("u")})}, {"SK", C("BETWEEN", {S("b"), S("a")})}}) ==
        "The BETWEEN condition was provided a range where the lower bound is greater than the "
        "upper bound");
  CHECK(msg({{"PK", C("EQ", {S("u"), S("v")})}}) ==
        "One or more parameter values were invalid: Invalid number of argument(s) for the EQ "
        "ComparisonOperator");
  CHECK(msg({{"PK", Condition{}}}) ==
        "1 validation error detected: Value null at 'keyConditions.PK.member.comparisonOperator' "
        "failed to satisfy constraint: Member must not be null");
}

TEST_CASE("KeyConditions clash with KeyConditionExpression but not with FilterExpression") {
  // DynamoDB: KeyConditions only clashes with KeyConditionExpression.
  auto e = Seeded();
  QueryRequest q = LegacyQuery({{"PK", C("EQ", {S("u")})}});
  q.key_condition_expression = "PK = :u";
  q.expression_attribute_values = ExpressionAttributeValues{{":u", S("u")}};
  CHECK(Fails(e->Query(q)).message ==
        "Can not use both expression and non-expression parameters in the same request: "
        "Non-expression parameters: {KeyConditions} Expression parameters: "
        "{KeyConditionExpression}");
  q.key_condition_expression.reset();
  q.filter_expression = "tag = :u";
  q.expression_attribute_values = ExpressionAttributeValues{{":u", S("odd")}};
  CHECK(Must(e->Query(q)).count == 3);
}

// ---------------------------------------------------------------- QueryFilter / ScanFilter

TEST_CASE("QueryFilter filters after the key condition, combined by ConditionalOperator") {
  // DynamoDB: API reference Query "QueryFilter", "ConditionalOperator".
  auto e = Seeded();
  QueryRequest q = LegacyQuery({{"PK", C("EQ", {S("u")})}});
  q.query_filter = Conditions{{"tag", C("EQ", {S("odd")})}};
  auto r = Must(e->Query(q));
  CHECK(r.count == 3);
  CHECK(r.scanned_count == 5);
  q.query_filter = Conditions{{"tag", C("EQ", {S("odd")})}, {"n", C("GE", {N("4")})}};
  CHECK(SortKeys(Must(e->Query(q))) == std::vector<std::string>{"item#5"});
  q.conditional_operator = "OR";
  CHECK(SortKeys(Must(e->Query(q))) ==
        std::vector<std::string>{"item#1", "item#3", "item#4", "item#5"});
}

TEST_CASE("QueryFilter may not name a key attribute") {
  // DynamoDB: API reference Query "QueryFilter" (non-key attributes only).
  auto e = Seeded();
  QueryRequest q = LegacyQuery({{"PK", C("EQ", {S("u")})}});
  q.query_filter = Conditions{{"SK", C("EQ", {S("item#1")})}};
  CHECK(Fails(e->Query(q)).message ==
        "QueryFilter can only contain non-primary key attributes: Primary key attribute: SK");
}

TEST_CASE("ScanFilter supports all thirteen comparison operators") {
  // DynamoDB: API reference Scan "ScanFilter" and "Condition".
  auto e = Seeded();
  struct Case {
    const char* attr;
    Condition c;
    int64_t count;
  };
  const std::vector<Case> cases = {
      {"n", C("EQ", {N("3")}), 1},
      {"n", C("NE", {N("3")}), 5},
      {"n", C("LE", {N("3")}), 3},
      {"n", C("LT", {N("3")}), 2},
      {"n", C("GE", {N("3")}), 4},
      {"n", C("GT", {N("3")}), 3},
      {"tag", C("NOT_NULL"), 5},
      {"tag", C("NULL"), 1},
      {"tags", C("CONTAINS", {S("all")}), 5},
      {"tags", C("NOT_CONTAINS", {S("t1")}), 4},
      {"SK", C("BEGINS_WITH", {S("item#")}), 5},
      {"n", C("IN", {N("1"), N("9")}), 2},
      {"n", C("BETWEEN", {N("2"), N("4")}), 3},
  };
  for (const Case& c : cases) {
    INFO(c.attr << " " << *c.c.comparison_operator);
    CHECK(Must(e->Scan(LegacyScan({{c.attr, c.c}}))).count == c.count);
  }
  CHECK(Must(e->Scan(LegacyScan({{"n", C("LT", {N("2")})}, {"n2", C("NULL")}}))).count == 1);
  CHECK(Must(e->Scan(LegacyScan({{"n", C("GT", {N("4")})}, {"tag", C("EQ", {S("even")})}}, "OR")))
            .count == 4);
}

TEST_CASE("ScanFilter entries are validated like Expected") {
  // DynamoDB: API reference "Condition"; messages as DynamoDB returns them.
  auto e = Seeded();
  auto msg = [&](Conditions f, std::optional<std::string> op = {}) {
    return Fails(e->Scan(LegacyScan(std::move(f), std::move(op)))).message;
  };
  CHECK(msg({{"n", C("LT", {AttributeValue::NS({*Decimal::Parse("1")})})}}) ==
        "One or more parameter values were invalid: ComparisonOperator LT is not valid for NS "
        "AttributeValue type");
  CHECK(msg({{"n", C("IN")}}) ==
        "One or more parameter values were invalid: Invalid number of argument(s) for the IN "
        "ComparisonOperator");
  CHECK(msg({{"n", C("NOPE", {N("1")})}}) ==
        "1 validation error detected: Value 'NOPE' at 'scanFilter.n.member.comparisonOperator' "
        "failed to satisfy constraint: Member must satisfy enum value set: [IN, NULL, BETWEEN, "
        "LT, NOT_CONTAINS, EQ, GT, NOT_NULL, NE, LE, BEGINS_WITH, GE, CONTAINS]");
  CHECK(msg({{"n", C("EQ", {N("1")})}}, "OR") ==
        "ConditionalOperator can only be used when Filter or Expected has two or more elements");
  ScanRequest s;
  s.table_name = "App";
  s.conditional_operator = "AND";
  CHECK(Fails(e->Scan(s)).message ==
        "ConditionalOperator cannot be used without Filter or Expected");
  s.conditional_operator.reset();
  s.scan_filter = Conditions{{"n", C("EQ", {N("1")})}};
  s.filter_expression = "n = :one";
  s.expression_attribute_values = ExpressionAttributeValues{{":one", N("1")}};
  CHECK(Fails(e->Scan(s)).message ==
        "Can not use both expression and non-expression parameters in the same request: "
        "Non-expression parameters: {ScanFilter} Expression parameters: {FilterExpression}");
}

// ---------------------------------------------------------------- AttributesToGet

TEST_CASE("AttributesToGet projects top-level attributes on Query, Scan and GetItem") {
  // DynamoDB: API reference GetItem / Query / Scan "AttributesToGet".
  auto e = Seeded();
  QueryRequest q = LegacyQuery({{"PK", C("EQ", {S("v")})}});
  q.attributes_to_get = std::vector<std::string>{"n", "missing"};
  auto r = Must(e->Query(q));
  REQUIRE(r.items.size() == 1);
  CHECK(r.items[0].item() == Item{{"n", N("9")}});
  q.select = "SPECIFIC_ATTRIBUTES";
  CHECK(Must(e->Query(q)).items[0].item() == Item{{"n", N("9")}});

  ScanRequest s;
  s.table_name = "App";
  s.attributes_to_get = std::vector<std::string>{"SK"};
  s.scan_filter = Conditions{{"n", C("EQ", {N("9")})}};
  auto sr = Must(e->Scan(s));
  REQUIRE(sr.items.size() == 1);
  CHECK(sr.items[0].item() == Item{{"SK", S("other")}});

  GetItemRequest g;
  g.table_name = "App";
  g.key = {{"PK", S("u")}, {"SK", S("item#2")}};
  g.attributes_to_get = std::vector<std::string>{"tag", "n"};
  auto gr = Must(e->GetItem(g));
  REQUIRE(gr.item);
  CHECK(gr.item->item() == Item{{"n", N("2")}, {"tag", S("even")}});
}

TEST_CASE("AttributesToGet must be non-empty, without duplicates, and not mixed") {
  // DynamoDB: API reference GetItem "AttributesToGet" (1..255 names); messages as DynamoDB
  // returns them.
  auto e = Seeded();
  GetItemRequest g;
  g.table_name = "App";
  g.key = {{"PK", S("u")}, {"SK", S("item#2")}};
  g.attributes_to_get = std::vector<std::string>{"a", "b", "a"};
  CHECK(Fails(e->GetItem(g)).message ==
        "One or more parameter values were invalid: Duplicate value in attribute name: a");
  g.attributes_to_get = std::vector<std::string>{};
  CHECK(Fails(e->GetItem(g)).message ==
        "1 validation error detected: Value '[]' at 'attributesToGet' failed to satisfy "
        "constraint: Member must have length greater than or equal to 1");
  g.attributes_to_get = std::vector<std::string>{"a"};
  g.projection_expression = "b";
  CHECK(Fails(e->GetItem(g)).message ==
        "Can not use both expression and non-expression parameters in the same request: "
        "Non-expression parameters: {AttributesToGet} Expression parameters: "
        "{ProjectionExpression}");

  QueryRequest q = LegacyQuery({{"PK", C("EQ", {S("v")})}});
  q.attributes_to_get = std::vector<std::string>{"n"};
  q.select = "ALL_ATTRIBUTES";
  CHECK(Fails(e->Query(q)).message ==
        "1 validation error detected: Cannot specify the AttributesToGet when choosing to get "
        "ALL_ATTRIBUTES");
  q.attributes_to_get.reset();
  q.select = "SPECIFIC_ATTRIBUTES";
  CHECK(Fails(e->Query(q)).message ==
        "1 validation error detected: Must specify the AttributesToGet or ProjectionExpression "
        "when choosing to get "
        "SPECIFIC_ATTRIBUTES");
}

TEST_CASE("BatchGetItem KeysAndAttributes honour AttributesToGet") {
  // DynamoDB: API reference BatchGetItem "KeysAndAttributes" (AttributesToGet).
  auto e = Seeded();
  BatchGetItemRequest b;
  KeysAndAttributes ka;
  ka.keys = {{{"PK", S("u")}, {"SK", S("item#1")}}};
  ka.attributes_to_get = std::vector<std::string>{"tag"};
  b.request_items["App"] = ka;
  auto r = Must(e->BatchGetItem(b));
  REQUIRE(r.responses["App"].size() == 1);
  CHECK(r.responses["App"][0].item() == Item{{"tag", S("odd")}});
  b.request_items["App"].attributes_to_get = std::vector<std::string>{"tag", "tag"};
  CHECK(Fails(e->BatchGetItem(b)).message ==
        "One or more parameter values were invalid: Duplicate value in attribute name: tag");
}

// DynamoDB: API reference "Condition" — EQ and NE take an AttributeValue of any type, lists, maps
// and booleans included, and compare deeply; a value of another type is simply not equal.
TEST_CASE("QueryFilter and ScanFilter EQ and NE compare lists, maps, booleans and NULL") {
  auto e = Seeded();
  Put(*e, {{"PK", S("w")},
           {"SK", S("doc")},
           {"l", AttributeValue::L({S("x"), N("1")})},
           {"m", AttributeValue::M({{"k", S("v")}})},
           {"b", AttributeValue::Bool(true)},
           {"z", AttributeValue::Null()}});
  QueryRequest q = LegacyQuery({{"PK", C("EQ", {S("w")})}});
  auto count = [&](const std::string& attr, Condition c) {
    q.query_filter = Conditions{{attr, std::move(c)}};
    return Must(e->Query(q)).count;
  };
  CHECK(count("l", C("EQ", {AttributeValue::L({S("x"), N("1")})})) == 1);
  CHECK(count("l", C("EQ", {AttributeValue::L({N("1"), S("x")})})) == 0);
  CHECK(count("l", C("NE", {AttributeValue::L({S("x")})})) == 1);
  CHECK(count("m", C("EQ", {AttributeValue::M({{"k", S("v")}})})) == 1);
  CHECK(count("m", C("NE", {AttributeValue::M({{"k", S("v")}})})) == 0);
  CHECK(count("b", C("EQ", {AttributeValue::Bool(true)})) == 1);
  CHECK(count("b", C("NE", {AttributeValue::Bool(true)})) == 0);
  CHECK(count("z", C("EQ", {AttributeValue::Null()})) == 1);
  CHECK(count("b", C("EQ", {S("true")})) == 0);  // another type: not equal
  CHECK(Must(e->Scan(LegacyScan({{"b", C("EQ", {AttributeValue::Bool(true)})}}))).count == 1);
  CHECK(Must(e->Scan(LegacyScan({{"l", C("NE", {AttributeValue::L({})})}}))).count == 7);
  // The ordering operators still refuse them.
  q.query_filter = Conditions{{"b", C("LT", {AttributeValue::Bool(true)})}};
  CHECK(Fails(e->Query(q)).message ==
        "One or more parameter values were invalid: ComparisonOperator LT is not valid for BOOL "
        "AttributeValue type");
}
