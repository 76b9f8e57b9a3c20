#include "fixture.h"

using namespace ddbtest;

namespace {
TransactWriteItem EnrollEdge(const std::string& pk, const std::string& sk) {
  TransactWriteItem w;
  w.action = "Put";
  w.table_name = "App";
  w.item = Item{{"PK", S(pk)}, {"SK", S(sk)}, {"GSI1PK", S(sk)}, {"GSI1SK", S(pk)}};
  w.condition_expression = "attribute_not_exists(PK)";
  return w;
}
}  // namespace

TEST_CASE("enroll_student writes both edges in one transaction, a repeat is cancelled") {
  auto e = OpenMemory();
  CreateAppTable(*e);
  TransactWriteItemsRequest t;
  t.transact_items = {EnrollEdge("STUDENT#s1", "COURSE#c1"), EnrollEdge("COURSE#c1", "STUDENT#s1")};
  auto ok = Must(e->TransactWriteItems(t));
  REQUIRE(ok.consumed_capacity.size() == 1);
  // DynamoDB: transactional writes cost double: 2 items x (1 base + 1 GSI1) x 2 = 8 WCU.
  CHECK(ok.consumed_capacity[0].total.units() == 8.0);
  CHECK(ok.consumed_capacity[0].transactional);

  auto err = Fails(e->TransactWriteItems(t));
  CHECK(err.type == ErrorType::kTransactionCanceledException);
  CHECK(err.message ==
        "Transaction cancelled, please refer cancellation reasons for specific reasons "
        "[ConditionalCheckFailed, ConditionalCheckFailed]");
  REQUIRE(err.cancellation_reasons.size() == 2);
  CHECK(err.cancellation_reasons[1].message == "The conditional request failed");

  // Both directions are one Query each: courses of a student, students of a course via GSI1.
  QueryRequest q;
  q.table_name = "App";
  q.index_name = "GSI1";
  q.key_condition_expression = "GSI1PK = :c";
  q.expression_attribute_values = ExpressionAttributeValues{{":c", S("COURSE#c1")}};
  CHECK(Must(e->Query(q)).count == 1);
}

TEST_CASE("A cancelled transaction writes nothing and reports None for passing actions") {
  auto e = OpenMemory();
  CreateAppTable(*e);
  Put(*e, {{"PK", S("COURSE#c2")}, {"SK", S("STUDENT#s9")}});
  TransactWriteItemsRequest t;
  t.transact_items = {EnrollEdge("STUDENT#s9", "COURSE#c2"), EnrollEdge("COURSE#c2", "STUDENT#s9")};
  auto err = Fails(e->TransactWriteItems(t));
  CHECK(err.message.find("[None, ConditionalCheckFailed]") != std::string::npos);
  GetItemRequest g;
  g.table_name = "App";
  g.key = {{"PK", S("STUDENT#s9")}, {"SK", S("COURSE#c2")}};
  CHECK_FALSE(Must(e->GetItem(g)).item);
}

TEST_CASE("Two actions on one item in a transaction are rejected") {
  auto e = OpenMemory();
  CreateAppTable(*e);
  TransactWriteItemsRequest t;
  t.transact_items = {EnrollEdge("A", "B"), EnrollEdge("A", "B")};
  CHECK(Fails(e->TransactWriteItems(t)).message ==
        "Transaction request cannot include multiple operations on one item");
}

TEST_CASE("Shipping an order removes it from the sparse open-orders index: Count 1 -> 0") {
  auto e = OpenMemory();
  CreateAppTable(*e);
  Put(*e, {{"PK", S("CUSTOMER#c1")},
           {"SK", S("ORDER#o1")},
           {"status", S("OPEN")},
           {"GSI2PK", S("OPEN")},
           {"GSI2SK", S("2024-05-01")}});
  QueryRequest q;
  q.table_name = "App";
  q.index_name = "OpenOrders";
  q.key_condition_expression = "GSI2PK = :o";
  q.expression_attribute_values = ExpressionAttributeValues{{":o", S("OPEN")}};
  q.select = "COUNT";
  CHECK(Must(e->Query(q)).count == 1);
  UpdateItemRequest u;
  u.table_name = "App";
  u.key = {{"PK", S("CUSTOMER#c1")}, {"SK", S("ORDER#o1")}};
  u.update_expression = "SET #s = :shipped REMOVE GSI2PK, GSI2SK";
  u.expression_attribute_names = ExpressionAttributeNames{{"#s", "status"}};
  u.expression_attribute_values = ExpressionAttributeValues{{":shipped", S("SHIPPED")}};
  u.return_values = "ALL_NEW";
  auto r = Must(e->UpdateItem(u));
  REQUIRE(r.attributes);
  CHECK(r.attributes->at("status").str() == "SHIPPED");
  // 1 WCU base + 1 index delete.
  CHECK(r.consumed_capacity.global_secondary_indexes.at("OpenOrders").units() == 1.0);
  CHECK(Must(e->Query(q)).count == 0);
}

TEST_CASE("UpdateItem cannot modify key attributes") {
  auto e = OpenMemory();
  CreateAppTable(*e, "App", false);
  UpdateItemRequest u;
  u.table_name = "App";
  u.key = {{"PK", S("a")}, {"SK", S("b")}};
  u.update_expression = "SET PK = :v";
  u.expression_attribute_values = ExpressionAttributeValues{{":v", S("x")}};
  CHECK(Fails(e->UpdateItem(u)).message ==
        "One or more parameter values were invalid: Cannot update attribute PK. This attribute "
        "is part of the key");
}

