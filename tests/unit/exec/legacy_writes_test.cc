// DynamoDB's legacy write parameters: Expected, ConditionalOperator, AttributeUpdates.
// DynamoDB: API reference "Legacy conditional parameters", PutItem / UpdateItem / DeleteItem
// "Expected", UpdateItem "AttributeUpdates", "ExpectedAttributeValue", "AttributeValueUpdate".
#include "fixture.h"

using namespace ddbtest;

namespace {

AttributeValue SS(std::vector<std::string> m) { return AttributeValue::SS(std::move(m)); }
AttributeValue NS(const std::vector<std::string>& m) {
  std::vector<Decimal> d;
  for (const auto& s : m) d.push_back(*Decimal::Parse(s));
  return AttributeValue::NS(std::move(d));
}
AttributeValue B(std::string s) { return AttributeValue::B(std::move(s)); }
AttributeValue L(List l) { return AttributeValue::L(std::move(l)); }

ExpectedAttributeValue Cmp(const std::string& op, std::vector<AttributeValue> avl = {}) {
  ExpectedAttributeValue e;
  e.comparison_operator = op;
  if (!avl.empty()) e.attribute_value_list = std::move(avl);
  return e;
}
ExpectedAttributeValue Equals(AttributeValue v) {
  ExpectedAttributeValue e;
  e.value = std::move(v);
  return e;
}
ExpectedAttributeValue Absent() {
  ExpectedAttributeValue e;
  e.exists = false;
  return e;
}
AttributeValueUpdate Act(const std::string& action, std::optional<AttributeValue> v = {}) {
  AttributeValueUpdate u;
  u.action = action;
  u.value = std::move(v);
  return u;
}

const Key kKey{{"PK", S("p")}, {"SK", S("s")}};

std::unique_ptr<Engine> Table() {
  auto e = OpenMemory();
  CreateAppTable(*e, "App", false);
  return e;
}

// An item with one attribute of each kind the operators look at.
void Seed(Engine& e) {
  Put(e, {{"PK", S("p")},
          {"SK", S("s")},
          {"n", N("5")},
          {"str", S("hello")},
          {"bin", B("hi there")},
          {"ss", SS({"a", "b"})},
          {"ns", NS({"2", "4"})},
          {"l", L({N("2"), S("x")})}});
}

Result<UpdateItemResponse> Update(Engine& e, AttributeUpdates u,
                                  std::optional<ExpectedAttributes> expected = {},
                                  std::optional<std::string> op = {},
                                  std::optional<std::string> return_values = {}) {
  UpdateItemRequest r;
  r.table_name = "App";
  r.key = kKey;
  r.attribute_updates = std::move(u);
  r.expected = std::move(expected);
  r.conditional_operator = std::move(op);
  r.return_values = std::move(return_values);
  return e.UpdateItem(r);
}

Result<PutItemResponse> PutExpected(Engine& e, ExpectedAttributes expected,
                                    std::optional<std::string> op = {}) {
  PutItemRequest r;
  r.table_name = "App";
  r.item = {{"PK", S("p")},         {"SK", S("s")},
            {"n", N("5")},          {"str", S("hello")},
            {"bin", B("hi there")}, {"ss", SS({"a", "b"})},
            {"ns", NS({"2", "4"})}, {"l", L({N("2"), S("x")})}};
  r.expected = std::move(expected);
  r.conditional_operator = std::move(op);
  return e.PutItem(r);
}

Item Get(Engine& e) {
  GetItemRequest g;
  g.table_name = "App";
  g.key = kKey;
  auto resp = Must(e.GetItem(g));
  REQUIRE(resp.item);
  return resp.item->item();
}

bool Passes(Engine& e, const std::string& attr, ExpectedAttributeValue cond) {
  auto res = PutExpected(e, {{attr, std::move(cond)}});
  if (res.ok()) return true;
  INFO(res.error().message);
  REQUIRE(res.error().type == ErrorType::kConditionalCheckFailedException);
  return false;
}

std::string Message(Engine& e, ExpectedAttributes expected, std::optional<std::string> op = {}) {
  auto res = PutExpected(e, std::move(expected), std::move(op));
  REQUIRE_FALSE(res.ok());
  CHECK(res.error().type == ErrorType::kValidationException);
  return res.error().message;
}

}  // namespace

// ---------------------------------------------------------------- Expected, Value/Exists form

