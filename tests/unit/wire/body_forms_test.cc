// A request body comes in two forms: its text, read onto a tape (serve, ExecuteJsonText), or a
// document an in-process caller built (ExecuteJson). The one set of readers (json_read.h,
// model_codec.h) reads both, and must answer alike: the same request or the same error, the same
// answer and the same stored items. Each body here runs on two engines in the same state, one
// hearing the text and one the document ParseJson makes of it.
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

// Two engines in lockstep: `text` hears bodies as text, `doc` as parsed documents.
struct Pair {
  std::unique_ptr<ddblab::Engine> text = wiretest::OpenEngine();
  std::unique_ptr<ddblab::Engine> doc = wiretest::OpenEngine();
  Pair() {
    REQUIRE(wiretest::Call(*text, "CreateTable", kTable).ok);
    REQUIRE(wiretest::Call(*doc, "CreateTable", kTable).ok);
  }

  // Runs `body` on both and checks the answers agree; returns whether the call succeeded.
  bool Both(const char* op, const std::string& body) {
    ddblab::wire::JsonResult a = wiretest::Call(*text, op, body);
    Json parsed = ddblab::wire::ParseJson(body);
    ddblab::wire::JsonResult b = parsed.is_discarded()
                                     ? wiretest::Call(*doc, op, body)
                                     : ddblab::wire::ExecuteJson(*doc, op, parsed);
    INFO(op << " " << body);
    CHECK(a.ok == b.ok);
    CHECK(a.http_status == b.http_status);
    CHECK(a.body.dump() == b.body.dump());
    CHECK(a.capacity.size() == b.capacity.size());
    if (!a.capacity.empty() && !b.capacity.empty()) {
      CHECK(a.capacity[0].total.half_units == b.capacity[0].total.half_units);
    }
    CHECK(Scan(*text) == Scan(*doc));
    return a.ok;
  }

  static std::string Scan(ddblab::Engine& e) {
    return wiretest::Call(e, "Scan", R"({"TableName":"Tab","ReturnConsumedCapacity":"TOTAL"})")
        .body.dump();
  }
};

}  // namespace

