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
  const Json all_names = {{"#a", "a"}, {"#pk", "pk"}, {"#sk", "sk"}, {"#l", "l"}, {"#m", "m"}};
  const Json all_values = {{":s", {{"S", "a"}}},
                           {":n", {{"N", "1"}}},
                           {":l", {{"L", Json::array({Json{{"N", "3"}}})}}},
                           {":b", {{"BOOL", true}}},
                           {":ss", {{"SS", Json::array({"p"})}}}};
  // Only the placeholders the text mentions: DynamoDB refuses a request with an unused name or
  // value before it looks any further, so sending all of them kept almost every input away from
  // the parsers and evaluators this target is for.
  auto mentioned = [&text](const Json& all) {
    Json used = Json::object();
    for (auto it = all.begin(); it != all.end(); ++it) {
      if (text.find(it.key()) != std::string::npos) used[it.key()] = it.value();
    }
    return used;
  };
  Json key = {{"pk", {{"S", "a"}}}, {"sk", {{"N", "1"}}}};
  std::string op;
  Json body = {{"TableName", "Tab"}};
  if (Json names = mentioned(all_names); !names.empty()) body["ExpressionAttributeNames"] = names;
  if (Json values = mentioned(all_values); !values.empty()) {
    body["ExpressionAttributeValues"] = values;
  }
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
