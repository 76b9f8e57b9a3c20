// PutItem's fast path (wire/put_item_fast_path.h) must answer exactly as the full path (the JSON
// document, then FromJson) does: the same answer or error, the same capacity, the same stored
// item. Each body runs on two engines in the same state, one through the text entry point (which
// takes the fast path when it can) and one through the document entry point (which never does).
#include "wire/put_item_fast_path.h"

#include <random>
#include <string>
#include <vector>

#include "wire_fixture.h"

using ddblab::wire::Json;

namespace {

const char* kTable = R"({"TableName":"Tab","BillingMode":"PAY_PER_REQUEST",
    "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"},
                            {"AttributeName":"sk","AttributeType":"N"}],
    "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"},{"AttributeName":"sk","KeyType":"RANGE"}]})";

// Two engines in lockstep: `fast` hears bodies as text, `full` as parsed documents.
struct Pair {
  std::unique_ptr<ddblab::Engine> fast = wiretest::OpenEngine();
  std::unique_ptr<ddblab::Engine> full = wiretest::OpenEngine();
  Pair() {
    REQUIRE(wiretest::Call(*fast, "CreateTable", kTable).ok);
    REQUIRE(wiretest::Call(*full, "CreateTable", kTable).ok);
  }

  // Runs `body` on both and checks the answers agree; returns whether the call succeeded.
  bool PutBoth(const std::string& body) {
    ddblab::wire::JsonResult a = wiretest::Call(*fast, "PutItem", body);
    Json parsed = ddblab::wire::ParseJson(body);
    ddblab::wire::JsonResult b = parsed.is_discarded()
                                     ? wiretest::Call(*full, "PutItem", body)
                                     : ddblab::wire::ExecuteJson(*full, "PutItem", parsed);
    INFO(body);
    CHECK(a.ok == b.ok);
    CHECK(a.http_status == b.http_status);
    CHECK(a.body.dump() == b.body.dump());
    CHECK(a.capacity.size() == b.capacity.size());
    if (!a.capacity.empty() && !b.capacity.empty()) {
      CHECK(a.capacity[0].total.half_units == b.capacity[0].total.half_units);
    }
    CHECK(Scan(*fast) == Scan(*full));
    return a.ok;
  }

  static std::string Scan(ddblab::Engine& e) {
    return wiretest::Call(e, "Scan", R"({"TableName":"Tab","ReturnConsumedCapacity":"TOTAL"})")
        .body.dump();
  }
};

bool Fast(const std::string& body) {
  ddblab::PutItemRequest r;
  return ddblab::wire::internal::FastPutItemRequest(body, &r);
}

}  // namespace

