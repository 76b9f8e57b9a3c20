// The aws CLI shorthand syntax: grammar cases from awscli/shorthand.py's documented behaviour.
#include <catch2/catch.hpp>

#include "session/cli/cli_internal.h"

using ddblab::shell::cli::ApplyShorthandModel;
using ddblab::shell::cli::ParseShorthand;
using ddblab::shell::cli::ShorthandModel;
using Json = ddblab::wire::Json;

namespace {

Json Parse(std::string_view text) {
  auto r = ParseShorthand(text, ddblab::shell::FileAccess::Local(""));
  INFO(text);
  REQUIRE(r.ok());
  return *r;
}

std::string ParseError(std::string_view text) {
  auto r = ParseShorthand(text, ddblab::shell::FileAccess::Local(""));
  INFO(text);
  REQUIRE_FALSE(r.ok());
  return r.error().message;
}

}  // namespace

TEST_CASE("Shorthand: key=value pairs") {
  CHECK(Parse("AttributeName=PK,AttributeType=S") ==
        Json::parse(R"({"AttributeName":"PK","AttributeType":"S"})"));
  CHECK(Parse("foo=") == Json::parse(R"({"foo":""})"));
  CHECK(Parse("foo=,bar=") == Json::parse(R"({"foo":"","bar":""})"));
}

TEST_CASE("Shorthand: keys keep their order") {
  CHECK(Parse("b=1,a=2").dump() == R"({"b":"1","a":"2"})");
}

TEST_CASE("Shorthand: a comma-separated value list") {
  CHECK(Parse("foo=a,b") == Json::parse(R"({"foo":["a","b"]})"));
  CHECK(Parse("foo=a,b,bar=c,d") == Json::parse(R"({"foo":["a","b"],"bar":["c","d"]})"));
  CHECK(Parse("foo=a,b,c,bar=d") == Json::parse(R"({"foo":["a","b","c"],"bar":"d"})"));
}

TEST_CASE("Shorthand: values may contain '=' and spaces, trailing spaces are dropped") {
  CHECK(Parse("Key=a=b") == Json::parse(R"({"Key":"a=b"})"));
  CHECK(Parse("foo=a,b=with space") == Json::parse(R"({"foo":"a","b":"with space"})"));
  CHECK(Parse("foo=trailing  ") == Json::parse(R"({"foo":"trailing"})"));
}

TEST_CASE("Shorthand: an escaped comma stays in the value") {
  CHECK(Parse(R"(foo=a\,b)") == Json::parse(R"({"foo":"a,b"})"));
  CHECK(Parse(R"(foo=x,a\,b)") == Json::parse(R"({"foo":["x","a,b"]})"));
}

