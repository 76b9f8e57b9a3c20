// Storage: the only code that talks to SQLite.
//
// Layout. One clustered (WITHOUT ROWID) SQLite table per DynamoDB table, `t<id>(h, pk, sk, size,
// item)`, keyed by (h, pk, sk), and one per secondary index, `i<id>(h, ipk, isk, pk, sk, size,
// item)`, keyed by (h, ipk, isk, pk, sk). `h` is a stable 32-bit hash of the (index) partition-key
// bytes, so rows are clustered by simulated partition and a Scan walks partitions in hash order as
// DynamoDB does, while a Query seeks one (h, pk) and walks the sort key. Key columns hold
// EncodeKeyValue bytes (memcmp order = DynamoDB order); `item` holds SerializeItem bytes (for an
// index, the projected attributes); `size` is DynamoDB's item size of that item.
// The catalog table `ddblab_catalog(name, schema)` persists table definitions.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <unordered_map>
#include <vector>

#include "ddblab/error.h"

struct sqlite3;
struct sqlite3_stmt;

namespace ddblab {

class FileLock;

// A stable hash of partition-key bytes (FNV-1a 64 with an avalanche finish, top 32 bits).
uint32_t PartitionHash(std::string_view key_bytes);
// The simulated partition (0..count-1) a hash falls in: hash ranges of equal width.
inline int PartitionOf(uint32_t hash, int count) {
  return static_cast<int>((static_cast<uint64_t>(hash) * static_cast<uint64_t>(count)) >> 32);
}
// First hash value of partition p.
inline uint32_t PartitionStart(int p, int count) {
  uint64_t v = ((static_cast<uint64_t>(p) << 32) + static_cast<uint64_t>(count) - 1) /
               static_cast<uint64_t>(count);
  return static_cast<uint32_t>(v);
}

// One stored row. For base tables ipk/isk are empty.
struct Row {
  uint32_t h = 0;
  std::string ipk, isk;  // index rows only
  std::string pk, sk;
  int64_t size = 0;
  std::string item;
};

// A row as a range read sees it: views into SQLite's buffers, valid only during the visit.
struct RowView {
  uint32_t h = 0;
  std::string_view ipk, isk;  // index rows only
  std::string_view pk, sk;
  int64_t size = 0;
  std::string_view item;
};

// A bound on a key column tuple, for range reads: `columns OP values`.
struct Bound {
  std::vector<std::string> columns;  // e.g. {"sk"} or {"isk", "pk", "sk"}
  std::string op;                    // ">", ">=", "<", "<=", "="
  std::vector<std::string> blobs;    // one per column
};

struct RangeRead {
  int64_t storage_id = 0;
  bool index = false;
  std::optional<uint32_t> h;            // fixed partition hash (Query)
  std::optional<std::string> hash_key;  // pk (base) or ipk (index) equality (Query)
  std::vector<Bound> bounds;
  std::optional<uint32_t> h_min;  // inclusive (parallel scan segment)
  std::optional<uint64_t> h_end;  // exclusive
  bool descending = false;
  // Whether the visit needs the key columns (RowView ipk/isk/pk/sk); without them a read fetches
  // only h, size and item.
  bool with_keys = true;
  // Whether the visit needs RowView::size (a caller that measures items itself skips it).
  bool with_size = true;
  // Whether the visit needs RowView::h when the read does not fix it (a Scan needs only its last
  // row's hash, which it takes from that row's key).
  bool with_h = true;
};

// One DynamoDB Streams record as stored (exec/stream_log.h writes them, exec/streams.cc reads).
struct StreamRecordRow {
  int64_t seq = 0;         // set on append: the record's place in the database's one sequence
  std::string stream;      // "<table>/<label>"
  int64_t generation = 0;  // set on append: the shard generation (it moves on with a split)
  int partition_count = 0;
  int partition = 0;
  double created = 0;  // engine clock
  std::string event;   // INSERT, MODIFY or REMOVE
  std::string keys;    // SerializeItem bytes
  std::string new_image, old_image;
  bool has_new_image = false, has_old_image = false;
  int64_t size = 0;  // DynamoDB's SizeBytes
  bool by_time_to_live = false;
};

// A stream's generation: the shards of one partition count.
struct StreamGeneration {
  int64_t number = 0;
  int partition_count = 0;
};

// The records one shard (a stream's generation and partition) holds.
struct StreamShardSpan {
  int64_t generation = 0;
  int partition_count = 0;
  int partition = 0;
  int64_t first_seq = 0, last_seq = 0;
};

class Storage {
 public:
  // ":memory:" or a file path (WAL journal, synchronous=FULL so acknowledged writes survive a
  // crash). A file is owned by one process at a time and must be of a storage format this ddblab
  // reads; faults name the file and the remedy (see file_guard.h).
  // `page_cache_kib` bounds the file's page cache (EngineOptions::page_cache_kib).
  static Result<std::unique_ptr<Storage>> Open(const std::string& path, int64_t page_cache_kib);
  // A read-only connection to the same database file, for a read that runs beside other reads
  // (WAL gives each connection the last committed state). Only when AllowsReaders().
  Result<std::unique_ptr<Storage>> OpenReader() const;
  // Whether OpenReader may be used: a database file in WAL mode. An in-memory database is one
  // connection's own, so its reads share that connection.
  bool AllowsReaders() const { return wal_; }
  // Whether this is a database file (not the in-memory database).
  bool IsFile() const { return file_lock_ != nullptr; }
  ~Storage();
  Storage(const Storage&) = delete;
  Storage& operator=(const Storage&) = delete;

