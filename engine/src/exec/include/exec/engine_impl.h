// The Engine implementation. Each family of operations lives in its own file under exec/:
// tables.cc (control plane), items.cc (Get/Put/Update/Delete), query_scan.cc, batch.cc,
// transact.cc, partiql_ops.cc (ExecuteStatement, BatchExecuteStatement, ExecuteTransaction,
// ExplainStatement), partitions_ops.cc.
#pragma once

#include <atomic>
#include <deque>
#include <limits>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "catalog/schema.h"
#include "ddblab/engine.h"
#include "exec/commit_feed.h"
#include "exec/engine_mutex.h"
#include "exec/iterator_mac.h"
#include "exec/write_path.h"
#include "storage/storage.h"

namespace ddblab {

namespace expr {
struct Built;
}  // namespace expr

class EngineImpl final : public Engine {
 public:
  EngineImpl(EngineOptions options, std::unique_ptr<Storage> storage);

  // Loads the catalog from storage.
  Status Init();

  Result<CreateTableResponse> CreateTable(const CreateTableRequest& r) override;
  Result<UpdateTableResponse> UpdateTable(const UpdateTableRequest& r) override;

  Result<BatchGetItemResponse> BatchGetItem(const BatchGetItemRequest& r) override;
  Result<BatchWriteItemResponse> BatchWriteItem(const BatchWriteItemRequest& r) override;
  Result<TransactGetItemsResponse> TransactGetItems(const TransactGetItemsRequest& r) override;
  Result<TransactWriteItemsResponse> TransactWriteItems(
      const TransactWriteItemsRequest& r) override;

#define DDBLAB_MODELLED_METHOD(Name, How) \
  Result<Name##Response> Name(const Name##Request& r) override;
  DDBLAB_MODELLED_OPERATIONS(DDBLAB_MODELLED_METHOD)
#undef DDBLAB_MODELLED_METHOD

  // Deletes the expired items of every table with Time to Live enabled, when the clock has
  // moved on by at least a second since the last sweep (ttl_sweep.cc).
  Status SweepExpiredItems();

  Result<Plan> ExplainStatement(const ExecuteStatementRequest& r) override;
  Result<Plan> ExplainQuery(const QueryRequest& r) override;
  Result<Plan> ExplainGetItem(const GetItemRequest& r) override;
  Result<Plan> ExplainScan(const ScanRequest& r) override;

  Result<PartitionMap> DescribePartitions(const std::string& table,
                                          const std::string& index) override;
  Status SetPartitionCount(const std::string& table, int count) override;
  // The model lives in the wrapper (sweeping_engine.cc); the bare implementation has none.
  ThroughputReport DescribeThroughput() override { return {}; }
  Status SaveCopy(const std::string& path) override;

  // Commit notifications (commit_feed.h): writes note their changes while anyone subscribes;
  // the end of the outermost exclusive hold turns them into one Commit, delivered after release.
  Result<int> Subscribe(CommitSubscriber subscriber) override;
  void Unsubscribe(int id) override;

  // ---- the calls a PartiQL statement becomes (partiql_ops.cc): the request's expressions
  // arrive as trees (expr/built.h), checked where the public operation parses their text ----
  Result<GetItemResponse> GetItem(const GetItemRequest& r, const expr::Built* built);
  Result<PutItemResponse> PutItem(const PutItemRequest& r, const expr::Built* built);
  Result<UpdateItemResponse> UpdateItem(const UpdateItemRequest& r, const expr::Built* built);
  Result<DeleteItemResponse> DeleteItem(const DeleteItemRequest& r, const expr::Built* built);
  Result<QueryResponse> Query(const QueryRequest& r, const expr::Built* built);
  Result<ScanResponse> Scan(const ScanRequest& r, const expr::Built* built);
  // `built` holds one entry per transact item (null where the item has no trees).
  Result<TransactGetItemsResponse> TransactGetItems(const TransactGetItemsRequest& r,
                                                    const std::vector<const expr::Built*>& built);
  Result<TransactWriteItemsResponse> TransactWriteItems(
      const TransactWriteItemsRequest& r, const std::vector<const expr::Built*>& built);

  // ---- shared by the operation files (callers hold mutex_) ----

  // The table's schema, or ResourceNotFoundException "Requested resource not found".
  Result<const TableSchema*> FindTable(const std::string& name) const;
  // Simulated partition count of a table (indexes use their table's count).
  int PartitionCount(const TableSchema& t) const;
  double Now() const;
  // Where the writes and single-item reads of the running call note the keys they touched: the
  // throttle layer's log while it runs a call (under mutex_), nullptr otherwise.
  throughput::KeyPointLog* key_points() const { return key_points_; }
  void set_key_points(throughput::KeyPointLog* log) { key_points_ = log; }
  // How this engine's own writes are applied (ApplyWrite): now, by a client, to the stream.
  WriteOrigin Origin() const {
    return WriteOrigin{Now(), false, true, key_points_, NotedChanges()};
  }
  // Where writes note their changes for commit notifications; null when nobody subscribes.
  std::vector<PendingChange>* NotedChanges() const {
    return commits_.wanted() ? &pending_changes_ : nullptr;
  }

  const EngineOptions& options() const { return options_; }
  Storage& storage() { return *storage_; }