TEST_CASE("Expected Value is an equality check, and a missing attribute fails it") {
  // DynamoDB: API reference "ExpectedAttributeValue" (Value, Exists).
  auto e = Table();
  Seed(*e);
  CHECK(Passes(*e, "n", Equals(N("5"))));
  CHECK_FALSE(Passes(*e, "n", Equals(N("6"))));
  CHECK_FALSE(Passes(*e, "n", Equals(S("5"))));
  CHECK_FALSE(Passes(*e, "zzz", Equals(N("5"))));
  ExpectedAttributeValue explicit_true = Equals(N("5"));
  explicit_true.exists = true;
  CHECK(Passes(*e, "n", explicit_true));
}

TEST_CASE("Expected Exists=false passes only when the attribute is absent") {
  // DynamoDB: API reference "ExpectedAttributeValue" (Exists).
  auto e = Table();
  CHECK(Passes(*e, "PK", Absent()));  // no item yet
  CHECK_FALSE(Passes(*e, "PK", Absent()));
  CHECK(Passes(*e, "zzz", Absent()));
}

TEST_CASE("Expected entries are validated with DynamoDB's messages") {
  // DynamoDB: API reference "ExpectedAttributeValue"; messages as DynamoDB returns them.
  auto e = Table();
  const std::string p = "One or more parameter values were invalid: ";
  ExpectedAttributeValue both = Cmp("EQ", {N("1")});
  both.value = N("1");
  CHECK(Message(*e, {{"a", both}}) ==
        p + "Value and AttributeValueList cannot be used together for Attribute: a");
  ExpectedAttributeValue exists_and_op = Cmp("EQ", {N("1")});
  exists_and_op.exists = false;
  CHECK(Message(*e, {{"a", exists_and_op}}) ==
        p + "Exists and ComparisonOperator cannot be used together for Attribute: a");
  CHECK(Message(*e, {{"a", Cmp("EQ")}}) ==
        p + "Value or AttributeValueList must be used with ComparisonOperator: EQ for Attribute: "
            "a");
  ExpectedAttributeValue exists_true;
  exists_true.exists = true;
  CHECK(Message(*e, {{"a", exists_true}}) ==
        p + "Value must be provided when Exists is true for Attribute: a");
  CHECK(Message(*e, {{"a", ExpectedAttributeValue{}}}) ==
        p + "Value must be provided when Exists is null for Attribute: a");
  ExpectedAttributeValue absent_with_value = Absent();
  absent_with_value.value = N("1");
  CHECK(Message(*e, {{"a", absent_with_value}}) ==
        p + "Value cannot be used when Exists is false for Attribute: a");
  ExpectedAttributeValue list_only;
  list_only.attribute_value_list = std::vector<AttributeValue>{N("1")};
  CHECK(Message(*e, {{"a", list_only}}) ==
        p + "AttributeValueList can only be used with a ComparisonOperator for Attribute: a");
  CHECK(Message(*e, {{"a", Cmp("EQUALS", {N("1")})}}) ==
        "1 validation error detected: Value 'EQUALS' at 'expected.a.member.comparisonOperator' "
        "failed to satisfy constraint: Member must satisfy enum value set: [IN, NULL, BETWEEN, "
        "LT, NOT_CONTAINS, EQ, GT, NOT_NULL, NE, LE, BEGINS_WITH, GE, CONTAINS]");
}

// ---------------------------------------------------------------- Expected, operator form

