// Python-compatible JSON messages and token serialization.
#include <catch2/catch.hpp>

#include "session/cli/cli_internal.h"

using ddblab::shell::cli::DumpPythonJson;
using ddblab::shell::cli::EditDistance;
using ddblab::shell::cli::ParsePythonJson;
using ddblab::shell::cli::Suggest;
using Json = ddblab::wire::Json;

namespace {
std::string JsonError(std::string_view text) {
  auto r = ParsePythonJson(text);
  INFO(text);
  REQUIRE_FALSE(r.ok());
  return r.error().message;
}
}  // namespace

TEST_CASE("Python JSON: valid text parses, keeping member order") {
  auto r = ParsePythonJson(R"( {"b": 1, "a": [true, null, -1.5e3, "x\u00e9"]} )");
  REQUIRE(r.ok());
  CHECK(r->dump() == R"({"b":1,"a":[true,null,-1500.0,"xé"]})");
}

TEST_CASE("Python JSON: messages name the problem and position as Python does") {
  CHECK(JsonError("") == "Expecting value: line 1 column 1 (char 0)");
  CHECK(JsonError("{'PK': 1}") ==
        "Expecting property name enclosed in double quotes: line 1 column 2 (char 1)");
  CHECK(JsonError(R"({"PK" 1})") == "Expecting ':' delimiter: line 1 column 7 (char 6)");
  CHECK(JsonError(R"({"PK":{"S":"a"} "SK":1})") ==
        "Expecting ',' delimiter: line 1 column 17 (char 16)");
  CHECK(JsonError(R"({"a":1,})") ==
        "Expecting property name enclosed in double quotes: line 1 column 8 (char 7)");
  CHECK(JsonError("[1,]") == "Expecting value: line 1 column 4 (char 3)");
  CHECK(JsonError(R"({"a":"x)") == "Unterminated string starting at: line 1 column 6 (char 5)");
  CHECK(JsonError(R"({"a":1}})") == "Extra data: line 1 column 8 (char 7)");
  CHECK(JsonError("{\n\"a\": tru\n}") == "Expecting value: line 2 column 6 (char 7)");
  CHECK(JsonError(R"(["a\q"])") == "Invalid \\escape: line 1 column 4 (char 3)");
}

TEST_CASE("Python JSON: dump uses Python's separators and escapes non-ASCII") {
  Json token = Json::parse(R"({"ExclusiveStartKey": {"PK": {"S": "é/\"x"}}, "n": 2})");
  CHECK(DumpPythonJson(token) == R"({"ExclusiveStartKey": {"PK": {"S": "\u00e9/\"x"}}, "n": 2})");
  CHECK(DumpPythonJson(Json::parse(R"({"a": null, "b": [true, false]})")) ==
        R"({"a": null, "b": [true, false]})");
}

TEST_CASE("Suggestions: close typos and truncated names") {
  CHECK(EditDistance("qury", "query") == 1);
  std::vector<std::string> subs = {"query", "scan", "put-item", "get-item", "update-item"};
  CHECK(Suggest("qurey", subs) == "query");
  CHECK(Suggest("putitem", subs) == "put-item");
  CHECK(Suggest("zzzzzzzz", subs).empty());
  std::vector<std::string> opts = {"--key-condition-expression", "--key-conditions", "--table-name",
                                   "--filter-expression"};
  CHECK(Suggest("--table", opts) == "--table-name");
  CHECK(Suggest("--key-condition-expresion", opts) == "--key-condition-expression");
}
