// The PartiQL parser: accepted forms and DynamoDB's exact refusals.
#include "partiql/parser.h"

#include <catch2/catch.hpp>
#include <string>

#include "partiql_test_util.h"

using namespace partiql_test;
using ddblab::partiql::ExprKind;
using ddblab::partiql::Parse;
using ddblab::partiql::StatementKind;

namespace {

const std::string kEnvelope = "Statement wasn't well formed, can't be processed: ";

// "1:<column>:<length>" of the first occurrence of `token`, as DynamoDB counts positions.
std::string At(const std::string& statement, const std::string& token) {
  return "1:" + std::to_string(statement.find(token) + 1) + ":" + std::to_string(token.size());
}

}  // namespace

TEST_CASE("SELECT parses projection, table, index, WHERE and ORDER BY") {
  auto st = Parse(
      "SELECT a, \"b c\".d[2], e['f'] FROM \"App\".\"GSI1\" WHERE GSI1PK = 'x' AND n > 5 "
      "ORDER BY GSI1SK DESC");
  REQUIRE(st.ok());
  CHECK(st->kind == StatementKind::kSelect);
  CHECK(st->table == "App");
  CHECK(st->index == "GSI1");
  REQUIRE(st->projection.size() == 3);
  CHECK(st->projection[1].path.size() == 3);
  CHECK(st->projection[1].path[0].name == "b c");
  CHECK(st->projection[1].path[2].index == 2);
  CHECK(st->projection[2].path[1].name == "f");
  REQUIRE(st->where);
  CHECK(st->where->kind == ExprKind::kAnd);
  REQUIRE(st->order_by.size() == 1);
  CHECK(st->order_by[0].descending);
}

TEST_CASE("keywords are case-insensitive and comments are whitespace") {
  auto st = Parse("-- lead\nselect * /* mid */ from \"App\" where PK = 'a' -- tail");
  REQUIRE(st.ok());
  CHECK(st->star);
  CHECK(st->where);
}

TEST_CASE("number literals take exponents and a missing leading digit") {
  auto st = Parse("SELECT * FROM \"T\" WHERE a = 7.31E6 AND b = -.73e1 AND c = 731e4");
  REQUIRE(st.ok());
  CHECK(st->where->args[0].args[1].text == "7.31E6");
  CHECK(st->where->args[1].args[1].text == "-.73e1");
}

TEST_CASE("a statement must start with a data manipulation keyword") {
  CHECK(ParseError("EXPLAIN SELECT * FROM \"T\"").message ==
        kEnvelope + "Expected data manipulation");
  CHECK(ParseError("").message == kEnvelope + "Expected data manipulation");
}

TEST_CASE("a token left over after a complete statement is refused") {
  for (const char* s :
       {"SELECT * FROM \"T\" WHERE pk = 1 foo", "SELECT * FROM \"T\" WHERE pk = 1 e5",
        "INSERT INTO \"T\" VALUE {'pk': 1} foo", "UPDATE \"T\" SET a = 9 WHERE pk = 2 foo",
        "DELETE FROM \"T\" WHERE pk = 3 foo", "SELECT * FROM \"T\" WHERE pk = 1)",
        "DELETE FROM \"T\" WHERE pk = 4 ORDER BY pk",
        "SELECT * FROM \"T\" ORDER BY pk WHERE pk = 1", "INSERT INTO \"T\" t VALUE {'pk': 'x'}"}) {
    INFO(s);
    CHECK(ParseError(s).message == kEnvelope + "Unexpected token after expression");
  }
}

TEST_CASE("text the tokenizer cannot read gets an empty detail") {
  for (const char* s :
       {"SELECT * FROM \"T\" WHERE pk = 1 # note", "SELECT * FROM \"T\" WHERE pk = 1 /* note",
        "SELECT * FROM \"T\" WHERE pk = 1e2147483648",
        "SELECT * FROM \"T\" WHERE pk = 1e99999999999",
        "SELECT * FROM \"T\" WHERE pk = 1.5e-2147483647", "SELECT * FROM \"T\" WHERE pk = 'open"}) {
    INFO(s);
    CHECK(ParseError(s).message == kEnvelope);
  }
  CHECK(ParseError("SELECT * FROM \"T\" WHERE pk = 1 # note").column == 32);
}