  // Catalog.
  Result<std::vector<std::pair<std::string, std::string>>> LoadCatalog();
  Status SaveCatalogEntry(const std::string& name, const std::string& schema);
  Status DeleteCatalogEntry(const std::string& name);

  Status CreateItemTable(int64_t id);
  Status CreateIndexTable(int64_t id);
  Status DropItemTable(int64_t id);
  Status DropIndexTable(int64_t id);

  // Base rows.
  Result<std::optional<Row>> GetRow(int64_t id, uint32_t h, std::string_view pk,
                                    std::string_view sk);
  // Calls `visit(RowView&)` with the row at the key, if there is one; returns whether it exists.
  // Only the item is fetched (RowView::size is 0): its readers measure it from its bytes, which a
  // stored row's item carries its size in.
  template <typename F>
  Result<bool> VisitRow(int64_t id, uint32_t h, std::string_view pk, std::string_view sk,
                        F&& visit);
  // Writes a row known not to exist yet (the caller read its key in this transaction).
  Status PutRow(int64_t id, const Row& row);
  // Rewrites the size and item of the row at row's key, known to exist with size `old_size`: one
  // UPDATE instead of the delete and insert of INSERT OR REPLACE. Inserts the row if it is not
  // there after all.
  Status ReplaceRow(int64_t id, const Row& row, int64_t old_size);
  // Deletes the row at the key, of size `size` when it is there.
  Status DeleteRow(int64_t id, uint32_t h, std::string_view pk, std::string_view sk, int64_t size);
  // Index rows: a new one (not there yet), one whose keys are unchanged, one going.
  Status PutIndexRow(int64_t id, const Row& row);
  Status ReplaceIndexRow(int64_t id, const Row& row, int64_t old_size);
  Status DeleteIndexRow(int64_t id, const Row& row);

  // Range read: calls `visit(RowView&)` for each row in order until it returns false.
  template <typename F>
  Status Read(const RangeRead& r, F&& visit);

  // Count and total size of a base or index table.
  Result<std::pair<int64_t, int64_t>> CountAndSize(int64_t id, bool index);

  // Writes a compact copy of the database to a new file (VACUUM INTO); the file must not exist.
  Status SaveCopy(const std::string& path);

  // Transactions: nested through savepoints; Rollback undoes to the matching Begin.
  // DynamoDB Streams records (table ddblab_stream_records). Append assigns the sequence number
  // and the generation: the stream's newest, or the next one when the partition count changed.
  Status AppendStreamRecord(StreamRecordRow* row);
  // The stream's newest generation, whether or not records of it are still kept; nullopt for a
  // stream that has had none. `kept_row`: whether the generations table holds it (a file from
  // before that table has only its records to say).
  Result<std::optional<StreamGeneration>> LatestStreamGeneration(const std::string& stream,
                                                                 bool* kept_row = nullptr);
  // Records of one shard after `after_seq`, in order, at most `limit` of them and, past the
  // first, no more than `max_bytes` of SizeBytes.
  Status ReadStreamRecords(const std::string& stream, int64_t generation, int partition,
                           int64_t after_seq, int64_t limit, int64_t max_bytes,
                           std::vector<StreamRecordRow>* out);
  // Every shard that holds records, by generation then partition.
  Result<std::vector<StreamShardSpan>> StreamShardSpans(const std::string& stream);
  // The highest sequence number ever assigned (0 when none).
  Result<int64_t> LastStreamSequence();
  // Drops records created before `before` (retention); Delete drops a stream's records and its
  // generations.
  Status TrimStreamRecords(double before);
  Status DeleteStreamRecords(const std::string& stream);