  // Exclusive for writes, shared for reads, re-entrant, spinning first: see engine_mutex.h.
  mutable EngineMutex mutex_;

  // A read operation's hold on the engine. Where the database allows readers side by side (a
  // file in WAL mode) and this thread does not already hold the lock exclusively, the read shares
  // the lock and uses a read-only connection of its own; otherwise it holds the lock exclusively
  // and uses the writer's connection (which also sees the writes of an enclosing transaction).
  class ReadAccess {
   public:
    explicit ReadAccess(EngineImpl& engine);
    ~ReadAccess();
    ReadAccess(const ReadAccess&) = delete;
    ReadAccess& operator=(const ReadAccess&) = delete;
    Storage& storage() { return *storage_; }

   private:
    EngineImpl& engine_;
    std::unique_ptr<Storage> reader_;  // checked out of the engine's idle readers
    Storage* storage_;
  };

 private:
  // Gathers the noted changes into a Commit when the outermost exclusive hold ends.
  class CommitOnRelease final : public EngineMutex::ReleaseListener {
   public:
    explicit CommitOnRelease(EngineImpl& engine) : engine_(engine) {}
    bool Pending() const override {
      return !engine_.pending_changes_.empty() || !engine_.pending_ended_streams_.empty();
    }
    std::function<void()> Take() override;

   private:
    EngineImpl& engine_;
  };
  // Undoes the changes noted inside a savepoint that is rolled back (a throttled call, a failed
  // transaction): only what is committed is told.
  class ChangesFollowSavepoints final : public Storage::SavepointObserver {
   public:
    explicit ChangesFollowSavepoints(EngineImpl& engine) : engine_(engine) {}
    void Begun() override { marks_.push_back(engine_.pending_changes_.size()); }
    void Released() override {
      if (!marks_.empty()) marks_.pop_back();
    }
    void RolledBack() override {
      if (marks_.empty()) return;
      if (engine_.pending_changes_.size() > marks_.back()) {
        engine_.pending_changes_.resize(marks_.back());
      }
      marks_.pop_back();
    }

   private:
    EngineImpl& engine_;
    std::vector<size_t> marks_;
  };
  // A noted change as subscribers see it, its stream record in GetRecords' form (streams.cc).
  ItemChange ChangeOf(PendingChange&& change);

  CommitFeed commits_;
  mutable std::vector<PendingChange> pending_changes_;  // under mutex_
  std::vector<std::string> pending_ended_streams_;      // under mutex_: ARNs
  CommitOnRelease commit_on_release_{*this};
  ChangesFollowSavepoints changes_follow_savepoints_{*this};
  // Shard id -> its parent's id (empty: none), for the shards records have been noted on.
  std::map<std::string, std::string> parent_shards_;

  throughput::KeyPointLog* key_points_ = nullptr;
  // Signs the shard iterators this engine hands out (streams.cc).
  const IteratorKey iterator_key_ = NewIteratorKey();
  EngineOptions options_;
  std::unique_ptr<Storage> storage_;
  std::map<std::string, TableSchema, std::less<>> tables_;
  int64_t next_storage_id_ = 1;
  // ClientRequestToken -> what it was used for, for TransactWriteItems idempotency: the SHA-256
  // of the request's fingerprint, kept 10 minutes (the SDKs send a new token with every call, so
  // a server that kept them all, or kept whole requests, would grow without end).
  struct TokenUse {
    std::string fingerprint_digest;
    double time = 0;
  };
  std::map<std::string, TokenUse> tokens_;
  std::deque<std::pair<double, std::string>> tokens_by_time_;  // oldest first
  void RememberToken(const std::string& token, std::string fingerprint_digest);
  // The clock reading from which the next Time to Live sweep is due; read without the lock so
  // a read between sweeps never waits for the write lock.
  std::atomic<double> next_sweep_at_{-std::numeric_limits<double>::infinity()};
  // Set once a table has Time to Live on (and never cleared): until then no call reads the clock
  // for the sweep, which is most of what an in-memory GetItem costs beyond SQLite's own work.
  std::atomic<bool> ttl_in_use_{false};
  // Where each Time to Live table's sweep goes on (by storage id): the partition hash its next
  // slice starts at. A pass reads a table a slice at a time (ttl_sweep.cc).
  std::map<int64_t, uint64_t> sweep_from_;
  // Read-only connections not in use (ReadAccess); they close before the writer's.
  std::mutex readers_mutex_;
  std::vector<std::unique_ptr<Storage>> idle_readers_;
  std::unique_ptr<Storage> CheckOutReader();
  void ReturnReader(std::unique_ptr<Storage> reader);
  // Persists a changed schema (tags, Time to Live) in the catalog and in tables_.
  Status SaveSchema(const TableSchema& s);
  // The table an ARN names, with DynamoDB's errors for a malformed or unknown ARN.
  Result<const TableSchema*> TableForArn(const std::optional<std::string>& arn,
                                         const std::string& operation);
  // The table a resource policy's ResourceArn names (a table's or a stream's ARN), with
  // DynamoDB's refusals; `key` is where its policy is kept (TableSchema::resource_policies).
  Result<TableSchema*> PolicyTable(const std::string& arn, std::string* key);
};

}  // namespace ddblab
