// A write whose new image gives a secondary-index key attribute the wrong type, or an empty string
// or binary, is rejected whole, whatever the write path: PutItem, UpdateItem, BatchWriteItem,
// TransactWriteItems and PartiQL all build their new image through the same check.
// DynamoDB: developer guide, "Global secondary indexes" (the index key must match its
// AttributeDefinitions type) and "Working with items: empty values for index keys".
#include "fixture.h"

using namespace ddbtest;

namespace {

constexpr char kMismatch[] =
    "One or more parameter values were invalid: Type mismatch for Index Key GSI1PK Expected: S "
    "Actual: N IndexName: GSI1";
constexpr char kEmptyPut[] =
    "One or more parameter values are not valid. A value specified for a secondary index key is "
    "not supported. The AttributeValue for a key attribute cannot contain an empty string value. "
    "IndexName: GSI1, IndexKey: GSI1PK";
constexpr char kEmptyUpdate[] =
    "One or more parameter values are not valid. The update expression attempted to update a "
    "secondary index key to a value that is not supported. The AttributeValue for a key "
    "attribute cannot contain an empty string value.";

Item WrongType(const std::string& pk) {
  return {{"PK", S(pk)}, {"SK", S("A")}, {"GSI1PK", N("3")}, {"GSI1SK", S("x")}};
}

bool Exists(Engine& e, const std::string& pk) {
  GetItemRequest g;
  g.table_name = "App";
  g.key = {{"PK", S(pk)}, {"SK", S("A")}};
  return Must(e.GetItem(g)).item.has_value();
}

}  // namespace

TEST_CASE("PutItem with a wrong-typed index key is rejected and stores nothing") {
  auto e = OpenMemory();
  CreateAppTable(*e);
  PutItemRequest p;
  p.table_name = "App";
  p.item = WrongType("P1");
  CHECK(Fails(e->PutItem(p)).message == kMismatch);
  CHECK_FALSE(Exists(*e, "P1"));
  p.item = {{"PK", S("P1")}, {"SK", S("A")}, {"GSI1PK", AttributeValue::Null()}};
  CHECK(Fails(e->PutItem(p)).message ==
        "One or more parameter values were invalid: Type mismatch for Index Key GSI1PK Expected: "
        "S Actual: NULL IndexName: GSI1");
  p.item = {{"PK", S("P1")}, {"SK", S("A")}, {"GSI1PK", S("")}};
  CHECK(Fails(e->PutItem(p)).message == kEmptyPut);
  CHECK_FALSE(Exists(*e, "P1"));
}

TEST_CASE("UpdateItem SET of an index key to a wrong type or an empty string is rejected") {
  auto e = OpenMemory();
  CreateAppTable(*e);
  Put(*e, {{"PK", S("P1")}, {"SK", S("A")}, {"v", S("old")}});
  UpdateItemRequest u;
  u.table_name = "App";
  u.key = {{"PK", S("P1")}, {"SK", S("A")}};
  u.update_expression = "SET GSI1PK = :g, v = :n";
  u.expression_attribute_values = ExpressionAttributeValues{{":g", N("3")}, {":n", S("new")}};
  CHECK(Fails(e->UpdateItem(u)).message == kMismatch);
  u.expression_attribute_values = ExpressionAttributeValues{{":g", S("")}, {":n", S("new")}};
  CHECK(Fails(e->UpdateItem(u)).message == kEmptyUpdate);
  // The item is unchanged.
  GetItemRequest g;
  g.table_name = "App";
  g.key = u.key;
  CHECK(Must(e->GetItem(g)).item->at("v").str() == "old");
}

// DynamoDB: BatchWriteItem rejects the whole batch when any item is invalid, index keys included.
TEST_CASE("BatchWriteItem with one wrong-typed index key writes nothing") {
  auto e = OpenMemory();
  CreateAppTable(*e);
  BatchWriteItemRequest b;
  WriteRequest good, bad;
  good.put_request_item = Item{{"PK", S("P1")}, {"SK", S("A")}};
  bad.put_request_item = WrongType("P2");
  b.request_items["App"] = {good, bad};
  CHECK(Fails(e->BatchWriteItem(b)).message == kMismatch);
  CHECK_FALSE(Exists(*e, "P1"));
  CHECK_FALSE(Exists(*e, "P2"));
}

// DynamoDB: in a transaction the same check cancels it with a ValidationError reason (Put: before
// any action runs; Update: when its new image is built).
TEST_CASE("TransactWriteItems with a wrong-typed index key is cancelled with ValidationError") {
  auto e = OpenMemory();
  CreateAppTable(*e);
  TransactWriteItem put;
  put.action = "Put";
  put.table_name = "App";
  put.item = WrongType("P1");
  TransactWriteItemsRequest t;
  t.transact_items = {put};
  Error err = Fails(e->TransactWriteItems(t));
  CHECK(err.type == ErrorType::kTransactionCanceledException);
  REQUIRE(err.cancellation_reasons.size() == 1);
  CHECK(err.cancellation_reasons[0].code == "ValidationError");
  CHECK(err.cancellation_reasons[0].message == kMismatch);

  Put(*e, {{"PK", S("P2")}, {"SK", S("A")}});
  TransactWriteItem update;
  update.action = "Update";
  update.table_name = "App";
  update.key = Key{{"PK", S("P2")}, {"SK", S("A")}};
  update.update_expression = "SET GSI1PK = :g";
  update.expression_attribute_values = ExpressionAttributeValues{{":g", N("3")}};
  t.transact_items = {update};
  Error upd = Fails(e->TransactWriteItems(t));
  REQUIRE(upd.cancellation_reasons.size() == 1);
  CHECK(upd.cancellation_reasons[0].code == "ValidationError");
  CHECK(upd.cancellation_reasons[0].message == kMismatch);
}

TEST_CASE("PartiQL INSERT and UPDATE with a wrong-typed index key are rejected") {
  auto e = OpenMemory();
  CreateAppTable(*e);
  ExecuteStatementRequest s;
  s.statement = "INSERT INTO App VALUE {'PK': 'P1', 'SK': 'A', 'GSI1PK': 3}";
  CHECK(Fails(e->ExecuteStatement(s)).message == kMismatch);
  CHECK_FALSE(Exists(*e, "P1"));
  Put(*e, {{"PK", S("P2")}, {"SK", S("A")}});
  s.statement = "UPDATE App SET GSI1PK = 3 WHERE PK = 'P2' AND SK = 'A'";
  CHECK(Fails(e->ExecuteStatement(s)).message == kMismatch);
}