TEST_CASE("Each ComparisonOperator in Expected evaluates as DynamoDB documents") {
  // DynamoDB: API reference "Condition" (ComparisonOperator); item values of another type do
  // not match, they are not errors.
  auto e = Table();
  Seed(*e);
  struct Case {
    const char* attr;
    const char* op;
    std::vector<AttributeValue> avl;
    bool passes;
  };
  const std::vector<Case> cases = {
      {"n", "EQ", {N("5")}, true},
      {"n", "EQ", {S("5")}, false},
      {"ss", "EQ", {SS({"b", "a"})}, true},
      {"n", "NE", {N("6")}, true},
      {"n", "NE", {N("5")}, false},
      {"n", "NE", {S("5")}, true},
      {"zzz", "NE", {N("5")}, true},
      {"n", "LE", {N("5")}, true},
      {"n", "LE", {N("4")}, false},
      {"n", "LT", {N("6")}, true},
      {"n", "LT", {N("5")}, false},
      {"str", "LT", {N("5")}, false},
      {"n", "GE", {N("5")}, true},
      {"n", "GE", {N("6")}, false},
      {"n", "GT", {N("4")}, true},
      {"n", "GT", {N("5")}, false},
      {"str", "GT", {S("hell")}, true},
      {"bin", "LT", {B("z")}, true},
      {"n", "NOT_NULL", {}, true},
      {"zzz", "NOT_NULL", {}, false},
      {"zzz", "NULL", {}, true},
      {"n", "NULL", {}, false},
      {"str", "CONTAINS", {S("ell")}, true},
      {"str", "CONTAINS", {S("dog")}, false},
      {"ss", "CONTAINS", {S("a")}, true},
      {"ns", "CONTAINS", {N("4")}, true},
      {"ns", "CONTAINS", {N("3")}, false},
      {"l", "CONTAINS", {N("2")}, true},
      {"bin", "CONTAINS", {B("here")}, true},
      {"zzz", "CONTAINS", {S("a")}, false},
      {"str", "NOT_CONTAINS", {S("dog")}, true},
      {"str", "NOT_CONTAINS", {S("ell")}, false},
      {"ss", "NOT_CONTAINS", {S("c")}, true},
      {"ns", "NOT_CONTAINS", {N("4")}, false},
      {"l", "NOT_CONTAINS", {N("4")}, true},
      {"zzz", "NOT_CONTAINS", {S("a")}, false},
      {"str", "BEGINS_WITH", {S("hel")}, true},
      {"str", "BEGINS_WITH", {S("el")}, false},
      {"bin", "BEGINS_WITH", {B("hi")}, true},
      {"n", "BEGINS_WITH", {S("5")}, false},
      {"n", "IN", {N("1"), N("5"), N("9")}, true},
      {"n", "IN", {N("1"), N("9")}, false},
      {"ns", "IN", {N("2")}, false},
      {"n", "BETWEEN", {N("1"), N("5")}, true},
      {"n", "BETWEEN", {N("6"), N("9")}, false},
      {"str", "BETWEEN", {S("a"), S("z")}, true},
      {"zzz", "BETWEEN", {N("0"), N("100")}, false},
  };
  for (const Case& c : cases) {
    INFO(c.attr << " " << c.op);
    CHECK(Passes(*e, c.attr, Cmp(c.op, c.avl)) == c.passes);
  }
}

TEST_CASE("Expected NE is true and NOT_CONTAINS false on a missing attribute") {
  // DynamoDB: unlike NE, NOT_CONTAINS does not match an attribute that does not exist.
  auto e = Table();
  Seed(*e);
  CHECK(Passes(*e, "missing", Cmp("NE", {N("1")})));
  CHECK_FALSE(Passes(*e, "missing", Cmp("NOT_CONTAINS", {N("1")})));
  CHECK_FALSE(Passes(*e, "missing", Cmp("CONTAINS", {N("1")})));
}

TEST_CASE("Expected ComparisonOperator with Value counts as one argument") {
  // DynamoDB: API reference "ExpectedAttributeValue": Value may stand for a one-element list.
  auto e = Table();
  Seed(*e);
  ExpectedAttributeValue c;
  c.comparison_operator = "GT";
  c.value = N("4");
  CHECK(Passes(*e, "n", c));
}

TEST_CASE("Wrong AttributeValueList arity is rejected for every operator") {
  // DynamoDB: API reference "Condition": NULL/NOT_NULL take none, BETWEEN two, IN one or more,
  // the others exactly one.
  auto e = Table();
  const std::string p = "One or more parameter values were invalid: ";
  struct Case {
    const char* op;
    std::vector<AttributeValue> avl;
  };
  for (const Case& c : std::vector<Case>{{"EQ", {N("1"), N("2")}},
                                         {"NE", {N("1"), N("2")}},
                                         {"LE", {N("1"), N("2")}},
                                         {"LT", {N("1"), N("2")}},
                                         {"GE", {N("1"), N("2")}},
                                         {"GT", {N("1"), N("2")}},
                                         {"NOT_NULL", {N("1")}},
                                         {"NULL", {N("1")}},
                                         {"CONTAINS", {S("a"), S("b")}},
                                         {"NOT_CONTAINS", {S("a"), S("b")}},
                                         {"BEGINS_WITH", {S("a"), S("b")}},
                                         {"BETWEEN", {N("1")}},
                                         {"BETWEEN", {N("1"), N("2"), N("3")}}}) {
    INFO(c.op);
    CHECK(Message(*e, {{"a", Cmp(c.op, c.avl)}}) ==
          p + "Invalid number of argument(s) for the " + c.op + " ComparisonOperator");
  }
}

