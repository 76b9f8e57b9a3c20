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

// DynamoDB (ServiceQuotas): an index key attribute is held to the key limits, 2,048 bytes for a
// partition key and 1,024 for a sort key, with a message naming the index.
TEST_CASE("An index key attribute over the key size limits is refused on every write path") {
  auto e = OpenMemory();
  CreateAppTable(*e);
  PutItemRequest p;
  p.table_name = "App";
  p.item = {{"PK", S("P1")}, {"SK", S("A")}, {"GSI1PK", S(std::string(2049, 'g'))}};
  CHECK(Fails(e->PutItem(p)).message ==
        "One or more parameter values were invalid: Size limit exceeded for Index Key GSI1PK "
        "Actual Size: 2049 bytes Max Size: 2048 bytes IndexName: GSI1");
  p.item = {
      {"PK", S("P1")}, {"SK", S("A")}, {"GSI1PK", S("g")}, {"GSI1SK", S(std::string(1025, 's'))}};
  CHECK(Fails(e->PutItem(p)).message ==
        "One or more parameter values were invalid: Size limit exceeded for Index Key GSI1SK "
        "Actual Size: 1025 bytes Max Size: 1024 bytes IndexName: GSI1");
  p.item = {{"PK", S("P1")}, {"SK", S("A")}, {"GSI1PK", S(std::string(2048, 'g'))}};
  Must(e->PutItem(p));
  UpdateItemRequest u;
  u.table_name = "App";
  u.key = {{"PK", S("P1")}, {"SK", S("A")}};
  u.update_expression = "SET GSI1PK = :v";
  u.expression_attribute_values = ExpressionAttributeValues{{":v", S(std::string(2049, 'g'))}};
  CHECK(Fails(e->UpdateItem(u)).message.find("Size limit exceeded for Index Key GSI1PK") !=
        std::string::npos);
}

// DynamoDB: an index key is a scalar, so an update may not write into it by a nested path.
TEST_CASE("An update writing into an index key by a nested path is refused naming the index key") {
  auto e = OpenMemory();
  CreateAppTable(*e);
  UpdateItemRequest u;
  u.table_name = "App";
  u.key = {{"PK", S("P1")}, {"SK", S("A")}};
  u.update_expression = "SET GSI1PK.x = :v";
  u.expression_attribute_values = ExpressionAttributeValues{{":v", S("v")}};
  CHECK(Fails(e->UpdateItem(u)).message ==
        "Key attributes must be scalars; list random access '[]' and map lookup '.' are not "
        "allowed: IndexKey: GSI1PK");
}

// DynamoDB: a filter on a local secondary index reads only what the index projects; naming
// anything else is refused whatever Select asks for.
TEST_CASE("A filter on a local secondary index may name only what the index projects") {
  auto e = OpenMemory();
  CreateTableRequest r;
  r.table_name = "Lsi";
  r.billing_mode = "PAY_PER_REQUEST";
  r.attribute_definitions = {{"p", "S"}, {"c", "S"}, {"b", "S"}};
  r.key_schema = {{"p", "HASH"}, {"c", "RANGE"}};
  SecondaryIndexSpec l;
  l.index_name = "hello";
  l.key_schema = {{"p", "HASH"}, {"b", "RANGE"}};
  l.projection.projection_type = "INCLUDE";
  l.projection.non_key_attributes = std::vector<std::string>{"e"};
  r.local_secondary_indexes = std::vector<SecondaryIndexSpec>{l};
  Must(e->CreateTable(r));
  Put(*e, {{"p", S("x")}, {"c", S("1")}, {"b", S("2")}, {"d", S("3")}, {"e", S("4")}}, "Lsi");
  QueryRequest q;
  q.table_name = "Lsi";
  q.index_name = "hello";
  q.key_condition_expression = "p = :p";
  q.expression_attribute_values = ExpressionAttributeValues{{":p", S("x")}, {":v", S("3")}};
  q.filter_expression = "d = :v";
  for (std::optional<std::string> select :
       {std::optional<std::string>(), std::optional<std::string>("ALL_ATTRIBUTES")}) {
    q.select = select;
    CHECK(Fails(e->Query(q)).message ==
          "One or more parameter values were invalid: Local secondary index hello does not "
          "project an attribute the filter reads: [d]");
  }
  q.select.reset();
  q.filter_expression = "e = :v OR c = :v";  // projected, and the table's sort key
  CHECK(Must(e->Query(q)).count == 0);
  ScanRequest s;
  s.table_name = "Lsi";
  s.index_name = "hello";
  s.filter_expression = "d = :v";
  s.expression_attribute_values = ExpressionAttributeValues{{":v", S("3")}};
  CHECK(Fails(e->Scan(s)).message.find("does not project an attribute the filter reads: [d]") !=
        std::string::npos);
}
