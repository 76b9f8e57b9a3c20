// The Engine that Engine::Open hands out: runs the Time to Live sweep at the start of every
// call, then the call itself. Keeping the sweep here, outside the operations, means it never
// runs inside another call (a transaction or a PartiQL statement calling GetItem), only between
// calls, where DynamoDB's background deletion is invisible too.
#include "exec/sweeping_engine.h"

#include <memory>
#include <string>
#include <utility>

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

  Result<CreateTableResponse> CreateTable(const CreateTableRequest& r) override {
    DDB_TRY(impl_->SweepExpiredItems());
    return impl_->CreateTable(r);
  }
  Result<DescribeTableResponse> DescribeTable(const DescribeTableRequest& r) override {
    DDB_TRY(impl_->SweepExpiredItems());
    return impl_->DescribeTable(r);
  }
  Result<ListTablesResponse> ListTables(const ListTablesRequest& r) override {
    DDB_TRY(impl_->SweepExpiredItems());
    return impl_->ListTables(r);
  }
  Result<DeleteTableResponse> DeleteTable(const DeleteTableRequest& r) override {
    DDB_TRY(impl_->SweepExpiredItems());
    auto deleted = impl_->DeleteTable(r);
    if (deleted.ok() && throttle_) throttle_->Forget(r.table_name);
    return deleted;
  }
  Result<UpdateTableResponse> UpdateTable(const UpdateTableRequest& r) override {
    DDB_TRY(impl_->SweepExpiredItems());
    return impl_->UpdateTable(r);
  }
  Result<GetItemResponse> GetItem(const GetItemRequest& r) override {
    DDB_TRY(impl_->SweepExpiredItems());
    return Guarded<GetItemResponse>([&] { return impl_->GetItem(r); });
  }
  Result<PutItemResponse> PutItem(const PutItemRequest& r) override {
    DDB_TRY(impl_->SweepExpiredItems());
    return Guarded<PutItemResponse>([&] { return impl_->PutItem(r); });
  }
  Result<UpdateItemResponse> UpdateItem(const UpdateItemRequest& r) override {
    DDB_TRY(impl_->SweepExpiredItems());
    return Guarded<UpdateItemResponse>([&] { return impl_->UpdateItem(r); });
  }
  Result<DeleteItemResponse> DeleteItem(const DeleteItemRequest& r) override {
    DDB_TRY(impl_->SweepExpiredItems());
    return Guarded<DeleteItemResponse>([&] { return impl_->DeleteItem(r); });
  }
  Result<QueryResponse> Query(const QueryRequest& r) override {
    DDB_TRY(impl_->SweepExpiredItems());
    return Guarded<QueryResponse>([&] { return impl_->Query(r); });
  }
  Result<ScanResponse> Scan(const ScanRequest& r) override {
    DDB_TRY(impl_->SweepExpiredItems());
    return Guarded<ScanResponse>([&] { return impl_->Scan(r); });
  }
  Result<BatchGetItemResponse> BatchGetItem(const BatchGetItemRequest& r) override {
    DDB_TRY(impl_->SweepExpiredItems());
    if (throttle_) return throttle_->BatchGetItem(r);
    return impl_->BatchGetItem(r);
  }
  Result<BatchWriteItemResponse> BatchWriteItem(const BatchWriteItemRequest& r) override {
    DDB_TRY(impl_->SweepExpiredItems());
    if (throttle_) return throttle_->BatchWriteItem(r);
    return impl_->BatchWriteItem(r);
  }
  Result<TransactGetItemsResponse> TransactGetItems(const TransactGetItemsRequest& r) override {
    DDB_TRY(impl_->SweepExpiredItems());
    return Guarded<TransactGetItemsResponse>([&] { return impl_->TransactGetItems(r); });
  }
  Result<TransactWriteItemsResponse> TransactWriteItems(
      const TransactWriteItemsRequest& r) override {
    DDB_TRY(impl_->SweepExpiredItems());
    return Guarded<TransactWriteItemsResponse>([&] { return impl_->TransactWriteItems(r); });
  }
  Result<ExecuteStatementResponse> ExecuteStatement(const ExecuteStatementRequest& r) override {
    DDB_TRY(impl_->SweepExpiredItems());
    return Guarded<ExecuteStatementResponse>([&] { return impl_->ExecuteStatement(r); });
  }
  Result<BatchExecuteStatementResponse> BatchExecuteStatement(
      const BatchExecuteStatementRequest& r) override {
    DDB_TRY(impl_->SweepExpiredItems());
    if (throttle_) return throttle_->BatchExecuteStatement(r);
    return impl_->BatchExecuteStatement(r);
  }
  Result<ExecuteTransactionResponse> ExecuteTransaction(
      const ExecuteTransactionRequest& r) override {
    DDB_TRY(impl_->SweepExpiredItems());
    return Guarded<ExecuteTransactionResponse>([&] { return impl_->ExecuteTransaction(r); });
  }
  // Stream reads sweep first too: a Time to Live deletion is a record a reader should see.
  Result<ListStreamsResponse> ListStreams(const ListStreamsRequest& r) override {
    DDB_TRY(impl_->SweepExpiredItems());
    return impl_->ListStreams(r);
  }
  Result<DescribeStreamResponse> DescribeStream(const DescribeStreamRequest& r) override {
    DDB_TRY(impl_->SweepExpiredItems());
    return impl_->DescribeStream(r);
  }
  Result<GetShardIteratorResponse> GetShardIterator(const GetShardIteratorRequest& r) override {
    DDB_TRY(impl_->SweepExpiredItems());
    return impl_->GetShardIterator(r);
  }
  Result<GetRecordsResponse> GetRecords(const GetRecordsRequest& r) override {
    DDB_TRY(impl_->SweepExpiredItems());
    return impl_->GetRecords(r);
  }
  Result<TagResourceResponse> TagResource(const TagResourceRequest& r) override {
    DDB_TRY(impl_->SweepExpiredItems());
    return impl_->TagResource(r);
  }
  Result<UntagResourceResponse> UntagResource(const UntagResourceRequest& r) override {
    DDB_TRY(impl_->SweepExpiredItems());
    return impl_->UntagResource(r);
  }
  Result<ListTagsOfResourceResponse> ListTagsOfResource(
      const ListTagsOfResourceRequest& r) override {
    DDB_TRY(impl_->SweepExpiredItems());
    return impl_->ListTagsOfResource(r);
  }
  Result<UpdateTimeToLiveResponse> UpdateTimeToLive(const UpdateTimeToLiveRequest& r) override {
    DDB_TRY(impl_->SweepExpiredItems());
    return impl_->UpdateTimeToLive(r);
  }
  Result<DescribeTimeToLiveResponse> DescribeTimeToLive(
      const DescribeTimeToLiveRequest& r) override {
    DDB_TRY(impl_->SweepExpiredItems());
    return impl_->DescribeTimeToLive(r);
  }
  Result<DescribeEndpointsResponse> DescribeEndpoints(const DescribeEndpointsRequest& r) override {
    DDB_TRY(impl_->SweepExpiredItems());
    return impl_->DescribeEndpoints(r);
  }
  Result<DescribeLimitsResponse> DescribeLimits(const DescribeLimitsRequest& r) override {
    DDB_TRY(impl_->SweepExpiredItems());
    return impl_->DescribeLimits(r);
  }
  Result<Plan> ExplainStatement(const ExecuteStatementRequest& r) override {
    DDB_TRY(impl_->SweepExpiredItems());
    return impl_->ExplainStatement(r);
  }
  Result<int64_t> ImportItems(const std::string& table, const ItemSource& next) override {
    DDB_TRY(impl_->SweepExpiredItems());
    return ImportItemsInto(*impl_, table, next);
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
  ThroughputReport DescribeThroughput() override {
    return throttle_ ? throttle_->Report() : ThroughputReport{};
  }

 private:
  // Data-plane calls go through the throughput model when it is on (throughput/throttle.h).
  template <typename R, typename F>
  Result<R> Guarded(F&& call) {
    if (!throttle_) return call();
    return throttle_->Run<R>(std::forward<F>(call));
  }

  std::unique_ptr<EngineImpl> impl_;
  std::unique_ptr<throughput::Throttle> throttle_;
};

}  // namespace

std::unique_ptr<Engine> WithTimeToLiveSweep(std::unique_ptr<EngineImpl> impl) {
  return std::make_unique<SweepingEngine>(std::move(impl));
}

}  // namespace ddblab