TEST_CASE("An operator given a type it cannot compare is a validation error") {
  // DynamoDB: API reference "Condition": LT/LE/GT/GE/BETWEEN/IN/CONTAINS take S, N or B;
  // BEGINS_WITH S or B; EQ/NE also sets.
  auto e = Table();
  const std::string p = "One or more parameter values were invalid: ";
  CHECK(Message(*e, {{"a", Cmp("LT", {SS({"x"})})}}) ==
        p + "ComparisonOperator LT is not valid for SS AttributeValue type");
  CHECK(Message(*e, {{"a", Cmp("BEGINS_WITH", {N("3")})}}) ==
        p + "ComparisonOperator BEGINS_WITH is not valid for N AttributeValue type");
  CHECK(Message(*e, {{"a", Cmp("CONTAINS", {L({N("1")})})}}) ==
        p + "ComparisonOperator CONTAINS is not valid for L AttributeValue type");
  CHECK(Message(*e, {{"a", Cmp("BETWEEN", {NS({"1"}), NS({"2"})})}}) ==
        p + "ComparisonOperator BETWEEN is not valid for NS AttributeValue type");
  CHECK(Message(*e, {{"a", Cmp("IN", {N("3"), S("dog")})}}) ==
        p + "AttributeValues inside AttributeValueList must be of same type");
  CHECK(Message(*e, {{"a", Cmp("BETWEEN", {N("4"), N("3")})}}) ==
        "The BETWEEN condition was provided a range where the lower bound is greater than the "
        "upper bound");
}

TEST_CASE("ConditionalOperator combines Expected entries with AND (default) or OR") {
  // DynamoDB: API reference PutItem "ConditionalOperator".
  auto e = Table();
  Seed(*e);
  ExpectedAttributes one_true{{"n", Equals(N("5"))}, {"str", Equals(S("nope"))}};
  CHECK(PutExpected(*e, one_true, "OR").ok());
  CHECK_FALSE(PutExpected(*e, one_true).ok());
  CHECK_FALSE(PutExpected(*e, one_true, "AND").ok());
  ExpectedAttributes none_true{{"n", Equals(N("6"))}, {"str", Equals(S("nope"))}};
  CHECK(Fails(PutExpected(*e, none_true, "OR")).type ==
        ErrorType::kConditionalCheckFailedException);
}

TEST_CASE("ConditionalOperator needs two or more Expected entries and a known value") {
  // DynamoDB: messages of Amazon's request validator for ConditionalOperator.
  auto e = Table();
  CHECK(Message(*e, {}, "OR") == "ConditionalOperator cannot be used without Filter or Expected");
  CHECK(Message(*e, {{"a", Absent()}}, "OR") ==
        "ConditionalOperator can only be used when Filter or Expected has two or more elements");
  CHECK(Message(*e, {{"a", Absent()}, {"b", Absent()}}, "XOR") ==
        "1 validation error detected: Value 'XOR' at 'conditionalOperator' failed to satisfy "
        "constraint: Member must satisfy enum value set: [OR, AND]");
  PutItemRequest r;
  r.table_name = "App";
  r.item = kKey;
  r.conditional_operator = "AND";
  CHECK(Fails(e->PutItem(r)).message ==
        "ConditionalOperator cannot be used without Filter or Expected");
}

TEST_CASE("DeleteItem and UpdateItem honour Expected") {
  // DynamoDB: API reference DeleteItem / UpdateItem "Expected".
  auto e = Table();
  Seed(*e);
  DeleteItemRequest d;
  d.table_name = "App";
  d.key = kKey;
  d.expected = ExpectedAttributes{{"n", Equals(N("6"))}};
  CHECK(Fails(e->DeleteItem(d)).type == ErrorType::kConditionalCheckFailedException);
  auto failed = Fails(Update(*e, {{"x", Act("PUT", N("1"))}}, ExpectedAttributes{{"n", Absent()}}));
  CHECK(failed.type == ErrorType::kConditionalCheckFailedException);
  CHECK(Get(*e).count("x") == 0);
  d.expected = ExpectedAttributes{{"n", Equals(N("5"))}};
  Must(e->DeleteItem(d));
  GetItemRequest g;
  g.table_name = "App";
  g.key = kKey;
  CHECK_FALSE(Must(e->GetItem(g)).item);
}

