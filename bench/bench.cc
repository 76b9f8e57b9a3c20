// scripts/bench: engine operations against raw SQLite doing the same row work, in one run.
// Prints one JSON object per line: name, ops_per_s, sqlite_ops_per_s, ratio (engine / SQLite).
// `--quick` shortens every measurement (whole run well under 30 s).
#include <sqlite3.h>

#include <chrono>
#include <cstdio>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "bench_support.h"
#include "ddblab/engine.h"
#include "storage/storage.h"

using namespace ddblab;
using namespace ddblab::bench;
using Clock = std::chrono::steady_clock;

namespace ddblab::bench {

double g_seconds = 1.0;

void Check(bool ok, const char* what) {
  if (!ok) {
    std::fprintf(stderr, "bench: %s failed\n", what);
    std::exit(1);
  }
}

void PrintResult(const char* name, double ops, double sqlite_ops) {
  std::printf(
      "{\"name\": \"%s\", \"ops_per_s\": %.0f, \"sqlite_ops_per_s\": %.0f, \"ratio\": %.3f}\n",
      name, ops, sqlite_ops, ops / sqlite_ops);
  std::fflush(stdout);
}

Rates Compare(const std::function<void(int64_t)>& engine,
              const std::function<void(int64_t)>& sqlite) {
  struct Side {
    const std::function<void(int64_t)>* op;
    int64_t n = 0;
    double seconds = 0;
  } sides[2] = {{&engine}, {&sqlite}};
  while (sides[0].seconds < g_seconds || sides[1].seconds < g_seconds) {
    for (Side& side : sides) {
      auto start = Clock::now();
      double elapsed = 0;
      while (elapsed < 0.02) {
        (*side.op)(side.n++);
        elapsed = std::chrono::duration<double>(Clock::now() - start).count();
      }
      side.seconds += elapsed;
    }
  }
  return {static_cast<double>(sides[0].n) / sides[0].seconds,
          static_cast<double>(sides[1].n) / sides[1].seconds};
}

void Compare(const char* name, const std::function<void(int64_t)>& engine,
             const std::function<void(int64_t)>& sqlite) {
  Rates r = Compare(engine, sqlite);
  PrintResult(name, r.first, r.second);
}

std::unique_ptr<Engine> NewEngine(bool gsi) {
  auto e = Engine::Open(EngineOptions{});
  Check(e.ok(), "open");
  CreateTableRequest c;
  c.table_name = "Bench";
  c.billing_mode = "PAY_PER_REQUEST";
  c.attribute_definitions = {{"PK", "S"}, {"SK", "S"}};
  c.key_schema = {{"PK", "HASH"}, {"SK", "RANGE"}};
  if (gsi) {
    c.attribute_definitions.push_back({"GSI1PK", "S"});
    c.attribute_definitions.push_back({"GSI1SK", "S"});
    SecondaryIndexSpec g;
    g.index_name = "GSI1";
    g.key_schema = {{"GSI1PK", "HASH"}, {"GSI1SK", "RANGE"}};
    g.projection.projection_type = "ALL";
    c.global_secondary_indexes = std::vector<SecondaryIndexSpec>{g};
  }
  Check((*e)->CreateTable(c).ok(), "create table");
  return std::move(e).value();
}

void Query100(Engine& e, int64_t i) {
  QueryRequest q;
  q.table_name = "Bench";
  q.key_condition_expression = "PK = :pk";
  q.expression_attribute_values =
      ExpressionAttributeValues{{":pk", S("CUSTOMER#" + std::to_string(i % 20))}};
  auto r = e.Query(q);
  Check(r.ok() && r->items.size() == 100, "Query");
}

AttributeValue S(std::string s) { return AttributeValue::S(std::move(s)); }
AttributeValue N(int64_t v) { return AttributeValue::N(Decimal::FromInt(v)); }

Item Order(const std::string& pk, const std::string& sk, bool indexed) {
  Item it{{"PK", S(pk)},
          {"SK", S(sk)},
          {"total", N(12345)},
          {"status", S("OPEN")},
          {"note", S(std::string(120, 'x'))}};
  if (indexed) {
    it["GSI1PK"] = S("STATUS#OPEN");
    it["GSI1SK"] = S(sk);
  }
  return it;
}

}  // namespace ddblab::bench