TEST_CASE("table aliases are refused") {
  for (const char* s :
       {"SELECT * FROM \"S\" t WHERE pk = 'x'", "SELECT * FROM \"S\" AS t WHERE pk = 'x'",
        "UPDATE \"S\" t SET a = 3 WHERE pk = 'x'", "DELETE FROM \"S\" t WHERE pk = 'x'"}) {
    INFO(s);
    CHECK(ParseError(s).message == "Aliasing is not supported");
  }
}

TEST_CASE("INSERT takes VALUE, singular") {
  auto ok = Parse("INSERT INTO \"T\" VALUE {'pk': 'a', 'n': 1}");
  REQUIRE(ok.ok());
  CHECK(ok->value->kind == ExprKind::kMap);
  Error e = ParseError("INSERT INTO \"T\" VALUES {'pk': 'a'}");
  CHECK(e.message == kEnvelope + "Unexpected keyword");
  CHECK(e.column == 17);
  CHECK(ParseError("INSERT INTO \"T\" (pk) VALUES ('a')").message ==
        kEnvelope + "Unexpected keyword");
  CHECK(ParseError("INSERT INTO \"T\" VALUE {'pk': 'a'} RETURNING ALL OLD *").message ==
        "RETURNING is not supported in INSERT");
}

TEST_CASE("a function in the projection is an unexpected path component") {
  std::string s = "SELECT attribute_exists(ss) FROM \"T\" WHERE pk = 'x'";
  Error e = ParseError(s);
  CHECK(e.message == "Unexpected path component at " + At(s, "attribute_exists"));
  CHECK(e.column == 8);
  CHECK(ParseError("SELECT COUNT(*) FROM \"T\"").message == "Unexpected path component at 1:8:5");
}

TEST_CASE("star and named attributes do not mix in a projection") {
  CHECK(ParseError("SELECT a, * FROM \"T\"").message ==
        "Other attributes should not be present in the projection when '*' is used.");
}

TEST_CASE("a dot component named inner is refused") {
  CHECK(ParseError("SELECT * FROM \"T\" WHERE pk = 'x' AND attribute_exists(m.inner)").message ==
        kEnvelope + "Invalid path dot component");
}

TEST_CASE("generic syntax errors name the position as line:column:length") {
  Error e = ParseError("SELECT * FROM \"T\" WHERE pk = = 1");
  CHECK(e.message == kEnvelope + "Unexpected term at 1:30:1");
  CHECK(e.column == 30);
  Error multi = ParseError("SELECT *\nFROM \"T\"\nWHERE pk = = 1");
  CHECK(multi.message == kEnvelope + "Unexpected term at 3:12:1");
  CHECK(ParseError("SELECT * FROM").message == kEnvelope + "Unexpected end of statement at 1:14:0");
}

TEST_CASE("UPDATE takes several SET and REMOVE clauses, a WHERE and RETURNING") {
  auto st = Parse(
      "UPDATE \"T\" SET a = 1, b = b + 1 SET c = list_append(c, [1]) REMOVE d, e[0] WHERE pk = 'x' "
      "RETURNING MODIFIED NEW *");
  REQUIRE(st.ok());
  CHECK(st->updates.size() == 5);
  CHECK(st->updates[1].value.kind == ExprKind::kArith);
  CHECK(st->updates[3].remove);
  CHECK(st->returning == "MODIFIED NEW");
}

TEST_CASE("UPDATE may be written FROM-first") {
  auto st = Parse("FROM \"T\" WHERE pk = 'x' SET a = 1 REMOVE b");
  REQUIRE(st.ok());
  CHECK(st->kind == StatementKind::kUpdate);
  CHECK(st->updates.size() == 2);
}

