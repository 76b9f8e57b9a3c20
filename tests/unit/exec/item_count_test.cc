// DescribeTable's ItemCount and TableSizeBytes (and each index's) are kept with every write, so
// DescribeTable is O(1). DynamoDB refreshes them about every six hours; ddblab keeps them exact, so
// these tests compare them, after each kind of write, with the rows actually stored.
// DynamoDB: API reference, DescribeTable / TableDescription (ItemCount, TableSizeBytes) and
// GlobalSecondaryIndexDescription (ItemCount, IndexSizeBytes).
#include "fixture.h"

using namespace ddbtest;

namespace {

// The figures DescribeTable answers must equal a row-by-row walk (DescribePartitions reads every
// stored row of the table or index).
void CheckExact(Engine& e, int64_t expect_items, int64_t expect_gsi1 = -1) {
  DescribeTableRequest d;
  d.table_name = "App";
  auto desc = Must(e.DescribeTable(d)).table;
  auto walk = [&](const std::string& index) {
    auto map = Must(e.DescribePartitions("App", index));
    std::pair<int64_t, int64_t> sum{0, 0};
    for (const auto& p : map.partitions) {
      sum.first += p.item_count;
      sum.second += p.size_bytes;
    }
    return sum;
  };
  auto base = walk("");
  CHECK(desc.item_count == expect_items);
  CHECK(desc.item_count == base.first);
  CHECK(desc.table_size_bytes == base.second);
  for (const auto& ix : desc.global_secondary_indexes) {
    auto w = walk(ix.index_name);
    INFO(ix.index_name);
    CHECK(ix.item_count == w.first);
    CHECK(ix.index_size_bytes == w.second);
    if (ix.index_name == "GSI1" && expect_gsi1 >= 0) CHECK(ix.item_count == expect_gsi1);
  }
}

Item AppItem(const std::string& pk, const std::string& extra = "") {
  Item it{{"PK", S(pk)}, {"SK", S("x")}, {"GSI1PK", S("g")}, {"GSI1SK", S(pk)}};
  if (!extra.empty()) it["Note"] = S(extra);
  return it;
}

}  // namespace

TEST_CASE(
    "ItemCount and TableSizeBytes are exact after PutItem, overwrite, UpdateItem and "
    "DeleteItem") {
  auto e = OpenMemory();
  CreateAppTable(*e);
  CheckExact(*e, 0, 0);
  Put(*e, AppItem("a"));
  Put(*e, AppItem("b"));
  CheckExact(*e, 2, 2);
  // An overwrite replaces, it does not add; one of the same size rewrites base and index rows
  // in place.
  Put(*e, AppItem("a", "a longer item than before"));
  CheckExact(*e, 2, 2);
  Put(*e, AppItem("a", "a longer item than after!"));
  CheckExact(*e, 2, 2);
  QueryRequest q;
  q.table_name = "App";
  q.index_name = "GSI1";
  q.key_condition_expression = "GSI1PK = :g AND GSI1SK = :a";
  q.expression_attribute_values = ExpressionAttributeValues{{":g", S("g")}, {":a", S("a")}};
  auto via_index = Must(e->Query(q));
  REQUIRE(via_index.items.size() == 1);
  CHECK(via_index.items[0].at("Note") == S("a longer item than after!"));
  UpdateItemRequest u;
  u.table_name = "App";
  u.key = {{"PK", S("b")}, {"SK", S("x")}};
  u.update_expression = "SET Note = :n REMOVE GSI1PK";
  u.expression_attribute_values = ExpressionAttributeValues{{":n", S("noted")}};
  Must(e->UpdateItem(u));
  CheckExact(*e, 2, 1);  // b left the sparse index
  // An update that creates the item counts it.
  u.key = {{"PK", S("c")}, {"SK", S("x")}};
  u.update_expression = "SET Note = :n";
  Must(e->UpdateItem(u));
  CheckExact(*e, 3, 1);
  DeleteItemRequest del;
  del.table_name = "App";
  del.key = {{"PK", S("a")}, {"SK", S("x")}};
  Must(e->DeleteItem(del));
  // Deleting a missing item changes nothing.
  Must(e->DeleteItem(del));
  CheckExact(*e, 2, 0);
}