TEST_CASE("Everyday PutItem bodies take the fast path and answer as the full path does") {
  Pair p;
  const std::vector<std::string> bodies = {
      R"({"TableName":"Tab","Item":{"pk":{"S":"a"},"sk":{"N":"1"},"note":{"S":"x"}}})",
      // An overwrite, with the old item returned and the capacity shown.
      R"( { "TableName" : "Tab" , "Item" : { "pk" : {"S":"a"}, "sk": {"N":"1.0"},
            "flag":{"BOOL":true}, "gone":{"NULL":true}, "n":{"N":"-1.5E+3"} },
            "ReturnValues":"ALL_OLD", "ReturnConsumedCapacity":"TOTAL" } )",
      // A condition with names and values that holds, then one that fails (same answer).
      R"J({"TableName":"Tab","Item":{"pk":{"S":"b"},"sk":{"N":"2"}},
          "ConditionExpression":"attribute_not_exists(#p)","ExpressionAttributeNames":{"#p":"pk"}})J",
      R"J({"TableName":"Tab","Item":{"pk":{"S":"b"},"sk":{"N":"2"}},
          "ConditionExpression":"attribute_not_exists(#p)","ExpressionAttributeNames":{"#p":"pk"},
          "ReturnValuesOnConditionCheckFailure":"ALL_OLD"})J",
      R"J({"TableName":"Tab","Item":{"pk":{"S":"b"},"sk":{"N":"2"},"v":{"N":"7"}},
          "ConditionExpression":"#v = :v OR attribute_not_exists(#v)",
          "ExpressionAttributeNames":{"#v":"v"},"ExpressionAttributeValues":{":v":{"N":"7"}}})J",
      R"J({"TableName":"Tab","Item":{"pk":{"S":"b"},"sk":{"N":"2"}},
          "ConditionExpression":"attribute_exists(nope)"})J",
      // Text that needs decoding: escapes, surrogate pairs, raw UTF-8, a 38-digit number.
      "{\"TableName\":\"Tab\",\"Item\":{\"pk\":{\"S\":\"caf\\u00e9 \\ud83d\\ude00 \\\"q\\\"\"},"
      "\"sk\":{\"N\":\"12345678901234567890123456789012345678\"},\"t\":{\"S\":\"\xc3\xa9\"}}}",
      // Refused by the engine, with the same message on both paths.
      R"({"TableName":"Tab","Item":{"pk":{"S":"c"}}})",
      R"({"TableName":"Tab","Item":{"pk":{"N":"1"},"sk":{"N":"1"}}})",
      R"({"TableName":"Tab","Item":{"pk":{"S":""},"sk":{"N":"1"}}})",
      R"({"TableName":"Nope","Item":{"pk":{"S":"a"},"sk":{"N":"1"}}})",
      R"({"TableName":"Tab","Item":{"pk":{"S":"a"},"sk":{"N":"1"}},"ReturnValues":"ALL_NEW"})",
      R"({"TableName":"Tab","Item":{"pk":{"S":"a"},"sk":{"N":"1"}},"ConditionExpression":""})",
      R"({"TableName":"Tab","Item":{"pk":{"S":"a"},"sk":{"N":"1"}},"ConditionExpression":"a = :x"})",
      R"({"TableName":"Tab","Item":{"pk":{"S":"a"},"sk":{"N":"1"}},
          "ExpressionAttributeNames":{"#unused":"x"}})",
  };
  for (const std::string& body : bodies) {
    INFO(body);
    // ReturnValuesOnConditionCheckFailure is not a fast-path member: that body checks the
    // full path's answer for the same request beside the others.
    CHECK(Fast(body) == (body.find("ReturnValuesOnConditionCheckFailure") == std::string::npos));
    p.PutBoth(body);
  }
}

