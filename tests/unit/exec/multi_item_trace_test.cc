// The trace of a multi-item call names every table, index and partition it touched: one step per
// action (and one per index an action wrote), and a summary on the call itself whose
// partitions_hit is the union of the steps'. A ddblab extension; the capacity it explains follows
// DynamoDB (BatchWriteItem, TransactWriteItems: "each item is charged separately").
#include <set>

#include "fixture.h"

using namespace ddbtest;

namespace {

std::set<int> Union(const Trace& t) {
  std::set<int> out;
  for (const Trace& s : t.steps) out.insert(s.partitions_hit.begin(), s.partitions_hit.end());
  return out;
}

void FourPartitions(Engine& e, const std::string& table) {
  REQUIRE(e.SetPartitionCount(table, 4).ok());
}

}  // namespace

TEST_CASE("BatchWriteItem's trace has a step per put and per index written, and their union") {
  auto e = OpenMemory();
  CreateAppTable(*e);
  CreateAppTable(*e, "Other", false);
  FourPartitions(*e, "App");
  FourPartitions(*e, "Other");
  BatchWriteItemRequest b;
  for (int i = 0; i < 6; ++i) {
    WriteRequest w;
    w.put_request_item = Item{{"PK", S("P" + std::to_string(i))},
                              {"SK", S("A")},
                              {"GSI1PK", S("G" + std::to_string(i))},
                              {"GSI1SK", S("1")}};
    b.request_items["App"].push_back(w);
  }
  WriteRequest o;
  o.put_request_item = Item{{"PK", S("X")}, {"SK", S("A")}};
  b.request_items["Other"].push_back(o);
  BatchWriteItemResponse r = Must(e->BatchWriteItem(b));
  const Trace& t = r.trace;
  CHECK(t.operation == "BatchWriteItem");
  CHECK(t.table == "App, Other");
  REQUIRE(t.steps.size() == 13);  // 6 puts + 6 GSI1 entries + 1 put on Other
  int index_steps = 0;
  for (const Trace& s : t.steps) {
    CHECK_FALSE(s.table.empty());
    CHECK(s.partitions_hit.size() == 1);
    CHECK(s.partitions_total == 4);
    if (!s.index.empty()) {
      CHECK(s.index == "GSI1");
      ++index_steps;
    }
  }
  CHECK(index_steps == 6);
  std::set<int> all = Union(t);
  CHECK(std::vector<int>(all.begin(), all.end()) == t.partitions_hit);
  CHECK(t.partitions_total == 4);
}

TEST_CASE("TransactWriteItems and TransactGetItems traces name their tables and partitions") {
  auto e = OpenMemory();
  CreateAppTable(*e, "App", false);
  TransactWriteItemsRequest w;
  for (int i = 0; i < 3; ++i) {
    TransactWriteItem p;
    p.action = "Put";
    p.table_name = "App";
    p.item = Item{{"PK", S("P" + std::to_string(i))}, {"SK", S("A")}};
    w.transact_items.push_back(p);
  }
  TransactWriteItemsResponse wr = Must(e->TransactWriteItems(w));
  CHECK(wr.trace.table == "App");
  CHECK(wr.trace.steps.size() == 3);
  CHECK_FALSE(wr.trace.partitions_hit.empty());
  std::set<int> all = Union(wr.trace);
  CHECK(std::vector<int>(all.begin(), all.end()) == wr.trace.partitions_hit);

  TransactGetItemsRequest g;
  for (int i = 0; i < 3; ++i) {
    TransactGet get;
    get.table_name = "App";
    get.key = Key{{"PK", S("P" + std::to_string(i))}, {"SK", S("A")}};
    g.transact_items.push_back(get);
  }
  TransactGetItemsResponse gr = Must(e->TransactGetItems(g));
  CHECK(gr.trace.table == "App");
  CHECK(gr.trace.partitions_hit == wr.trace.partitions_hit);
}

TEST_CASE("BatchGetItem and BatchExecuteStatement traces carry their tables and partitions") {
  auto e = OpenMemory();
  CreateAppTable(*e, "App", false);
  Put(*e, {{"PK", S("P1")}, {"SK", S("A")}});
  BatchGetItemRequest b;
  b.request_items["App"].keys = {Key{{"PK", S("P1")}, {"SK", S("A")}}};
  BatchGetItemResponse r = Must(e->BatchGetItem(b));
  CHECK(r.trace.table == "App");
  CHECK(r.trace.partitions_hit.size() == 1);

  BatchExecuteStatementRequest s;
  BatchStatementRequest one;
  one.statement = "SELECT * FROM App WHERE PK = 'P1' AND SK = 'A'";
  s.statements = {one};
  BatchExecuteStatementResponse sr = Must(e->BatchExecuteStatement(s));
  CHECK(sr.trace.table == "App");
  CHECK(sr.trace.partitions_hit == r.trace.partitions_hit);
}
