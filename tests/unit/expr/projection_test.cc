#include <catch2/catch.hpp>

#include "expr_test_util.h"

using namespace expr_test;

namespace {

Item Sample() {
  return Item{
      {"pk", S("k")},
      {"a", M({{"b", L({N("0"), N("1"), M({{"y", S("why")}, {"z", S("zed")}})})}, {"c", S("c")}})},
      {"top", N("7")},
      {"lst", L({S("x"), S("y")})},
  };
}

std::string Proj(const std::string& text, std::optional<Names> names = std::nullopt) {
  Ctx holder(names, std::nullopt);
  auto& ctx = holder.ctx;
  auto p = ddblab::expr::ParseProjection(text, ctx);
  if (!p.ok()) return p.error().message;
  return Show(ddblab::expr::Project(*p, Sample()));
}

}  // namespace

TEST_CASE("Projections keep the structure of nested paths") {
  struct Case {
    const char* text;
    const char* expected;
  };
  const Case cases[] = {
      {"top", "{\"top\": 7}"},
      {"a.c, top", "{\"a\": {\"c\": \"c\"}, \"top\": 7}"},
      {"a.b[0]", "{\"a\": {\"b\": [0]}}"},
      {"a.b[1], a.b[0]", "{\"a\": {\"b\": [0, 1]}}"},
      {"a.b[2].y", "{\"a\": {\"b\": [{\"y\": \"why\"}]}}"},
      {"lst[1]", "{\"lst\": [\"y\"]}"},
      // Missing paths are skipped; nothing matching gives an empty item.
      {"nope, a.nope, a.b[9], top.x, lst.x", "{}"},
      {"a.b[9], top", "{\"top\": 7}"},
  };
  for (const Case& c : cases) {
    INFO(c.text);
    CHECK(Proj(c.text) == c.expected);
  }
  CHECK(Proj("#a.#b[2].#z", Names{{"#a", "a"}, {"#b", "b"}, {"#z", "z"}}) ==
        "{\"a\": {\"b\": [{\"z\": \"zed\"}]}}");
}

TEST_CASE("Projection paths may not overlap or conflict") {
  CHECK(Proj("a.b[0], a.b[0]") ==
        "Invalid ProjectionExpression: Two document paths overlap with each other; must remove or "
        "rewrite one of these paths; path one: [a, b, [0]], path two: [a, b, [0]]");
  CHECK(Proj("a, a.b") ==
        "Invalid ProjectionExpression: Two document paths overlap with each other; must remove or "
        "rewrite one of these paths; path one: [a], path two: [a, b]");
  CHECK(Proj("a.b, a[1]") ==
        "Invalid ProjectionExpression: Two document paths conflict with each other; must remove "
        "or rewrite one of these paths; path one: [a, b], path two: [a, [1]]");
  CHECK(Proj("#x, a", Names{{"#x", "a"}}) ==
        "Invalid ProjectionExpression: Two document paths overlap with each other; must remove or "
        "rewrite one of these paths; path one: [a], path two: [a]");
}

TEST_CASE("Projection paths are limited in depth and index range") {
  std::string deep = "a";
  for (int i = 0; i < 32; ++i) deep += ".a";
  CHECK(Proj(deep) ==
        "Invalid ProjectionExpression: The document path has too many nesting levels; nesting "
        "levels: 33");
  CHECK(Proj(deep.substr(2)) == "{}");
  CHECK(Proj("a[99999999999999]") ==
        "Invalid ProjectionExpression: List index is not within the allowable range; index: "
        "[99999999999999]");
  CHECK(Proj("a[]") == "Invalid ProjectionExpression: Syntax error; token: \"]\", near: \"[]\"");
  CHECK(Proj("a,") == "Invalid ProjectionExpression: Syntax error; token: \"<EOF>\", near: \",\"");
}

TEST_CASE("Projections report their top-level attributes once each") {
  Ctx holder(std::nullopt, std::nullopt);
  auto& ctx = holder.ctx;
  auto p = ddblab::expr::ParseProjection("a.b, top, a.c", ctx);
  REQUIRE(p.ok());
  CHECK(p->TopLevelAttributes() == std::vector<std::string>{"a", "top"});
}