TEST_CASE("PutItem bodies read from text and from a document answer alike") {
  Pair p;
  const std::vector<std::string> bodies = {
      R"({"TableName":"Tab","Item":{"pk":{"S":"a"},"sk":{"N":"1"},"note":{"S":"x"}}})",
      // An overwrite, with the old item returned and the capacity shown.
      R"( { "TableName" : "Tab" , "Item" : { "pk" : {"S":"a"}, "sk": {"N":"1.0"},
            "flag":{"BOOL":true}, "gone":{"NULL":true}, "n":{"N":"-1.5E+3"} },
            "ReturnValues":"ALL_OLD", "ReturnConsumedCapacity":"TOTAL" } )",
      R"J({"TableName":"Tab","Item":{"pk":{"S":"b"},"sk":{"N":"2"}},
          "ConditionExpression":"attribute_not_exists(#p)","ExpressionAttributeNames":{"#p":"pk"},
          "ReturnValuesOnConditionCheckFailure":"ALL_OLD"})J",
      R"J({"TableName":"Tab","Item":{"pk":{"S":"b"},"sk":{"N":"2"},"v":{"N":"7"}},
          "ConditionExpression":"#v = :v OR attribute_not_exists(#v)",
          "ExpressionAttributeNames":{"#v":"v"},"ExpressionAttributeValues":{":v":{"N":"7"}}})J",
      // Text that needs decoding: escapes, surrogate pairs, raw UTF-8, a 38-digit number.
      "{\"TableName\":\"Tab\",\"Item\":{\"pk\":{\"S\":\"caf\\u00e9 \\ud83d\\ude00 \\\"q\\\"\"},"
      "\"sk\":{\"N\":\"12345678901234567890123456789012345678\"},\"t\":{\"S\":\"\xc3\xa9\"}}}",
      // Every type, nested.
      R"({"TableName":"Tab","Item":{"pk":{"S":"a"},"sk":{"N":"1"},"s":{"SS":["x","y"]},
          "ns":{"NS":["1","2"]},"bs":{"BS":["AAE="]},"l":{"L":[{"S":"x"},{"M":{"k":{"N":"1"}}}]},
          "m":{"M":{"k":{"N":"1"},"in":{"L":[]}}},"b":{"B":"AAE="}}})",
      // A repeated name keeps its first place and its last value, at every level.
      R"({"TableName":"Tab","Item":{"pk":{"S":"a"},"sk":{"N":"1"},"pk":{"S":"b"}}})",
      R"({"TableName":"Nope","TableName":"Tab","Item":{"pk":{"S":"r"},"sk":{"N":"1"}}})",
      R"({"TableName":"Tab","Item":{"pk":{"S":"a","S":"z"},"sk":{"N":"1"}}})",
      // Refused as values: by the engine, or while the body is read.
      R"({"TableName":"Tab","Item":{"pk":{"S":"c"}}})",
      R"({"TableName":"Tab","Item":{"pk":{"N":"1"},"sk":{"N":"1"}}})",
      R"({"TableName":"Tab","Item":{"pk":{"S":""},"sk":{"N":"1"}}})",
      R"({"TableName":"Nope","Item":{"pk":{"S":"a"},"sk":{"N":"1"}}})",
      R"({"TableName":"Tab","Item":{"pk":{"S":"a"},"sk":{"N":"1"},"z":{"NULL":false}}})",
      R"({"TableName":"Tab","Item":{"pk":{"S":"a"},"sk":{"N":"1"},"two":{"S":"x","N":"1"}}})",
      R"({"TableName":"Tab","Item":{"pk":{"S":"a"},"sk":{"N":"1"},"e":{}}})",
      R"({"TableName":"Tab","Item":{"pk":{"S":"a"},"sk":{"N":"1e500"}}})",
      R"({"TableName":"Tab","Item":{"pk":{"S":"a"},"sk":{"N":"x"}}})",
      R"({"TableName":"Tab","Item":{"pk":{"S":"a"},"sk":{"N":"1"},"s":{"SS":["x","x"]}}})",
      R"({"TableName":"Tab","Item":{"pk":{"S":"a"},"sk":{"N":"1"},"b":{"B":"!!"}}})",
      R"({"TableName":"Tab","Item":{"pk":{"S":"a"},"sk":{"N":"1"},"l":{"L":{}}}})",
      R"({"TableName":"Tab","Item":{"pk":{"S":"a"},"sk":{"N":"1"},"l":{"SS":[1]}}})",
      R"({"TableName":"Tab","Item":{"pk":{"S":"a"},"sk":{"N":"1"}},"ConditionExpression":""})",
      R"({"TableName":"Tab","Item":{"pk":{"S":"a"},"sk":{"N":"1"}},"ConditionExpression":"a = :x"})",
      R"({"TableName":"Tab","Item":{"pk":{"S":"a"},"sk":{"N":"1"}},
          "ExpressionAttributeNames":{"#unused":"x"}})",
      R"({"TableName":"Tab","Item":{"pk":{"S":"a"},"sk":{"N":"1"}},"ExpressionAttributeValues":{}})",
      R"({"TableName":"Tab","Item":{"pk":{"S":"a"},"sk":{"N":"1"}},
          "ExpressionAttributeValues":{":a":{"S":""},":b":{"NULL":false}}})",
      // Refused as members: wrong JSON types, the model's rules, missing members.
      R"({"TableName":"Tab","Item":{}})",
      R"({"TableName":"Tab"})",
      R"({"Item":{"pk":{"S":"a"},"sk":{"N":"1"}}})",
      R"({"TableName":null,"Item":{"pk":{"S":"a"},"sk":{"N":"1"}}})",
      R"({"TableName":5,"Item":{"pk":{"S":"a"},"sk":{"N":"1"}}})",
      R"({"TableName":["Tab"],"Item":{"pk":{"S":"a"},"sk":{"N":"1"}}})",
      R"({"TableName":"Tab","Item":[]})",
      R"({"TableName":"Tab","Item":"x"})",
      R"({"TableName":"Tab","Item":{"pk":{"S":"a"},"sk":{"N":"1"}},"ReturnConsumedCapacity":"ALL"})",
      R"({"TableName":"T","Item":{"pk":{"S":"a"},"sk":{"N":"1"}},"ReturnValues":"X"})",
      R"({"TableName":"Tab","Item":{"pk":{"S":"a"},"sk":{"N":"1"}},"Expected":{}})",
      R"({"TableName":"Tab","Item":{"pk":{"S":"a"},"sk":{"N":"1"}},"Unknown":1})",
      R"({"TableName":"Tab","Item":{"pk":{"S":"a"},"sk":{"N":"1"}},"ReturnItemCollectionMetrics":"SIZE"})",
      // Not JSON at all.
      R"({"TableName":"Tab","Item":{"pk":{"S":"a"},"sk":{"N":"1"}}} x)",
      R"({"TableName":"Tab","Item":{"pk":{"S":"a"},"sk":{"N":"1"}})",
      "\xef\xbb\xbf{\"TableName\":\"Tab\",\"Item\":{\"pk\":{\"S\":\"a\"},\"sk\":{\"N\":\"1\"}}}",
      "{\"TableName\":\"Tab\",\"Item\":{\"pk\":{\"S\":\"\\ud800\"},\"sk\":{\"N\":\"1\"}}}",
      "[]",
      "",
      "null",
  };
  for (const std::string& body : bodies) p.Both("PutItem", body);
}

