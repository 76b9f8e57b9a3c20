#include "fixture.h"

using namespace ddbtest;

TEST_CASE("Sparse GSI: only items carrying every index key attribute are indexed") {
  auto e = OpenMemory();
  CreateAppTable(*e);
  Put(*e, {{"PK", S("C#1")}, {"SK", S("O#1")}, {"GSI2PK", S("OPEN")}, {"GSI2SK", S("2024")}});
  Put(*e, {{"PK", S("C#1")}, {"SK", S("O#2")}, {"GSI2PK", S("OPEN")}});  // no sort key
  Put(*e, {{"PK", S("C#1")}, {"SK", S("O#3")}});
  QueryRequest q;
  q.table_name = "App";
  q.index_name = "OpenOrders";
  q.key_condition_expression = "GSI2PK = :o";
  q.expression_attribute_values = ExpressionAttributeValues{{":o", S("OPEN")}};
  q.select = "COUNT";
  CHECK(Must(e->Query(q)).count == 1);
}

TEST_CASE("KEYS_ONLY index queries return exactly the table and index keys") {
  auto e = OpenMemory();
  CreateAppTable(*e);
  Put(*e, {{"PK", S("C#1")},
           {"SK", S("O#1")},
           {"GSI2PK", S("OPEN")},
           {"GSI2SK", S("2024")},
           {"amount", N("5")}});
  QueryRequest q;
  q.table_name = "App";
  q.index_name = "OpenOrders";
  q.key_condition_expression = "GSI2PK = :o";
  q.expression_attribute_values = ExpressionAttributeValues{{":o", S("OPEN")}};
  auto r = Must(e->Query(q));
  REQUIRE(r.items.size() == 1);
  CHECK(r.items[0].size() == 4);
  CHECK(r.items[0].count("amount") == 0);
  REQUIRE(r.consumed_capacity.global_secondary_indexes.count("OpenOrders"));
  CHECK(r.consumed_capacity.table.half_units == 0);
  q.projection_expression = "amount";
  CHECK(Fails(e->Query(q)).message ==
        "One or more parameter values were invalid: Global secondary index OpenOrders does not "
        "project [amount]");
  q.projection_expression.reset();
  q.select = "ALL_ATTRIBUTES";
  CHECK(Fails(e->Query(q)).message ==
        "One or more parameter values were invalid: Select type ALL_ATTRIBUTES is not supported "
        "for global secondary index OpenOrders because its projection type is not ALL");
  q.select.reset();
  q.consistent_read = true;
  CHECK(Fails(e->Query(q)).message ==
        "Consistent reads are not supported on global secondary indexes");
}

TEST_CASE("A wrong-typed index key attribute rejects the whole write") {
  auto e = OpenMemory();
  CreateAppTable(*e);
  PutItemRequest p;
  p.table_name = "App";
  p.item = {{"PK", S("a")}, {"SK", S("b")}, {"GSI1PK", N("1")}};
  CHECK(Fails(e->PutItem(p)).message ==
        "One or more parameter values were invalid: Type mismatch for Index Key GSI1PK Expected: "
        "S Actual: N IndexName: GSI1");
  GetItemRequest g;
  g.table_name = "App";
  g.key = {{"PK", S("a")}, {"SK", S("b")}};
  CHECK_FALSE(Must(e->GetItem(g)).item);
}

TEST_CASE("Index write costs: none outside the index, one to enter, two when the key changes") {
  auto e = OpenMemory();
  CreateAppTable(*e);
  auto r = Put(*e, {{"PK", S("a")}, {"SK", S("b")}});
  CHECK(r.consumed_capacity.total.units() == 1.0);
  CHECK(r.consumed_capacity.global_secondary_indexes.empty());
  r = Put(*e, {{"PK", S("a")}, {"SK", S("b")}, {"GSI1PK", S("x")}, {"GSI1SK", S("1")}});
  CHECK(r.consumed_capacity.total.units() == 2.0);
  CHECK(r.consumed_capacity.global_secondary_indexes.at("GSI1").units() == 1.0);
  r = Put(*e, {{"PK", S("a")}, {"SK", S("b")}, {"GSI1PK", S("y")}, {"GSI1SK", S("1")}});
  CHECK(r.consumed_capacity.global_secondary_indexes.at("GSI1").units() == 2.0);
  CHECK(r.consumed_capacity.total.units() == 3.0);
  // Same index key and same projected attributes: no index write.
  r = Put(*e, {{"PK", S("a")}, {"SK", S("b")}, {"GSI1PK", S("y")}, {"GSI1SK", S("1")}});
  CHECK(r.consumed_capacity.global_secondary_indexes.count("GSI1") == 0);
  // Leaving the index costs one delete.
  DeleteItemRequest d;
  d.table_name = "App";
  d.key = {{"PK", S("a")}, {"SK", S("b")}};
  auto dr = Must(e->DeleteItem(d));
  CHECK(dr.consumed_capacity.global_secondary_indexes.at("GSI1").units() == 1.0);
}

TEST_CASE("UpdateTable backfills a new GSI from items that carry its keys") {
  auto e = OpenMemory();
  CreateAppTable(*e, "App", false);
  Put(*e, {{"PK", S("u1")}, {"SK", S("P")}, {"email", S("a@x")}});
  Put(*e, {{"PK", S("u2")}, {"SK", S("P")}});
  UpdateTableRequest u;
  u.table_name = "App";
  u.attribute_definitions = std::vector<AttributeDefinition>{{"email", "S"}};
  GlobalSecondaryIndexUpdate gu;
  SecondaryIndexSpec spec;
  spec.index_name = "ByEmail";
  spec.key_schema = {{"email", "HASH"}};
  spec.projection.projection_type = "ALL";
  gu.create = spec;
  u.global_secondary_index_updates = std::vector<GlobalSecondaryIndexUpdate>{gu};
  Must(e->UpdateTable(u));
  ScanRequest s;
  s.table_name = "App";
  s.index_name = "ByEmail";
  auto r = Must(e->Scan(s));
  REQUIRE(r.count == 1);
  CHECK(r.items[0].at("PK").str() == "u1");
  DescribeTableRequest d{"App"};
  auto desc = Must(e->DescribeTable(d));
  CHECK(desc.table.item_count == 2);
  REQUIRE(desc.table.global_secondary_indexes.size() == 1);
  CHECK(desc.table.global_secondary_indexes[0].item_count == 1);
}
