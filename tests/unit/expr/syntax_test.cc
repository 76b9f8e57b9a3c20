#include <catch2/catch.hpp>
#include <string>

#include "expr/reserved_words.h"
#include "expr_test_util.h"

using namespace expr_test;
using ddblab::expr::Kind;

TEST_CASE("Syntax errors quote the token and its neighbours") {
  Values v{{":v", N("1")}, {":incr", N("1")}};
  CHECK(Upd("INVALID SYNTAX", nullptr, v).error ==
        "Invalid UpdateExpression: Syntax error; token: \"INVALID\", near: \"INVALID SYNTAX\"");
  CHECK(Upd("ADD hits : incr", nullptr, v).error ==
        "Invalid UpdateExpression: Syntax error; token: \":\", near: \"hits : incr\"");
  CHECK(Upd("SET a = :v,", nullptr, v).error ==
        "Invalid UpdateExpression: Syntax error; token: \"<EOF>\", near: \",\"");
  CHECK(CondError("a = :v b", v) ==
        "Invalid ConditionExpression: Syntax error; token: \"b\", near: \":v b\"");
  CHECK(CondError("a IN ()", v) ==
        "Invalid ConditionExpression: Syntax error; token: \")\", near: \"()\"");
  CHECK(CondError("a[-1] = :v", v) ==
        "Invalid ConditionExpression: Syntax error; token: \"-\", near: \"[-1\"");
  CHECK(CondError("a[:v] = :v", v) ==
        "Invalid ConditionExpression: Syntax error; token: \":v\", near: \"[:v]\"");
  Ctx holder(std::nullopt, std::nullopt);
  auto& ctx = holder.ctx;
  auto p = ddblab::expr::ParseProjection("!!", ctx);
  REQUIRE_FALSE(p.ok());
  CHECK(p.error().message ==
        "Invalid ProjectionExpression: Syntax error; token: \"!\", near: \"!!\"");
  CHECK(p.error().column == 1);
}

TEST_CASE("Empty expressions are rejected per kind") {
  CHECK(CondError("") == "Invalid ConditionExpression: The expression can not be empty;");
  CHECK(CondError("   ") == "Invalid ConditionExpression: The expression can not be empty;");
  CHECK(Upd("", nullptr).error == "Invalid UpdateExpression: The expression can not be empty;");
  Ctx holder(std::nullopt, std::nullopt);
  auto& ctx = holder.ctx;
  auto k = ddblab::expr::ParseKeyCondition(
      "", ddblab::expr::KeySchemaView{{{"pk", ddblab::AttrType::kS}}, {}}, ctx);
  REQUIRE_FALSE(k.ok());
  CHECK(k.error().message == "Invalid KeyConditionExpression: The expression can not be empty;");
}

TEST_CASE("Expressions are limited to 4096 bytes") {
  Values v{{":v", N("1")}};
  std::string ok = "a = :v";
  while (ok.size() < 4096) ok.insert(0, " ");
  CHECK(CondError(ok, v).empty());
  CHECK(CondError(" " + ok, v) ==
        "Invalid ConditionExpression: Expression size has exceeded the maximum allowed size; "
        "expression size: 4097");
}

TEST_CASE("Expressions are limited to 300 operators") {
  Values v{{":v", N("1")}};
  auto build = [](int comparisons) {
    std::string s;
    for (int i = 0; i < comparisons; ++i) s += (i ? " OR " : "") + std::string("a=:v");
    return s;
  };
  CHECK(CondError(build(150), v).empty());  // 150 comparisons + 149 ORs = 299
  CHECK(CondError(build(151), v) ==
        "Invalid ConditionExpression: The expression contains too many operators; operator "
        "count: 301");
}

TEST_CASE("Reserved words are the 573 words of the Developer Guide, any case") {
  CHECK(ddblab::expr::ReservedWordCount() == 573);
  for (const char* w : {"ABORT", "status", "Size", "zone", "FLATTERN", "INNTER", "LOGED"}) {
    CHECK(ddblab::expr::IsReservedWord(w));
  }
  for (const char* w : {"pk", "sk", "email", "hits", "begins_with"}) {
    CHECK_FALSE(ddblab::expr::IsReservedWord(w));
  }
}

TEST_CASE("A reserved word used bare needs a #name") {
  Values v{{":v", S("x")}};
  CHECK(Upd("SET status = :v", nullptr, v).error ==
        "Invalid UpdateExpression: Attribute name is a reserved keyword; reserved keyword: status");
  CHECK(
      CondError("a.Name = :v", v) ==
      "Invalid ConditionExpression: Attribute name is a reserved keyword; reserved keyword: Name");
  CHECK(Upd("SET #s = :v", nullptr, v, Names{{"#s", "status"}}).item() == "{\"status\": \"x\"}");
}