  // Whether items read back must be checked before they are handed out whole. A file can be
  // damaged or edited by other programs; an in-memory database holds only what this engine's
  // encoder wrote, so its reads skip the check and take the stored size instead.
  bool items_need_check() const { return !path_.empty() && path_ != ":memory:"; }

  Status Begin();
  Status Commit();
  Status Rollback();

  // Told of each savepoint Begin opens and of how it ends (Commit releases it, Rollback undoes
  // it), so what the engine notes beside storage for the same writes (commit notifications) is
  // undone with them.
  class SavepointObserver {
   public:
    virtual ~SavepointObserver() = default;
    virtual void Begun() = 0;
    virtual void Released() = 0;
    virtual void RolledBack() = 0;
  };
  void set_savepoint_observer(SavepointObserver* observer) { savepoint_observer_ = observer; }

 private:
  explicit Storage(sqlite3* db);
  Status Exec(const std::string& sql);
  Result<sqlite3_stmt*> Prepare(const std::string& sql);
  // The per-item statements, cached by their shape and table id rather than by their text: a
  // GetItem or PutItem then builds no SQL and hashes no string to find its statement.
  enum class Shape : uint8_t {
    kGetRow,
    kVisitRow,
    kPutRow,
    kRewriteRowSameSize,
    kRewriteRowNewSize,
    kDeleteRow,
    kPutIndexRow,
    kRewriteIndexRowSameSize,
    kRewriteIndexRowNewSize,
    kDeleteIndexRow,
    kSavepoint,
    kRelease,
  };
  // `make_sql` runs only the first time a (shape, id) is prepared.
  Result<sqlite3_stmt*> PrepareShape(Shape shape, int64_t id, std::string (*make_sql)(int64_t id));
  Status StepDone(sqlite3_stmt* s);
  // Steps an UPDATE; *changed says whether it found its row.
  Status StepUpdate(sqlite3_stmt* s, bool* changed);
  // ReplaceRow and ReplaceIndexRow: updates the row of `table` at h and `key` (the columns
  // `key_columns` name, from ?4 on); whether the row was there.
  Result<bool> RewriteRow(int64_t id, bool index, std::initializer_list<std::string_view> key,
                          const Row& row, int64_t old_size);
  Status ReadImpl(const RangeRead& r, void* ctx, bool (*visit)(void*, RowView&));
  Result<bool> VisitRowImpl(int64_t id, uint32_t h, std::string_view pk, std::string_view sk,
                            void* ctx, bool (*visit)(void*, RowView&));
  Error SqliteError(const std::string& what) const;
  // Kept counts (table_stats.h): what a write did to the count and size of data table `id`.
  Status NoteStats(int64_t id, int64_t count, int64_t bytes);
  // Adds `deltas` to ddblab_stats, one UPDATE per table that changed.
  struct StatsDelta {
    int64_t count = 0;
    int64_t bytes = 0;
  };
  using StatsDeltas = std::unordered_map<int64_t, StatsDelta>;
  Status WriteStats(const StatsDeltas& deltas);

  sqlite3* db_;
  std::string path_;
  std::shared_ptr<FileLock> file_lock_;  // released after db_ is closed (see file_guard.h)
  struct StmtCache;
  std::unique_ptr<StmtCache> stmts_;
  int depth_ = 0;
  // The kept-count changes of each open savepoint (innermost last): a savepoint's changes join
  // its parent's when it is released, go when it is rolled back, and reach ddblab_stats just
  // before the outermost one is released, inside the same transaction as the rows.
  std::vector<StatsDeltas> pending_stats_;
  SavepointObserver* savepoint_observer_ = nullptr;
  bool wal_ = false;
  int64_t page_cache_kib_ = 0;  // the writer's bound; a reader keeps at most this much too
};

template <typename F>
Status Storage::Read(const RangeRead& r, F&& visit) {
  using Fn = std::remove_reference_t<F>;
  auto thunk = [](void* ctx, RowView& row) -> bool { return (*static_cast<Fn*>(ctx))(row); };
  return ReadImpl(r, const_cast<void*>(static_cast<const void*>(&visit)), thunk);
}

template <typename F>
Result<bool> Storage::VisitRow(int64_t id, uint32_t h, std::string_view pk, std::string_view sk,
                               F&& visit) {
  using Fn = std::remove_reference_t<F>;
  auto thunk = [](void* ctx, RowView& row) -> bool { return (*static_cast<Fn*>(ctx))(row); };
  return VisitRowImpl(id, h, pk, sk, const_cast<void*>(static_cast<const void*>(&visit)), thunk);
}

}  // namespace ddblab
