// SELECT ... WHERE PK IN [...] / PK = a OR PK = b: one key lookup per partition-key value, not a
// Scan, in the plan, the results, the capacity and the trace.
// DynamoDB: "PartiQL select statements for DynamoDB" (developer guide): "SELECT * FROM Orders
// WHERE OrderID = 100 or OrderID = 200" and "... WHERE OrderID IN [100, 300, 234]" do not cause
// a full table scan.
#include <algorithm>
#include <catch2/catch.hpp>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "ddblab/engine.h"
#include "partiql_test_util.h"

using namespace partiql_test;

namespace {

const TableSchema kApp = AppSchema();
const TableSchema kUsers = UsersSchema();

template <typename T>
T Must(Result<T> r) {
  INFO((r.ok() ? "" : r.error().message));
  REQUIRE(r.ok());
  return std::move(r).value();
}

std::unique_ptr<Engine> OrdersEngine() {
  EngineOptions o;
  o.clock = [] { return 1700000000.0; };
  std::unique_ptr<Engine> e = Must(Engine::Open(o));
  CreateTableRequest t;
  t.table_name = "App";
  t.billing_mode = "PAY_PER_REQUEST";
  t.attribute_definitions = {{"PK", "S"}, {"SK", "S"}};
  t.key_schema = {{"PK", "HASH"}, {"SK", "RANGE"}};
  Must(e->CreateTable(t));
  for (const char* pk : {"C#1", "C#2", "C#3"}) {
    for (const char* sk : {"ORDER#1", "ORDER#2", "PROFILE"}) {
      PutItemRequest p;
      p.table_name = "App";
      p.item = {{"PK", S(pk)}, {"SK", S(sk)}, {"pad", S(std::string(3000, 'x'))}};
      Must(e->PutItem(p));
    }
  }
  return e;
}

ExecuteStatementRequest Stmt(std::string text) {
  ExecuteStatementRequest r;
  r.statement = std::move(text);
  return r;
}

std::vector<std::string> Keys(const std::vector<ResultItem>& items) {
  std::vector<std::string> out;
  for (const ResultItem& i : items) out.push_back(i.at("PK").str() + "/" + i.at("SK").str());
  return out;
}

}  // namespace

// ---------------------------------------------------------------- plans

TEST_CASE("IN on the partition key plans one Query per value, not a Scan") {
  auto p = PlanOk("SELECT * FROM \"App\" WHERE PK IN ['a', 'b']", kApp);
  REQUIRE(p.lookups.size() == 2);
  CHECK(partiql::ShapeOf(p.lookups[0]).values.at(":v0") == S("a"));
  CHECK(partiql::ShapeOf(p.lookups[1]).values.at(":v0") == S("b"));
  CHECK(p.plan.operation == "Query");
  CHECK_FALSE(p.plan.full_scan);
  CHECK(p.plan.key_condition == "PK = 'a' OR PK = 'b'");
  CHECK(p.plan.reason == "IN or OR on the partition key PK -> one Query per value (2 lookups)");
  REQUIRE(p.plan.lookups.size() == 2);
  CHECK(p.plan.lookups[1].key_condition == "PK = 'b'");
}

TEST_CASE("OR of equalities on the partition key plans one lookup per value") {
  auto p = PlanOk("SELECT * FROM \"App\" WHERE PK = 'a' OR 'b' = PK OR PK = 'c'", kApp);
  CHECK(p.lookups.size() == 3);
  CHECK(p.plan.key_condition == "PK = 'a' OR PK = 'b' OR PK = 'c'");
  CHECK_FALSE(p.plan.full_scan);
}

TEST_CASE("IN on the whole key of a hash-only table plans one GetItem per value") {
  auto p = PlanOk("SELECT * FROM \"Users\" WHERE id IN [1, 2, 3]", kUsers);
  REQUIRE(p.lookups.size() == 3);
  CHECK(std::get<GetItemRequest>(p.lookups[2].request).key.at("id") == N("3"));
  CHECK(p.plan.operation == "GetItem");
  CHECK(p.plan.reason == "IN or OR on the partition key id -> one GetItem per value (3 lookups)");
}

TEST_CASE("IN on the partition key with a sort-key condition keeps it in every lookup") {
  auto get = PlanOk("SELECT * FROM \"App\" WHERE PK IN ['a', 'b'] AND SK = 'x'", kApp);
  CHECK(get.plan.operation == "GetItem");
  CHECK(std::get<GetItemRequest>(get.lookups[1].request).key ==
        Key{{"PK", S("b")}, {"SK", S("x")}});
  CHECK(get.plan.key_condition == "(PK = 'a' AND SK = 'x') OR (PK = 'b' AND SK = 'x')");

  auto query = PlanOk(
      "SELECT * FROM \"App\" WHERE begins_with(SK, 'O') AND PK IN ['a', 'b'] AND n > 1", kApp);
  REQUIRE(query.lookups.size() == 2);
  REQUIRE(std::holds_alternative<QueryRequest>(query.lookups[1].request));
  const PlannedRequestShape q = partiql::ShapeOf(query.lookups[1]);
  CHECK(q.key_condition_expression == "#n0 = :v0 AND begins_with(#n1, :v1)");
  CHECK(q.filter_expression == "#n2 > :v2");
  CHECK(query.plan.filter == "n > 1");
  CHECK(query.has_filter);
}