TEST_CASE("A #name is one path element even when it contains a dot") {
  Item item{{"a.b", S("flat")}, {"a", M({{"b", S("nested")}})}};
  CHECK(Cond("#ab = :v", &item, Values{{":v", S("flat")}}, Names{{"#ab", "a.b"}}) == "true");
  CHECK(Cond("a.b = :v", &item, Values{{":v", S("nested")}}) == "true");
}

TEST_CASE("Undefined placeholders name the expression kind") {
  CHECK(Upd("SET a = :v", nullptr, Values{{":w", N("1")}}).error ==
        "Invalid UpdateExpression: An expression attribute value used in expression is not "
        "defined; attribute value: :v");
  CHECK(Upd("SET a = :v", nullptr).error ==
        "Invalid UpdateExpression: An expression attribute value used in expression is not "
        "defined; attribute value: :v");
  Ctx holder(std::nullopt, std::nullopt);
  auto& ctx = holder.ctx;
  auto p = ddblab::expr::ParseProjection("a, #b", ctx);
  REQUIRE_FALSE(p.ok());
  CHECK(p.error().message ==
        "Invalid ProjectionExpression: An expression attribute name used in the document path is "
        "not defined; attribute name: #b");
}

TEST_CASE("Unused placeholders are reported across all expressions of a request") {
  std::optional<Names> names = Names{{"#a", "a"}, {"#b", "b"}, {"#c", "c"}};
  std::optional<Values> values = Values{{":v", N("1")}, {":w", N("2")}};
  ddblab::expr::Context ctx(names, values);
  REQUIRE(ddblab::expr::ParseCondition("#a = :v", Kind::kCondition, ctx).ok());
  auto st = ctx.CheckAllUsed();
  REQUIRE_FALSE(st.ok());
  CHECK(st.error().message ==
        "Value provided in ExpressionAttributeNames unused in expressions: keys: {#b, #c}");
  REQUIRE(ddblab::expr::ParseProjection("#b, #c", ctx).ok());
  st = ctx.CheckAllUsed();
  REQUIRE_FALSE(st.ok());
  CHECK(st.error().message ==
        "Value provided in ExpressionAttributeValues unused in expressions: keys: {:w}");
  REQUIRE(ddblab::expr::ParseUpdate("SET x = :w", ctx).ok());
  CHECK(ctx.CheckAllUsed().ok());
}

TEST_CASE("Placeholder maps are checked before any expression is parsed") {
  auto check = [](std::optional<Names> n, std::optional<Values> v, bool any,
                  const std::string& which) {
    ddblab::expr::Context ctx(n, v);
    auto st = ctx.CheckMaps(any, which);
    return st.ok() ? std::string() : st.error().message;
  };
  CHECK(check(Names{{"#a", "a"}}, std::nullopt, false, "") ==
        "ExpressionAttributeNames can only be specified when using expressions");
  CHECK(check(std::nullopt, Values{{":v", N("1")}}, false, "ConditionExpression") ==
        "ExpressionAttributeValues can only be specified when using expressions: "
        "ConditionExpression is null");
  CHECK(check(std::nullopt, Values{{":v", N("1")}}, false,
              "UpdateExpression and ConditionExpression") ==
        "ExpressionAttributeValues can only be specified when using expressions: "
        "UpdateExpression and ConditionExpression are null");
  CHECK(check(Names{}, std::nullopt, true, "") == "ExpressionAttributeNames must not be empty");
  CHECK(check(std::nullopt, Values{}, true, "") == "ExpressionAttributeValues must not be empty");
  CHECK(check(Names{{"loc", "a"}}, std::nullopt, true, "") ==
        "ExpressionAttributeNames contains invalid key: Syntax error; key: \"loc\"");
  CHECK(check(std::nullopt, Values{{"loc", N("1")}}, true, "") ==
        "ExpressionAttributeValues contains invalid key: Syntax error; key: \"loc\"");
  CHECK(check(Names{{"#1_a", "a"}}, Values{{":_", N("1")}}, true, "").empty());
}

TEST_CASE("Keywords are case-insensitive, function names are not") {
  Item item{{"a", N("5")}};
  Values v{{":lo", N("1")}, {":hi", N("9")}};
  CHECK(Cond("a between :lo and :hi", &item, v) == "true");
  CHECK(Cond("a in (:lo, :hi)", &item, v) == "false");
  CHECK(Cond("Attribute_Exists(a)", &item, std::nullopt) ==
        "Invalid ConditionExpression: Invalid function name; function: Attribute_Exists");
}
