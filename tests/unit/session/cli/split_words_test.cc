// Word splitting and continuation detection for pasted aws CLI commands.
#include <catch2/catch.hpp>

#include "shell/session/cli.h"

using ddblab::shell::NeedsContinuation;
using ddblab::shell::SplitWords;
using Words = std::vector<std::string>;

TEST_CASE("SplitWords: single quotes keep JSON intact") {
  auto r = SplitWords(R"(put-item --item '{"PK":{"S":"a b"}}')");
  REQUIRE(r.ok());
  CHECK(*r == Words{"put-item", "--item", R"({"PK":{"S":"a b"}})"});
}

TEST_CASE("SplitWords: backslash-newline joins lines and leading blanks separate words") {
  auto r = SplitWords("aws dynamodb query \\\n--table-name t \\\n  --select COUNT");
  REQUIRE(r.ok());
  CHECK(*r == Words{"aws", "dynamodb", "query", "--table-name", "t", "--select", "COUNT"});
}

TEST_CASE("SplitWords: backslash-CRLF is a continuation too") {
  auto r = SplitWords("query \\\r\n--table-name t");
  REQUIRE(r.ok());
  CHECK(*r == Words{"query", "--table-name", "t"});
}

TEST_CASE(
    "SplitWords: inside double quotes a backslash escapes only dollar, backquote, quote, backslash "
    "and newline") {
  auto r = SplitWords(R"("a \"b\" \n \\ \$" plain\ word)");
  REQUIRE(r.ok());
  CHECK(*r == Words{R"(a "b" \n \ $)", "plain word"});
}

TEST_CASE("SplitWords: quotes concatenate with adjacent text") {
  auto r = SplitWords(R"(--x=a'b c'"d")");
  REQUIRE(r.ok());
  CHECK(*r == Words{"--x=ab cd"});
}

TEST_CASE("SplitWords: empty quotes are an empty word") {
  auto r = SplitWords("a '' b");
  REQUIRE(r.ok());
  CHECK(*r == Words{"a", "", "b"});
}

TEST_CASE("SplitWords: # starts a comment only at the start of a word") {
  auto r = SplitWords("# AP3: note\nquery --x a#b # trailing\n--y '#z'");
  REQUIRE(r.ok());
  CHECK(*r == Words{"query", "--x", "a#b", "--y", "#z"});
}

TEST_CASE("SplitWords: an unclosed quote is an error with exit code 252") {
  auto r = SplitWords("put-item --item '{\"a\":1}");
  REQUIRE_FALSE(r.ok());
  CHECK(r.error().message == "unexpected EOF while looking for matching `''");
  CHECK(r.error().column == -252);
  auto d = SplitWords("query \"abc");
  REQUIRE_FALSE(d.ok());
  CHECK(d.error().message == "unexpected EOF while looking for matching `\"'");
}

TEST_CASE("NeedsContinuation: trailing backslash, open quote, open brace") {
  CHECK(NeedsContinuation("aws dynamodb query \\"));
  CHECK(NeedsContinuation("aws dynamodb query \\\n"));
  CHECK(NeedsContinuation("aws dynamodb query \\\r\n"));
  CHECK_FALSE(NeedsContinuation("aws dynamodb query \\\n--table-name t\n"));
  CHECK(NeedsContinuation("query --x '{\n\":pk\":"));
  CHECK(NeedsContinuation("query --x \"abc"));
  CHECK(NeedsContinuation("create-table --projection Projection={ProjectionType=ALL"));
  CHECK(NeedsContinuation("--x [a,b"));
  CHECK_FALSE(NeedsContinuation("query --table-name t"));
  CHECK_FALSE(NeedsContinuation("put-item --item '{\"PK\":{\"S\":\"{\"}}'"));
  CHECK_FALSE(NeedsContinuation("query --x a\\ b"));
  CHECK_FALSE(NeedsContinuation("# comment with { and \\"));
  CHECK_FALSE(NeedsContinuation(""));
}
