#include <set>

#include "fixture.h"

using namespace ddbtest;

namespace {
void SeedOrders(Engine& e, int n) {
  Put(e, {{"PK", S("CUSTOMER#c1")}, {"SK", S("PROFILE")}, {"name", S("Ada")}});
  for (int i = 1; i <= n; ++i) {
    char sk[32];
    std::snprintf(sk, sizeof sk, "ORDER#2024-01-%02d", i);
    Put(e, {{"PK", S("CUSTOMER#c1")},
            {"SK", S(sk)},
            {"total", N(std::to_string(i * 10))},
            {"status", S(i % 2 ? "OPEN" : "SHIPPED")}});
  }
}
}  // namespace

TEST_CASE("Query returns the item collection in sort-key order, reversed with ScanIndexForward") {
  auto e = OpenMemory();
  CreateAppTable(*e, "App", false);
  SeedOrders(*e, 3);
  auto q = QueryPk("CUSTOMER#c1");
  q.key_condition_expression = "PK = :pk AND begins_with(SK, :o)";
  q.expression_attribute_values->emplace(":o", S("ORDER#"));
  q.scan_index_forward = false;
  auto r = Must(e->Query(q));
  REQUIRE(r.items.size() == 3);
  CHECK(r.items[0].at("SK").str() == "ORDER#2024-01-03");
  CHECK(r.items[2].at("SK").str() == "ORDER#2024-01-01");
  CHECK(r.trace.operation == "Query");
  CHECK(r.trace.partitions_hit.size() == 1);
}

TEST_CASE("Number sort keys order numerically, including negatives and fractions") {
  auto e = OpenMemory();
  CreateTableRequest c;
  c.table_name = "Nums";
  c.billing_mode = "PAY_PER_REQUEST";
  c.attribute_definitions = {{"p", "S"}, {"n", "N"}};
  c.key_schema = {{"p", "HASH"}, {"n", "RANGE"}};
  Must(e->CreateTable(c));
  for (const char* v : {"10", "-2.5", "0", "9.99", "-100", "1e3", "0.001"}) {
    Put(*e, {{"p", S("x")}, {"n", N(v)}}, "Nums");
  }
  QueryRequest q;
  q.table_name = "Nums";
  q.key_condition_expression = "p = :p AND n BETWEEN :lo AND :hi";
  q.expression_attribute_values =
      ExpressionAttributeValues{{":p", S("x")}, {":lo", N("-3")}, {":hi", N("10")}};
  auto r = Must(e->Query(q));
  std::vector<std::string> got;
  for (auto& it : r.items) got.push_back(it.at("n").num().ToString());
  CHECK(got == std::vector<std::string>{"-2.5", "0", "0.001", "9.99", "10"});
}

TEST_CASE("Limit counts items before the filter: Count vs ScannedCount and LastEvaluatedKey") {
  auto e = OpenMemory();
  CreateAppTable(*e, "App", false);
  SeedOrders(*e, 6);
  auto q = QueryPk("CUSTOMER#c1");
  q.key_condition_expression = "PK = :pk AND begins_with(SK, :o)";
  q.filter_expression = "#s = :open";
  q.expression_attribute_names = ExpressionAttributeNames{{"#s", "status"}};
  q.expression_attribute_values->emplace(":o", S("ORDER#"));
  q.expression_attribute_values->emplace(":open", S("OPEN"));
  q.limit = 4;
  auto r = Must(e->Query(q));
  CHECK(r.scanned_count == 4);
  CHECK(r.count == 2);
  REQUIRE(r.last_evaluated_key);
  CHECK(r.last_evaluated_key->at("SK").str() == "ORDER#2024-01-04");
  CHECK(r.last_evaluated_key->size() == 2);
  q.exclusive_start_key = r.last_evaluated_key;
  auto r2 = Must(e->Query(q));
  CHECK(r2.scanned_count == 2);
  CHECK(r2.count == 1);
}

TEST_CASE("Query capacity is charged on what was read, not what the filter kept") {
  auto e = OpenMemory();
  CreateAppTable(*e, "App", false);
  for (int i = 0; i < 10; ++i) {
    Put(*e, {{"PK", S("p")}, {"SK", S("s" + std::to_string(i))}, {"d", S(std::string(1000, 'x'))}});
  }
  auto q = QueryPk("p");
  q.filter_expression = "d = :none";
  q.expression_attribute_values->emplace(":none", S("nothing"));
  auto r = Must(e->Query(q));
  CHECK(r.count == 0);
  CHECK(r.scanned_count == 10);
  // 10 items of ~1010 bytes = ~10 KB -> 3 blocks of 4 KB -> 1.5 RCU eventually consistent.
  CHECK(r.consumed_capacity.total.units() == 1.5);
}