namespace {

// Raw SQLite with the same clustered layout the engine uses.
struct Raw {
  sqlite3* db = nullptr;
  sqlite3_stmt* put = nullptr;
  sqlite3_stmt* put_ix = nullptr;
  sqlite3_stmt* del_ix = nullptr;
  sqlite3_stmt* get = nullptr;
  sqlite3_stmt* query = nullptr;
  sqlite3_stmt* scan = nullptr;
  sqlite3_stmt* begin = nullptr;
  sqlite3_stmt* commit = nullptr;

  Raw() {
    // The engine's connection settings: one thread per connection, so no SQLite mutexes.
    sqlite3_open_v2(":memory:", &db,
                    SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nullptr);
    sqlite3_exec(db,
                 "CREATE TABLE t(h INTEGER, pk BLOB, sk BLOB, size INTEGER, item BLOB, "
                 "PRIMARY KEY(h, pk, sk)) WITHOUT ROWID;"
                 "CREATE TABLE i(h INTEGER, ipk BLOB, isk BLOB, pk BLOB, sk BLOB, size INTEGER, "
                 "item BLOB, PRIMARY KEY(h, ipk, isk, pk, sk)) WITHOUT ROWID;",
                 nullptr, nullptr, nullptr);
    Prep(&put, "INSERT OR REPLACE INTO t VALUES(?, ?, ?, ?, ?)");
    Prep(&put_ix, "INSERT OR REPLACE INTO i VALUES(?, ?, ?, ?, ?, ?, ?)");
    Prep(&del_ix, "DELETE FROM i WHERE h = ? AND ipk = ? AND isk = ? AND pk = ? AND sk = ?");
    // Reads fetch just the item: the least an application needs.
    Prep(&get, "SELECT item FROM t WHERE h = ? AND pk = ? AND sk = ?");
    Prep(&query, "SELECT item FROM t WHERE h = ? AND pk = ? ORDER BY h, pk, sk");
    Prep(&scan, "SELECT item FROM t ORDER BY h, pk, sk");
    Prep(&begin, "SAVEPOINT s");
    Prep(&commit, "RELEASE s");
  }
  ~Raw() {
    for (auto* s : {put, put_ix, del_ix, get, query, scan, begin, commit}) sqlite3_finalize(s);
    sqlite3_close(db);
  }
  void Prep(sqlite3_stmt** s, const char* sql) {
    Check(sqlite3_prepare_v2(db, sql, -1, s, nullptr) == SQLITE_OK, sql);
  }
  static void Blob(sqlite3_stmt* s, int i, const std::string& b) {
    sqlite3_bind_blob(s, i, b.data(), static_cast<int>(b.size()), SQLITE_TRANSIENT);
  }
  static void Step(sqlite3_stmt* s) {
    sqlite3_step(s);
    sqlite3_reset(s);
  }
  void PutRow(sqlite3_stmt* s, int64_t h, const std::string& pk, const std::string& sk,
              const std::string& item) {
    sqlite3_bind_int64(s, 1, h);
    Blob(s, 2, pk);
    Blob(s, 3, sk);
    sqlite3_bind_int64(s, 4, static_cast<int64_t>(item.size()));
    Blob(s, 5, item);
    Step(s);
  }
  // The item bytes of the current row, as an application reading it must fetch them.
  static int64_t ItemBytes(sqlite3_stmt* s) {
    const auto* p = static_cast<const unsigned char*>(sqlite3_column_blob(s, 0));
    return sqlite3_column_bytes(s, 0) + (p ? p[0] : 0);
  }
  // Reads every row a statement yields.
  int64_t Drain(sqlite3_stmt* s) {
    int64_t bytes = 0;
    while (sqlite3_step(s) == SQLITE_ROW) bytes += ItemBytes(s);
    sqlite3_reset(s);
    return bytes;
  }
};

std::string Sk(int64_t i) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "ORDER#%08lld", static_cast<long long>(i));
  return buf;
}

const std::string kItemBlob(200, 'x');

