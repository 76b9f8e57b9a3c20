// Reads side by side on a database file (engine_impl.h: ReadAccess): GetItem and a 100-item Query
// from one thread and from two at once, against raw SQLite doing the same reads on a WAL file of
// the same layout with a read-only connection per thread. The engine's two-thread rate over its
// one-thread rate shows whether its reads really run in parallel; raw SQLite's shows what the
// machine allows.
#include <sqlite3.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <string>
#include <thread>
#include <vector>

#include "bench_support.h"
#include "storage/storage.h"

namespace ddblab::bench {
namespace {

using Clock = std::chrono::steady_clock;
// 100 partitions of 100 items.
constexpr int kPartitions = 100;
constexpr int kItems = kPartitions * 100;

std::string PartitionKey(int64_t i) { return "CUSTOMER#" + std::to_string(i % kPartitions); }
std::string SortKey(int64_t i) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "ORDER#%03d", static_cast<int>(i / kPartitions % 100));
  return buf;
}

// Runs op(thread, i) on `threads` threads for `seconds`; adds the operations and the elapsed
// time to *ops and *elapsed.
void RunThreads(int threads, double seconds, const std::function<void(int, int64_t)>& op,
                int64_t* ops, double* elapsed) {
  std::atomic<int64_t> total{0};
  const auto start = Clock::now();
  const auto deadline = start + std::chrono::duration<double>(seconds);
  std::vector<std::thread> workers;
  for (int t = 0; t < threads; ++t) {
    workers.emplace_back([&, t] {
      int64_t n = 0;
      for (; Clock::now() < deadline; ++n) op(t, n * threads + t);
      total += n;
    });
  }
  for (std::thread& w : workers) w.join();
  *ops += total.load();
  *elapsed += std::chrono::duration<double>(Clock::now() - start).count();
}

// The raw side: the benchmark's base-table layout in its own WAL file, one reader per thread.
class RawFile {
 public:
  RawFile(const std::string& path, int threads) {
    sqlite3* db = nullptr;
    Check(sqlite3_open(path.c_str(), &db) == SQLITE_OK, "raw open");
    Check(sqlite3_exec(db,
                       "PRAGMA journal_mode=WAL; CREATE TABLE t(h INTEGER, pk BLOB, sk BLOB, "
                       "size INTEGER, item BLOB, PRIMARY KEY(h, pk, sk)) WITHOUT ROWID; BEGIN",
                       nullptr, nullptr, nullptr) == SQLITE_OK,
          "raw schema");
    sqlite3_stmt* put = nullptr;
    sqlite3_prepare_v2(db, "INSERT INTO t VALUES(?, ?, ?, 200, ?)", -1, &put, nullptr);
    const std::string blob(200, 'x');
    for (int i = 0; i < kItems; ++i) {
      const std::string pk = PartitionKey(i), sk = SortKey(i);
      sqlite3_bind_int64(put, 1, PartitionHash(pk));
      sqlite3_bind_blob(put, 2, pk.data(), static_cast<int>(pk.size()), SQLITE_TRANSIENT);
      sqlite3_bind_blob(put, 3, sk.data(), static_cast<int>(sk.size()), SQLITE_TRANSIENT);
      sqlite3_bind_blob(put, 4, blob.data(), static_cast<int>(blob.size()), SQLITE_STATIC);
      Check(sqlite3_step(put) == SQLITE_DONE, "raw seed");
      sqlite3_reset(put);
    }
    sqlite3_finalize(put);
    Check(sqlite3_exec(db, "COMMIT", nullptr, nullptr, nullptr) == SQLITE_OK, "raw commit");
    writer_ = db;
    for (int t = 0; t < threads; ++t) {
      Reader r;
      Check(sqlite3_open_v2(path.c_str(), &r.db, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX,
                            nullptr) == SQLITE_OK,
            "raw reader");
      sqlite3_prepare_v2(r.db, "SELECT item FROM t WHERE h = ? AND pk = ? AND sk = ?", -1, &r.get,
                         nullptr);
      sqlite3_prepare_v2(r.db, "SELECT item FROM t WHERE h = ? AND pk = ? ORDER BY h, pk, sk", -1,
                         &r.query, nullptr);
      readers_.push_back(r);
    }
  }
  ~RawFile() {
    for (Reader& r : readers_) {
      sqlite3_finalize(r.get);
      sqlite3_finalize(r.query);
      sqlite3_close(r.db);
    }
    sqlite3_close(writer_);
  }

