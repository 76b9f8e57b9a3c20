// The throttle layer between the public Engine and EngineImpl (used by sweeping_engine.cc when
// EngineOptions::model_throughput is set): runs a call inside a storage savepoint, reads what it
// consumed and which partitions it touched, and asks the capacity model whether it fits. A call
// that does not fit is rolled back and fails with DynamoDB's throttling error, having consumed
// nothing. Batches retry their entries one by one so that only the refused ones come back as
// UnprocessedItems / UnprocessedKeys, or (BatchExecuteStatement) as those statements' errors.
#pragma once

#include <mutex>
#include <optional>
#include <type_traits>
#include <vector>

#include "ddblab/throughput.h"
#include "exec/engine_impl.h"
#include "throughput/capacity_model.h"
#include "throughput/key_points.h"

namespace ddblab::throughput {

class Throttle {
 public:
  explicit Throttle(EngineImpl& engine) : engine_(engine) {}

  // Runs `call` (returning Result<R>) under the model. With `count_refusal` false a refused
  // call stays out of the statistics (a batch about to be retried entry by entry).
  template <typename R, typename F>
  Result<R> Run(F&& call, bool count_refusal = true) {
    std::lock_guard lock(engine_.mutex_);
    DDB_TRY(engine_.storage().Begin());
    KeyPointLog points;
    throughput::KeyPointLog* outer = engine_.key_points();
    engine_.set_key_points(&points);
    Result<R> res = call();
    engine_.set_key_points(outer);
    std::vector<const ConsumedCapacity*> caps;
    const Trace* trace = nullptr;
    if (res.ok()) {
      if constexpr (std::is_same_v<decltype(res->consumed_capacity), ConsumedCapacity>) {
        caps.push_back(&res->consumed_capacity);
      } else {
        for (const ConsumedCapacity& c : res->consumed_capacity) caps.push_back(&c);
      }
      trace = &res->trace;
    } else {
      for (const ConsumedCapacity& c : res.error().consumed_capacity) caps.push_back(&c);
      trace = res.error().trace.get();
    }
    if (std::optional<Refused> refused = Decide(caps, trace, points, count_refusal)) {
      // DynamoDB: a throttled transaction is cancelled, its reasons naming the throttle.
      if constexpr (std::is_same_v<R, TransactWriteItemsResponse> ||
                    std::is_same_v<R, TransactGetItemsResponse> ||
                    std::is_same_v<R, ExecuteTransactionResponse>) {
        Error cancelled = AsCancellation(*refused, *trace);
        DDB_TRY(engine_.storage().Rollback());
        return cancelled;
      }
      DDB_TRY(engine_.storage().Rollback());
      return std::move(refused->error);
    }
    DDB_TRY(engine_.storage().Commit());
    return res;
  }

  Result<BatchWriteItemResponse> BatchWriteItem(const BatchWriteItemRequest& r);
  Result<BatchGetItemResponse> BatchGetItem(const BatchGetItemRequest& r);
  Result<BatchExecuteStatementResponse> BatchExecuteStatement(
      const BatchExecuteStatementRequest& r);

  // After DeleteTable: the table's buckets go with it.
  void Forget(const std::string& table);
  ThroughputReport Report();

 private:
  // The throttling error for a call that charged `caps` over `trace`'s partitions, or nullopt
  // when it fits (and is then charged). `record` counts the call in the statistics.
  struct Refused {
    Error error;
    Demand demand;
  };
  std::optional<Refused> Decide(const std::vector<const ConsumedCapacity*>& caps,
                                const Trace* trace, KeyPointLog& points, bool record);
  // The TransactionCanceledException for a refused transaction: one reason per action (its
  // trace's action steps), the throttled one with ProvisionedThroughputExceeded (provisioned) or
  // ThrottlingError (on demand) and the throttling message, the others None.
  static Error AsCancellation(const Refused& refused, const Trace& trace);
  Error ThrottlingError(const Demand& d, Limit limit) const;
  void ConfigureTable(const std::string& table);

  EngineImpl& engine_;
  CapacityModel model_;
};

}  // namespace ddblab::throughput
