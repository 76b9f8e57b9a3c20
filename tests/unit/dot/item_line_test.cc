// The .import line reader (ParseItemLine, shell/dot/json_lines.h) reads common lines without a
// JSON document; on every line it must yield exactly what the JSON document and
// wire::ItemFromJson yield: the same item, or an error for the same lines.
// DynamoDB: the export format is one {"Item": {...}} per line in DynamoDB JSON
// (developer guide, "DynamoDB data export to Amazon S3: output format").
#include <catch2/catch.hpp>
#include <random>

#include "ddblab/wire.h"
#include "dot/json_lines.h"

using namespace ddblab;
using namespace ddblab::shell;

namespace {

// What the general path makes of a line: the item, or nullopt for an error.
std::optional<Item> General(const std::string& line) {
  wire::Json j = wire::ParseJson(line);
  if (j.is_discarded() || !j.is_object() || j.size() != 1 || !j.contains("Item")) {
    return std::nullopt;
  }
  auto item = wire::ItemFromJson(j["Item"]);
  if (!item.ok()) return std::nullopt;
  return std::move(item).value();
}

bool SameItem(const Item& a, const Item& b) {
  if (a.size() != b.size()) return false;
  for (const auto& [name, v] : a) {
    auto it = b.find(name);
    if (it == b.end() || it->second.type != v.type || it->second != v) return false;
  }
  return true;
}

// What the line reader makes of a line: the item, or nullopt for an error.
std::optional<Item> Read(const std::string& line) {
  Result<Item> item = ParseItemLine(line, 1);
  if (!item.ok()) return std::nullopt;
  return std::move(item).value();
}

void CheckAgrees(const std::string& line) {
  INFO(line);
  std::optional<Item> read = Read(line);
  std::optional<Item> general = General(line);
  REQUIRE(read.has_value() == general.has_value());
  if (read) CHECK(SameItem(*read, *general));
}

}  // namespace

TEST_CASE("An import line reads flat S, N, BOOL and NULL items as the JSON document does") {
  const std::string line =
      R"({"Item":{"PK":{"S":"USER#1"},"n":{"N":"-12.50"},"ok":{"BOOL":true},"no":{"BOOL":false},"z":{"NULL":true}}})";
  std::optional<Item> item = Read(line);
  REQUIRE(item);
  CHECK(item->size() == 5);
  CHECK(item->at("PK") == AttributeValue::S("USER#1"));
  CHECK(item->at("n") == AttributeValue::N(*Decimal::Parse("-12.5")));
  CHECK(item->at("ok") == AttributeValue::Bool(true));
  CHECK(item->at("z").type == AttrType::kNull);
  CheckAgrees(line);
  CheckAgrees(R"(  { "Item" : { "a" : { "S" : "x y" } , "b" : {"N":"1e3"} } }  )");
  CheckAgrees(R"({"Item":{}})");
}

TEST_CASE("An import line reads rarer forms and refuses bad lines as the JSON document does") {
  for (const char* line : {
           R"({"Item":{"PK":{"S":"a"},"PK":{"S":"b"}}})",  // a repeated name
           R"({"Item":{"n":{"N":"12abc"}}})",              // not a number
           R"({"Item":{"n":{"N":"1e200"}}})",              // out of DynamoDB's range
           R"({"Item":{"z":{"NULL":false}}})",             // NULL must be true
           R"({"Item":{"a":{"S":"x","N":"1"}}})",          // two types
           R"({"Item":{"a":{"S":"caf\u00e9"}}})",          // an escape
           "{\"Item\":{\"a\":{\"S\":\"caf\xc3\xa9\"}}}",   // non-ASCII
           "{\"Item\":{\"a\":{\"S\":\"\xff\"}}}",          // invalid UTF-8
           R"({"Item":{"a":{"SS":["x"]}}})",               // a set
           R"({"Item":{"a":{"M":{"b":{"S":"x"}}}}})",      // nesting
           R"({"Item":{"":{"S":"x"}}})",                   // an empty name
           R"({"Item":{"a":{"S":"x"}},"Other":1})",        // another member
           R"({"Item":{"a":{"S":"x"}}} trailing)",         // text after the item
           R"({"Item":{"a":{"S":"x"})",                    // cut short
           R"({"Item":{"a":{"BOOL":"true"}}})",            // a string for a boolean
       }) {
    CheckAgrees(line);
  }
}

TEST_CASE("An import line agrees with the JSON document on mutated lines") {
  const std::string seed =
      R"({"Item":{"PK":{"S":"P#1"},"SK":{"N":"0042"},"b":{"BOOL":false},"z":{"NULL":true}}})";
  const std::string alphabet = "{}[]\":, SNBOL0123456789.eE-+truefalsnl\\\t";
  std::mt19937 rng(7);
  int accepted = 0;
  for (int n = 0; n < 20000; ++n) {
    std::string line = seed;
    int edits = 1 + static_cast<int>(rng() % 3);
    for (int e = 0; e < edits; ++e) {
      size_t at = rng() % line.size();
      char c = alphabet[rng() % alphabet.size()];
      switch (rng() % 3) {
        case 0:
          line[at] = c;
          break;
        case 1:
          line.insert(line.begin() + static_cast<std::ptrdiff_t>(at), c);
          break;
        default:
          line.erase(at, 1);
          break;
      }
    }
    if (Read(line)) ++accepted;
    CheckAgrees(line);
  }
  CHECK(accepted > 0);
}