TEST_CASE("Reads, updates, deletes and hand-read operations answer alike from either form") {
  Pair p;
  REQUIRE(p.Both("PutItem", R"({"TableName":"Tab","Item":{"pk":{"S":"a"},"sk":{"N":"1"},
      "n":{"N":"5"},"tags":{"SS":["x"]}}})"));
  const std::vector<std::pair<const char*, std::string>> calls = {
      {"GetItem", R"({"TableName":"Tab","Key":{"pk":{"S":"a"},"sk":{"N":"1"}}})"},
      {"GetItem", R"({"TableName":"Tab","Key":{"pk":{"S":"a"},"sk":{"N":"1"}},
          "ProjectionExpression":"#n","ExpressionAttributeNames":{"#n":"n"},
          "ConsistentRead":true,"ReturnConsumedCapacity":"INDEXES"})"},
      {"GetItem", R"({"TableName":"Tab","Key":{"pk":{"S":"a"},"sk":{"N":"1"}},
          "ExpressionAttributeValues":{":v":{"S":"x"}}})"},
      {"GetItem", R"({"TableName":"Tab","Key":{"pk":{"S":"a"}},"ConsistentRead":"yes"})"},
      {"Query", R"({"TableName":"Tab","KeyConditionExpression":"pk = :p",
          "ExpressionAttributeValues":{":p":{"S":"a"}},"Limit":1,"ScanIndexForward":false})"},
      {"Query", R"({"TableName":"Tab","KeyConditions":{"pk":{"ComparisonOperator":"EQ",
          "AttributeValueList":[{"S":"a"}]}}})"},
      {"Query", R"({"TableName":"Tab","KeyConditionExpression":"pk = :p",
          "ExpressionAttributeValues":{":p":{"S":"a"}},"Limit":0,"Select":"NONE"})"},
      {"Query", R"({"TableName":"Tab","KeyConditionExpression":"pk = :p",
          "ExpressionAttributeValues":{":p":{"S":"a"}},"Limit":"1"})"},
      {"Scan", R"({"TableName":"Tab","Segment":1,"TotalSegments":2})"},
      {"Scan", R"({"TableName":"Tab","Segment":1000000,"TotalSegments":0,"Limit":-1})"},
      {"Scan", R"({"TableName":"Tab","ScanFilter":{"n":{"ComparisonOperator":"GT",
          "AttributeValueList":[{"N":"1"}]}},"ScanFilter":[]})"},
      {"UpdateItem", R"({"TableName":"Tab","Key":{"pk":{"S":"a"},"sk":{"N":"1"}},
          "UpdateExpression":"ADD n :one, tags :t","ExpressionAttributeValues":{":one":{"N":"1"},
          ":t":{"SS":["y"]}},"ReturnValues":"UPDATED_NEW"})"},
      {"UpdateItem", R"({"TableName":"Tab","Key":{"pk":{"S":"a"},"sk":{"N":"1"}},
          "AttributeUpdates":{"n":{"Action":"PUT","Value":{"N":"9"}}}})"},
      {"UpdateItem", R"({"TableName":"Tab","Key":{"pk":{"S":"a"},"sk":{"N":"1"}},
          "AttributeUpdates":{"n":{"Action":"PUT","Value":{"N":"9"}}},"UpdateExpression":"SET a=:a"})"},
      {"DeleteItem", R"({"TableName":"Tab","Key":{"pk":{"S":"zz"},"sk":{"N":"1"}},
          "Expected":{"n":{"Exists":false}},"ReturnValues":"ALL_OLD"})"},
      {"BatchWriteItem", R"({"RequestItems":{"Tab":[{"PutRequest":{"Item":{"pk":{"S":"b"},
          "sk":{"N":"2"}}}},{"DeleteRequest":{"Key":{"pk":{"S":"a"},"sk":{"N":"1"}}}}]},
          "ReturnConsumedCapacity":"TOTAL"})"},
      {"BatchGetItem", R"({"RequestItems":{"Tab":{"Keys":[{"pk":{"S":"b"},"sk":{"N":"2"}}]}}})"},
      {"BatchGetItem", R"({"RequestItems":{"Tab":{"Keys":{}}}})"},
      {"TransactWriteItems", R"J({"TransactItems":[{"Put":{"TableName":"Tab","Item":{
          "pk":{"S":"c"},"sk":{"N":"3"}}}},{"ConditionCheck":{"TableName":"Tab","Key":{
          "pk":{"S":"b"},"sk":{"N":"2"}},"ConditionExpression":"attribute_exists(pk)"}}]})J"},
      {"TransactGetItems", R"({"TransactItems":[{"Get":{"TableName":"Tab","Key":{
          "pk":{"S":"c"},"sk":{"N":"3"}}}}]})"},
      {"ExecuteStatement", R"({"Statement":"SELECT * FROM Tab WHERE pk = ?",
          "Parameters":[{"S":"c"}]})"},
      {"ExecuteStatement", R"({"Statement":"UPDATE Tab SET n = 1 WHERE pk = ? AND sk = ?",
          "Parameters":[{"S":"c"},{"N":"3"}],"ReturnValuesOnConditionCheckFailure":"ALL_OLD"})"},
      {"DescribeTable", R"({"TableName":"Tab"})"},
      {"CreateTable", R"({"TableName":"Two","BillingMode":"PAY_PER_REQUEST",
          "AttributeDefinitions":[{"AttributeName":"k","AttributeType":"S"}],
          "KeySchema":[{"AttributeName":"k","KeyType":"HASH"}],"TableClass":"STANDARD_IA"})"},
      {"CreateTable", R"({"TableName":"Two","BillingMode":"PAY_PER_REQUEST",
          "AttributeDefinitions":[{"AttributeName":"k","AttributeType":"S"}],
          "KeySchema":[{"AttributeName":"k","KeyType":"HASH"}]})"},
      {"UpdateTable", R"({"TableName":"Two","DeletionProtectionEnabled":true})"},
      {"UpdateTimeToLive", R"({"TableName":"Tab","TimeToLiveSpecification":{"Enabled":true,
          "AttributeName":"ttl"}})"},
      {"TagResource", R"({"ResourceArn":"arn:aws:dynamodb:us-east-1:000000000000:table/Tab",
          "Tags":[{"Key":"k","Value":"v"},{"Key":"","Value":null}]})"},
      {"ListTables", R"({"Limit":101,"ExclusiveStartTableName":"a"})"},
      {"NoSuchOperation", R"({})"},
      {"NoSuchOperation", R"({)"},
  };
  for (const auto& [op, body] : calls) p.Both(op, body);
}

