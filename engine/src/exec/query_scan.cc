// Query, Scan and their EXPLAIN.
#include "catalog/model_constraints.h"
#include "exec/engine_impl.h"
#include "exec/keys.h"
#include "exec/read_plan.h"
#include "exec/request_checks.h"
#include "expr/render.h"

namespace ddblab {

Result<QueryResponse> EngineImpl::Query(const QueryRequest& r) { return Query(r, nullptr); }

// The request's members are checked at the engine's front door (sweeping_engine.cc) or, for a
// PartiQL statement's planned call, where it enters behind it (partiql_ops.cc).
Result<QueryResponse> EngineImpl::Query(const QueryRequest& r, const expr::Built* built) {
  ReadAccess access(*this);
  DDB_ASSIGN_OR_RETURN(const TableSchema* t, FindTable(r.table_name));
  DDB_ASSIGN_OR_RETURN(ReadPlan p, PlanQuery(*t, r, PartitionCount(*t), built));
  QueryResponse resp;
  DDB_TRY(ExecuteReadPlan(access.storage(), p, &resp));
  return resp;
}

Result<ScanResponse> EngineImpl::Scan(const ScanRequest& r) { return Scan(r, nullptr); }

Result<ScanResponse> EngineImpl::Scan(const ScanRequest& r, const expr::Built* built) {
  ReadAccess access(*this);
  DDB_ASSIGN_OR_RETURN(const TableSchema* t, FindTable(r.table_name));
  DDB_ASSIGN_OR_RETURN(ReadPlan p, PlanScan(*t, r, PartitionCount(*t), built));
  ScanResponse resp;
  DDB_TRY(ExecuteReadPlan(access.storage(), p, &resp));
  return resp;
}

Result<Plan> EngineImpl::ExplainQuery(const QueryRequest& r) {
  std::lock_guard lock(mutex_);
  DDB_TRY(catalog::CheckModelMembers(r));
  DDB_ASSIGN_OR_RETURN(const TableSchema* t, FindTable(r.table_name));
  DDB_ASSIGN_OR_RETURN(ReadPlan p, PlanQuery(*t, r, PartitionCount(*t)));
  return DescribeReadPlan(p);
}

// A GetItem has one possible plan: the full primary key names one item in one partition.
Result<Plan> EngineImpl::ExplainGetItem(const GetItemRequest& r) {
  std::lock_guard lock(mutex_);
  DDB_TRY(catalog::CheckModelMembers(r));
  DDB_ASSIGN_OR_RETURN(const TableSchema* t, FindTable(r.table_name));
  DDB_TRY(KeyFromKeyMap(*t, r.key));
  Plan plan;
  plan.operation = "GetItem";
  plan.table = t->name;
  // In the key schema's order, values as EXPLAIN of a Query shows them.
  plan.key_condition = t->hash.name + " = " + expr::RenderValue(r.key.at(t->hash.name));
  if (t->range) {
    plan.key_condition +=
        " AND " + t->range->name + " = " + expr::RenderValue(r.key.at(t->range->name));
  }
  plan.reason = "the full primary key names exactly one item";
  plan.request.key = r.key;
  return plan;
}

Result<Plan> EngineImpl::ExplainScan(const ScanRequest& r) {
  std::lock_guard lock(mutex_);
  DDB_TRY(catalog::CheckModelMembers(r));
  DDB_ASSIGN_OR_RETURN(const TableSchema* t, FindTable(r.table_name));
  DDB_ASSIGN_OR_RETURN(ReadPlan p, PlanScan(*t, r, PartitionCount(*t)));
  return DescribeReadPlan(p);
}

}  // namespace ddblab