// A rewrite of a stored item updates its row in place (one kept-count trigger) and a write to a
// table without indexes runs without a savepoint of its own: the figures must not notice.
TEST_CASE("ItemCount and TableSizeBytes stay exact when a table without indexes rewrites items") {
  auto e = OpenMemory();
  CreateAppTable(*e, "App", false);
  Put(*e, {{"PK", S("a")}, {"SK", S("x")}});
  Put(*e, {{"PK", S("b")}, {"SK", S("x")}});
  CheckExact(*e, 2);
  Put(*e, {{"PK", S("a")}, {"SK", S("x")}, {"Note", S(std::string(500, 'n'))}});
  CheckExact(*e, 2);
  Put(*e, {{"PK", S("a")}, {"SK", S("x")}});  // and smaller again
  CheckExact(*e, 2);
  // A rewrite of the same size changes the item, not the figures (no trigger runs for it).
  Put(*e, {{"PK", S("a")}, {"SK", S("x")}, {"Note", S("first")}});
  Put(*e, {{"PK", S("a")}, {"SK", S("x")}, {"Note", S("again")}});
  CheckExact(*e, 2);
  UpdateItemRequest u;
  u.table_name = "App";
  u.key = {{"PK", S("b")}, {"SK", S("x")}};
  u.update_expression = "SET Note = :n";
  u.expression_attribute_values = ExpressionAttributeValues{{":n", S("noted")}};
  Must(e->UpdateItem(u));
  CheckExact(*e, 2);
  // A refused conditional rewrite changes nothing.
  PutItemRequest p;
  p.table_name = "App";
  p.item = {{"PK", S("b")}, {"SK", S("x")}, {"Note", S(std::string(900, 'z'))}};
  p.condition_expression = "attribute_not_exists(PK)";
  REQUIRE_FALSE(e->PutItem(p).ok());
  CheckExact(*e, 2);
  DeleteItemRequest del;
  del.table_name = "App";
  del.key = {{"PK", S("b")}, {"SK", S("x")}};
  Must(e->DeleteItem(del));
  CheckExact(*e, 1);
  GetItemRequest g;
  g.table_name = "App";
  g.key = {{"PK", S("a")}, {"SK", S("x")}};
  CHECK(Must(e->GetItem(g)).item->item().at("Note") == S("again"));
}

TEST_CASE(
    "ItemCount is exact after BatchWriteItem and TransactWriteItems, and unchanged by a "
    "cancelled transaction") {
  auto e = OpenMemory();
  CreateAppTable(*e);
  BatchWriteItemRequest b;
  for (int i = 0; i < 25; ++i) {
    WriteRequest w;
    w.put_request_item = AppItem("k" + std::to_string(i));
    b.request_items["App"].push_back(w);
  }
  Must(e->BatchWriteItem(b));
  CheckExact(*e, 25, 25);
  BatchWriteItemRequest b2;
  for (int i = 0; i < 5; ++i) {
    WriteRequest w;
    w.delete_request_key = Key{{"PK", S("k" + std::to_string(i))}, {"SK", S("x")}};
    b2.request_items["App"].push_back(w);
  }
  Must(e->BatchWriteItem(b2));
  CheckExact(*e, 20, 20);

  TransactWriteItemsRequest t;
  TransactWriteItem put;
  put.action = "Put";
  put.table_name = "App";
  put.item = AppItem("t1");
  TransactWriteItem del;
  del.action = "Delete";
  del.table_name = "App";
  del.key = Key{{"PK", S("k10")}, {"SK", S("x")}};
  t.transact_items = {put, del};
  Must(e->TransactWriteItems(t));
  CheckExact(*e, 20, 20);
  // A transaction whose condition fails writes nothing, counts included.
  TransactWriteItem put2 = put;
  put2.item = AppItem("t2");
  TransactWriteItem check;
  check.action = "ConditionCheck";
  check.table_name = "App";
  check.key = Key{{"PK", S("nope")}, {"SK", S("x")}};
  check.condition_expression = "attribute_exists(PK)";
  t.transact_items = {put2, check};
  REQUIRE_FALSE(e->TransactWriteItems(t).ok());
  CheckExact(*e, 20, 20);
}

