#include "storage/storage.h"

#include <sqlite3.h>

#include <algorithm>
#include <optional>
#include <string>
#include <unordered_map>

#include "storage/file_guard.h"
#include "storage/stream_tables.h"
#include "storage/table_stats.h"

namespace ddblab {

uint32_t PartitionHash(std::string_view key_bytes) {
  uint64_t h = 14695981039346656037ull;
  for (unsigned char c : key_bytes) {
    h ^= c;
    h *= 1099511628211ull;
  }
  // FNV-1a alone barely moves the high bits for keys that differ in their last byte (write
  // shards "DATE#1".."DATE#9"), and the partition is chosen by the high bits: finish with an
  // avalanche step so every input bit reaches every output bit.
  h ^= h >> 33;
  h *= 0xff51afd7ed558ccdull;
  h ^= h >> 33;
  h *= 0xc4ceb9fe1a85ec53ull;
  h ^= h >> 33;
  return static_cast<uint32_t>(h >> 32);
}

struct Storage::StmtCache {
  std::unordered_map<std::string, sqlite3_stmt*> map;
  // PrepareShape's statements: (shape << 56) | table id.
  std::unordered_map<uint64_t, sqlite3_stmt*> shaped;
};

namespace {
// A connection to `path`, or the fault that names the file.
Result<sqlite3*> OpenConnection(const std::string& path, int flags) {
  sqlite3* db = nullptr;
  if (int rc = sqlite3_open_v2(path.c_str(), &db, flags, nullptr); rc != SQLITE_OK) {
    std::string msg = db ? sqlite3_errmsg(db) : "out of memory";
    int code = db ? sqlite3_extended_errcode(db) : rc;
    sqlite3_close(db);
    return StorageFault(path, "open", code, msg);
  }
  return db;
}

// The statements that bring the kept counts of an older file up to date: every data table gets
// its counts row, counted once (a file before format 2), and loses the triggers that kept it
// (format 2); nullopt when the tables cannot be listed.
std::optional<std::string> UpgradeStatsSql(sqlite3* db, int format) {
  sqlite3_stmt* s = nullptr;
  if (sqlite3_prepare_v2(db, kListDataTables, -1, &s, nullptr) != SQLITE_OK) return std::nullopt;
  std::string sql;
  int rc;
  while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
    std::string name = reinterpret_cast<const char*>(sqlite3_column_text(s, 0));
    if (format < 2) sql += StatsSql(std::stoll(name.substr(1)), name) + ";\n";
    sql += DropStatsTriggersSql(name) + "\n";
  }
  sqlite3_finalize(s);
  if (rc != SQLITE_DONE) return std::nullopt;
  return sql;
}
}  // namespace

Storage::Storage(sqlite3* db) : db_(db), stmts_(std::make_unique<StmtCache>()) {}

Storage::~Storage() {
  for (auto& [sql, stmt] : stmts_->map) sqlite3_finalize(stmt);
  for (auto& [key, stmt] : stmts_->shaped) sqlite3_finalize(stmt);
  sqlite3_close(db_);
}

Error Storage::SqliteError(const std::string& what) const {
  return StorageFault(path_, what, sqlite3_extended_errcode(db_), sqlite3_errmsg(db_),
                      sqlite3_system_errno(db_));
}

