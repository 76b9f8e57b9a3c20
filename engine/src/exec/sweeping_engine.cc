// The Engine that Engine::Open hands out: runs the Time to Live sweep at the start of every
// call, then the call itself. Keeping the sweep here, outside the operations, means it never
// runs inside another call (a transaction or a PartiQL statement calling GetItem), only between
// calls, where DynamoDB's background deletion is invisible too.
#include "exec/sweeping_engine.h"

#include <memory>
#include <string>
#include <utility>

#include "catalog/model_constraints.h"
#include "ddblab/operations.h"
#include "exec/bulk_loader.h"
#include "exec/throttle.h"

namespace ddblab {
namespace {

class SweepingEngine final : public Engine, public BulkLoader {
 public:
  explicit SweepingEngine(std::unique_ptr<EngineImpl> impl) : impl_(std::move(impl)) {
    if (impl_->options().model_throughput) {
      throttle_ = std::make_unique<throughput::Throttle>(*impl_);
    }
  }

  // Every DynamoDB operation (ddblab/operations.h) checks a modelled request's constraints
  // (a typed call is held to them as a JSON one is), sweeps, then runs as its kind says.
#define DDBLAB_FORWARD(Name, How)                                                        \
  Result<Name##Response> Name(const Name##Request& r) override {                         \
    DDB_TRY(CheckModelled(r));                                                           \
    DDB_TRY(impl_->SweepExpiredItems());                                                 \
    return Run<OperationKind::How>(                                                      \
        r, [&] { return impl_->Name(r); },                                               \
        [&](auto& throttle) -> decltype(throttle.Name(r)) { return throttle.Name(r); }); \
  }
  DDBLAB_OPERATIONS(DDBLAB_FORWARD)
#undef DDBLAB_FORWARD

  Result<Plan> ExplainStatement(const ExecuteStatementRequest& r) override {
    DDB_TRY(impl_->SweepExpiredItems());
    return impl_->ExplainStatement(r);
  }
  Result<int64_t> ImportItems(const std::string& table, const ItemSource& next) override {
    DDB_TRY(impl_->SweepExpiredItems());
    return ImportItemsInto(*impl_, table, next);
  }
  Result<Plan> ExplainGetItem(const GetItemRequest& r) override {
    DDB_TRY(impl_->SweepExpiredItems());
    return impl_->ExplainGetItem(r);
  }
  Result<Plan> ExplainQuery(const QueryRequest& r) override {
    DDB_TRY(impl_->SweepExpiredItems());
    return impl_->ExplainQuery(r);
  }
  Result<Plan> ExplainScan(const ScanRequest& r) override {
    DDB_TRY(impl_->SweepExpiredItems());
    return impl_->ExplainScan(r);
  }
  Result<PartitionMap> DescribePartitions(const std::string& table,
                                          const std::string& index) override {
    DDB_TRY(impl_->SweepExpiredItems());
    return impl_->DescribePartitions(table, index);
  }
  Status SetPartitionCount(const std::string& table, int count) override {
    return impl_->SetPartitionCount(table, count);
  }
  Status SaveCopy(const std::string& path) override { return impl_->SaveCopy(path); }
  Result<int> Subscribe(CommitSubscriber subscriber) override {
    return impl_->Subscribe(std::move(subscriber));
  }
  void Unsubscribe(int id) override { impl_->Unsubscribe(id); }
  ThroughputReport DescribeThroughput() override {
    return throttle_ ? throttle_->Report() : ThroughputReport{};
  }

 private:
  template <typename Req>
  static Status CheckModelled(const Req& r) {
    if constexpr (model::Modelled<Req>) {
      return catalog::CheckModelMembers(r);
    } else {
      return OkStatus();
    }
  }

  // One call of kind `How`: `call` runs it on the engine; `batch` runs a batch entry by entry
  // under the throughput model (instantiated for kBatch only). Data-plane calls go through the
  // model when it is on (exec/throttle.h).
  template <OperationKind How, typename Req, typename Call, typename Batch>
  auto Run(const Req& r, Call&& call, Batch&& batch) -> decltype(call()) {
    using R = std::remove_cvref_t<decltype(*call())>;
    if constexpr (How == OperationKind::kData) {
      if (throttle_) return throttle_->Run<R>(std::forward<Call>(call));
    } else if constexpr (How == OperationKind::kBatch) {
      if (throttle_) return batch(*throttle_);
    } else if constexpr (How == OperationKind::kDrop) {
      auto dropped = call();
      if (dropped.ok() && throttle_) throttle_->Forget(r.table_name);
      return dropped;
    }
    return call();
  }

  std::unique_ptr<EngineImpl> impl_;
  std::unique_ptr<throughput::Throttle> throttle_;
};

}  // namespace

std::unique_ptr<Engine> WithTimeToLiveSweep(std::unique_ptr<EngineImpl> impl) {
  return std::make_unique<SweepingEngine>(std::move(impl));
}

}  // namespace ddblab