TEST_CASE("A Query page stops at 1 MB and returns LastEvaluatedKey") {
  auto e = OpenMemory();
  CreateAppTable(*e, "App", false);
  for (int i = 0; i < 30; ++i) {
    char sk[16];
    std::snprintf(sk, sizeof sk, "s%03d", i);
    Put(*e, {{"PK", S("big")}, {"SK", S(sk)}, {"d", S(std::string(100000, 'x'))}});
  }
  auto r = Must(e->Query(QueryPk("big")));
  CHECK(r.scanned_count == 11);  // 11 x ~100 KB crosses 1 MB; the crossing item is included
  REQUIRE(r.last_evaluated_key);
  int total = static_cast<int>(r.count);
  auto q = QueryPk("big");
  while (r.last_evaluated_key) {
    q.exclusive_start_key = r.last_evaluated_key;
    r = Must(e->Query(q));
    total += static_cast<int>(r.count);
  }
  CHECK(total == 30);
}

TEST_CASE("Select COUNT returns counts and no items") {
  auto e = OpenMemory();
  CreateAppTable(*e, "App", false);
  SeedOrders(*e, 4);
  auto q = QueryPk("CUSTOMER#c1");
  q.select = "COUNT";
  auto r = Must(e->Query(q));
  CHECK(r.count_only);
  CHECK(r.items.empty());
  CHECK(r.count == 5);
  q.projection_expression = "SK";
  CHECK(Fails(e->Query(q)).message ==
        "1 validation error detected: Cannot specify the ProjectionExpression when choosing to get "
        "only the Count");
}

TEST_CASE("Query key condition errors use DynamoDB's messages") {
  auto e = OpenMemory();
  CreateAppTable(*e, "App", false);
  QueryRequest q;
  q.table_name = "App";
  CHECK(Fails(e->Query(q)).message ==
        "Either the KeyConditions or KeyConditionExpression parameter must be specified in the "
        "request.");
  q.key_condition_expression = "SK = :v";
  q.expression_attribute_values = ExpressionAttributeValues{{":v", S("x")}};
  CHECK(Fails(e->Query(q)).message == "Query condition missed key schema element: PK");
  q = QueryPk("x");
  q.filter_expression = "SK = :pk";
  CHECK(Fails(e->Query(q)).message ==
        "Filter Expression can only contain non-primary key attributes: Primary key attribute: SK");
  q = QueryPk("x");
  q.index_name = "Missing";
  CHECK(Fails(e->Query(q)).message == "The table does not have the specified index: Missing");
  q = QueryPk("x");
  q.limit = 0;
  CHECK(Fails(e->Query(q)).message.find("greater than or equal to 1") != std::string::npos);
}

TEST_CASE("Scan reads every partition, parallel segments are disjoint and cover the table") {
  auto e = OpenMemory();
  CreateAppTable(*e, "App", false);
  for (int i = 0; i < 200; ++i) Put(*e, {{"PK", S("P" + std::to_string(i))}, {"SK", S("x")}});
  ScanRequest s;
  s.table_name = "App";
  auto all = Must(e->Scan(s));
  CHECK(all.count == 200);
  CHECK(all.trace.operation == "Scan");
  CHECK(static_cast<int>(all.trace.partitions_hit.size()) == all.trace.partitions_total);
  std::set<std::string> seen;
  for (int seg = 0; seg < 3; ++seg) {
    s.segment = seg;
    s.total_segments = 3;
    auto r = Must(e->Scan(s));
    for (auto& it : r.items) CHECK(seen.insert(it.at("PK").str()).second);
  }
  CHECK(seen.size() == 200);
  s.segment = 3;
  CHECK(Fails(e->Scan(s)).message ==
        "The Segment parameter is zero-based and must be less than parameter TotalSegments: "
        "Segment: 3 is not less than TotalSegments: 3");
}

TEST_CASE("Scan pagination with Limit visits every item exactly once") {
  auto e = OpenMemory();
  CreateAppTable(*e, "App", false);
  for (int i = 0; i < 57; ++i) {
    Put(*e, {{"PK", S("P" + std::to_string(i % 7))}, {"SK", S("S" + std::to_string(i))}});
  }
  ScanRequest s;
  s.table_name = "App";
  s.limit = 5;
  std::set<std::string> seen;
  for (int pages = 0; pages < 100; ++pages) {
    auto r = Must(e->Scan(s));
    for (auto& it : r.items) CHECK(seen.insert(it.at("SK").str()).second);
    if (!r.last_evaluated_key) break;
    s.exclusive_start_key = r.last_evaluated_key;
  }
  CHECK(seen.size() == 57);
}

