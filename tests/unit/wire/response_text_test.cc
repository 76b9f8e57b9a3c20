// The server writes Query, Scan and GetItem bodies as text straight from the stored items
// (ExecuteJsonToText). That text must be byte for byte what the JSON document of the same
// response dumps to, for every attribute type and every escape; otherwise SDKs would see a
// different answer from `ddblab serve` than the shell does.
#include "wire/response_text.h"

#include <catch2/catch.hpp>
#include <string>

#include "ddblab/result_item.h"
#include "ddblab/wire.h"
#include "ddblab/wire_text.h"
#include "wire_fixture.h"

using ddblab::AttributeValue;
using ddblab::Decimal;
using ddblab::Item;
using ddblab::ResultItem;
using ddblab::wire::Json;

namespace {

std::string Dump(const Json& j) { return j.dump(-1, ' ', false, Json::error_handler_t::replace); }

AttributeValue N(const char* text) { return AttributeValue::N(Decimal::Parse(text).value()); }

// Both paths for one request: the document the shell gets, dumped, and the server's text.
void CheckSameText(ddblab::Engine& e, const char* op, const std::string& body) {
  ddblab::wire::JsonResult doc = ddblab::wire::ExecuteJsonText(e, op, body);
  REQUIRE(doc.ok);
  std::string text;
  ddblab::wire::JsonResult fast = ddblab::wire::ExecuteJsonToText(e, op, body, &text);
  REQUIRE(fast.ok);
  REQUIRE_FALSE(text.empty());
  CHECK(fast.body.is_null());
  CHECK(text == Dump(doc.body));
}

}  // namespace

TEST_CASE("Query, Scan and GetItem text bodies are the dumped JSON document, every type") {
  auto e = wiretest::OpenEngine();
  REQUIRE(wiretest::Call(*e, "CreateTable",
                         R"({"TableName":"Tbl","BillingMode":"PAY_PER_REQUEST",
      "AttributeDefinitions":[{"AttributeName":"PK","AttributeType":"S"},
                              {"AttributeName":"SK","AttributeType":"N"}],
      "KeySchema":[{"AttributeName":"PK","KeyType":"HASH"},
                   {"AttributeName":"SK","KeyType":"RANGE"}]})")
              .ok);
  REQUIRE(wiretest::Call(*e, "PutItem", R"({"TableName":"Tbl","Item":{
      "PK":{"S":"P"},"SK":{"N":"1"},
      "quote\"name":{"S":"line\nbreak \u00e9 \u0001 \\ \/"},
      "n":{"N":"-12.500"},"b":{"B":"AID/"},"t":{"BOOL":true},"f":{"BOOL":false},
      "z":{"NULL":true},
      "l":{"L":[{"S":"a"},{"N":"1e3"},{"L":[]},{"M":{}},{"M":{"k":{"NULL":true}}},{"L":[{"L":[]}]}]},
      "m":{"M":{"inner":{"M":{"x":{"N":"0.5"}}},"M":{"S":"a member named like a type"}}},
      "ss":{"SS":["b","a"]},"ns":{"NS":["3","-1"]},"bs":{"BS":["AQ==","eHl6"]}}})")
              .ok);
  for (int i = 2; i <= 5; ++i) {
    REQUIRE(wiretest::Call(*e, "PutItem",
                           R"({"TableName":"Tbl","Item":{"PK":{"S":"P"},"SK":{"N":")" +
                               std::to_string(i) + R"("},"v":{"S":"plain"}}})")
                .ok);
  }
  CheckSameText(*e, "Query",
                R"({"TableName":"Tbl","KeyConditionExpression":"PK = :p",
      "ExpressionAttributeValues":{":p":{"S":"P"}}})");
  // A page that stops early carries LastEvaluatedKey; capacity in both its forms.
  CheckSameText(*e, "Query",
                R"({"TableName":"Tbl","KeyConditionExpression":"PK = :p","Limit":2,
      "ReturnConsumedCapacity":"TOTAL","ExpressionAttributeValues":{":p":{"S":"P"}}})");
  CheckSameText(*e, "Scan", R"({"TableName":"Tbl","ReturnConsumedCapacity":"INDEXES"})");
  // Projected and filtered items are typed, not encoded: the other branch of the writer.
  CheckSameText(*e, "Scan", R"({"TableName":"Tbl","ProjectionExpression":"PK, l, #q",
      "ExpressionAttributeNames":{"#q":"quote\"name"}})");
  CheckSameText(*e, "Scan", R"({"TableName":"Tbl","Select":"COUNT"})");
  CheckSameText(*e, "Scan", R"({"TableName":"Tbl","Limit":1})");
  CheckSameText(*e, "GetItem", R"({"TableName":"Tbl","Key":{"PK":{"S":"P"},"SK":{"N":"1"}}})");
  CheckSameText(*e, "GetItem", R"({"TableName":"Tbl","Key":{"PK":{"S":"P"},"SK":{"N":"9"}}})");
  CheckSameText(*e, "GetItem", R"({"TableName":"Tbl","Key":{"PK":{"S":"P"},"SK":{"N":"9"}},
      "ReturnConsumedCapacity":"TOTAL"})");
}

TEST_CASE("Other operations and errors keep their JSON document, with no text") {
  auto e = wiretest::OpenEngine();
  std::string text = "stale";
  ddblab::wire::JsonResult r = ddblab::wire::ExecuteJsonToText(*e, "ListTables", "{}", &text);
  CHECK(r.ok);
  CHECK(text.empty());
  CHECK(Dump(r.body) == R"({"TableNames":[]})");
  r = ddblab::wire::ExecuteJsonToText(*e, "Query", R"({"TableName":"Missing",
      "KeyConditionExpression":"PK = :p","ExpressionAttributeValues":{":p":{"S":"P"}}})",
                                      &text);
  CHECK_FALSE(r.ok);
  CHECK(text.empty());
  CHECK(r.body.at("__type") == "com.amazonaws.dynamodb.v20120810#ResourceNotFoundException");
}

TEST_CASE("A stored string that is not valid UTF-8 is written as the document dumps it") {
  // Other front ends can store such bytes; the dump replaces them rather than failing.
  const Item item{{"PK", AttributeValue::S("ok")},
                  {"bad\xff", AttributeValue::S(std::string("a\xc3(b\x80", 5))},
                  {"l", AttributeValue::L({AttributeValue::SS({"\xe2\x82", "x"})})},
                  {"n", N("1")}};
  const ResultItem stored = ResultItem::FromEncoding(ddblab::SerializeItem(item));
  REQUIRE(stored.has_encoding());
  std::string text;
  ddblab::wire::internal::AppendItemText(stored, &text);
  CHECK(text == Dump(ddblab::wire::ItemToJson(item)));
  CHECK(text.find("\xef\xbf\xbd") != std::string::npos);  // U+FFFD, the replacement
}