// The clustering column the engine writes for a partition key: raw SQLite gets the same value so
// both sides walk the same B-tree in the same order.
int64_t H(const std::string& pk) { return PartitionHash(pk); }

void BenchPutItemGsi() {
  auto e = NewEngine(true);
  auto engine_op = [&](int64_t i) {
    PutItemRequest p;
    p.table_name = "Bench";
    p.item = Order("CUSTOMER#" + std::to_string(i % 1000), Sk(i), true);
    Check(e->PutItem(p).ok(), "PutItem");
  };
  Raw raw;
  // Same row work: one base row and one index row in one transaction.
  auto sqlite_op = [&](int64_t i) {
    std::string pk = "CUSTOMER#" + std::to_string(i % 1000);
    Raw::Step(raw.begin);
    raw.PutRow(raw.put, H(pk), pk, Sk(i), kItemBlob);
    sqlite3_bind_int64(raw.put_ix, 1, H("STATUS#OPEN"));
    Raw::Blob(raw.put_ix, 2, "STATUS#OPEN");
    Raw::Blob(raw.put_ix, 3, Sk(i));
    Raw::Blob(raw.put_ix, 4, pk);
    Raw::Blob(raw.put_ix, 5, Sk(i));
    sqlite3_bind_int64(raw.put_ix, 6, 200);
    Raw::Blob(raw.put_ix, 7, kItemBlob);
    Raw::Step(raw.put_ix);
    Raw::Step(raw.commit);
  };
  Compare("put_item_gsi", engine_op, sqlite_op);
}

void BenchGetItem() {
  const int kItems = 10000;
  auto e = NewEngine(false);
  Raw raw;
  for (int i = 0; i < kItems; ++i) {
    PutItemRequest p;
    p.table_name = "Bench";
    p.item = Order("CUSTOMER#" + std::to_string(i), "PROFILE", false);
    Check(e->PutItem(p).ok(), "seed");
    raw.PutRow(raw.put, H("CUSTOMER#" + std::to_string(i)), "CUSTOMER#" + std::to_string(i),
               "PROFILE", kItemBlob);
  }
  auto engine_op = [&](int64_t i) {
    GetItemRequest g;
    g.table_name = "Bench";
    g.key = {{"PK", S("CUSTOMER#" + std::to_string(i % kItems))}, {"SK", S("PROFILE")}};
    auto r = e->GetItem(g);
    Check(r.ok() && r->item.has_value(), "GetItem");
  };
  auto sqlite_op = [&](int64_t i) {
    sqlite3_bind_int64(raw.get, 1, H("CUSTOMER#" + std::to_string(i % kItems)));
    Raw::Blob(raw.get, 2, "CUSTOMER#" + std::to_string(i % kItems));
    Raw::Blob(raw.get, 3, "PROFILE");
    Check(sqlite3_step(raw.get) == SQLITE_ROW, "raw get");
    volatile int64_t n = Raw::ItemBytes(raw.get);
    (void)n;
    sqlite3_reset(raw.get);
  };
  Compare("get_item", engine_op, sqlite_op);
}

void BenchQuery100() {
  auto e = NewEngine(false);
  Raw raw;
  for (int c = 0; c < 20; ++c) {
    for (int i = 0; i < 100; ++i) {
      PutItemRequest p;
      p.table_name = "Bench";
      p.item = Order("CUSTOMER#" + std::to_string(c), Sk(i), false);
      Check(e->PutItem(p).ok(), "seed");
      raw.PutRow(raw.put, H("CUSTOMER#" + std::to_string(c)), "CUSTOMER#" + std::to_string(c),
                 Sk(i), kItemBlob);
    }
  }
  auto engine_op = [&](int64_t i) { Query100(*e, i); };
  auto sqlite_op = [&](int64_t i) {
    sqlite3_bind_int64(raw.query, 1, H("CUSTOMER#" + std::to_string(i % 20)));
    Raw::Blob(raw.query, 2, "CUSTOMER#" + std::to_string(i % 20));
    raw.Drain(raw.query);
  };
  Compare("query_100", engine_op, sqlite_op);
}