// DynamoDB: Query checks an ExclusiveStartKey against the key condition. Its shape first (the
// key attributes, each of its schema type), then the sort condition ("does not match the range
// key predicate"), then the partition: with a sort condition another partition "cannot be
// restarted", without one it is "outside query boundaries".
TEST_CASE("Query's ExclusiveStartKey is held to the key condition, with DynamoDB's messages") {
  auto e = OpenMemory();
  CreateAppTable(*e, "App", true);
  SeedOrders(*e, 3);
  auto q = QueryPk("CUSTOMER#c1");
  q.key_condition_expression = "PK = :pk AND SK > :o";
  q.expression_attribute_values->emplace(":o", S("ORDER#"));
  auto with_start = [&](Key esk) {
    q.exclusive_start_key = std::move(esk);
    return e->Query(q);
  };
  // Resumes after ORDER#2024-01-01: the two later orders and PROFILE.
  CHECK(Must(with_start({{"PK", S("CUSTOMER#c1")}, {"SK", S("ORDER#2024-01-01")}})).items.size() ==
        3);
  CHECK(Fails(with_start({{"PK", S("CUSTOMER#c1")}, {"SK", S("A")}})).message ==
        "The provided starting key does not match the range key predicate");
  CHECK(Fails(with_start({{"PK", S("CUSTOMER#c2")}, {"SK", S("ORDER#9")}})).message ==
        "The query can return at most one row and cannot be restarted");
  CHECK(Fails(with_start({{"PK", S("CUSTOMER#c1")}, {"SK", N("1")}})).message ==
        "The provided key element does not match the schema");
  CHECK(Fails(with_start({{"PK", S("CUSTOMER#c1")}})).message ==
        "The provided starting key is invalid");
  q.key_condition_expression = "PK = :pk";
  q.expression_attribute_values->erase(":o");
  CHECK(Fails(with_start({{"PK", S("CUSTOMER#c2")}, {"SK", S("A")}})).message ==
        "The provided starting key is outside query boundaries based on provided conditions");

  // Through an index: the index's own key attributes answer plainly, the table's behind it with
  // "The provided starting key is invalid: " first.
  QueryRequest g;
  g.table_name = "App";
  g.index_name = "GSI1";
  g.key_condition_expression = "GSI1PK = :g";
  g.expression_attribute_values = std::map<std::string, AttributeValue>{{":g", S("G")}};
  g.exclusive_start_key =
      Key{{"GSI1PK", S("G")}, {"GSI1SK", N("1")}, {"PK", S("p")}, {"SK", S("s")}};
  CHECK(Fails(e->Query(g)).message == "The provided key element does not match the schema");
  g.exclusive_start_key =
      Key{{"GSI1PK", S("G")}, {"GSI1SK", S("1")}, {"PK", N("1")}, {"SK", S("s")}};
  CHECK(Fails(e->Query(g)).message ==
        "The provided starting key is invalid: The provided key element does not match the schema");
  g.exclusive_start_key =
      Key{{"GSI1PK", S("H")}, {"GSI1SK", S("1")}, {"PK", S("p")}, {"SK", S("s")}};
  CHECK(Fails(e->Query(g)).message ==
        "The provided starting key is outside query boundaries based on provided conditions");
  // A Scan of the table words a wrong type with the prefix.
  ScanRequest s;
  s.table_name = "App";
  s.exclusive_start_key = Key{{"PK", N("1")}, {"SK", S("s")}};
  CHECK(Fails(e->Scan(s)).message ==
        "The provided starting key is invalid: The provided key element does not match the schema");
}

// A page's whole items share one buffer and point straight at their bytes, so the buffer must
// never move what it holds while the page fills: 400 items of about 2 KB (one page, under 1 MB)
// are well past its first chunk. Every item must read back as it was written, also after the
// response that held the buffer is gone and the next Scan has taken a buffer of its own.
TEST_CASE("Scan items keep their bytes while the page buffer fills, and outlive their response") {
  auto e = OpenMemory();
  CreateAppTable(*e, "App", false);
  const int kItems = 400;
  for (int i = 0; i < kItems; ++i) {
    Put(*e, {{"PK", S("P#" + std::to_string(i))},
             {"SK", S("S")},
             {"body", S(std::string(2000, static_cast<char>('a' + i % 26)))}});
  }
  ScanRequest s;
  s.table_name = "App";
  std::vector<ResultItem> kept;
  {
    auto r = Must(e->Scan(s));
    REQUIRE(r.items.size() == static_cast<size_t>(kItems));
    kept.assign(r.items.begin(), r.items.end());
  }
  // A second Scan may refill the buffer the first response released; the copies keep theirs.
  auto again = Must(e->Scan(s));
  REQUIRE(again.items.size() == static_cast<size_t>(kItems));
  for (const std::vector<ResultItem>* items : {&kept, &again.items}) {
    for (const ResultItem& item : *items) {
      const std::string& pk = item.at("PK").str();
      const int i = std::stoi(pk.substr(2));
      CHECK(item.at("body").str() == std::string(2000, static_cast<char>('a' + i % 26)));
    }
  }
}