TEST_CASE("An optimistic-locking version guard rejects a stale writer") {
  auto e = OpenMemory();
  CreateAppTable(*e, "App", false);
  Put(*e, {{"PK", S("a")}, {"SK", S("b")}, {"version", N("1")}});
  UpdateItemRequest u;
  u.table_name = "App";
  u.key = {{"PK", S("a")}, {"SK", S("b")}};
  u.update_expression = "SET version = version + :one";
  u.condition_expression = "version = :expected";
  u.expression_attribute_values =
      ExpressionAttributeValues{{":one", N("1")}, {":expected", N("1")}};
  u.return_values = "UPDATED_NEW";
  auto r = Must(e->UpdateItem(u));
  REQUIRE(r.attributes);
  CHECK(r.attributes->at("version").num().ToString() == "2");
  CHECK(Fails(e->UpdateItem(u)).type == ErrorType::kConditionalCheckFailedException);
}

TEST_CASE("BatchWriteItem rejects duplicate keys and charges each item separately") {
  auto e = OpenMemory();
  CreateAppTable(*e, "App", false);
  BatchWriteItemRequest b;
  WriteRequest w1, w2;
  w1.put_request_item = Item{{"PK", S("a")}, {"SK", S("1")}};
  w2.put_request_item = Item{{"PK", S("a")}, {"SK", S("1")}};
  b.request_items["App"] = {w1, w2};
  CHECK(Fails(e->BatchWriteItem(b)).message == "Provided list of item keys contains duplicates");
  w2.put_request_item = Item{{"PK", S("a")}, {"SK", S("2")}, {"d", S(std::string(3000, 'x'))}};
  b.request_items["App"] = {w1, w2};
  auto r = Must(e->BatchWriteItem(b));
  REQUIRE(r.consumed_capacity.size() == 1);
  CHECK(r.consumed_capacity[0].total.units() == 4.0);  // 1 + 3
  CHECK(r.unprocessed_items.empty());
}

TEST_CASE("BatchGetItem returns found items per table and charges misses the minimum") {
  auto e = OpenMemory();
  CreateAppTable(*e, "App", false);
  Put(*e, {{"PK", S("a")}, {"SK", S("1")}});
  BatchGetItemRequest b;
  b.request_items["App"].keys = {{{"PK", S("a")}, {"SK", S("1")}},
                                 {{"PK", S("a")}, {"SK", S("2")}}};
  auto r = Must(e->BatchGetItem(b));
  CHECK(r.responses.at("App").size() == 1);
  CHECK(r.consumed_capacity.at(0).total.units() == 1.0);  // 0.5 + 0.5
}

TEST_CASE("TransactGetItems costs two read units per item and keeps request order") {
  auto e = OpenMemory();
  CreateAppTable(*e, "App", false);
  Put(*e, {{"PK", S("a")}, {"SK", S("1")}});
  TransactGetItemsRequest t;
  t.transact_items = {TransactGet{"App", {{"PK", S("zz")}, {"SK", S("1")}}, {}, {}},
                      TransactGet{"App", {{"PK", S("a")}, {"SK", S("1")}}, {}, {}}};
  auto r = Must(e->TransactGetItems(t));
  REQUIRE(r.responses.size() == 2);
  CHECK_FALSE(r.responses[0].item);
  CHECK(r.responses[1].item);
  CHECK(r.consumed_capacity.at(0).total.units() == 4.0);
}

// Parsed conditions are reused by their text (exec/write_actions.cc): the same text must still
// resolve each request's own ExpressionAttributeNames.
TEST_CASE("A repeated ConditionExpression text resolves each request's own attribute names") {
  auto e = OpenMemory();
  CreateAppTable(*e);
  Put(*e, Item{{"PK", S("a")}, {"SK", S("1")}, {"note", S("x")}});
  auto conditional = [&](const std::string& name) {
    PutItemRequest p;
    p.table_name = "App";
    p.item = Item{{"PK", S("a")}, {"SK", S("1")}};
    p.condition_expression = "attribute_not_exists(#a)";
    p.expression_attribute_names = ExpressionAttributeNames{{"#a", name}};
    return e->PutItem(p);
  };
  CHECK(Fails(conditional("note")).type == ErrorType::kConditionalCheckFailedException);
  CHECK(Fails(conditional("note")).type == ErrorType::kConditionalCheckFailedException);
  Must(conditional("missing"));  // same text, another name: the condition holds
  CHECK(Fails(conditional("PK")).type == ErrorType::kConditionalCheckFailedException);
  // An unused name is still refused on a repeat, not answered from the kept parse.
  PutItemRequest extra;
  extra.table_name = "App";
  extra.item = Item{{"PK", S("b")}, {"SK", S("1")}};
  extra.condition_expression = "attribute_not_exists(#a)";
  extra.expression_attribute_names = ExpressionAttributeNames{{"#a", "PK"}, {"#b", "SK"}};
  CHECK(Fails(e->PutItem(extra)).message ==
        "1 validation error detected: Value provided in ExpressionAttributeNames unused in "
        "expressions: keys: {#b}");
}

TEST_CASE("A kept condition is not reused for names that only concatenate to the same text") {
  auto e = OpenMemory();
  CreateAppTable(*e);
  Put(*e, Item{{"PK", S("a")}, {"SK", S("1")}});
  PutItemRequest p;
  p.table_name = "App";
  p.item = Item{{"PK", S("a")}, {"SK", S("1")}};
  p.condition_expression = "attribute_not_exists(#a)";
  p.expression_attribute_names = ExpressionAttributeNames{{"#a", std::string("PK\0#b\0x", 7)}};
  Must(e->PutItem(p));  // no attribute has that odd name
  p.expression_attribute_names = ExpressionAttributeNames{{"#a", "PK"}, {"#b", "x"}};
  CHECK(Fails(e->PutItem(p)).message ==
        "1 validation error detected: Value provided in ExpressionAttributeNames unused in "
        "expressions: keys: {#b}");
}
