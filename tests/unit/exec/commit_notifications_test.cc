// Engine::Subscribe: every commit is told once, after the engine's lock is released, with the
// images before and after and the stream record it appended; a subscriber that writes is told
// of its own commit after it returns, never inside itself; what a cancelled transaction or a
// refused condition did not commit is never told.
#include <algorithm>
#include <string>
#include <vector>

#include "fixture.h"

using namespace ddbtest;

namespace {

void EnableStream(Engine& e) {
  UpdateTableRequest u;
  u.table_name = "App";
  StreamSpecification spec;
  spec.stream_enabled = true;
  spec.stream_view_type = "NEW_AND_OLD_IMAGES";
  u.stream_specification = spec;
  Must(e.UpdateTable(u));
}

// One line per change: table, the event, the key, and the record's event when there is one.
std::string Describe(const Commit& c) {
  std::string out;
  for (const ItemChange& ch : c.changes) {
    const Item& any = ch.after ? *ch.after : *ch.before;
    out += ch.table + " " + (ch.before ? "old" : "-") + "/" + (ch.after ? "new" : "-") + " " +
           any.at("PK").str() + (ch.record ? " " + ch.record->event_name : "") + ";";
  }
  return out;
}

}  // namespace

TEST_CASE("a commit is told with its images and its stream record, after the lock") {
  auto e = OpenMemory();
  CreateAppTable(*e, "App", false);
  EnableStream(*e);
  std::vector<std::string> told;
  Must(e->Subscribe([&](const Commit& c) {
    // The lock is released: a read from the subscriber does not wait for it.
    GetItemRequest g;
    g.table_name = "App";
    g.key = Item{{"PK", S("a")}, {"SK", S("1")}};
    CHECK(e->GetItem(g).ok());
    told.push_back(Describe(c));
  }));
  Put(*e, Item{{"PK", S("a")}, {"SK", S("1")}, {"n", N("1")}});
  Put(*e, Item{{"PK", S("a")}, {"SK", S("1")}, {"n", N("2")}});
  DeleteItemRequest d;
  d.table_name = "App";
  d.key = Item{{"PK", S("a")}, {"SK", S("1")}};
  Must(e->DeleteItem(d));
  CHECK(told == std::vector<std::string>{"App -/new a INSERT;", "App old/new a MODIFY;",
                                         "App old/- a REMOVE;"});
}

TEST_CASE("a subscriber that writes is told of its own commit after it returns") {
  auto e = OpenMemory();
  CreateAppTable(*e, "App", false);
  int depth = 0;
  int deepest = 0;
  std::vector<std::string> told;
  Must(e->Subscribe([&](const Commit& c) {
    ++depth;
    deepest = std::max(deepest, depth);
    told.push_back(Describe(c));
    // Each commit of "a<n>" writes "a<n>x" until the key is five characters long.
    const std::string pk = c.changes.at(0).after->at("PK").str();
    if (pk.size() < 5) Put(*e, Item{{"PK", S(pk + "x")}, {"SK", S("1")}});
    --depth;
  }));
  Put(*e, Item{{"PK", S("a1")}, {"SK", S("1")}});
  CHECK(deepest == 1);
  CHECK(told == std::vector<std::string>{"App -/new a1;", "App -/new a1x;", "App -/new a1xx;",
                                         "App -/new a1xxx;"});
}

TEST_CASE("what a cancelled transaction or a failed condition did not commit is not told") {
  auto e = OpenMemory();
  CreateAppTable(*e, "App", false);
  Put(*e, Item{{"PK", S("taken")}, {"SK", S("1")}});
  std::vector<std::string> told;
  const int id = Must(e->Subscribe([&](const Commit& c) { told.push_back(Describe(c)); }));

  TransactWriteItemsRequest t;
  TransactWriteItem fresh;
  fresh.action = "Put";
  fresh.table_name = "App";
  fresh.item = Item{{"PK", S("fresh")}, {"SK", S("1")}};
  TransactWriteItem clash = fresh;
  clash.item = Item{{"PK", S("taken")}, {"SK", S("1")}};
  clash.condition_expression = "attribute_not_exists(PK)";
  t.transact_items = {fresh, clash};
  CHECK(Fails(e->TransactWriteItems(t)).type == ErrorType::kTransactionCanceledException);

  PutItemRequest p;
  p.table_name = "App";
  p.item = Item{{"PK", S("taken")}, {"SK", S("1")}, {"n", N("1")}};
  p.condition_expression = "attribute_not_exists(PK)";
  CHECK(Fails(e->PutItem(p)).type == ErrorType::kConditionalCheckFailedException);
  CHECK(told.empty());

  e->Unsubscribe(id);
  Put(*e, Item{{"PK", S("later")}, {"SK", S("1")}});
  CHECK(told.empty());
}