void BenchScan20000() {
  const int kItems = 20000;
  auto e = NewEngine(false);
  Raw raw;
  for (int i = 0; i < kItems; ++i) {
    PutItemRequest p;
    p.table_name = "Bench";
    p.item = Order("CUSTOMER#" + std::to_string(i), "PROFILE", false);
    Check(e->PutItem(p).ok(), "seed");
    raw.PutRow(raw.put, H("CUSTOMER#" + std::to_string(i)), "CUSTOMER#" + std::to_string(i),
               "PROFILE", kItemBlob);
  }
  auto engine_op = [&](int64_t) {
    ScanRequest s;
    s.table_name = "Bench";
    int64_t seen = 0;
    for (;;) {
      auto r = e->Scan(s);
      Check(r.ok(), "Scan");
      seen += r->count;
      if (!r->last_evaluated_key) break;
      s.exclusive_start_key = r->last_evaluated_key;
    }
    Check(seen == kItems, "Scan count");
  };
  auto sqlite_op = [&](int64_t) { raw.Drain(raw.scan); };
  Compare("scan_20000", engine_op, sqlite_op);
}

void BenchUpdateItemIndexMove() {
  auto e = NewEngine(true);
  Raw raw;
  for (int i = 0; i < 1000; ++i) {
    PutItemRequest p;
    p.table_name = "Bench";
    p.item = Order("CUSTOMER#" + std::to_string(i), "ORDER#1", true);
    Check(e->PutItem(p).ok(), "seed");
  }
  auto engine_op = [&](int64_t i) {
    UpdateItemRequest u;
    u.table_name = "Bench";
    u.key = {{"PK", S("CUSTOMER#" + std::to_string(i % 1000))}, {"SK", S("ORDER#1")}};
    u.update_expression = "SET GSI1SK = :v";
    u.expression_attribute_values = ExpressionAttributeValues{{":v", S(Sk(i))}};
    auto r = e->UpdateItem(u);
    Check(r.ok(), "UpdateItem");
  };
  // Same row work: read the item, rewrite it, move its index entry (delete + insert).
  auto sqlite_op = [&](int64_t i) {
    std::string pk = "CUSTOMER#" + std::to_string(i % 1000);
    Raw::Step(raw.begin);
    sqlite3_bind_int64(raw.get, 1, H(pk));
    Raw::Blob(raw.get, 2, pk);
    Raw::Blob(raw.get, 3, "ORDER#1");
    sqlite3_step(raw.get);
    sqlite3_reset(raw.get);
    raw.PutRow(raw.put, H(pk), pk, "ORDER#1", kItemBlob);
    sqlite3_bind_int64(raw.del_ix, 1, H("STATUS#OPEN"));
    Raw::Blob(raw.del_ix, 2, "STATUS#OPEN");
    Raw::Blob(raw.del_ix, 3, Sk(i - 1));
    Raw::Blob(raw.del_ix, 4, pk);
    Raw::Blob(raw.del_ix, 5, "ORDER#1");
    Raw::Step(raw.del_ix);
    sqlite3_bind_int64(raw.put_ix, 1, H("STATUS#OPEN"));
    Raw::Blob(raw.put_ix, 2, "STATUS#OPEN");
    Raw::Blob(raw.put_ix, 3, Sk(i));
    Raw::Blob(raw.put_ix, 4, pk);
    Raw::Blob(raw.put_ix, 5, "ORDER#1");
    sqlite3_bind_int64(raw.put_ix, 6, 200);
    Raw::Blob(raw.put_ix, 7, kItemBlob);
    Raw::Step(raw.put_ix);
    Raw::Step(raw.commit);
  };
  Compare("update_item_gsi_move", engine_op, sqlite_op);
}