TEST_CASE("OR of key lookups with different sort-key conditions plans each branch") {
  auto p = PlanOk("SELECT * FROM \"App\" WHERE (PK = 'a' AND SK = '1') OR (PK = 'b' AND SK > '2')",
                  kApp);
  REQUIRE(p.lookups.size() == 2);
  CHECK(std::holds_alternative<GetItemRequest>(p.lookups[0].request));
  CHECK(std::holds_alternative<QueryRequest>(p.lookups[1].request));
  CHECK(p.plan.operation == "GetItem and Query");
  CHECK(p.plan.key_condition == "(PK = 'a' AND SK = '1') OR (PK = 'b' AND SK > '2')");
}

TEST_CASE("A value listed twice in IN is read once") {
  auto p = PlanOk("SELECT * FROM \"App\" WHERE PK IN ['a', 'b', 'a']", kApp);
  CHECK(p.lookups.size() == 2);
}

TEST_CASE("IN with a list parameter plans one lookup per member") {
  std::vector<AttributeValue> params = {AttributeValue::L({S("a"), S("b")})};
  auto p = PlanOk("SELECT * FROM \"App\" WHERE PK IN ?", kApp, &params);
  CHECK(p.lookups.size() == 2);
  CHECK(p.plan.key_condition == "PK = 'a' OR PK = 'b'");
}

TEST_CASE("IN on a global index's partition key queries the index once per value") {
  auto p = PlanOk("SELECT * FROM \"App\".\"GSI1\" WHERE GSI1PK IN ['x', 'y']", kApp);
  REQUIRE(p.lookups.size() == 2);
  CHECK(*std::get<QueryRequest>(p.lookups[0].request).index_name == "GSI1");
  CHECK(p.plan.index == "GSI1");
}

TEST_CASE("OR between the partition key and another attribute is still a full Scan") {
  // DynamoDB: "SELECT * FROM Orders WHERE OrderID = 100 OR Address='some address'" scans.
  auto p = PlanOk("SELECT * FROM \"App\" WHERE PK = 'a' OR name = 'x'", kApp);
  CHECK(p.lookups.empty());
  CHECK(p.plan.operation == "Scan");
  CHECK(p.plan.full_scan);
  // Two branches on one partition could return one item twice.
  CHECK(
      PlanOk("SELECT * FROM \"App\" WHERE (PK = 'a' AND SK = '1') OR (PK = 'a' AND SK = '2')", kApp)
          .plan.operation == "Scan");
  auto other = PlanOk("SELECT * FROM \"App\" WHERE PK IN ['a', 'b'] AND PK <> 'c'", kApp);
  CHECK(other.plan.operation == "Scan");
  CHECK(other.plan.reason ==
        "IN or OR on the partition key PK with conditions that one key lookup per value cannot "
        "hold -> full Scan");
}

// DynamoDB's PartiQL: with several partition-key values the partition key leads ORDER BY, and
// the lookups then run in that order.
TEST_CASE("IN on the partition key with ORDER BY needs the partition key first in ORDER BY") {
  const char* kMessage =
      "Must have hash key in ORDER BY clause when more than one hash key condition specified in "
      "WHERE clause.";
  CHECK(PlanError("SELECT * FROM \"App\" WHERE PK IN ['a', 'b'] ORDER BY SK", kApp) == kMessage);
  CHECK(PlanError("SELECT * FROM \"App\" WHERE PK IN ['a', 'b'] ORDER BY SK, PK", kApp) ==
        kMessage);
  auto e = OrdersEngine();
  auto r =
      Must(e->ExecuteStatement(Stmt("SELECT * FROM \"App\" WHERE PK IN ['C#1', 'C#3'] AND "
                                    "begins_with(SK, 'ORDER#') ORDER BY PK DESC, SK DESC")));
  CHECK(Keys(r.items) ==
        std::vector<std::string>{"C#3/ORDER#2", "C#3/ORDER#1", "C#1/ORDER#2", "C#1/ORDER#1"});
}

// ---------------------------------------------------------------- execution

TEST_CASE("SELECT with IN on the partition key returns each partition's items in the order named") {
  auto e = OrdersEngine();
  auto r = Must(e->ExecuteStatement(
      Stmt("SELECT * FROM \"App\" WHERE PK IN ['C#3', 'C#1'] AND begins_with(SK, 'ORDER#')")));
  CHECK(Keys(r.items) ==
        std::vector<std::string>{"C#3/ORDER#1", "C#3/ORDER#2", "C#1/ORDER#1", "C#1/ORDER#2"});
  CHECK(r.trace.operation == "Query");
  REQUIRE(r.trace.steps.size() == 2);
  CHECK(r.trace.steps[0].operation == "Query");
  CHECK(r.trace.items_read == 4);
  CHECK_FALSE(r.next_token);
}

