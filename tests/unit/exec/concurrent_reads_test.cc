// Reads side by side: on a database file, GetItem, Query, Scan, BatchGetItem and TransactGetItems
// share the engine's lock and read through connections of their own (engine_impl.h: ReadAccess),
// while writes stay one at a time. What must hold: a read never sees a write half done or an
// older state than one already acknowledged, and the lock keeps its re-entry rules.
#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <thread>
#include <vector>

#include "exec/engine_mutex.h"
#include "fixture.h"

using namespace ddbtest;

namespace {

std::string TempDb(const char* name) {
  auto dir =
      std::filesystem::temp_directory_path() / ("ddblab-concurrent-" + std::to_string(getpid()));
  std::filesystem::create_directories(dir);
  auto path = dir / name;
  for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(path.string() + suffix);
  return path.string();
}

std::unique_ptr<Engine> OpenFile(const std::string& path) {
  EngineOptions o;
  o.path = path;
  return Must(Engine::Open(o));
}

int64_t CounterOf(const Item& item) { return std::stoll(item.at("n").num().ToString()); }

}  // namespace

TEST_CASE("Two readers hold the engine lock at once and a writer waits for both") {
  ddblab::EngineMutex m;
  std::atomic<int> inside{0};
  std::atomic<bool> both_seen{false};
  auto reader = [&] {
    m.lock_shared();
    ++inside;
    // Each waits (bounded) until the other is inside too: only a shared lock lets both in.
    for (int i = 0; i < 2000 && inside.load() < 2; ++i) usleep(1000);
    if (inside.load() == 2) both_seen = true;
    m.unlock_shared();
  };
  std::thread a(reader), b(reader);
  a.join();
  b.join();
  CHECK(both_seen);

  m.lock_shared();
  std::atomic<bool> wrote{false};
  std::thread writer([&] {
    m.lock();
    wrote = true;
    m.unlock();
  });
  usleep(20000);
  CHECK_FALSE(wrote);  // the reader still holds it
  m.unlock_shared();
  writer.join();
  CHECK(wrote);
}

TEST_CASE("The engine lock lets its exclusive holder re-enter as reader or writer") {
  ddblab::EngineMutex m;
  m.lock();
  CHECK(m.OwnedByThisThread());
  m.lock_shared();  // PartiQL's SELECT inside a transaction reads through Query
  m.lock();
  m.unlock();
  m.unlock_shared();
  CHECK(m.OwnedByThisThread());
  m.unlock();
  CHECK_FALSE(m.OwnedByThisThread());
  // Released: another thread takes it exclusively at once.
  std::thread other([&] {
    CHECK(m.try_lock());
    m.unlock();
  });
  other.join();
  // A reader may read again (BatchGetItem's reads inside one request).
  m.lock_shared();
  m.lock_shared();
  m.unlock_shared();
  m.unlock_shared();
  CHECK(m.try_lock());
  m.unlock();
}

TEST_CASE("Readers on other threads never see a counter older than the last acknowledged write") {
  std::string path = TempDb("counter.db");
  auto e = OpenFile(path);
  CreateAppTable(*e);
  Put(*e, {{"PK", S("c")}, {"SK", S("x")}, {"n", N("0")}});
  constexpr int kWrites = 150;
  std::atomic<int64_t> acknowledged{0};
  std::atomic<bool> done{false};
  std::atomic<int> stale{0}, reads{0};
  auto check = [&](int64_t seen, int64_t floor) {
    ++reads;
    if (seen < floor) ++stale;
  };
  std::vector<std::thread> readers;
  for (int t = 0; t < 3; ++t) {
    readers.emplace_back([&, t] {
      while (!done.load()) {
        // The floor is read before the request: whatever the reader sees must be at least it.
        int64_t floor = acknowledged.load();
        if (t == 0) {
          GetItemRequest g;
          g.table_name = "App";
          g.key = {{"PK", S("c")}, {"SK", S("x")}};
          auto r = e->GetItem(g);
          if (r.ok() && r->item) check(CounterOf(r->item->item()), floor);
        } else if (t == 1) {
          auto r = e->Query(QueryPk("c"));
          if (r.ok() && r->items.size() == 1) check(CounterOf(r->items[0].item()), floor);
        } else {
          TransactGetItemsRequest tg;
          TransactGet get;
          get.table_name = "App";
          get.key = {{"PK", S("c")}, {"SK", S("x")}};
          tg.transact_items.push_back(get);
          auto r = e->TransactGetItems(tg);
          if (r.ok() && r->responses.size() == 1 && r->responses[0].item) {
            check(CounterOf(r->responses[0].item->item()), floor);
          }
        }
      }
    });
  }
  for (int i = 1; i <= kWrites; ++i) {
    Put(*e, {{"PK", S("c")}, {"SK", S("x")}, {"n", N(std::to_string(i))}});
    acknowledged = i;
  }
  done = true;
  for (auto& r : readers) r.join();
  CHECK(stale.load() == 0);
  CHECK(reads.load() > 0);
  // After the writer stops, every reader connection sees the last write.
  for (int i = 0; i < 4; ++i) {
    auto q = Must(e->Query(QueryPk("c")));
    REQUIRE(q.items.size() == 1);
    CHECK(CounterOf(q.items[0].item()) == kWrites);
  }
}

