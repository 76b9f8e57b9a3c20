// TransactWriteItems' ClientRequestToken. DynamoDB (API reference, TransactWriteItems): a
// repeat of a request with the same token within 10 minutes succeeds without writing again; the
// same token with other parameters is IdempotentParameterMismatchException; after 10 minutes the
// token is a new one.
#include <memory>

#include "fixture.h"

using namespace ddbtest;

namespace {

// Adds 1 to the counter of `pk`, with `token`.
TransactWriteItemsRequest Increment(const std::string& pk, const std::string& token) {
  TransactWriteItem w;
  w.action = "Update";
  w.table_name = "App";
  w.key = Key{{"PK", S(pk)}, {"SK", S("c")}};
  w.update_expression = "ADD n :one";
  w.expression_attribute_values = ExpressionAttributeValues{{":one", N("1")}};
  TransactWriteItemsRequest t;
  t.transact_items = {w};
  t.client_request_token = token;
  return t;
}

std::string Counter(Engine& e, const std::string& pk) {
  GetItemRequest g;
  g.table_name = "App";
  g.key = {{"PK", S(pk)}, {"SK", S("c")}};
  auto item = Must(e.GetItem(g)).item;
  return item ? item->at("n").num().ToString() : "none";
}

}  // namespace

TEST_CASE(
    "ClientRequestToken: a repeat writes once, other parameters mismatch, 10 minutes later it is "
    "new") {
  ClockedEngine c;
  CreateAppTable(*c.engine, "App", false);
  Must(c.engine->TransactWriteItems(Increment("a", "t1")));
  Must(c.engine->TransactWriteItems(Increment("a", "t1")));
  CHECK(Counter(*c.engine, "a") == "1");
  Error err = Fails(c.engine->TransactWriteItems(Increment("b", "t1")));
  CHECK(err.type == ErrorType::kIdempotentParameterMismatchException);
  CHECK(Counter(*c.engine, "b") == "none");
  *c.now += 599;
  Must(c.engine->TransactWriteItems(Increment("a", "t1")));
  CHECK(Counter(*c.engine, "a") == "1");
  *c.now += 2;  // 601 s after the token's use
  Must(c.engine->TransactWriteItems(Increment("a", "t1")));
  CHECK(Counter(*c.engine, "a") == "2");
  // Thousands of tokens, each used once over an hour: each is forgotten after its 10 minutes
  // (and the one reused last is still known).
  for (int i = 0; i < 3600; ++i) {
    *c.now += 1;
    Must(c.engine->TransactWriteItems(Increment("many", "token-" + std::to_string(i))));
  }
  Must(c.engine->TransactWriteItems(Increment("many", "token-3599")));
  CHECK(Counter(*c.engine, "many") == "3600");
  Must(c.engine->TransactWriteItems(Increment("many", "token-0")));
  CHECK(Counter(*c.engine, "many") == "3601");
}
