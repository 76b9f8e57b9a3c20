// Query and Scan share one planner (validation, key range, filter, projection, Select) and one
// page executor. EXPLAIN renders the planner's output without executing it.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "catalog/schema.h"
#include "ddblab/engine.h"
#include "expr/built.h"
#include "expr/expr.h"
#include "storage/storage.h"

namespace ddblab {

struct ReadPlan {
  bool is_query = true;
  const TableSchema* table = nullptr;
  const IndexSchema* index = nullptr;
  RangeRead range;
  std::optional<expr::KeyCondition> key_condition;
  std::shared_ptr<const expr::Condition> filter;
  std::optional<expr::ProjectionExpr> projection;
  bool count_only = false;
  bool fetch_base = false;  // LSI read of attributes the index does not hold
  int64_t limit = 0;        // 0: no Limit
  bool strong = false;
  int partition_count = 1;
  std::vector<int> partitions;  // partitions the read may touch, in order
};

// `built`: the key condition, filter and projection as trees (a PartiQL SELECT), in place of the
// request's expression members.
Result<ReadPlan> PlanQuery(const TableSchema& t, const QueryRequest& r, int partition_count,
                           const expr::Built* built = nullptr);
Result<ReadPlan> PlanScan(const TableSchema& t, const ScanRequest& r, int partition_count,
                          const expr::Built* built = nullptr);

// Runs one page (Limit items or 1 MB, whichever first) and fills the response, its capacity and
// its trace.
Status ExecuteReadPlan(Storage& s, const ReadPlan& p, QueryResponse* out);

// The Plan value EXPLAIN shows.
Plan DescribeReadPlan(const ReadPlan& p);

}  // namespace ddblab