TEST_CASE("IN costs the sum of one Query per value, and the trace unions their partitions") {
  auto e = OrdersEngine();
  REQUIRE(e->SetPartitionCount("App", 64).ok());
  auto both =
      Must(e->ExecuteStatement(Stmt("SELECT * FROM \"App\" WHERE PK = 'C#1' OR PK = 'C#2'")));
  auto one = Must(e->ExecuteStatement(Stmt("SELECT * FROM \"App\" WHERE PK = 'C#1'")));
  auto two = Must(e->ExecuteStatement(Stmt("SELECT * FROM \"App\" WHERE PK = 'C#2'")));
  CHECK(both.consumed_capacity.total.half_units ==
        one.consumed_capacity.total.half_units + two.consumed_capacity.total.half_units);
  // Three items of ~3 KB per partition: 9 KB read, 3 RCU each, eventually consistent 1.5.
  CHECK(both.consumed_capacity.total.half_units == 6);
  std::vector<int> expected = one.trace.partitions_hit;
  expected.insert(expected.end(), two.trace.partitions_hit.begin(), two.trace.partitions_hit.end());
  std::sort(expected.begin(), expected.end());
  expected.erase(std::unique(expected.begin(), expected.end()), expected.end());
  CHECK(both.trace.partitions_hit == expected);
  CHECK(both.trace.steps[0].partitions_hit == one.trace.partitions_hit);
  CHECK(both.items.size() == 6);
}

TEST_CASE("IN on the full key runs one GetItem per value and skips missing keys") {
  auto e = OrdersEngine();
  auto r = Must(e->ExecuteStatement(
      Stmt("SELECT PK, SK FROM \"App\" WHERE PK IN ['C#2', 'C#9', 'C#1'] AND SK = 'PROFILE'")));
  CHECK(Keys(r.items) == std::vector<std::string>{"C#2/PROFILE", "C#1/PROFILE"});
  CHECK(r.trace.operation == "GetItem");
  CHECK(r.trace.steps.size() == 3);
  // Eventually consistent GetItem of a ~3 KB item: 0.5 RCU; a missing key still costs 0.5.
  CHECK(r.consumed_capacity.total.half_units == 3);
}

TEST_CASE("Limit counts items across the lookups and NextToken resumes where the page stopped") {
  auto e = OrdersEngine();
  const char* text = "SELECT * FROM \"App\" WHERE PK IN ['C#1', 'C#2', 'C#3']";
  for (int64_t limit : {1, 2, 3, 4, 5}) {
    INFO("limit " << limit);
    std::vector<std::string> all;
    std::optional<std::string> token;
    int pages = 0;
    do {
      ExecuteStatementRequest r = Stmt(text);
      r.limit = limit;
      r.next_token = token;
      auto page = Must(e->ExecuteStatement(r));
      CHECK(static_cast<int64_t>(page.items.size()) <= limit);
      for (const std::string& k : Keys(page.items)) all.push_back(k);
      token = page.next_token;
      REQUIRE(++pages < 20);
    } while (token);
    CHECK(all == std::vector<std::string>{"C#1/ORDER#1", "C#1/ORDER#2", "C#1/PROFILE",
                                          "C#2/ORDER#1", "C#2/ORDER#2", "C#2/PROFILE",
                                          "C#3/ORDER#1", "C#3/ORDER#2", "C#3/PROFILE"});
  }
}

TEST_CASE("EXPLAIN of IN on the partition key lists one lookup per value") {
  auto e = OrdersEngine();
  Plan p = Must(e->ExplainStatement(Stmt("SELECT * FROM \"App\" WHERE PK IN ['C#1', 'C#2']")));
  CHECK(p.operation == "Query");
  CHECK_FALSE(p.full_scan);
  REQUIRE(p.lookups.size() == 2);
  CHECK(p.lookups[0].key_condition == "PK = 'C#1'");
  CHECK(p.lookups[1].operation == "Query");
}

TEST_CASE("BatchExecuteStatement refuses a SELECT with IN, which is not one primary key") {
  auto e = OrdersEngine();
  BatchExecuteStatementRequest b;
  BatchStatementRequest s;
  s.statement = "SELECT * FROM \"App\" WHERE PK IN ['C#1', 'C#2'] AND SK = 'PROFILE'";
  b.statements = {s};
  auto r = Must(e->BatchExecuteStatement(b));
  REQUIRE(r.responses[0].error);
  CHECK(r.responses[0].error->message ==
        "Select statements within BatchExecuteStatement must specify the primary key in the "
        "where clause.");
}