Result<std::unique_ptr<Storage>> Storage::Open(const std::string& path, int64_t page_cache_kib) {
  const bool file = path != ":memory:" && !path.empty();
  std::shared_ptr<FileLock> lock;
  if (file) {
    DDB_ASSIGN_OR_RETURN(lock, FileLock::Acquire(path));
  }
  DDB_ASSIGN_OR_RETURN(
      sqlite3 * db,
      OpenConnection(path, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX));
  std::unique_ptr<Storage> s(new Storage(db));
  s->path_ = path;
  s->file_lock_ = std::move(lock);
  s->page_cache_kib_ = std::max<int64_t>(page_cache_kib, 64);
  int format = kStorageFormatVersion;
  if (file) {
    // SQLite falls back to read-only when the file cannot be written; every write would then fail
    // one by one, so refuse now.
    if (sqlite3_db_readonly(db, "main") == 1) {
      return StorageFault(path, "open", SQLITE_READONLY, "the file is read-only");
    }
    // Reading the header first: a damaged file or a newer format is refused before anything is
    // written to it.
    DDB_ASSIGN_OR_RETURN(sqlite3_stmt * v, s->Prepare("PRAGMA user_version"));
    int rc = sqlite3_step(v);
    if (rc != SQLITE_ROW) return s->SqliteError("open");
    format = sqlite3_column_int(v, 0);
    sqlite3_reset(v);
    if (format > kStorageFormatVersion) return NewerFormatError(path, format);
    // Readers from outside (the sqlite3 shell, a backup) may briefly hold the file.
    sqlite3_busy_timeout(db, 5000);
    // WAL with synchronous=FULL: every acknowledged commit is on disk before we answer.
    DDB_ASSIGN_OR_RETURN(sqlite3_stmt * wal, s->Prepare("PRAGMA journal_mode=WAL"));
    rc = sqlite3_step(wal);
    if (rc != SQLITE_ROW) return s->SqliteError("open");
    // SQLite keeps the old journal mode where WAL cannot work (no shared memory); then reads
    // stay on this connection.
    s->wal_ =
        sqlite3_stricmp(reinterpret_cast<const char*>(sqlite3_column_text(wal, 0)), "wal") == 0;
    sqlite3_reset(wal);
    DDB_TRY(s->Exec("PRAGMA synchronous=FULL"));
    // 64 MiB of page cache by default (SQLite's is 2 MiB): a table is clustered by partition
    // hash, so a bulk load writes all over the B-tree, and with a small cache every insert
    // re-reads pages it just evicted. The cache is a bound, not an allocation: small files use
    // little.
    DDB_TRY(s->Exec("PRAGMA cache_size=-" + std::to_string(s->page_cache_kib_)));
  }
  DDB_TRY(s->Exec(
      "CREATE TABLE IF NOT EXISTS ddblab_catalog(name TEXT PRIMARY KEY, schema TEXT NOT NULL)"));
  DDB_TRY(s->Exec(kCreateStatsTable));
  DDB_TRY(s->Exec(kCreateStreamTables));
  if (file && format < kStorageFormatVersion) {
    // Format 1 files have no kept counts: count each table once; format 2 files keep them with
    // triggers, which go. In one transaction with the new version number, so a crash mid-upgrade
    // leaves the file as it was.
    DDB_TRY(s->Exec("BEGIN IMMEDIATE"));
    Status up = OkStatus();
    if (auto sql = UpgradeStatsSql(db, format); !sql) {
      up = s->SqliteError("upgrade");
    } else {
      up = s->Exec(*sql + "PRAGMA user_version=" + std::to_string(kStorageFormatVersion));
    }
    if (!up.ok()) {
      (void)s->Exec("ROLLBACK");
      return up.error();
    }
    DDB_TRY(s->Exec("COMMIT"));
  }
  return s;
}

Status Storage::Exec(const std::string& sql) {
  char* err = nullptr;
  if (sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, &err) != SQLITE_OK) {
    std::string msg = err ? err : "error";
    sqlite3_free(err);
    return StorageFault(path_, "", sqlite3_extended_errcode(db_), msg, sqlite3_system_errno(db_));
  }
  return OkStatus();
}