// ---------------------------------------------------------------- mixing the two styles

TEST_CASE("Legacy and expression parameters cannot be mixed in one request") {
  // DynamoDB: API reference "Legacy conditional parameters"; message names both sides.
  auto e = Table();
  PutItemRequest p;
  p.table_name = "App";
  p.item = kKey;
  p.expected = ExpectedAttributes{{"a", Absent()}};
  p.condition_expression = "attribute_not_exists(a)";
  CHECK(Fails(e->PutItem(p)).message ==
        "1 validation error detected: Can not use both expression and non-expression parameters in "
        "the same request: "
        "Non-expression parameters: {Expected} Expression parameters: {ConditionExpression}");

  UpdateItemRequest u;
  u.table_name = "App";
  u.key = kKey;
  u.attribute_updates = AttributeUpdates{{"a", Act("PUT", N("1"))}};
  u.expected = ExpectedAttributes{{"a", Absent()}};
  u.update_expression = "SET b = :v";
  u.expression_attribute_values = ExpressionAttributeValues{{":v", N("1")}};
  CHECK(Fails(e->UpdateItem(u)).message ==
        "1 validation error detected: Can not use both expression and non-expression parameters in "
        "the same request: "
        "Non-expression parameters: {AttributeUpdates, Expected} Expression parameters: "
        "{UpdateExpression}");
  u.expected.reset();
  u.condition_expression = "attribute_not_exists(a)";
  CHECK(Fails(e->UpdateItem(u)).message ==
        "1 validation error detected: Can not use both expression and non-expression parameters in "
        "the same request: "
        "Non-expression parameters: {AttributeUpdates} Expression parameters: {UpdateExpression, "
        "ConditionExpression}");
}

TEST_CASE("ConditionalOperator is a non-expression parameter listed after Expected when mixed") {
  // DynamoDB: the mixing message lists AttributeUpdates, Expected, ConditionalOperator in that
  // order, and ConditionalOperator alone next to an expression is mixing too.
  auto e = Table();
  PutItemRequest p;
  p.table_name = "App";
  p.item = kKey;
  p.expected = ExpectedAttributes{{"a", Absent()}};
  p.conditional_operator = "AND";
  p.condition_expression = "attribute_not_exists(a)";
  CHECK(Fails(e->PutItem(p)).message ==
        "1 validation error detected: Can not use both expression and non-expression parameters in "
        "the same request: "
        "Non-expression parameters: {Expected, ConditionalOperator} Expression parameters: "
        "{ConditionExpression}");
  p.expected.reset();
  CHECK(Fails(e->PutItem(p)).message ==
        "1 validation error detected: Can not use both expression and non-expression parameters in "
        "the same request: "
        "Non-expression parameters: {ConditionalOperator} Expression parameters: "
        "{ConditionExpression}");
  UpdateItemRequest u;
  u.table_name = "App";
  u.key = kKey;
  u.attribute_updates = AttributeUpdates{{"a", Act("PUT", N("1"))}};
  u.expected = ExpectedAttributes{{"a", Absent()}};
  u.conditional_operator = "AND";
  u.update_expression = "SET b = :v";
  u.condition_expression = "attribute_exists(a)";
  u.expression_attribute_values = ExpressionAttributeValues{{":v", N("1")}};
  CHECK(Fails(e->UpdateItem(u)).message ==
        "1 validation error detected: Can not use both expression and non-expression parameters in "
        "the same request: "
        "Non-expression parameters: {AttributeUpdates, Expected, ConditionalOperator} "
        "Expression parameters: {UpdateExpression, ConditionExpression}");
}

TEST_CASE("ExpressionAttributeValues next to legacy parameters only is rejected") {
  // DynamoDB: the placeholder maps belong to expressions.
  auto e = Table();
  UpdateItemRequest u;
  u.table_name = "App";
  u.key = kKey;
  u.attribute_updates = AttributeUpdates{{"a", Act("PUT", N("1"))}};
  u.expression_attribute_values = ExpressionAttributeValues{{":v", N("1")}};
  CHECK(Fails(e->UpdateItem(u)).message ==
        "1 validation error detected: ExpressionAttributeValues can only be specified when using "
        "expressions: "
        "UpdateExpression and ConditionExpression are null");
  u.expression_attribute_values.reset();
  u.expression_attribute_names = ExpressionAttributeNames{{"#a", "a"}};
  CHECK(Fails(e->UpdateItem(u)).message ==
        "ExpressionAttributeNames can only be specified when using expressions");
}

