// The server writes the data plane's answers as text, through the same writer as the document
// (model_codec.h's Write with body_sinks.h's TextSink; ExecuteJsonToText), items straight from
// their storage encoding. That text must be byte for byte what the JSON document of the same
// response dumps to, for every answer, attribute type and escape; otherwise SDKs would see a
// different answer from `ddblab serve` than the shell does.
#include <catch2/catch.hpp>
#include <string>

#include "ddblab/result_item.h"
#include "ddblab/wire.h"
#include "ddblab/wire_text.h"
#include "wire/body_sinks.h"
#include "wire_fixture.h"

using ddblab::AttributeValue;
using ddblab::Decimal;
using ddblab::Item;
using ddblab::ResultItem;
using ddblab::wire::Json;

namespace {

std::string Dump(const Json& j) { return j.dump(-1, ' ', false, Json::error_handler_t::replace); }

AttributeValue N(const char* text) { return AttributeValue::N(Decimal::Parse(text).value()); }

// Two engines in the same state: one answers as a document (what the shell gets, dumped), the
// other as text (what serve sends), so that a write is made once on each.
struct Twins {
  std::unique_ptr<ddblab::Engine> doc = wiretest::OpenEngine();
  std::unique_ptr<ddblab::Engine> text = wiretest::OpenEngine();

  void Both(const char* op, const std::string& body) {
    REQUIRE(wiretest::Call(*doc, op, body).ok);
    REQUIRE(wiretest::Call(*text, op, body).ok);
  }

  void CheckSameText(const char* op, const std::string& body) {
    INFO(op << " " << body);
    ddblab::wire::JsonResult d = ddblab::wire::ExecuteJsonText(*doc, op, body);
    REQUIRE(d.ok);
    std::string written;
    ddblab::wire::JsonResult t = ddblab::wire::ExecuteJsonToText(*text, op, body, &written);
    REQUIRE(t.ok);
    REQUIRE_FALSE(written.empty());
    CHECK(t.body.is_null());
    CHECK(written == Dump(d.body));
  }
};

}  // namespace

