// The five expression languages, through the request that carries each (the engine's public JSON
// API, so the target does not depend on the parser's internals). The first byte picks the
// expression; the rest is its text. Invariant: an answer or a DynamoDB error, never a crash.
#include <cstdint>
#include <string>

#include "engine_fixture.h"

using ddblab::wire::Json;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  std::string text(reinterpret_cast<const char*>(data) + 1, size - 1);
  Json names = {{"#a", "a"}, {"#pk", "pk"}, {"#sk", "sk"}, {"#l", "l"}, {"#m", "m"}};
  Json values = {{":s", {{"S", "a"}}},
                 {":n", {{"N", "1"}}},
                 {":l", {{"L", Json::array({Json{{"N", "3"}}})}}},
                 {":b", {{"BOOL", true}}},
                 {":ss", {{"SS", Json::array({"p"})}}}};
  Json key = {{"pk", {{"S", "a"}}}, {"sk", {{"N", "1"}}}};
  std::string op;
  Json body = {{"TableName", "T"},
               {"ExpressionAttributeNames", names},
               {"ExpressionAttributeValues", values}};
  switch (data[0] % 5) {
    case 0:
      op = "Scan";
      body["FilterExpression"] = text;
      break;
    case 1:
      op = "Query";
      body["KeyConditionExpression"] = text;
      break;
    case 2:
      op = "UpdateItem";
      body["Key"] = key;
      body["UpdateExpression"] = text;
      body["ReturnValues"] = "ALL_NEW";
      break;
    case 3:
      op = "DeleteItem";
      body["Key"] = key;
      body["ConditionExpression"] = text;
      break;
    default:
      op = "GetItem";
      body["Key"] = key;
      body["ProjectionExpression"] = text;
      body.erase("ExpressionAttributeValues");
      break;
  }
  ddblab::wire::ExecuteJson(fuzz::FixtureEngine(), op, body);
  return 0;
}