Result<sqlite3_stmt*> Storage::Prepare(const std::string& sql) {
  auto it = stmts_->map.find(sql);
  if (it != stmts_->map.end()) {
    sqlite3_reset(it->second);
    sqlite3_clear_bindings(it->second);
    return it->second;
  }
  sqlite3_stmt* stmt = nullptr;
  if (sqlite3_prepare_v3(db_, sql.c_str(), -1, SQLITE_PREPARE_PERSISTENT, &stmt, nullptr) !=
      SQLITE_OK) {
    return SqliteError("prepare");
  }
  stmts_->map.emplace(sql, stmt);
  return stmt;
}

Result<sqlite3_stmt*> Storage::PrepareShape(Shape shape, int64_t id,
                                            std::string (*make_sql)(int64_t id)) {
  const uint64_t key = (static_cast<uint64_t>(shape) << 56) | static_cast<uint64_t>(id);
  auto it = stmts_->shaped.find(key);
  if (it != stmts_->shaped.end()) {
    // Every use resets its statement and binds every parameter; the reset here is for a use
    // that ended early on an error.
    sqlite3_reset(it->second);
    return it->second;
  }
  sqlite3_stmt* stmt = nullptr;
  if (sqlite3_prepare_v3(db_, make_sql(id).c_str(), -1, SQLITE_PREPARE_PERSISTENT, &stmt,
                         nullptr) != SQLITE_OK) {
    return SqliteError("prepare");
  }
  stmts_->shaped.emplace(key, stmt);
  return stmt;
}

Status Storage::StepDone(sqlite3_stmt* s) {
  int rc = sqlite3_step(s);
  // The fault is read before the reset, which may do more I/O and change the OS error.
  Status status = rc == SQLITE_DONE || rc == SQLITE_ROW ? OkStatus() : Status(SqliteError("step"));
  sqlite3_reset(s);
  return status;
}

Status Storage::StepUpdate(sqlite3_stmt* s, bool* changed) {
  int rc = sqlite3_step(s);
  // Read before the reset.
  *changed = rc == SQLITE_DONE && sqlite3_changes(db_) > 0;
  Status status = rc == SQLITE_DONE ? OkStatus() : Status(SqliteError("step"));
  sqlite3_reset(s);
  return status;
}

namespace {
void BindBlob(sqlite3_stmt* s, int i, std::string_view b) {
  // An empty key (hash-only tables have no sort key) must still compare as a blob, not NULL.
  sqlite3_bind_blob(s, i, b.empty() ? "" : b.data(), static_cast<int>(b.size()), SQLITE_STATIC);
}
std::string ColumnBlob(sqlite3_stmt* s, int i) {
  const void* p = sqlite3_column_blob(s, i);
  int n = sqlite3_column_bytes(s, i);
  return p ? std::string(static_cast<const char*>(p), static_cast<size_t>(n)) : std::string();
}
std::string_view ColumnView(sqlite3_stmt* s, int i) {
  const void* p = sqlite3_column_blob(s, i);
  int n = sqlite3_column_bytes(s, i);
  return p ? std::string_view(static_cast<const char*>(p), static_cast<size_t>(n))
           : std::string_view();
}
std::string T(int64_t id) { return "t" + std::to_string(id); }
std::string I(int64_t id) { return "i" + std::to_string(id); }
// The key columns of RewriteRow's UPDATE, from ?3 on.
constexpr const char* kBaseKey = " WHERE h = ?3 AND pk = ?4 AND sk = ?5";
constexpr const char* kIndexKey = " WHERE h = ?3 AND ipk = ?4 AND isk = ?5 AND pk = ?6 AND sk = ?7";
}  // namespace

Result<std::vector<std::pair<std::string, std::string>>> Storage::LoadCatalog() {
  DDB_ASSIGN_OR_RETURN(sqlite3_stmt * s, Prepare("SELECT name, schema FROM ddblab_catalog"));
  std::vector<std::pair<std::string, std::string>> out;
  int rc;
  while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
    out.emplace_back(reinterpret_cast<const char*>(sqlite3_column_text(s, 0)),
                     reinterpret_cast<const char*>(sqlite3_column_text(s, 1)));
  }
  sqlite3_reset(s);
  if (rc != SQLITE_DONE) return SqliteError("load catalog");
  return out;
}

