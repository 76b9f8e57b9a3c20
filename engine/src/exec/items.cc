// Single-item operations: GetItem, PutItem, UpdateItem, DeleteItem.
#include "account/capacity_math.h"
#include "catalog/model_constraints.h"
#include "exec/engine_impl.h"
#include "exec/op_common.h"
#include "exec/read_result.h"
#include "exec/refused_write.h"
#include "exec/request_checks.h"
#include "exec/write_actions.h"
#include "expr/legacy.h"
#include "throughput/key_points.h"

namespace ddblab {
namespace {

// The enum itself is a member constraint (CheckMembers); this is the operation's own rule.
Status CheckReturnValues(const std::optional<std::string>& rv, bool update) {
  if (!update && rv && *rv != "NONE" && *rv != "ALL_OLD") {
    return ValidationError("ReturnValues can only be ALL_OLD or NONE");
  }
  return OkStatus();
}

// Applies one evaluated write atomically, with the trace header filled in.
Status ApplySingleWrite(Storage& storage, const TableSchema& t, const EvaluatedAction& e,
                        const char* operation, int partitions, ConsumedCapacity* cc, Trace* trace,
                        const WriteOrigin& origin) {
  *cc = NewCapacity(t.name, false);
  trace->operation = operation;
  trace->table = t.name;
  trace->partitions_total = partitions;
  // Without indexes the write is one statement and its kept-count update a second (an in-memory
  // database has nothing for a crash to leave out of step): a savepoint around them would only
  // add two statements and a journal. A file keeps it: in autocommit mode SQLite rolls a failed
  // write back before returning, and that I/O replaces the OS error that tells a full disk from a
  // failing one (file_guard.h).
  if (!storage.IsFile() && t.global_secondary_indexes.empty() &&
      t.local_secondary_indexes.empty() && !t.EnabledStream()) {
    return ApplyWrite(storage, t, *e.write, e.old, 1, cc, trace, partitions, origin);
  }
  DDB_TRY(storage.Begin());
  if (Status st = ApplyWrite(storage, t, *e.write, e.old, 1, cc, trace, partitions, origin);
      !st.ok()) {
    (void)storage.Rollback();
    return st.error();
  }
  return storage.Commit();
}

// The skeleton PutItem, UpdateItem and DeleteItem share: check ReturnValues, build the action
// (`make`, given the table), decide its condition, write it, and let `fill` set the operation's
// ReturnValues. A refused condition is still charged (RefusedWrite).
template <typename Resp, typename Req, typename Make, typename Fill>
Result<Resp> SingleWriteUnwrapped(EngineImpl& engine, const Req& r, const char* operation,
                                  bool update, Make&& make, Fill&& fill) {
  std::lock_guard lock(engine.mutex_);
  DDB_TRY(CheckReturnValues(r.return_values, update));
  DDB_ASSIGN_OR_RETURN(const TableSchema* t, engine.FindTable(r.table_name));
  DDB_ASSIGN_OR_RETURN(WriteAction a, make(*t));
  DDB_ASSIGN_OR_RETURN(EvaluatedAction e, EvaluateAction(engine.storage(), a));
  const int partitions = engine.PartitionCount(*t);
  if (e.condition_failed) {
    return RefusedWrite(ConditionFailedError(a, e), a, e, operation, partitions);
  }
  Resp resp;
  if (e.write) {
    DDB_TRY(ApplySingleWrite(engine.storage(), *t, e, operation, partitions,
                             &resp.consumed_capacity, &resp.trace, engine.Origin()));
  } else {
    // Nothing to write (an update's REMOVE on a missing item) still costs one write unit.
    resp.consumed_capacity = NewCapacity(t->name, false);
    resp.consumed_capacity.table.half_units = 2;
    resp.consumed_capacity.total.half_units = 2;
    resp.trace.operation = operation;
    resp.trace.table = t->name;
    resp.trace.partitions_total = partitions;
    AddPartitionHit(&resp.trace, PartitionOf(a.key.h, partitions));
  }
  fill(resp, e);
  return resp;
}

// SingleWriteUnwrapped, its request-validation errors in DynamoDB's envelope.
template <typename Resp, typename Req, typename Make, typename Fill>
Result<Resp> SingleWrite(EngineImpl& engine, const Req& r, const char* operation, bool update,
                         Make&& make, Fill&& fill) {
  Result<Resp> out = SingleWriteUnwrapped<Resp>(engine, r, operation, update,
                                                std::forward<Make>(make), std::forward<Fill>(fill));
  if (!out.ok()) return InValidationEnvelope(std::move(out.error()));
  return out;
}

}  // namespace

Result<GetItemResponse> EngineImpl::GetItem(const GetItemRequest& r) { return GetItem(r, nullptr); }

namespace {

// GetItem's work, filling `resp` where the caller will return it.
Status GetItemInto(EngineImpl& engine, const GetItemRequest& r, const expr::Built* built,
                   GetItemResponse& resp) {
  EngineImpl::ReadAccess access(engine);
  DDB_ASSIGN_OR_RETURN(const TableSchema* t, engine.FindTable(r.table_name));
  DDB_ASSIGN_OR_RETURN(KeyBytes kb, KeyFromKeyMap(*t, r.key));
  expr::Context ctx(r.expression_attribute_names, kNoValues);
  DDB_TRY(ctx.CheckMaps(r.projection_expression.has_value(), ""));
  std::optional<expr::ProjectionExpr> projection;
  if (r.projection_expression) {
    DDB_ASSIGN_OR_RETURN(projection, expr::ParseProjection(*r.projection_expression, ctx));
  } else if (built != nullptr && built->projection) {
    DDB_ASSIGN_OR_RETURN(projection, expr::ProjectionFromPaths(*built->projection));
  }
  DDB_TRY(ctx.CheckAllUsed());
  DDB_ASSIGN_OR_RETURN(auto legacy, expr::AttributesToGetProjection(
                                        r.attributes_to_get, r.projection_expression.has_value(),
                                        "attributesToGet"));
  if (legacy) projection = std::move(legacy);

  DDB_ASSIGN_OR_RETURN(
      auto stored, ReadResultItem(access.storage(), *t, kb, projection ? &*projection : nullptr));
  bool strong = r.consistent_read.value_or(false);
  // DynamoDB: GetItem is charged on the whole item even when projected; a miss costs the minimum.
  int64_t size = stored ? stored->size : 0;
  resp.consumed_capacity.table_name = t->name;
  resp.consumed_capacity.read = true;
  int64_t units = ReadHalfUnits(size, strong);
  resp.consumed_capacity.table.half_units = units;
  resp.consumed_capacity.total.half_units = units;
  if (stored) resp.item = std::move(stored->item);
  Trace& tr = resp.trace;
  tr.operation = "GetItem";
  tr.table = t->name;
  tr.items_read = stored ? 1 : 0;
  tr.items_returned = stored ? 1 : 0;
  tr.bytes_read = size;
  tr.consistent_read = strong;
  tr.partitions_total = engine.PartitionCount(*t);
  AddPartitionHit(&tr, PartitionOf(kb.h, tr.partitions_total));
  throughput::NoteKeyPoint(engine.key_points(), t->name, "", kb.h, kb.pk, kb.sk);
  return OkStatus();
}

}  // namespace

Result<GetItemResponse> EngineImpl::GetItem(const GetItemRequest& r, const expr::Built* built) {
  // One named result and one return: the response is built where the caller receives it.
  Result<GetItemResponse> out(std::in_place);
  if (Status st = GetItemInto(*this, r, built, *out); !st.ok()) out = std::move(st.error());
  return out;
}

namespace {

// The expression inputs of a single-item write, with the trees a PartiQL statement built.
template <typename R>
ExpressionInputs WriteInputs(const R& r, const expr::Built* built) {
  ExpressionInputs in(r);
  in.built = built;
  return in;
}

}  // namespace

Result<PutItemResponse> EngineImpl::PutItem(const PutItemRequest& r) { return PutItem(r, nullptr); }

Result<PutItemResponse> EngineImpl::PutItem(const PutItemRequest& r, const expr::Built* built) {
  return SingleWrite<PutItemResponse>(
      *this, r, "PutItem", false,
      [&](const TableSchema& t) { return MakePutAction(t, r.item, WriteInputs(r, built)); },
      [&](PutItemResponse& resp, const EvaluatedAction& e) {
        if (r.return_values.value_or("NONE") == "ALL_OLD" && e.old) resp.attributes = e.old->item;
      });
}

Result<UpdateItemResponse> EngineImpl::UpdateItem(const UpdateItemRequest& r) {
  return UpdateItem(r, nullptr);
}

Result<UpdateItemResponse> EngineImpl::UpdateItem(const UpdateItemRequest& r,
                                                  const expr::Built* built) {
  return SingleWrite<UpdateItemResponse>(
      *this, r, "UpdateItem", true,
      [&](const TableSchema& t) { return MakeUpdateAction(t, r.key, WriteInputs(r, built)); },
      [&](UpdateItemResponse& resp, const EvaluatedAction& e) {
        const std::string rv = r.return_values.value_or("NONE");
        if (rv == "ALL_OLD" && e.old) resp.attributes = e.old->item;
        if (rv == "ALL_NEW" && e.write && e.write->new_item) resp.attributes = *e.write->new_item;
        if (rv == "UPDATED_OLD") resp.attributes = NonEmpty(e.updated_old);
        if (rv == "UPDATED_NEW") resp.attributes = NonEmpty(e.updated_new);
      });
}

Result<DeleteItemResponse> EngineImpl::DeleteItem(const DeleteItemRequest& r) {
  return DeleteItem(r, nullptr);
}

Result<DeleteItemResponse> EngineImpl::DeleteItem(const DeleteItemRequest& r,
                                                  const expr::Built* built) {
  return SingleWrite<DeleteItemResponse>(
      *this, r, "DeleteItem", false,
      [&](const TableSchema& t) { return MakeDeleteAction(t, r.key, WriteInputs(r, built)); },
      [&](DeleteItemResponse& resp, const EvaluatedAction& e) {
        if (r.return_values.value_or("NONE") == "ALL_OLD" && e.old) resp.attributes = e.old->item;
      });
}

}  // namespace ddblab