TEST_CASE("Data-plane answers as text are the dumped JSON document, every type") {
  Twins e;
  e.Both("CreateTable",
         R"({"TableName":"Tbl","BillingMode":"PAY_PER_REQUEST",
      "AttributeDefinitions":[{"AttributeName":"PK","AttributeType":"S"},
                              {"AttributeName":"SK","AttributeType":"N"}],
      "KeySchema":[{"AttributeName":"PK","KeyType":"HASH"},
                   {"AttributeName":"SK","KeyType":"RANGE"}]})");
  e.Both("PutItem", R"({"TableName":"Tbl","Item":{
      "PK":{"S":"P"},"SK":{"N":"1"},
      "quote\"name":{"S":"line\nbreak \u00e9 \u0001 \\ \/"},
      "n":{"N":"-12.500"},"b":{"B":"AID/"},"t":{"BOOL":true},"f":{"BOOL":false},
      "z":{"NULL":true},
      "l":{"L":[{"S":"a"},{"N":"1e3"},{"L":[]},{"M":{}},{"M":{"k":{"NULL":true}}},{"L":[{"L":[]}]}]},
      "m":{"M":{"inner":{"M":{"x":{"N":"0.5"}}},"M":{"S":"a member named like a type"}}},
      "ss":{"SS":["b","a"]},"ns":{"NS":["3","-1"]},"bs":{"BS":["AQ==","eHl6"]}}})");
  for (int i = 2; i <= 5; ++i) {
    e.Both("PutItem", R"({"TableName":"Tbl","Item":{"PK":{"S":"P"},"SK":{"N":")" +
                          std::to_string(i) + R"("},"v":{"S":"plain"}}})");
  }
  e.CheckSameText("Query",
                  R"({"TableName":"Tbl","KeyConditionExpression":"PK = :p",
      "ExpressionAttributeValues":{":p":{"S":"P"}}})");
  // A page that stops early carries LastEvaluatedKey; capacity in both its forms.
  e.CheckSameText("Query",
                  R"({"TableName":"Tbl","KeyConditionExpression":"PK = :p","Limit":2,
      "ReturnConsumedCapacity":"TOTAL","ExpressionAttributeValues":{":p":{"S":"P"}}})");
  e.CheckSameText("Scan", R"({"TableName":"Tbl","ReturnConsumedCapacity":"INDEXES"})");
  // Projected and filtered items are typed, not encoded: the other branch of the writer.
  e.CheckSameText("Scan", R"({"TableName":"Tbl","ProjectionExpression":"PK, l, #q",
      "ExpressionAttributeNames":{"#q":"quote\"name"}})");
  e.CheckSameText("Scan", R"({"TableName":"Tbl","Select":"COUNT"})");
  e.CheckSameText("Scan", R"({"TableName":"Tbl","Limit":1})");
  e.CheckSameText("GetItem", R"({"TableName":"Tbl","Key":{"PK":{"S":"P"},"SK":{"N":"1"}}})");
  e.CheckSameText("GetItem", R"({"TableName":"Tbl","Key":{"PK":{"S":"P"},"SK":{"N":"9"}}})");
  e.CheckSameText("GetItem", R"({"TableName":"Tbl","Key":{"PK":{"S":"P"},"SK":{"N":"9"}},
      "ReturnConsumedCapacity":"TOTAL"})");
  // The writes, with old and new images, capacity and an empty answer.
  e.CheckSameText("PutItem", R"({"TableName":"Tbl","Item":{"PK":{"S":"P"},"SK":{"N":"2"},
      "v":{"S":"new \"one\""}},"ReturnValues":"ALL_OLD","ReturnConsumedCapacity":"INDEXES"})");
  e.CheckSameText("PutItem", R"({"TableName":"Tbl","Item":{"PK":{"S":"Q"},"SK":{"N":"1"}}})");
  e.CheckSameText("UpdateItem", R"({"TableName":"Tbl","Key":{"PK":{"S":"P"},"SK":{"N":"3"}},
      "UpdateExpression":"SET n = :n ADD ss :s","ReturnValues":"UPDATED_NEW",
      "ExpressionAttributeValues":{":n":{"N":"7.25"},":s":{"SS":["q","\u00e9"]}}})");
  e.CheckSameText("DeleteItem", R"({"TableName":"Tbl","Key":{"PK":{"S":"P"},"SK":{"N":"4"}},
      "ReturnValues":"ALL_OLD","ReturnConsumedCapacity":"TOTAL"})");
  // PartiQL: a page of items, a batch with a failed condition (its error names the item).
  e.CheckSameText("ExecuteStatement", R"({"Statement":"SELECT * FROM Tbl WHERE PK = 'P'",
      "ReturnConsumedCapacity":"TOTAL"})");
  e.CheckSameText("ExecuteStatement", R"({"Statement":"SELECT * FROM Tbl WHERE PK = 'P'",
      "Limit":2})");
  e.CheckSameText("BatchExecuteStatement", R"({"Statements":[
      {"Statement":"SELECT * FROM Tbl WHERE PK = 'P' AND SK = 1"},
      {"Statement":"SELECT * FROM Tbl WHERE PK = 'P' AND SK = 99"}],
      "ReturnConsumedCapacity":"TOTAL"})");
  e.CheckSameText("BatchExecuteStatement", R"({"Statements":[
      {"Statement":"UPDATE Tbl SET v = 'x' WHERE PK = 'P' AND SK = 5 AND v = 'nope'",
       "ReturnValuesOnConditionCheckFailure":"ALL_OLD"},
      {"Statement":"DELETE FROM Tbl WHERE PK = 'Q' AND SK = 1"}]})");
  // The transactions: a read aligned with its gets (one item missing), a write.
  e.CheckSameText("TransactGetItems", R"({"TransactItems":[
      {"Get":{"TableName":"Tbl","Key":{"PK":{"S":"P"},"SK":{"N":"1"}},"ProjectionExpression":"l"}},
      {"Get":{"TableName":"Tbl","Key":{"PK":{"S":"P"},"SK":{"N":"77"}}}}],
      "ReturnConsumedCapacity":"INDEXES"})");
  e.CheckSameText("TransactWriteItems", R"({"TransactItems":[
      {"Put":{"TableName":"Tbl","Item":{"PK":{"S":"T"},"SK":{"N":"1"}}}}],
      "ReturnConsumedCapacity":"TOTAL"})");
  e.CheckSameText("TransactWriteItems", R"({"TransactItems":[
      {"Delete":{"TableName":"Tbl","Key":{"PK":{"S":"T"},"SK":{"N":"1"}}}}]})");
  e.CheckSameText("ExecuteTransaction", R"({"TransactStatements":[
      {"Statement":"UPDATE Tbl SET v = 'y' WHERE PK = 'P' AND SK = 5"}],
      "ReturnConsumedCapacity":"TOTAL"})");
}

TEST_CASE("Answers that name resources, and errors, keep their JSON document, with no text") {
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
  ddblab::wire::internal::TextSink sink(&text);
  sink.ItemValue(stored);
  CHECK(text == Dump(ddblab::wire::ItemToJson(item)));
  CHECK(text.find("\xef\xbf\xbd") != std::string::npos);  // U+FFFD, the replacement
}