Status Storage::SaveCatalogEntry(const std::string& name, const std::string& schema) {
  DDB_ASSIGN_OR_RETURN(sqlite3_stmt * s,
                       Prepare("INSERT OR REPLACE INTO ddblab_catalog(name, schema) VALUES(?, ?)"));
  sqlite3_bind_text(s, 1, name.data(), static_cast<int>(name.size()), SQLITE_STATIC);
  sqlite3_bind_text(s, 2, schema.data(), static_cast<int>(schema.size()), SQLITE_STATIC);
  return StepDone(s);
}

Result<std::unique_ptr<Storage>> Storage::OpenReader() const {
  DDB_ASSIGN_OR_RETURN(sqlite3 * db,
                       OpenConnection(path_, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX));
  std::unique_ptr<Storage> s(new Storage(db));
  s->path_ = path_;
  s->file_lock_ = file_lock_;
  sqlite3_busy_timeout(db, 5000);
  // A smaller page cache than the writer's: readers are several, and the file's pages are in
  // the operating system's cache anyway.
  s->page_cache_kib_ = std::min<int64_t>(page_cache_kib_, 8192);
  DDB_TRY(s->Exec("PRAGMA cache_size=-" + std::to_string(s->page_cache_kib_)));
  return s;
}

Status Storage::DeleteCatalogEntry(const std::string& name) {
  DDB_ASSIGN_OR_RETURN(sqlite3_stmt * s, Prepare("DELETE FROM ddblab_catalog WHERE name = ?"));
  sqlite3_bind_text(s, 1, name.data(), static_cast<int>(name.size()), SQLITE_STATIC);
  return StepDone(s);
}

Status Storage::CreateItemTable(int64_t id) {
  DDB_TRY(Exec("CREATE TABLE IF NOT EXISTS " + T(id) +
               "(h INTEGER NOT NULL, pk BLOB NOT NULL, sk BLOB NOT NULL, size INTEGER NOT NULL, "
               "item BLOB NOT NULL, PRIMARY KEY(h, pk, sk)) WITHOUT ROWID"));
  return Exec(StatsSql(id, T(id)));
}

Status Storage::CreateIndexTable(int64_t id) {
  DDB_TRY(Exec("CREATE TABLE IF NOT EXISTS " + I(id) +
               "(h INTEGER NOT NULL, ipk BLOB NOT NULL, isk BLOB NOT NULL, pk BLOB NOT NULL, "
               "sk BLOB NOT NULL, size INTEGER NOT NULL, item BLOB NOT NULL, "
               "PRIMARY KEY(h, ipk, isk, pk, sk)) WITHOUT ROWID"));
  return Exec(StatsSql(id, I(id)));
}

// The kept counts of a dropped table go in the same transaction.
Status Storage::DropItemTable(int64_t id) {
  DDB_TRY(Exec("DROP TABLE IF EXISTS " + T(id)));
  return Exec(DropStatsSql(id));
}
Status Storage::DropIndexTable(int64_t id) {
  DDB_TRY(Exec("DROP TABLE IF EXISTS " + I(id)));
  return Exec(DropStatsSql(id));
}

Result<std::optional<Row>> Storage::GetRow(int64_t id, uint32_t h, std::string_view pk,
                                           std::string_view sk) {
  DDB_ASSIGN_OR_RETURN(sqlite3_stmt * s, PrepareShape(Shape::kGetRow, id, [](int64_t t) {
                         return "SELECT size, item FROM " + T(t) +
                                " WHERE h = ? AND pk = ? AND sk = ?";
                       }));
  sqlite3_bind_int64(s, 1, h);
  BindBlob(s, 2, pk);
  BindBlob(s, 3, sk);
  int rc = sqlite3_step(s);
  std::optional<Row> out;
  if (rc == SQLITE_ROW) {
    Row r;
    r.h = h;
    r.pk = pk;
    r.sk = sk;
    r.size = sqlite3_column_int64(s, 0);
    r.item = ColumnBlob(s, 1);
    out = std::move(r);
  }
  sqlite3_reset(s);
  if (rc != SQLITE_ROW && rc != SQLITE_DONE) return SqliteError("get");
  return out;
}