TEST_CASE("ItemCount is exact after PartiQL INSERT, UPDATE, DELETE and ExecuteTransaction") {
  auto e = OpenMemory();
  CreateAppTable(*e);
  auto run = [&](const std::string& sql) {
    ExecuteStatementRequest r;
    r.statement = sql;
    Must(e->ExecuteStatement(r));
  };
  run("INSERT INTO \"App\" VALUE {'PK': 'p1', 'SK': 'x', 'GSI1PK': 'g', 'GSI1SK': '1'}");
  run("INSERT INTO \"App\" VALUE {'PK': 'p2', 'SK': 'x'}");
  CheckExact(*e, 2, 1);
  run("UPDATE \"App\" SET GSI1PK = 'g' SET GSI1SK = '2' WHERE PK = 'p2' AND SK = 'x'");
  CheckExact(*e, 2, 2);
  run("DELETE FROM \"App\" WHERE PK = 'p1' AND SK = 'x'");
  CheckExact(*e, 1, 1);
  ExecuteTransactionRequest tx;
  tx.transact_statements = {{"INSERT INTO \"App\" VALUE {'PK': 'p3', 'SK': 'x'}", {}, {}},
                            {"DELETE FROM \"App\" WHERE PK = 'p2' AND SK = 'x'", {}, {}}};
  Must(e->ExecuteTransaction(tx));
  CheckExact(*e, 1, 0);
}

TEST_CASE("ItemCount is exact after TTL deletes expired items") {
  auto now = std::make_shared<double>(1700000000.0);
  EngineOptions o;
  o.clock = [now] { return *now; };
  auto e = Must(Engine::Open(o));
  CreateAppTable(*e);
  UpdateTimeToLiveRequest ttl;
  ttl.table_name = "App";
  ttl.time_to_live_specification = TimeToLiveSpecification{true, "expires"};
  Must(e->UpdateTimeToLive(ttl));
  for (int i = 0; i < 6; ++i) {
    Item it = AppItem("e" + std::to_string(i));
    if (i % 2 == 0) it["expires"] = N("1700000100");
    Put(*e, it);
  }
  CheckExact(*e, 6, 6);
  *now = 1700000200.0;
  CheckExact(*e, 3, 3);
}

TEST_CASE("A new GSI's ItemCount counts the backfilled items, and DeleteTable forgets counts") {
  auto e = OpenMemory();
  CreateAppTable(*e, "App", false);
  Put(*e, {{"PK", S("a")}, {"SK", S("x")}, {"G", S("1")}});
  Put(*e, {{"PK", S("b")}, {"SK", S("x")}});
  UpdateTableRequest u;
  u.table_name = "App";
  u.attribute_definitions = std::vector<AttributeDefinition>{{"G", "S"}};
  GlobalSecondaryIndexUpdate create;
  create.create = SecondaryIndexSpec{};
  create.create->index_name = "ByG";
  create.create->key_schema = {{"G", "HASH"}};
  create.create->projection.projection_type = "ALL";
  u.global_secondary_index_updates = std::vector<GlobalSecondaryIndexUpdate>{create};
  Must(e->UpdateTable(u));
  DescribeTableRequest d;
  d.table_name = "App";
  auto desc = Must(e->DescribeTable(d)).table;
  REQUIRE(desc.global_secondary_indexes.size() == 1);
  CHECK(desc.global_secondary_indexes[0].item_count == 1);
  CheckExact(*e, 2);
  DeleteTableRequest dt;
  dt.table_name = "App";
  Must(e->DeleteTable(dt));
  CreateAppTable(*e, "App", false);
  CheckExact(*e, 0);
}