TEST_CASE("Unusual PutItem bodies leave the fast path and keep the full path's answers") {
  Pair p;
  const std::vector<std::string> bodies = {
      R"({"TableName":"Tab","Item":{"pk":{"S":"a"},"sk":{"N":"1"},"s":{"SS":["x","y"]}}})",
      R"({"TableName":"Tab","Item":{"pk":{"S":"a"},"sk":{"N":"1"},"l":{"L":[{"S":"x"}]}}})",
      R"({"TableName":"Tab","Item":{"pk":{"S":"a"},"sk":{"N":"1"},"m":{"M":{"k":{"N":"1"}}}}})",
      R"({"TableName":"Tab","Item":{"pk":{"S":"a"},"sk":{"N":"1"},"b":{"B":"AAE="}}})",
      R"({"TableName":"Tab","Item":{"pk":{"S":"a"},"sk":{"N":"1"},"z":{"NULL":false}}})",
      R"({"TableName":"Tab","Item":{"pk":{"S":"a"},"sk":{"N":"1"},"two":{"S":"x","N":"1"}}})",
      R"({"TableName":"Tab","Item":{"pk":{"S":"a"},"sk":{"N":"1"},"e":{}}})",
      R"({"TableName":"Tab","Item":{"pk":{"S":"a"},"sk":{"N":"1e500"}}})",
      R"({"TableName":"Tab","Item":{"pk":{"S":"a"},"sk":{"N":"x"}}})",
      R"({"TableName":"Tab","Item":{"pk":{"S":"a"},"sk":{"N":"1"},"pk":{"S":"b"}}})",
      R"({"TableName":"Tab","TableName":"Tab","Item":{"pk":{"S":"a"},"sk":{"N":"1"}}})",
      R"({"TableName":"Tab","Item":{}})",
      R"({"TableName":"Tab"})",
      R"({"Item":{"pk":{"S":"a"},"sk":{"N":"1"}}})",
      R"({"TableName":null,"Item":{"pk":{"S":"a"},"sk":{"N":"1"}}})",
      R"({"TableName":5,"Item":{"pk":{"S":"a"},"sk":{"N":"1"}}})",
      R"({"TableName":"Tab","Item":[]})",
      R"({"TableName":"Tab","Item":{"pk":{"S":"a"},"sk":{"N":"1"}},"ReturnItemCollectionMetrics":"SIZE"})",
      // Refused by the model's rules: the full reader reports them as it reads.
      R"({"TableName":"Tab","Item":{"pk":{"S":"a"},"sk":{"N":"1"}},"ReturnConsumedCapacity":"ALL"})",
      R"({"TableName":"T","Item":{"pk":{"S":"a"},"sk":{"N":"1"}},"ReturnValues":"X"})",
      R"({"TableName":"Tab","Item":{"pk":{"S":"a"},"sk":{"N":"1"}},"Expected":{}})",
      R"({"TableName":"Tab","Item":{"pk":{"S":"a"},"sk":{"N":"1"}},"Unknown":1})",
      R"({"TableName":"Tab","Item":{"pk":{"S":"a"},"sk":{"N":"1"}},"ExpressionAttributeValues":{}})",
      R"({"TableName":"Tab","Item":{"pk":{"S":"a"},"sk":{"N":"1"}}} x)",
      R"({"TableName":"Tab","Item":{"pk":{"S":"a"},"sk":{"N":"1"}})",
      "\xef\xbb\xbf{\"TableName\":\"Tab\",\"Item\":{\"pk\":{\"S\":\"a\"},\"sk\":{\"N\":\"1\"}}}",
      "{\"TableName\":\"Tab\",\"Item\":{\"pk\":{\"S\":\"\\ud800\"},\"sk\":{\"N\":\"1\"}}}",
      "[]",
      "",
  };
  for (const std::string& body : bodies) {
    INFO(body);
    CHECK_FALSE(Fast(body));
    p.PutBoth(body);
  }
}

TEST_CASE("PutItem's two paths agree on 3,000 generated and mutated bodies") {
  Pair p;
  std::mt19937 rng(20261125);
  auto pick = [&](int n) { return std::uniform_int_distribution<int>(0, n - 1)(rng); };
  const std::vector<std::string> values = {
      R"({"S":"v"})",    R"({"S":""})",       R"({"N":"0"})",     R"({"N":"-0.001"})",
      R"({"N":"1e3"})",  R"({"BOOL":false})", R"({"NULL":true})", R"({"N":"01"})",
      R"({"SS":["a"]})", R"({"S":1})"};
  int fast = 0;
  for (int i = 0; i < 3000; ++i) {
    std::string item = R"("pk":{"S":"k)" + std::to_string(pick(20)) + R"("},"sk":{"N":")" +
                       std::to_string(pick(5)) + R"("})";
    for (int a = 0, n = pick(4); a < n; ++a) {
      item += ",\"a" + std::to_string(pick(3)) + "\":" + values[static_cast<size_t>(pick(10))];
    }
    std::string body = R"({"TableName":"Tab","Item":{)" + item + "}";
    switch (pick(4)) {
      case 0:
        body += R"J(,"ConditionExpression":"attribute_not_exists(pk)")J";
        break;
      case 1:
        body += R"(,"ReturnValues":"ALL_OLD","ReturnConsumedCapacity":"TOTAL")";
        break;
      default:
        break;
    }
    body += "}";
    if (pick(5) == 0 && !body.empty()) {  // a byte changed, added or removed
      size_t at = static_cast<size_t>(pick(static_cast<int>(body.size())));
      const char c = "{}[]\":,\\ 0Nx"[pick(12)];
      if (pick(2) == 0) {
        body[at] = c;
      } else {
        body.insert(at, 1, c);
      }
    }
    fast += Fast(body) ? 1 : 0;
    p.PutBoth(body);
  }
  CHECK(fast > 1000);  // most bodies must exercise the fast path
}