Result<bool> Storage::VisitRowImpl(int64_t id, uint32_t h, std::string_view pk, std::string_view sk,
                                   void* ctx, bool (*visit)(void*, RowView&)) {
  DDB_ASSIGN_OR_RETURN(sqlite3_stmt * s, PrepareShape(Shape::kVisitRow, id, [](int64_t t) {
                         return "SELECT item FROM " + T(t) + " WHERE h = ? AND pk = ? AND sk = ?";
                       }));
  sqlite3_bind_int64(s, 1, h);
  BindBlob(s, 2, pk);
  BindBlob(s, 3, sk);
  int rc = sqlite3_step(s);
  if (rc == SQLITE_ROW) {
    RowView r;
    r.h = h;
    r.pk = pk;
    r.sk = sk;
    r.item = ColumnView(s, 0);
    visit(ctx, r);
  }
  sqlite3_reset(s);
  if (rc != SQLITE_ROW && rc != SQLITE_DONE) return SqliteError("get");
  return rc == SQLITE_ROW;
}

Status Storage::PutRow(int64_t id, const Row& row) {
  DDB_ASSIGN_OR_RETURN(sqlite3_stmt * s, PrepareShape(Shape::kPutRow, id, [](int64_t t) {
                         return "INSERT INTO " + T(t) +
                                "(h, pk, sk, size, item) VALUES(?, ?, ?, ?, ?)";
                       }));
  sqlite3_bind_int64(s, 1, row.h);
  BindBlob(s, 2, row.pk);
  BindBlob(s, 3, row.sk);
  sqlite3_bind_int64(s, 4, row.size);
  BindBlob(s, 5, row.item);
  DDB_TRY(StepDone(s));
  return NoteStats(id, 1, row.size);
}

Result<bool> Storage::RewriteRow(int64_t id, bool index,
                                 std::initializer_list<std::string_view> key, const Row& row,
                                 int64_t old_size) {
  // The size column is set only when it changes.
  const bool same_size = row.size == old_size;
  Shape shape = index
                    ? (same_size ? Shape::kRewriteIndexRowSameSize : Shape::kRewriteIndexRowNewSize)
                    : (same_size ? Shape::kRewriteRowSameSize : Shape::kRewriteRowNewSize);
  std::string (*make_sql)(int64_t);
  switch (shape) {
    case Shape::kRewriteRowSameSize:
      make_sql = [](int64_t t) { return "UPDATE " + T(t) + " SET item = ?2" + kBaseKey; };
      break;
    case Shape::kRewriteRowNewSize:
      make_sql = [](int64_t t) {
        return "UPDATE " + T(t) + " SET size = ?1, item = ?2" + kBaseKey;
      };
      break;
    case Shape::kRewriteIndexRowSameSize:
      make_sql = [](int64_t t) { return "UPDATE " + I(t) + " SET item = ?2" + kIndexKey; };
      break;
    default:
      make_sql = [](int64_t t) {
        return "UPDATE " + I(t) + " SET size = ?1, item = ?2" + kIndexKey;
      };
      break;
  }
  DDB_ASSIGN_OR_RETURN(sqlite3_stmt * s, PrepareShape(shape, id, make_sql));
  if (!same_size) sqlite3_bind_int64(s, 1, row.size);
  BindBlob(s, 2, row.item);
  sqlite3_bind_int64(s, 3, row.h);
  int i = 4;
  for (std::string_view k : key) BindBlob(s, i++, k);
  bool changed = false;
  DDB_TRY(StepUpdate(s, &changed));
  return changed;
}