// ---------------------------------------------------------------- AttributeUpdates

TEST_CASE("AttributeUpdates PUT sets attributes and creates a missing item") {
  // DynamoDB: API reference "AttributeValueUpdate" (PUT; Action defaults to PUT).
  auto e = Table();
  AttributeValueUpdate no_action;
  no_action.value = S("v");
  Must(Update(*e, {{"a", Act("PUT", N("1"))}, {"b", no_action}}));
  Item item = Get(*e);
  CHECK(item.at("a") == N("1"));
  CHECK(item.at("b") == S("v"));
  Must(Update(*e, {{"a", Act("PUT", L({S("x")}))}}));
  CHECK(Get(*e).at("a") == L({S("x")}));
}

TEST_CASE("AttributeUpdates ADD adds numbers, unions sets and appends to lists") {
  // DynamoDB: API reference "AttributeValueUpdate" (ADD): a missing number counts as 0; legacy
  // ADD appends to a list, unlike UpdateExpression's ADD.
  auto e = Table();
  Seed(*e);
  Must(Update(*e, {{"n", Act("ADD", N("-7.5"))},
                   {"fresh", Act("ADD", N("3"))},
                   {"ss", Act("ADD", SS({"b", "c"}))},
                   {"ns", Act("ADD", NS({"4", "8"}))},
                   {"l", Act("ADD", L({S("y")}))},
                   {"newset", Act("ADD", SS({"z"}))}}));
  Item item = Get(*e);
  CHECK(item.at("n") == N("-2.5"));
  CHECK(item.at("fresh") == N("3"));
  CHECK(item.at("ss") == SS({"a", "b", "c"}));
  CHECK(item.at("ns") == NS({"2", "4", "8"}));
  CHECK(item.at("l") == L({N("2"), S("x"), S("y")}));
  CHECK(item.at("newset") == SS({"z"}));
  Must(Update(*e, {{"bs", Act("ADD", AttributeValue::BS({"x"}))}}));
  Must(Update(*e, {{"bs", Act("ADD", AttributeValue::BS({"y"}))}}));
  CHECK(Get(*e).at("bs") == AttributeValue::BS({"x", "y"}));
}

TEST_CASE("AttributeUpdates ADD or DELETE on an attribute of another type is refused") {
  // DynamoDB: API reference "AttributeValueUpdate"; message as DynamoDB returns it.
  auto e = Table();
  Seed(*e);
  CHECK(Fails(Update(*e, {{"str", Act("ADD", N("1"))}})).message ==
        "Type mismatch for attribute to update");
  CHECK(Fails(Update(*e, {{"ss", Act("ADD", NS({"1"}))}})).message ==
        "Type mismatch for attribute to update");
  CHECK(Fails(Update(*e, {{"ns", Act("DELETE", SS({"1"}))}})).message ==
        "Type mismatch for attribute to update");
  CHECK(Get(*e).at("str") == S("hello"));
}

TEST_CASE("AttributeUpdates DELETE removes an attribute or set members") {
  // DynamoDB: API reference "AttributeValueUpdate" (DELETE): without Value the attribute goes;
  // with a set, its members go, and an emptied set is removed.
  auto e = Table();
  Seed(*e);
  Must(Update(*e, {{"str", Act("DELETE")},
                   {"ss", Act("DELETE", SS({"a", "zz"}))},
                   {"ns", Act("DELETE", NS({"2", "4"}))},
                   {"missing", Act("DELETE")},
                   {"missing2", Act("DELETE", SS({"q"}))}}));
  Item item = Get(*e);
  CHECK(item.count("str") == 0);
  CHECK(item.at("ss") == SS({"b"}));
  CHECK(item.count("ns") == 0);
  CHECK(item.count("missing2") == 0);
}

