// Query, Scan and their EXPLAIN.
#include "exec/engine_impl.h"
#include "exec/read_plan.h"

namespace ddblab {

Result<QueryResponse> EngineImpl::Query(const QueryRequest& r) {
  ReadAccess access(*this);
  DDB_TRY(ValidateTableName(r.table_name));
  DDB_ASSIGN_OR_RETURN(const TableSchema* t, FindTable(r.table_name));
  DDB_ASSIGN_OR_RETURN(ReadPlan p, PlanQuery(*t, r, PartitionCount(*t)));
  QueryResponse resp;
  DDB_TRY(ExecuteReadPlan(access.storage(), p, &resp));
  return resp;
}

Result<ScanResponse> EngineImpl::Scan(const ScanRequest& r) {
  ReadAccess access(*this);
  DDB_TRY(ValidateTableName(r.table_name));
  DDB_ASSIGN_OR_RETURN(const TableSchema* t, FindTable(r.table_name));
  DDB_ASSIGN_OR_RETURN(ReadPlan p, PlanScan(*t, r, PartitionCount(*t)));
  ScanResponse resp;
  DDB_TRY(ExecuteReadPlan(access.storage(), p, &resp));
  return resp;
}

Result<Plan> EngineImpl::ExplainQuery(const QueryRequest& r) {
  std::lock_guard lock(mutex_);
  DDB_TRY(ValidateTableName(r.table_name));
  DDB_ASSIGN_OR_RETURN(const TableSchema* t, FindTable(r.table_name));
  DDB_ASSIGN_OR_RETURN(ReadPlan p, PlanQuery(*t, r, PartitionCount(*t)));
  return DescribeReadPlan(p);
}

Result<Plan> EngineImpl::ExplainScan(const ScanRequest& r) {
  std::lock_guard lock(mutex_);
  DDB_TRY(ValidateTableName(r.table_name));
  DDB_ASSIGN_OR_RETURN(const TableSchema* t, FindTable(r.table_name));
  DDB_ASSIGN_OR_RETURN(ReadPlan p, PlanScan(*t, r, PartitionCount(*t)));
  return DescribeReadPlan(p);
}

}  // namespace ddblab