Status Storage::ReplaceRow(int64_t id, const Row& row, int64_t old_size) {
  DDB_ASSIGN_OR_RETURN(bool changed, RewriteRow(id, false, {row.pk, row.sk}, row, old_size));
  return changed ? NoteStats(id, 0, row.size - old_size) : PutRow(id, row);
}

Status Storage::DeleteRow(int64_t id, uint32_t h, std::string_view pk, std::string_view sk,
                          int64_t size) {
  DDB_ASSIGN_OR_RETURN(sqlite3_stmt * s, PrepareShape(Shape::kDeleteRow, id, [](int64_t t) {
                         return "DELETE FROM " + T(t) + " WHERE h = ? AND pk = ? AND sk = ?";
                       }));
  sqlite3_bind_int64(s, 1, h);
  BindBlob(s, 2, pk);
  BindBlob(s, 3, sk);
  DDB_TRY(StepDone(s));
  return sqlite3_changes(db_) > 0 ? NoteStats(id, -1, -size) : OkStatus();
}

Status Storage::PutIndexRow(int64_t id, const Row& row) {
  DDB_ASSIGN_OR_RETURN(sqlite3_stmt * s, PrepareShape(Shape::kPutIndexRow, id, [](int64_t t) {
                         return "INSERT INTO " + I(t) +
                                "(h, ipk, isk, pk, sk, size, item) VALUES(?, ?, ?, ?, ?, ?, ?)";
                       }));
  sqlite3_bind_int64(s, 1, row.h);
  BindBlob(s, 2, row.ipk);
  BindBlob(s, 3, row.isk);
  BindBlob(s, 4, row.pk);
  BindBlob(s, 5, row.sk);
  sqlite3_bind_int64(s, 6, row.size);
  BindBlob(s, 7, row.item);
  DDB_TRY(StepDone(s));
  return NoteStats(id, 1, row.size);
}

Status Storage::ReplaceIndexRow(int64_t id, const Row& row, int64_t old_size) {
  DDB_ASSIGN_OR_RETURN(bool changed,
                       RewriteRow(id, true, {row.ipk, row.isk, row.pk, row.sk}, row, old_size));
  return changed ? NoteStats(id, 0, row.size - old_size) : PutIndexRow(id, row);
}

Status Storage::DeleteIndexRow(int64_t id, const Row& row) {
  DDB_ASSIGN_OR_RETURN(sqlite3_stmt * s, PrepareShape(Shape::kDeleteIndexRow, id, [](int64_t t) {
                         return "DELETE FROM " + I(t) +
                                " WHERE h = ? AND ipk = ? AND isk = ? AND pk = ? AND sk = ?";
                       }));
  sqlite3_bind_int64(s, 1, row.h);
  BindBlob(s, 2, row.ipk);
  BindBlob(s, 3, row.isk);
  BindBlob(s, 4, row.pk);
  BindBlob(s, 5, row.sk);
  DDB_TRY(StepDone(s));
  return sqlite3_changes(db_) > 0 ? NoteStats(id, -1, -row.size) : OkStatus();
}