  void Get(int thread, int64_t i) {
    sqlite3_stmt* get = readers_[static_cast<size_t>(thread)].get;
    const std::string pk = PartitionKey(i), sk = SortKey(i);
    sqlite3_bind_int64(get, 1, PartitionHash(pk));
    sqlite3_bind_blob(get, 2, pk.data(), static_cast<int>(pk.size()), SQLITE_TRANSIENT);
    sqlite3_bind_blob(get, 3, sk.data(), static_cast<int>(sk.size()), SQLITE_TRANSIENT);
    Check(sqlite3_step(get) == SQLITE_ROW, "raw get");
    volatile int n = sqlite3_column_bytes(get, 0);
    (void)n;
    sqlite3_reset(get);
  }

  void Query(int thread, int64_t i) {
    sqlite3_stmt* query = readers_[static_cast<size_t>(thread)].query;
    const std::string pk = PartitionKey(i);
    sqlite3_bind_int64(query, 1, PartitionHash(pk));
    sqlite3_bind_blob(query, 2, pk.data(), static_cast<int>(pk.size()), SQLITE_TRANSIENT);
    int rows = 0;
    while (sqlite3_step(query) == SQLITE_ROW) rows += sqlite3_column_bytes(query, 0) > 0;
    Check(rows == 100, "raw query");
    sqlite3_reset(query);
  }

 private:
  struct Reader {
    sqlite3* db = nullptr;
    sqlite3_stmt* get = nullptr;
    sqlite3_stmt* query = nullptr;
  };
  sqlite3* writer_ = nullptr;
  std::vector<Reader> readers_;
};

std::unique_ptr<Engine> SeededEngine(const std::string& path) {
  EngineOptions o;
  o.path = path;
  auto opened = Engine::Open(o);
  Check(opened.ok(), "open file");
  std::unique_ptr<Engine> e = std::move(opened).value();
  CreateTableRequest c;
  c.table_name = "Bench";
  c.billing_mode = "PAY_PER_REQUEST";
  c.attribute_definitions = {{"PK", "S"}, {"SK", "S"}};
  c.key_schema = {{"PK", "HASH"}, {"SK", "RANGE"}};
  Check(e->CreateTable(c).ok(), "create table");
  for (int i = 0; i < kItems; i += 25) {
    BatchWriteItemRequest b;
    for (int k = i; k < i + 25; ++k) {
      WriteRequest w;
      w.put_request_item = Order(PartitionKey(k), SortKey(k), false);
      b.request_items["Bench"].push_back(std::move(w));
    }
    auto r = e->BatchWriteItem(b);
    Check(r.ok() && r->unprocessed_items.empty(), "seed");
  }
  return e;
}

// Both sides of one read, from one thread and then from two, in alternating 50 ms slices (as
// Compare does, so a drifting machine speed hits both alike).
void CompareThreads(const char* name, const std::function<void(int, int64_t)>& engine_op,
                    const std::function<void(int, int64_t)>& raw_op) {
  for (int threads : {1, 2}) {
    int64_t engine_ops = 0, raw_ops = 0;
    double engine_s = 0, raw_s = 0;
    while (engine_s < g_seconds || raw_s < g_seconds) {
      RunThreads(threads, 0.05, engine_op, &engine_ops, &engine_s);
      RunThreads(threads, 0.05, raw_op, &raw_ops, &raw_s);
    }
    const std::string label = threads == 1 ? name : std::string(name) + "_2_threads";
    PrintResult(label.c_str(), static_cast<double>(engine_ops) / engine_s,
                static_cast<double>(raw_ops) / raw_s);
  }
}

}  // namespace

void BenchReadsFileThreads() {
  const auto dir =
      std::filesystem::temp_directory_path() / ("ddblab-bench-" + std::to_string(getpid()));
  std::filesystem::create_directories(dir);
  {
    auto e = SeededEngine((dir / "engine.db").string());
    RawFile raw((dir / "raw.db").string(), 2);
    CompareThreads(
        "get_item_file",
        [&](int, int64_t i) {
          GetItemRequest g;
          g.table_name = "Bench";
          g.key = {{"PK", S(PartitionKey(i))}, {"SK", S(SortKey(i))}};
          auto r = e->GetItem(g);
          Check(r.ok() && r->item.has_value(), "GetItem");
        },
        [&](int thread, int64_t i) { raw.Get(thread, i); });
    CompareThreads(
        "query_100_file",
        [&](int, int64_t i) {
          QueryRequest q;
          q.table_name = "Bench";
          q.key_condition_expression = "PK = :pk";
          q.expression_attribute_values = ExpressionAttributeValues{{":pk", S(PartitionKey(i))}};
          auto r = e->Query(q);
          Check(r.ok() && r->items.size() == 100, "Query");
        },
        [&](int thread, int64_t i) { raw.Query(thread, i); });
  }
  std::filesystem::remove_all(dir);
}

}  // namespace ddblab::bench
