#include "exec/engine_impl.h"

#include <chrono>

#include "catalog/partition_model.h"
#include "exec/catalog_store.h"
#include "exec/sweeping_engine.h"

namespace ddblab {

Result<std::unique_ptr<Engine>> Engine::Open(const EngineOptions& options) {
  DDB_ASSIGN_OR_RETURN(
      std::unique_ptr<Storage> storage,
      Storage::Open(options.path.empty() ? ":memory:" : options.path, options.page_cache_kib));
  auto engine = std::make_unique<EngineImpl>(options, std::move(storage));
  DDB_TRY(engine->Init());
  return WithTimeToLiveSweep(std::move(engine));
}

EngineImpl::EngineImpl(EngineOptions options, std::unique_ptr<Storage> storage)
    : options_(std::move(options)), storage_(std::move(storage)) {
  mutex_.set_release_listener(&commit_on_release_);
  storage_->set_savepoint_observer(&changes_follow_savepoints_);
}

Result<int> EngineImpl::Subscribe(CommitSubscriber subscriber) {
  return commits_.Subscribe(std::move(subscriber));
}

void EngineImpl::Unsubscribe(int id) { commits_.Unsubscribe(id); }

std::function<void()> EngineImpl::CommitOnRelease::Take() {
  Commit commit;
  commit.time = engine_.Now();
  commit.changes.reserve(engine_.pending_changes_.size());
  for (PendingChange& p : engine_.pending_changes_) {
    commit.changes.push_back(engine_.ChangeOf(std::move(p)));
  }
  engine_.pending_changes_.clear();
  commit.ended_streams = std::move(engine_.pending_ended_streams_);
  engine_.pending_ended_streams_.clear();
  CommitFeed* feed = &engine_.commits_;
  return [feed, commit = std::move(commit)]() mutable { feed->Deliver(std::move(commit)); };
}

Status EngineImpl::Init() {
  DDB_ASSIGN_OR_RETURN(auto entries, storage_->LoadCatalog());
  for (auto& [name, text] : entries) {
    DDB_ASSIGN_OR_RETURN(TableSchema s, SchemaFromText(text));
    next_storage_id_ = std::max(next_storage_id_, s.storage_id + 1);
    for (const auto& ix : s.global_secondary_indexes)
      next_storage_id_ = std::max(next_storage_id_, ix.storage_id + 1);
    for (const auto& ix : s.local_secondary_indexes)
      next_storage_id_ = std::max(next_storage_id_, ix.storage_id + 1);
    if (s.ttl_attribute) ttl_in_use_.store(true, std::memory_order_release);
    tables_.emplace(name, std::move(s));
  }
  return OkStatus();
}

Result<const TableSchema*> EngineImpl::FindTable(const std::string& name) const {
  auto it = tables_.find(TableNameOf(name, options_.account_id));
  if (it == tables_.end()) {
    return MakeError(ErrorType::kResourceNotFoundException, "Requested resource not found");
  }
  return &it->second;
}

int EngineImpl::PartitionCount(const TableSchema& t) const {
  // A few integer steps from the schema (no explanation is written): cheaper than any cache.
  return DerivedPartitionCount(t, 0, nullptr);
}

EngineImpl::ReadAccess::ReadAccess(EngineImpl& engine)
    : engine_(engine), storage_(engine.storage_.get()) {
  if (engine.storage_->AllowsReaders() && !engine.mutex_.OwnedByThisThread()) {
    reader_ = engine.CheckOutReader();
  }
  if (reader_) {
    engine.mutex_.lock_shared();
    storage_ = reader_.get();
  } else {
    engine.mutex_.lock();
  }
}

EngineImpl::ReadAccess::~ReadAccess() {
  if (reader_) {
    engine_.mutex_.unlock_shared();
    engine_.ReturnReader(std::move(reader_));
  } else {
    engine_.mutex_.unlock();
  }
}

std::unique_ptr<Storage> EngineImpl::CheckOutReader() {
  {
    std::lock_guard lock(readers_mutex_);
    if (!idle_readers_.empty()) {
      std::unique_ptr<Storage> reader = std::move(idle_readers_.back());
      idle_readers_.pop_back();
      return reader;
    }
  }
  // A connection that cannot be opened (out of descriptors) is not an error of the read: it
  // runs on the writer's connection instead.
  Result<std::unique_ptr<Storage>> opened = storage_->OpenReader();
  return opened.ok() ? std::move(opened).value() : nullptr;
}

void EngineImpl::ReturnReader(std::unique_ptr<Storage> reader) {
  std::lock_guard lock(readers_mutex_);
  idle_readers_.push_back(std::move(reader));
}

double EngineImpl::Now() const {
  if (options_.clock) return options_.clock();
  using namespace std::chrono;
  return static_cast<double>(
             duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count()) /
         1000.0;
}

}  // namespace ddblab