Status Storage::ReadImpl(const RangeRead& r, void* ctx, bool (*visit)(void*, RowView&)) {
  std::string keys = !r.with_keys ? "" : r.index ? "ipk, isk, pk, sk, " : "pk, sk, ";
  // A read of one partition hash (a Query) knows every row's h without fetching it.
  const bool fetch_h = !r.h && r.with_h;
  std::string sql = std::string("SELECT ") + (fetch_h ? "h, " : "") + keys +
                    (r.with_size ? "size, " : "") + "item FROM " +
                    (r.index ? I(r.storage_id) : T(r.storage_id));
  std::vector<std::string> where;
  if (r.h) where.push_back("h = ?");
  if (r.hash_key) where.push_back(r.index ? "ipk = ?" : "pk = ?");
  if (r.h_min) where.push_back("h >= ?");
  if (r.h_end) where.push_back("h < ?");
  for (const Bound& b : r.bounds) {
    std::string lhs = "(", rhs = "(";
    for (size_t i = 0; i < b.columns.size(); ++i) {
      lhs += (i ? ", " : "") + b.columns[i];
      rhs += i ? ", ?" : "?";
    }
    where.push_back(lhs + ") " + b.op + " " + rhs + ")");
  }
  for (size_t i = 0; i < where.size(); ++i) sql += (i ? " AND " : " WHERE ") + where[i];
  const char* dir = r.descending ? " DESC" : "";
  sql += r.index ? std::string(" ORDER BY h") + dir + ", ipk" + dir + ", isk" + dir + ", pk" + dir +
                       ", sk" + dir
                 : std::string(" ORDER BY h") + dir + ", pk" + dir + ", sk" + dir;
  DDB_ASSIGN_OR_RETURN(sqlite3_stmt * s, Prepare(sql));
  int i = 1;
  if (r.h) sqlite3_bind_int64(s, i++, *r.h);
  if (r.hash_key) BindBlob(s, i++, *r.hash_key);
  if (r.h_min) sqlite3_bind_int64(s, i++, *r.h_min);
  if (r.h_end) sqlite3_bind_int64(s, i++, static_cast<int64_t>(*r.h_end));
  for (const Bound& b : r.bounds)
    for (const std::string& v : b.blobs) BindBlob(s, i++, v);
  int rc;
  RowView row;
  while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
    int c = 0;
    row.h = r.h ? *r.h : fetch_h ? static_cast<uint32_t>(sqlite3_column_int64(s, c++)) : 0;
    if (r.with_keys) {
      if (r.index) {
        row.ipk = ColumnView(s, c++);
        row.isk = ColumnView(s, c++);
      }
      row.pk = ColumnView(s, c++);
      row.sk = ColumnView(s, c++);
    }
    row.size = r.with_size ? sqlite3_column_int64(s, c++) : 0;
    row.item = ColumnView(s, c++);
    if (!visit(ctx, row)) break;
  }
  bool failed = rc != SQLITE_ROW && rc != SQLITE_DONE;
  sqlite3_reset(s);
  if (failed) return SqliteError("read");
  return OkStatus();
}

Result<std::pair<int64_t, int64_t>> Storage::CountAndSize(int64_t id, bool index) {
  DDB_ASSIGN_OR_RETURN(sqlite3_stmt * s, Prepare(kReadStats));
  sqlite3_bind_int64(s, 1, id);
  int rc = sqlite3_step(s);
  std::pair<int64_t, int64_t> out{0, 0};
  if (rc == SQLITE_ROW) out = {sqlite3_column_int64(s, 0), sqlite3_column_int64(s, 1)};
  sqlite3_reset(s);
  if (rc == SQLITE_ROW) {
    // A read inside a transaction sees the counts of its own writes.
    for (const StatsDeltas& level : pending_stats_) {
      if (auto it = level.find(id); it != level.end()) {
        out.first += it->second.count;
        out.second += it->second.bytes;
      }
    }
    return out;
  }
  if (rc != SQLITE_DONE) return SqliteError("count");
  // Every data table gets its counts row when created or upgraded; a missing one would be a bug,
  // so answer the exact figures the slow way rather than a wrong zero.
  DDB_ASSIGN_OR_RETURN(
      s, Prepare("SELECT count(*), coalesce(sum(size), 0) FROM " + (index ? I(id) : T(id))));
  rc = sqlite3_step(s);
  if (rc == SQLITE_ROW) out = {sqlite3_column_int64(s, 0), sqlite3_column_int64(s, 1)};
  sqlite3_reset(s);
  if (rc != SQLITE_ROW) return SqliteError("count");
  return out;
}

