// The planner of each statement kind: SELECT in plan_select.cc, SELECT by several keys in
// plan_lookups.cc, INSERT / UPDATE / DELETE / EXISTS in plan_writes.cc. PlanStatement (planner.cc)
// checks the statement and dispatches here. Internal to the partiql module.
#pragma once

#include <optional>

#include "catalog/schema.h"
#include "ddblab/error.h"
#include "partiql/ast.h"
#include "partiql/planner.h"

namespace ddblab::partiql::internal {

// SELECT: one key lookup per key when the WHERE enumerates keys (PlanLookups), otherwise one
// request (PlanSingleSelect).
Result<PlannedStatement> PlanSelect(const Statement& st, const TableSchema& table,
                                    const PlanOptions& o);

// One SELECT as one request: GetItem, Query or Scan.
Result<PlannedStatement> PlanSingleSelect(const Statement& st, const TableSchema& table,
                                          const PlanOptions& o);

// A SELECT that names several keys (partition-key values, or sort-key values under one
// partition-key equality) as one key lookup per key, or nullopt when it is not of that shape (or
// a branch would need a Scan), so the single-request plan decides.
Result<std::optional<PlannedStatement>> PlanLookups(const Statement& st, const TableSchema& table,
                                                    const PlanOptions& o);

// INSERT -> PutItem conditional on attribute_not_exists(<partition key>).
Result<PlannedStatement> PlanInsert(const Statement& st, const TableSchema& table,
                                    const PlanOptions& o);

// UPDATE -> UpdateItem conditional on attribute_exists(<partition key>) and the non-key
// predicates.
Result<PlannedStatement> PlanUpdate(const Statement& st, const TableSchema& table,
                                    const PlanOptions& o);

// DELETE -> DeleteItem; non-key predicates become a condition a missing item passes.
Result<PlannedStatement> PlanDelete(const Statement& st, const TableSchema& table,
                                    const PlanOptions& o);

// EXISTS(SELECT ...) -> a TransactWriteItems ConditionCheck on the full primary key.
Result<PlannedStatement> PlanExists(const Statement& st, const TableSchema& table,
                                    const PlanOptions& o);

}  // namespace ddblab::partiql::internal
