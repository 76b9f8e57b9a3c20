// A refused write is not free: DynamoDB charges a conditional write whose condition fails, sized
// on the existing item with a minimum of one write unit (developer guide, "Read/write capacity
// mode", conditional writes), and a cancelled transaction still consumes capacity
// (TransactWriteItems). The cost travels on the Error for the footer, jsonl and lessons.
#include "fixture.h"

using namespace ddbtest;

namespace {

std::string Text(size_t n) { return std::string(n, 'x'); }

// An item of about 3.5 KB: 4 write units.
Item BigItem(const std::string& pk) {
  return {{"PK", S(pk)}, {"SK", S("A")}, {"blob", S(Text(3500))}};
}

}  // namespace

// DynamoDB: ProvisionedThroughput ("conditional writes") — a failed condition still consumes
// write capacity, sized on the existing item.
TEST_CASE("A PutItem whose condition fails consumes write units sized on the existing item") {
  auto e = OpenMemory();
  CreateAppTable(*e, "App", false);
  Put(*e, BigItem("P1"));
  PutItemRequest p;
  p.table_name = "App";
  p.item = {{"PK", S("P1")}, {"SK", S("A")}};  // tiny new image: the old item sets the price
  p.condition_expression = "attribute_not_exists(PK)";
  Error err = Fails(e->PutItem(p));
  CHECK(err.type == ErrorType::kConditionalCheckFailedException);
  REQUIRE(err.consumed_capacity.size() == 1);
  CHECK(err.consumed_capacity[0].table_name == "App");
  CHECK_FALSE(err.consumed_capacity[0].read);
  CHECK(err.consumed_capacity[0].total.units() == 4.0);
  CHECK(err.consumed_capacity[0].table.units() == 4.0);
  REQUIRE(err.trace);
  CHECK(err.trace->operation == "PutItem");
  CHECK(err.trace->table == "App");
  CHECK(err.trace->partitions_hit.size() == 1);
}

// DynamoDB: the minimum is one write unit when there is no existing item.
TEST_CASE("A refused write on a missing item consumes the one-unit minimum") {
  auto e = OpenMemory();
  CreateAppTable(*e, "App", false);
  UpdateItemRequest u;
  u.table_name = "App";
  u.key = {{"PK", S("nobody")}, {"SK", S("A")}};
  u.update_expression = "SET v = :v";
  u.condition_expression = "attribute_exists(PK)";
  u.expression_attribute_values = ExpressionAttributeValues{{":v", S(Text(5000))}};
  Error err = Fails(e->UpdateItem(u));
  CHECK(err.type == ErrorType::kConditionalCheckFailedException);
  REQUIRE(err.consumed_capacity.size() == 1);
  CHECK(err.consumed_capacity[0].total.units() == 1.0);

  DeleteItemRequest d;
  d.table_name = "App";
  d.key = {{"PK", S("nobody")}, {"SK", S("A")}};
  d.condition_expression = "attribute_exists(PK)";
  Error del = Fails(e->DeleteItem(d));
  REQUIRE(del.consumed_capacity.size() == 1);
  CHECK(del.consumed_capacity[0].total.units() == 1.0);
}

// DynamoDB: nothing reaches an index when the condition fails, so no index is charged.
TEST_CASE("A refused write charges the table only, never an index") {
  auto e = OpenMemory();
  CreateAppTable(*e);
  Put(*e, {{"PK", S("P1")}, {"SK", S("A")}, {"GSI1PK", S("G")}, {"GSI1SK", S("1")}});
  UpdateItemRequest u;
  u.table_name = "App";
  u.key = {{"PK", S("P1")}, {"SK", S("A")}};
  u.update_expression = "SET GSI1PK = :g";
  u.condition_expression = "attribute_not_exists(PK)";
  u.expression_attribute_values = ExpressionAttributeValues{{":g", S("H")}};
  Error err = Fails(e->UpdateItem(u));
  REQUIRE(err.consumed_capacity.size() == 1);
  CHECK(err.consumed_capacity[0].total.units() == 1.0);
  CHECK(err.consumed_capacity[0].global_secondary_indexes.empty());
}

// DynamoDB: a cancelled TransactWriteItems still consumes capacity. ddblab charges the prepare
// phase: one standard write per action, sized on its existing item (minimum one).
TEST_CASE("A cancelled transaction consumes one write per action, sized on the existing items") {
  auto e = OpenMemory();
  CreateAppTable(*e, "App", false);
  Put(*e, BigItem("P1"));
  TransactWriteItemsRequest t;
  TransactWriteItem check;
  check.action = "ConditionCheck";
  check.table_name = "App";
  check.key = Key{{"PK", S("P1")}, {"SK", S("A")}};
  check.condition_expression = "attribute_not_exists(PK)";  // fails: the item exists
  TransactWriteItem put;
  put.action = "Put";
  put.table_name = "App";
  put.item = Item{{"PK", S("P2")}, {"SK", S("A")}};
  t.transact_items = {check, put};
  Error err = Fails(e->TransactWriteItems(t));
  CHECK(err.type == ErrorType::kTransactionCanceledException);
  REQUIRE(err.consumed_capacity.size() == 1);
  const ConsumedCapacity& cc = err.consumed_capacity[0];
  CHECK(cc.transactional);
  CHECK(cc.total.units() == 5.0);  // 4 (the 3.5 KB item) + 1 (no item yet)
  CHECK(cc.total.write_half_units == 10);
  REQUIRE(err.trace);
  CHECK(err.trace->operation == "TransactWriteItems");
  CHECK(err.trace->table == "App");
  CHECK(err.trace->steps.size() == 2);
}

// DynamoDB: ConsumedCapacity is not part of an error body; ddblab keeps it for the front ends.
TEST_CASE("A PartiQL INSERT of an existing key carries the refused write's capacity") {
  auto e = OpenMemory();
  CreateAppTable(*e, "App", false);
  Put(*e, BigItem("P1"));
  ExecuteStatementRequest s;
  s.statement = "INSERT INTO App VALUE {'PK': 'P1', 'SK': 'A'}";
  Error err = Fails(e->ExecuteStatement(s));
  CHECK(err.type == ErrorType::kDuplicateItemException);
  REQUIRE(err.consumed_capacity.size() == 1);
  CHECK(err.consumed_capacity[0].total.units() == 4.0);
}