// Savepoints nest, so an operation can run inside a transaction another one opened (PartiQL,
// transactions). Their statements are prepared once and cached like any other.
Status Storage::SaveCopy(const std::string& path) {
  // VACUUM INTO copies every table and the header fields (user_version, application_id) that
  // mark the storage format, so the copy opens like any ddblab database file. It refuses a file
  // that exists, which keeps .save from overwriting work.
  DDB_ASSIGN_OR_RETURN(sqlite3_stmt * s, Prepare("VACUUM INTO ?1"));
  sqlite3_bind_text(s, 1, path.c_str(), static_cast<int>(path.size()), SQLITE_TRANSIENT);
  if (sqlite3_step(s) != SQLITE_DONE) {
    Error e = ValidationError("cannot save to " + path + ": " + sqlite3_errmsg(db_));
    sqlite3_reset(s);
    return e;
  }
  return OkStatus();
}

Status Storage::NoteStats(int64_t id, int64_t count, int64_t bytes) {
  if (count == 0 && bytes == 0) return OkStatus();
  if (pending_stats_.empty()) return WriteStats({{id, {count, bytes}}});  // outside a savepoint
  StatsDelta& d = pending_stats_.back()[id];
  d.count += count;
  d.bytes += bytes;
  return OkStatus();
}

Status Storage::WriteStats(const StatsDeltas& deltas) {
  for (const auto& [id, d] : deltas) {
    if (d.count == 0 && d.bytes == 0) continue;
    DDB_ASSIGN_OR_RETURN(sqlite3_stmt * s, Prepare(kAddStats));
    sqlite3_bind_int64(s, 1, d.count);
    sqlite3_bind_int64(s, 2, d.bytes);
    sqlite3_bind_int64(s, 3, id);
    DDB_TRY(StepDone(s));
  }
  return OkStatus();
}

Status Storage::Begin() {
  DDB_ASSIGN_OR_RETURN(sqlite3_stmt * s, PrepareShape(Shape::kSavepoint, depth_, [](int64_t d) {
                         return "SAVEPOINT ddb" + std::to_string(d);
                       }));
  DDB_TRY(StepDone(s));
  ++depth_;
  pending_stats_.emplace_back();
  if (savepoint_observer_ != nullptr) savepoint_observer_->Begun();
  return OkStatus();
}

Status Storage::Commit() {
  --depth_;
  StatsDeltas released = std::move(pending_stats_.back());
  pending_stats_.pop_back();
  if (pending_stats_.empty()) {
    if (Status written = WriteStats(released); !written.ok()) {
      // Rows whose counts could not be written must not stay: undo the savepoint's writes.
      ++depth_;
      pending_stats_.emplace_back();
      (void)Rollback();
      return written;
    }
  } else {
    for (const auto& [id, d] : released) {
      StatsDelta& into = pending_stats_.back()[id];
      into.count += d.count;
      into.bytes += d.bytes;
    }
  }
  if (savepoint_observer_ != nullptr) savepoint_observer_->Released();
  DDB_ASSIGN_OR_RETURN(sqlite3_stmt * s, PrepareShape(Shape::kRelease, depth_, [](int64_t d) {
                         return "RELEASE ddb" + std::to_string(d);
                       }));
  return StepDone(s);
}

Status Storage::Rollback() {
  --depth_;
  if (pending_stats_.size() > static_cast<size_t>(depth_)) pending_stats_.resize(depth_);
  if (savepoint_observer_ != nullptr) savepoint_observer_->RolledBack();
  std::string name = "ddb" + std::to_string(depth_);
  DDB_ASSIGN_OR_RETURN(sqlite3_stmt * s, Prepare("ROLLBACK TO " + name));
  DDB_TRY(StepDone(s));
  DDB_ASSIGN_OR_RETURN(sqlite3_stmt * r, Prepare("RELEASE " + name));
  return StepDone(r);
}

}  // namespace ddblab
