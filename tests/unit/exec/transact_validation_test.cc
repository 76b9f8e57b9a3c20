// Which per-action problems cancel a transaction and which reject the whole request.
// DynamoDB (API reference, TransactWriteItems / TransactionCanceledException): item-level checks
// (a Put whose key has the wrong type, an item grown too large by an update) cancel the transaction
// with a ValidationError reason for the first offending action and None for every other;
// request-level problems (expression syntax, unused placeholders, the 4 MB aggregate size) are a
// ValidationException for the whole request.
#include "fixture.h"

using namespace ddbtest;

namespace {

TransactWriteItem PutOf(Item item) {
  TransactWriteItem w;
  w.action = "Put";
  w.table_name = "App";
  w.item = std::move(item);
  return w;
}

}  // namespace

TEST_CASE("A Put whose key has the wrong type cancels with ValidationError, later actions None") {
  auto e = OpenMemory();
  CreateAppTable(*e, "App", false);
  TransactWriteItem bad1 = PutOf({{"PK", N("7")}, {"SK", S("A")}});
  TransactWriteItem bad2 = PutOf({{"PK", N("8")}, {"SK", S("A")}});
  // A false condition that is never reached: validation stops at the first error.
  TransactWriteItem guarded = PutOf({{"PK", S("P3")}, {"SK", S("A")}});
  guarded.condition_expression = "attribute_exists(PK)";
  TransactWriteItemsRequest t;
  t.transact_items = {bad1, bad2, guarded};
  Error err = Fails(e->TransactWriteItems(t));
  CHECK(err.type == ErrorType::kTransactionCanceledException);
  CHECK(err.message ==
        "Transaction cancelled, please refer cancellation reasons for specific reasons "
        "[ValidationError, None, None]");
  REQUIRE(err.cancellation_reasons.size() == 3);
  CHECK(err.cancellation_reasons[0].message ==
        "One or more parameter values were invalid: Type mismatch for key PK expected: S actual: "
        "N");
  CHECK(err.cancellation_reasons[1].message.empty());
  CHECK(err.cancellation_reasons[2].message.empty());
}

TEST_CASE("An expression error in one action rejects the whole transaction request") {
  auto e = OpenMemory();
  CreateAppTable(*e, "App", false);
  TransactWriteItem bad_key = PutOf({{"PK", N("7")}, {"SK", S("A")}});
  TransactWriteItem bad_expr = PutOf({{"PK", S("P2")}, {"SK", S("A")}});
  bad_expr.condition_expression = "attribute_exists(#missing)";
  TransactWriteItemsRequest t;
  t.transact_items = {bad_key, bad_expr};
  Error err = Fails(e->TransactWriteItems(t));
  CHECK(err.type == ErrorType::kValidationException);
  CHECK(err.message ==
        "Invalid ConditionExpression: An expression attribute name used in the document path is "
        "not defined; attribute name: #missing");
}

TEST_CASE("An update growing an item past 400 KB cancels with ValidationError") {
  auto e = OpenMemory();
  CreateAppTable(*e, "App", false);
  Put(*e, {{"PK", S("P1")}, {"SK", S("A")}, {"a", S(std::string(300000, 'x'))}});
  TransactWriteItem u;
  u.action = "Update";
  u.table_name = "App";
  u.key = Key{{"PK", S("P1")}, {"SK", S("A")}};
  u.update_expression = "SET b = :b";
  u.expression_attribute_values = ExpressionAttributeValues{{":b", S(std::string(200000, 'y'))}};
  TransactWriteItemsRequest t;
  t.transact_items = {u};
  Error err = Fails(e->TransactWriteItems(t));
  CHECK(err.type == ErrorType::kTransactionCanceledException);
  REQUIRE(err.cancellation_reasons.size() == 1);
  CHECK(err.cancellation_reasons[0].code == "ValidationError");
  CHECK(err.cancellation_reasons[0].message ==
        "Item size to update has exceeded the maximum allowed size");
}

// DynamoDB: the aggregate size of a transaction cannot exceed 4 MB; it is the request payload that
// counts, so deleting large items in a small request is fine.
TEST_CASE(
    "A transaction over 4 MB is a ValidationException, a small one deleting big items is not") {
  auto e = OpenMemory();
  CreateAppTable(*e, "App", false);
  const std::string big(100000, 'x');
  TransactWriteItemsRequest t;
  for (int i = 0; i < 50; ++i) {
    t.transact_items.push_back(
        PutOf({{"PK", S("P" + std::to_string(i))}, {"SK", S("A")}, {"x", S(big)}}));
  }
  Error err = Fails(e->TransactWriteItems(t));
  CHECK(err.type == ErrorType::kValidationException);
  // DynamoDB's text is known to speak of the payload and to contain "size cannot exceed".
  CHECK(err.message.rfind(
            "Transaction request cannot be processed: the transaction payload size cannot exceed "
            "4 MB; this request's is ",
            0) == 0);

  TransactWriteItemsRequest deletes;
  for (int i = 0; i < 50; ++i) {
    Put(*e, {{"PK", S("P" + std::to_string(i))}, {"SK", S("A")}, {"x", S(big)}});
    TransactWriteItem d;
    d.action = "Delete";
    d.table_name = "App";
    d.key = Key{{"PK", S("P" + std::to_string(i))}, {"SK", S("A")}};
    deletes.transact_items.push_back(d);
  }
  Must(e->TransactWriteItems(deletes));

  // 30 items of 100 KB (3 MB) fit.
  TransactWriteItemsRequest three;
  for (int i = 0; i < 30; ++i) {
    three.transact_items.push_back(
        PutOf({{"PK", S("Q" + std::to_string(i))}, {"SK", S("A")}, {"x", S(big)}}));
  }
  Must(e->TransactWriteItems(three));
}

// DynamoDB (TransactGetItems): a Get has no item-level check to fail, so a malformed action is a
// ValidationException for the whole request, not a cancellation.
TEST_CASE("A TransactGetItems key that does not match the schema is a ValidationException") {
  auto e = OpenMemory();
  CreateAppTable(*e, "App", false);
  TransactGetItemsRequest g;
  TransactGet get;
  get.table_name = "App";
  get.key = Key{{"PK", N("1")}, {"SK", S("A")}};
  g.transact_items = {get};
  Error err = Fails(e->TransactGetItems(g));
  CHECK(err.type == ErrorType::kValidationException);
  CHECK(err.message == "The provided key element does not match the schema");
}