TEST_CASE("Snapshot reads beside transfers always sum to the opening total") {
  std::string path = TempDb("transfers.db");
  auto e = OpenFile(path);
  CreateAppTable(*e);
  constexpr int kAccounts = 4;
  for (int a = 0; a < kAccounts; ++a) {
    Put(*e, {{"PK", S("acct")}, {"SK", S(std::to_string(a))}, {"n", N("100")}});
  }
  std::atomic<bool> done{false};
  std::atomic<int> wrong{0}, snapshots{0};
  std::vector<std::thread> readers;
  for (int t = 0; t < 2; ++t) {
    readers.emplace_back([&, t] {
      while (!done.load()) {
        int64_t sum = 0;
        int found = 0;
        if (t == 0) {
          TransactGetItemsRequest tg;
          for (int a = 0; a < kAccounts; ++a) {
            TransactGet get;
            get.table_name = "App";
            get.key = {{"PK", S("acct")}, {"SK", S(std::to_string(a))}};
            tg.transact_items.push_back(get);
          }
          auto r = e->TransactGetItems(tg);
          if (!r.ok()) continue;
          for (auto& entry : r->responses) {
            if (entry.item) sum += CounterOf(entry.item->item()), ++found;
          }
        } else {
          auto r = e->Query(QueryPk("acct"));
          if (!r.ok()) continue;
          for (auto& item : r->items) sum += CounterOf(item.item()), ++found;
        }
        ++snapshots;
        if (found != kAccounts || sum != 100 * kAccounts) ++wrong;
      }
    });
  }
  for (int i = 0; i < 100; ++i) {
    TransactWriteItemsRequest tw;
    for (int side = 0; side < 2; ++side) {
      TransactWriteItem w;
      w.action = "Update";
      w.table_name = "App";
      w.key = Key{{"PK", S("acct")}, {"SK", S(std::to_string((i + side) % kAccounts))}};
      w.update_expression = "ADD n :d";
      w.expression_attribute_values = ExpressionAttributeValues{{":d", N(side ? "1" : "-1")}};
      tw.transact_items.push_back(w);
    }
    REQUIRE(e->TransactWriteItems(tw).ok());
  }
  done = true;
  for (auto& r : readers) r.join();
  CHECK(wrong.load() == 0);
  CHECK(snapshots.load() > 0);
}

TEST_CASE("A reader connection opened before a table exists reads the table made after it") {
  std::string path = TempDb("late_table.db");
  auto e = OpenFile(path);
  CreateAppTable(*e, "First", false);
  // Opens a reader connection (on another thread, so it shares the lock) and leaves it idle.
  std::thread([&] { CHECK(Must(e->Query(QueryPk("none", "First"))).items.empty()); }).join();
  CreateAppTable(*e, "Second", false);
  Put(*e, {{"PK", S("p")}, {"SK", S("s")}}, "Second");
  std::thread([&] {
    auto r = Must(e->Query(QueryPk("p", "Second")));
    CHECK(r.items.size() == 1);
    ScanRequest s;
    s.table_name = "Second";
    CHECK(Must(e->Scan(s)).count == 1);
  }).join();
  // And a table deleted and made again under its name is read afresh.
  DeleteTableRequest d;
  d.table_name = "Second";
  REQUIRE(e->DeleteTable(d).ok());
  CreateAppTable(*e, "Second", false);
  std::thread([&] { CHECK(Must(e->Query(QueryPk("p", "Second"))).items.empty()); }).join();
}