TEST_CASE("3,000 generated and mutated bodies read alike from either form") {
  Pair p;
  std::mt19937 rng(20261208);
  auto pick = [&](int n) { return std::uniform_int_distribution<int>(0, n - 1)(rng); };
  const std::vector<std::string> values = {R"({"S":"v"})",
                                           R"({"S":""})",
                                           R"({"N":"0"})",
                                           R"({"N":"-0.001"})",
                                           R"({"N":"1e3"})",
                                           R"({"BOOL":false})",
                                           R"({"NULL":true})",
                                           R"({"N":"01"})",
                                           R"({"SS":["a"]})",
                                           R"({"S":1})",
                                           R"({"L":[{"S":"x"},{"N":"2"}]})",
                                           R"({"M":{"a":{"S":"b"},"a":{"N":"3"}}})",
                                           R"({"B":"AAE="})",
                                           R"({"S":"\u00e9\n"})"};
  const char* ops[] = {"PutItem", "UpdateItem", "GetItem", "DeleteItem"};
  for (int i = 0; i < 3000; ++i) {
    const char* op = ops[pick(4)];
    std::string key = R"("pk":{"S":"k)" + std::to_string(pick(20)) + R"("},"sk":{"N":")" +
                      std::to_string(pick(5)) + R"("})";
    std::string body;
    if (std::string(op) == "PutItem") {
      std::string item = key;
      for (int a = 0, n = pick(4); a < n; ++a) {
        item += ",\"a" + std::to_string(pick(3)) + "\":" + values[static_cast<size_t>(pick(14))];
      }
      body = R"({"TableName":"Tab","Item":{)" + item + "}";
    } else if (std::string(op) == "UpdateItem") {
      body = R"({"TableName":"Tab","Key":{)" + key + R"(},"UpdateExpression":"SET a0 = :v",)" +
             R"("ExpressionAttributeValues":{":v":)" + values[static_cast<size_t>(pick(14))] + "}";
    } else {
      body = R"({"TableName":"Tab","Key":{)" + key + "}";
    }
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
    if (pick(4) == 0) {  // a byte changed, added or removed
      size_t at = static_cast<size_t>(pick(static_cast<int>(body.size())));
      const char c = "{}[]\":,\\ 0Nx"[pick(12)];
      switch (pick(3)) {
        case 0:
          body[at] = c;
          break;
        case 1:
          body.insert(at, 1, c);
          break;
        default:
          body.erase(at, 1);
          break;
      }
    }
    p.Both(op, body);
  }
}