void BenchBatchWrite25() {
  auto e = NewEngine(false);
  Raw raw;
  auto engine_op = [&](int64_t i) {
    BatchWriteItemRequest b;
    auto& list = b.request_items["Bench"];
    for (int k = 0; k < 25; ++k) {
      WriteRequest w;
      w.put_request_item = Order("CUSTOMER#" + std::to_string(i % 1000), Sk(i * 25 + k), false);
      list.push_back(std::move(w));
    }
    Check(e->BatchWriteItem(b).ok(), "BatchWriteItem");
  };
  auto sqlite_op = [&](int64_t i) {
    Raw::Step(raw.begin);
    for (int k = 0; k < 25; ++k) {
      raw.PutRow(raw.put, H("CUSTOMER#" + std::to_string(i % 1000)),
                 "CUSTOMER#" + std::to_string(i % 1000), Sk(i * 25 + k), kItemBlob);
    }
    Raw::Step(raw.commit);
  };
  Compare("batch_write_25", engine_op, sqlite_op);
}

void BenchTransactWrite2() {
  auto e = NewEngine(false);
  Raw raw;
  auto engine_op = [&](int64_t i) {
    TransactWriteItemsRequest t;
    for (int k = 0; k < 2; ++k) {
      TransactWriteItem w;
      w.action = "Put";
      w.table_name = "Bench";
      w.item = Order("STUDENT#" + std::to_string(i), "COURSE#" + std::to_string(k), false);
      w.condition_expression = "attribute_not_exists(PK)";
      t.transact_items.push_back(std::move(w));
    }
    Check(e->TransactWriteItems(t).ok(), "TransactWriteItems");
  };
  // Same row work: check both keys are absent, then insert both, in one transaction.
  auto sqlite_op = [&](int64_t i) {
    Raw::Step(raw.begin);
    for (int k = 0; k < 2; ++k) {
      std::string pk = "STUDENT#" + std::to_string(i);
      sqlite3_bind_int64(raw.get, 1, H(pk));
      Raw::Blob(raw.get, 2, pk);
      Raw::Blob(raw.get, 3, "COURSE#" + std::to_string(k));
      sqlite3_step(raw.get);
      sqlite3_reset(raw.get);
    }
    for (int k = 0; k < 2; ++k) {
      raw.PutRow(raw.put, H("STUDENT#" + std::to_string(i)), "STUDENT#" + std::to_string(i),
                 "COURSE#" + std::to_string(k), kItemBlob);
    }
    Raw::Step(raw.commit);
  };
  Compare("transact_write_2", engine_op, sqlite_op);
}

// `--raw-inserts N`: N single-row inserts (one statement each, as the engine makes one call per
// request) of an order-sized row into raw SQLite with the engine's clustered layout, printed as
// rows per second: the baseline beside `ddblab simulate`'s virtual requests per second
// (bench/simulate_bench.sh).
void RawInserts(int64_t n) {
  Raw raw;
  auto start = Clock::now();
  for (int64_t i = 0; i < n; ++i) {
    std::string pk = "ORDER#2026-06-08#" + std::to_string(i % 16);
    raw.PutRow(raw.put, H(pk), pk, Sk(i), kItemBlob);
  }
  double seconds = std::chrono::duration<double>(Clock::now() - start).count();
  std::printf("{\"rows\": %lld, \"rows_per_s\": %.0f}\n", static_cast<long long>(n),
              static_cast<double>(n) / seconds);
}

}  // namespace

int main(int argc, char** argv) {
  std::string only;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--quick") == 0) g_seconds = 0.25;
    if (std::strcmp(argv[i], "--only") == 0 && i + 1 < argc) only = argv[++i];
    if (std::strcmp(argv[i], "--raw-inserts") == 0 && i + 1 < argc) {
      RawInserts(std::atoll(argv[i + 1]));
      return 0;
    }
  }
  const std::pair<const char*, void (*)()> benches[] = {
      {"put_item_gsi", BenchPutItemGsi},
      {"get_item", BenchGetItem},
      {"query_100", BenchQuery100},
      {"scan_20000", BenchScan20000},
      {"update_item_gsi_move", BenchUpdateItemIndexMove},
      {"batch_write_25", BenchBatchWrite25},
      {"transact_write_2", BenchTransactWrite2},
      {"reads_file_threads", BenchReadsFileThreads},
      {"repl_path", BenchReplPath},
      {"wire_path", BenchWirePath},
  };
  for (const auto& [name, fn] : benches) {
    if (only.empty() || only == name) fn();
  }
  return 0;
}
