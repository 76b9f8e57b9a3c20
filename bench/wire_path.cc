// What the wire's JSON door adds to an engine call: a request body read, the typed call, the
// answer written as text, as `serve` runs each request (wire::ExecuteJsonToText, without the
// sockets and HTTP framing), against the same typed call made to the engine directly, in one
// run. Prints one line per request like repl_path.cc.
#include <cstdio>
#include <string>

#include "bench_support.h"
#include "ddblab/wire.h"
#include "ddblab/wire_text.h"

namespace ddblab::bench {
namespace {

void Door(Engine& e, const char* operation, const std::string& body) {
  std::string text;
  wire::JsonResult r = wire::ExecuteJsonToText(e, operation, body, &text);
  Check(r.ok, body.c_str());
}

}  // namespace

void BenchWirePath() {
  std::shared_ptr<Engine> e = OrdersEngine();
  // The item repl_path.cc's PutItem writes: PK, SK, total, status and a 120-byte note.
  const std::string note(120, 'x');
  PrintPath("wire_put_item",
            Compare(
                [&](int64_t i) {
                  Door(*e, "PutItem",
                       R"({"TableName":"Bench","Item":{"PK":{"S":"NEW#)" +
                           std::to_string(i % 1000) +
                           R"("},"SK":{"S":"PROFILE"},"total":{"N":"12345"},"status":{"S":"OPEN"},)"
                           R"("note":{"S":")" +
                           note + R"("}}})");
                },
                [&](int64_t i) {
                  PutItemRequest p;
                  p.table_name = "Bench";
                  p.item = Order("NEW#" + std::to_string(i % 1000), "PROFILE", false);
                  Check(e->PutItem(p).ok(), "PutItem");
                }));
  PrintPath("wire_get_item",
            Compare(
                [&](int64_t i) {
                  char sk[32];
                  std::snprintf(sk, sizeof sk, "ORDER#%08d", static_cast<int>(i % 100));
                  Door(*e, "GetItem",
                       R"({"TableName":"Bench","Key":{"PK":{"S":"CUSTOMER#)" +
                           std::to_string(i % 20) + R"("},"SK":{"S":")" + sk + R"("}}})");
                },
                [&](int64_t i) {
                  char sk[32];
                  std::snprintf(sk, sizeof sk, "ORDER#%08d", static_cast<int>(i % 100));
                  GetItemRequest g;
                  g.table_name = "Bench";
                  g.key = {{"PK", S("CUSTOMER#" + std::to_string(i % 20))}, {"SK", S(sk)}};
                  Check(e->GetItem(g).ok(), "GetItem");
                }));
  PrintPath("wire_query_100",
            Compare(
                [&](int64_t i) {
                  Door(*e, "Query",
                       R"({"TableName":"Bench","KeyConditionExpression":"PK = :pk",)"
                       R"("ExpressionAttributeValues":{":pk":{"S":"CUSTOMER#)" +
                           std::to_string(i % 20) + R"("}}})");
                },
                [&](int64_t i) { Query100(*e, i); }));
}

}  // namespace ddblab::bench