TEST_CASE("a write without WHERE does not name its key") {
  CHECK(ParseError("UPDATE \"T\" SET a = 1").message ==
        "Where clause does not contain a mandatory equality on all key attributes");
  CHECK(ParseError("DELETE FROM \"T\"").message ==
        "Where clause does not contain a mandatory equality on all key attributes");
}

TEST_CASE("parameters are counted in order") {
  auto st = Parse("INSERT INTO \"T\" VALUE {'pk': ?, 'n': ?, 'l': [?]}");
  REQUIRE(st.ok());
  CHECK(st->parameter_count == 3);
  CHECK(st->value->args[2].args[0].parameter_index == 2);
}

TEST_CASE("predicates: BETWEEN, IN, IS (NOT) MISSING, NOT, functions, literals") {
  auto st = Parse(
      "SELECT * FROM \"T\" WHERE a BETWEEN 1 AND 5 AND b IN ['x', 'y'] AND c IS NOT MISSING "
      "AND NOT (d = TRUE OR e <> NULL) AND size(f) >= 2 AND g NOT IN (1, 2) AND h = <<'s', 't'>> "
      "AND i = {'k': [1, {'z': FALSE}]}");
  REQUIRE(st.ok());
  const auto& and_args = st->where->args;
  REQUIRE(and_args.size() == 8);
  CHECK(and_args[0].kind == ExprKind::kBetween);
  CHECK(and_args[1].kind == ExprKind::kIn);
  CHECK(and_args[2].kind == ExprKind::kIs);
  CHECK(and_args[2].negated);
  CHECK(and_args[3].kind == ExprKind::kNot);
  CHECK(and_args[4].args[0].kind == ExprKind::kCall);
  CHECK(and_args[5].negated);
  CHECK(and_args[6].args[1].kind == ExprKind::kBag);
  CHECK(and_args[7].args[1].kind == ExprKind::kMap);
}

TEST_CASE("EXISTS wraps one SELECT") {
  auto st = Parse("EXISTS(SELECT * FROM \"T\" WHERE pk = 'a' AND n > 1)");
  REQUIRE(st.ok());
  CHECK(st->kind == StatementKind::kExists);
  CHECK(st->table == "T");
}

// Found by libFuzzer (fuzz/corpus/partiql/nested_parens_stack_overflow): about 350 nested
// parentheses overflowed a sanitized build's stack. Nesting is bounded; no DynamoDB message for
// it is published, so the refusal says what was exceeded, in DynamoDB's well-formedness envelope.
TEST_CASE("PartiQL nesting deeper than 64 levels is refused, not recursed into") {
  auto nested = [](int depth, const std::string& open, const std::string& close) {
    std::string s;
    for (int i = 0; i < depth; ++i) s += open;
    s += "1";
    for (int i = 0; i < depth; ++i) s += close;
    return "SELECT * FROM \"T\" WHERE a = " + s;
  };
  CHECK(Parse(nested(60, "(", ")")).ok());
  CHECK(Parse(nested(30, "[", "]")).ok());
  for (const std::string& statement :
       {nested(100, "(", ")"), nested(5000, "(", ")"), nested(5000, "[", "]"),
        nested(5000, "{'k': ", "}"), "SELECT * FROM \"T\" WHERE " + [] {
          std::string nots;
          for (int i = 0; i < 5000; ++i) nots += "NOT ";
          return nots + "a = 1";
        }()}) {
    auto st = Parse(statement);
    REQUIRE_FALSE(st.ok());
    CHECK(st.error().message.rfind(kEnvelope + "Expressions nested more than 64 levels deep", 0) ==
          0);
  }
  std::string crash = "INSERT INTO \"T\" VALUE {'pk':";
  for (int i = 0; i < 16; ++i) crash += "<<";
  for (int i = 0; i < 300; ++i) crash += "(";
  CHECK_FALSE(Parse(crash).ok());
}