TEST_CASE("AttributeUpdates on a missing item: PUT and ADD create it, DELETE alone does not") {
  // DynamoDB: API reference "AttributeValueUpdate" ("If no item with the specified key is
  // found").
  auto e = Table();
  Must(Update(*e, {{"gone", Act("DELETE")}}));
  GetItemRequest g;
  g.table_name = "App";
  g.key = kKey;
  CHECK_FALSE(Must(e->GetItem(g)).item);
  Must(Update(*e, {{"count", Act("ADD", N("2"))}}));
  CHECK(Get(*e) == Item{{"PK", S("p")}, {"SK", S("s")}, {"count", N("2")}});
}

TEST_CASE("AttributeUpdates entries are validated with DynamoDB's messages") {
  // DynamoDB: API reference "AttributeValueUpdate"; messages as DynamoDB returns them.
  auto e = Table();
  const std::string p = "One or more parameter values were invalid: ";
  CHECK(Fails(Update(*e, {{"a", Act("PUT")}})).message ==
        p + "Only DELETE action is allowed when no attribute value is specified");
  CHECK(Fails(Update(*e, {{"a", Act("ADD")}})).message ==
        p + "Only DELETE action is allowed when no attribute value is specified");
  CHECK(Fails(Update(*e, {{"a", Act("DELETE", S("x"))}})).message ==
        p + "DELETE action with value is not supported for the type S");
  CHECK(Fails(Update(*e, {{"a", Act("DELETE", L({S("x")}))}})).message ==
        p + "DELETE action with value is not supported for the type L");
  CHECK(Fails(Update(*e, {{"a", Act("ADD", S("x"))}})).message ==
        p + "ADD action is not supported for the type S");
  CHECK(Fails(Update(*e, {{"a", Act("ADD", AttributeValue::Bool(true))}})).message ==
        p + "ADD action is not supported for the type BOOL");
  CHECK(Fails(Update(*e, {{"a", Act("REPLACE", S("x"))}})).message ==
        "1 validation error detected: Value 'REPLACE' at 'attributeUpdates.a.member.action' "
        "failed to satisfy constraint: Member must satisfy enum value set: [ADD, PUT, DELETE]");
}

TEST_CASE("AttributeUpdates cannot update a key attribute") {
  // DynamoDB: key attributes are fixed (API reference UpdateItem).
  auto e = Table();
  CHECK(Fails(Update(*e, {{"SK", Act("PUT", S("t"))}})).message ==
        "One or more parameter values were invalid: Cannot update attribute SK. This attribute "
        "is part of the key");
}

TEST_CASE("AttributeUpdates ReturnValues give old, new, and the updated attributes") {
  // DynamoDB: API reference UpdateItem "ReturnValues".
  auto e = Table();
  Put(*e, {{"PK", S("p")}, {"SK", S("s")}, {"a", N("1")}, {"b", S("keep")}, {"c", S("gone")}});
  AttributeUpdates u{{"a", Act("ADD", N("1"))}, {"c", Act("DELETE")}, {"d", Act("PUT", S("new"))}};
  auto old_all = Must(Update(*e, u, {}, {}, "ALL_OLD"));
  REQUIRE(old_all.attributes);
  CHECK(*old_all.attributes ==
        Item{{"PK", S("p")}, {"SK", S("s")}, {"a", N("1")}, {"b", S("keep")}, {"c", S("gone")}});

  Put(*e, {{"PK", S("p")}, {"SK", S("s")}, {"a", N("1")}, {"b", S("keep")}, {"c", S("gone")}});
  auto updated_old = Must(Update(*e, u, {}, {}, "UPDATED_OLD"));
  REQUIRE(updated_old.attributes);
  CHECK(*updated_old.attributes == Item{{"a", N("1")}, {"c", S("gone")}});

  Put(*e, {{"PK", S("p")}, {"SK", S("s")}, {"a", N("1")}, {"b", S("keep")}, {"c", S("gone")}});
  auto all_new = Must(Update(*e, u, {}, {}, "ALL_NEW"));
  REQUIRE(all_new.attributes);
  CHECK(*all_new.attributes ==
        Item{{"PK", S("p")}, {"SK", S("s")}, {"a", N("2")}, {"b", S("keep")}, {"d", S("new")}});

  Put(*e, {{"PK", S("p")}, {"SK", S("s")}, {"a", N("1")}, {"b", S("keep")}, {"c", S("gone")}});
  auto updated_new = Must(Update(*e, u, {}, {}, "UPDATED_NEW"));
  REQUIRE(updated_new.attributes);
  CHECK(*updated_new.attributes == Item{{"a", N("2")}, {"d", S("new")}});
}