TEST_CASE("Shorthand: quoted values may hold commas, '=' and quotes") {
  CHECK(Parse("foo='a,b=c'") == Json::parse(R"({"foo":"a,b=c"})"));
  CHECK(Parse(R"(foo="a,b",bar='it\'s')") == Json::parse(R"({"foo":"a,b","bar":"it's"})"));
  CHECK(Parse(R"(foo='x','y')") == Json::parse(R"({"foo":["x","y"]})"));
}

TEST_CASE("Shorthand: explicit lists") {
  CHECK(Parse("foo=[a,b]") == Json::parse(R"({"foo":["a","b"]})"));
  CHECK(Parse("foo=[]") == Json::parse(R"({"foo":[]})"));
  CHECK(Parse("foo=[a, b ],bar=c") == Json::parse(R"({"foo":["a","b"],"bar":"c"})"));
  CHECK(Parse("foo=[[a],[b,c]]") == Json::parse(R"({"foo":[["a"],["b","c"]]})"));
}

TEST_CASE("Shorthand: nested structures") {
  CHECK(Parse("PK={S=CUST#1},SK={S=ORDER#2}") ==
        Json::parse(R"({"PK":{"S":"CUST#1"},"SK":{"S":"ORDER#2"}})"));
  CHECK(
      Parse("Projection={ProjectionType=INCLUDE,NonKeyAttributes=[status,total]}") ==
      Json::parse(
          R"({"Projection":{"ProjectionType":"INCLUDE","NonKeyAttributes":["status","total"]}})"));
  CHECK(Parse("a={b={c=d}}") == Json::parse(R"({"a":{"b":{"c":"d"}}})"));
  CHECK(Parse("a=[{b=1},{b=2}]") == Json::parse(R"({"a":[{"b":"1"},{"b":"2"}]})"));
  CHECK(Parse("a={}") == Json::parse(R"({"a":{}})"));
}

TEST_CASE("Shorthand: keys may use placeholders' characters") {
  CHECK(Parse("#s=status") == Json::parse(R"({"#s":"status"})"));
  CHECK(Parse(":v={S=x}") == Json::parse(R"({":v":{"S":"x"}})"));
}

TEST_CASE("Shorthand: syntax errors name what was expected, with a caret") {
  CHECK(ParseError("foo") == "Expected: '=', received: 'EOF' for input:\nfoo\n   ^");
  CHECK(ParseError("a=b,!=c") == "Expected: '=', received: '!' for input:\na=b,!=c\n    ^");
  CHECK(ParseError("a=[b,c") == "Expected: ',', received: 'EOF' for input:\na=[b,c\n      ^");
  CHECK(ParseError("a={b=c") == "Expected: ',', received: 'EOF' for input:\na={b=c\n      ^");
}

TEST_CASE("Shorthand: a repeated key hints at a comma that should be a space") {
  CHECK(ParseError("AttributeName=PK,KeyType=HASH,AttributeName=SK,KeyType=RANGE") ==
        "Second instance of key \"AttributeName\" encountered for input:\n"
        "AttributeName=PK,KeyType=HASH,AttributeName=SK,KeyType=RANGE\n"
        "                              ^\n"
        "This is often because there is a preceding \",\" instead of a space.");
}

TEST_CASE("Shorthand model: integers, booleans and one-element lists") {
  Json v = Parse("ReadCapacityUnits=5,WriteCapacityUnits=10");
  REQUIRE(ApplyShorthandModel(v, ShorthandModel::kGeneric).ok());
  CHECK(v == Json::parse(R"({"ReadCapacityUnits":5,"WriteCapacityUnits":10})"));

  Json s = Parse("StreamEnabled=TRUE,StreamViewType=NEW_AND_OLD_IMAGES");
  REQUIRE(ApplyShorthandModel(s, ShorthandModel::kGeneric).ok());
  CHECK(s == Json::parse(R"({"StreamEnabled":true,"StreamViewType":"NEW_AND_OLD_IMAGES"})"));

  Json p = Parse(
      "IndexName=G,KeySchema={AttributeName=a,KeyType=HASH},"
      "Projection={ProjectionType=INCLUDE,NonKeyAttributes=x},"
      "ProvisionedThroughput={ReadCapacityUnits=1,WriteCapacityUnits=1}");
  REQUIRE(ApplyShorthandModel(p, ShorthandModel::kGeneric).ok());
  CHECK(p == Json::parse(R"({"IndexName":"G","KeySchema":[{"AttributeName":"a","KeyType":"HASH"}],
      "Projection":{"ProjectionType":"INCLUDE","NonKeyAttributes":["x"]},
      "ProvisionedThroughput":{"ReadCapacityUnits":1,"WriteCapacityUnits":1}})"));

  Json bad = Parse("ReadCapacityUnits=five");
  auto st = ApplyShorthandModel(bad, ShorthandModel::kGeneric);
  REQUIRE_FALSE(st.ok());
  CHECK(st.error().message == "invalid literal for int() with base 10: 'five'");
  Json huge = Parse("ReadCapacityUnits=99999999999999999999");
  CHECK_FALSE(ApplyShorthandModel(huge, ShorthandModel::kGeneric).ok());
}

TEST_CASE("Shorthand model: attribute values keep N as a string and type BOOL, NULL, sets") {
  Json v = Parse(
      "PK={S=a},n={N=5},ok={BOOL=true},nil={NULL=true},tags={SS=x},"
      "l={L=[{S=a},{N=1}]},m={M={x={BOOL=false}}}");
  REQUIRE(ApplyShorthandModel(v, ShorthandModel::kAttributeMap).ok());
  CHECK(v == Json::parse(R"({"PK":{"S":"a"},"n":{"N":"5"},"ok":{"BOOL":true},
      "nil":{"NULL":true},"tags":{"SS":["x"]},"l":{"L":[{"S":"a"},{"N":"1"}]},
      "m":{"M":{"x":{"BOOL":false}}}})"));
}

TEST_CASE("Shorthand model: attribute names that look like model members stay strings") {
  Json v = Parse("#l=Limit,#e=Enabled");
  REQUIRE(ApplyShorthandModel(v, ShorthandModel::kStringMap).ok());
  CHECK(v == Json::parse(R"({"#l":"Limit","#e":"Enabled"})"));
}
