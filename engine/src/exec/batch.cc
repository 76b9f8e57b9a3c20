// BatchGetItem and BatchWriteItem.
#include <set>

#include "account/capacity_math.h"
#include "exec/capacity_by_table.h"
#include "exec/engine_impl.h"
#include "exec/multi_item_trace.h"
#include "exec/op_common.h"
#include "exec/read_result.h"
#include "exec/request_checks.h"
#include "exec/write_actions.h"
#include "expr/legacy.h"
#include "throughput/key_points.h"

namespace ddblab {
namespace {

constexpr char kDuplicateKeys[] = "Provided list of item keys contains duplicates";

}  // namespace

Result<BatchGetItemResponse> EngineImpl::BatchGetItem(const BatchGetItemRequest& r) {
  ReadAccess access(*this);
  DDB_TRY(CheckMembers(r));
  if (r.request_items.empty()) {
    return ValidationError("The requestItems parameter is required for BatchGetItem");
  }
  size_t total = 0;
  for (const auto& [name, ka] : r.request_items) total += ka.keys.size();
  // DynamoDB: at most 100 keys per BatchGetItem call.
  if (total > 100) return ValidationError("Too many items requested for the BatchGetItem call");

  struct TablePlan {
    std::string name;  // as the request named it: a table's name or its ARN
    const TableSchema* t;
    std::vector<KeyBytes> keys;
    std::optional<expr::ProjectionExpr> projection;
    bool strong;
  };
  // DynamoDB validates the request itself before it looks up a table: duplicate keys and the
  // projection's names are refused on a table that does not exist.
  std::vector<TablePlan> plans;
  for (const auto& [name, ka] : r.request_items) {
    DDB_TRY(ValidateTableName(name));
    if (ka.keys.empty()) {
      return ValidationError("1 validation error detected: Value '[]' at 'requestItems." + name +
                             ".member.keys' failed to satisfy constraint: Member must have length "
                             "greater than or equal to 1");
    }
    for (size_t i = 0; i < ka.keys.size(); ++i) {
      for (size_t j = 0; j < i; ++j) {
        if (ka.keys[i] == ka.keys[j]) return ValidationError(kDuplicateKeys);
      }
    }
    TablePlan p{name, nullptr, {}, std::nullopt, ka.consistent_read.value_or(false)};
    expr::Context ctx(ka.expression_attribute_names, kNoValues);
    DDB_TRY(ctx.CheckMaps(ka.projection_expression.has_value(), ""));
    if (ka.projection_expression) {
      DDB_ASSIGN_OR_RETURN(p.projection, expr::ParseProjection(*ka.projection_expression, ctx));
    }
    DDB_TRY(ctx.CheckAllUsed());
    DDB_ASSIGN_OR_RETURN(auto legacy,
                         expr::AttributesToGetProjection(
                             ka.attributes_to_get, ka.projection_expression.has_value(),
                             ("requestItems." + name + ".member.attributesToGet").c_str()));
    if (legacy) p.projection = std::move(legacy);
    plans.push_back(std::move(p));
  }
  for (TablePlan& p : plans) {
    DDB_ASSIGN_OR_RETURN(p.t, FindTable(p.name));
    std::set<std::pair<std::string, std::string>> seen;
    for (const Key& k : r.request_items.at(p.name).keys) {
      DDB_ASSIGN_OR_RETURN(KeyBytes kb, KeyFromKeyMap(*p.t, k));
      // The same key spelled differently (a number as 1 and 1.0) is still a duplicate.
      if (!seen.emplace(kb.pk, kb.sk).second) return ValidationError(kDuplicateKeys);
      p.keys.push_back(std::move(kb));
    }
  }

  BatchGetItemResponse resp;
  CapacityByTable caps;
  resp.trace.operation = "BatchGetItem";
  for (const TablePlan& p : plans) {
    auto& items = resp.responses[p.name];
    ConsumedCapacity& cc = caps.For(p.t->name, true);
    Trace step;
    step.operation = "BatchGetItem";
    step.table = p.t->name;
    step.consistent_read = p.strong;
    step.partitions_total = PartitionCount(*p.t);
    for (const KeyBytes& kb : p.keys) {
      DDB_ASSIGN_OR_RETURN(auto stored, ReadResultItem(access.storage(), *p.t, kb,
                                                       p.projection ? &*p.projection : nullptr));
      // DynamoDB rounds each item of a batch separately; a missing key costs the minimum.
      int64_t units = ReadHalfUnits(stored ? stored->size : 0, p.strong);
      cc.table.half_units += units;
      cc.total.half_units += units;
      ++step.items_read;
      AddPartitionHit(&step, PartitionOf(kb.h, step.partitions_total));
      throughput::NoteKeyPoint(key_points(), p.t->name, "", kb.h, kb.pk, kb.sk);
      if (!stored) continue;
      step.bytes_read += stored->size;
      ++step.items_returned;
      items.push_back(std::move(stored->item));
    }
    resp.trace.items_read += step.items_read;
    resp.trace.items_returned += step.items_returned;
    resp.trace.bytes_read += step.bytes_read;
    resp.trace.steps.push_back(std::move(step));
  }
  SummarizeSteps(&resp.trace);
  resp.consumed_capacity = caps.Take(false);
  return resp;
}

Result<BatchWriteItemResponse> EngineImpl::BatchWriteItem(const BatchWriteItemRequest& r) {
  std::lock_guard lock(mutex_);
  DDB_TRY(CheckMembers(r));
  if (r.request_items.empty()) {
    return ValidationError("The requestItems parameter is required for BatchWriteItem");
  }
  size_t total = 0;
  for (const auto& [name, list] : r.request_items) {
    total += list.size();
    if (list.empty() || list.size() > 25) {
      return ValidationError(
          "1 validation error detected: Value '{" + name +
          "=[...]}' at 'requestItems' failed "
          "to satisfy constraint: Map value must satisfy constraint: [Member must have length "
          "less than or equal to 25, Member must have length greater than or equal to 1]");
    }
  }
  // DynamoDB: at most 25 put or delete requests per call, across all tables.
  if (total > 25) {
    return ValidationError(
        "1 validation error detected: Value at 'requestItems' failed to satisfy constraint: Map "
        "value must satisfy constraint: [Member must have length less than or equal to 25, "
        "Member must have length greater than or equal to 1]");
  }
  // Validate everything first: one bad request rejects the whole batch, nothing written.
  // DynamoDB checks the request itself before it looks up a table: requests repeated exactly
  // are duplicates on a table that does not exist too.
  for (const auto& [name, list] : r.request_items) {
    DDB_TRY(ValidateTableName(name));
    for (size_t i = 0; i < list.size(); ++i) {
      const WriteRequest& w = list[i];
      if (w.put_request_item.has_value() == w.delete_request_key.has_value()) {
        return ValidationError(
            "Supplied AttributeValue has more than one datatypes set, must contain exactly one of "
            "the supported datatypes");
      }
      for (size_t j = 0; j < i; ++j) {
        if (list[j].put_request_item == w.put_request_item &&
            list[j].delete_request_key == w.delete_request_key) {
          return ValidationError(kDuplicateKeys);
        }
      }
    }
  }
  std::vector<WriteAction> actions;
  for (const auto& [name, list] : r.request_items) {
    DDB_ASSIGN_OR_RETURN(const TableSchema* t, FindTable(name));
    std::set<std::pair<std::string, std::string>> seen;
    for (const WriteRequest& w : list) {
      ExpressionInputs none;
      Result<WriteAction> a = w.put_request_item
                                  ? MakePutAction(*t, *w.put_request_item, none)
                                  : MakeDeleteAction(*t, *w.delete_request_key, none);
      if (!a.ok()) return a.error();
      if (!seen.emplace(a->key.pk, a->key.sk).second) return ValidationError(kDuplicateKeys);
      actions.push_back(std::move(*a));
    }
  }
  BatchWriteItemResponse resp;
  resp.trace.operation = "BatchWriteItem";
  CapacityByTable caps;
  DDB_TRY(storage_->Begin());
  auto run = [&]() -> Status {
    for (const WriteAction& a : actions) {
      DDB_ASSIGN_OR_RETURN(EvaluatedAction e, EvaluateAction(*storage_, a));
      Trace step = ActionStep(a.kind == WriteAction::Kind::kPut ? "PutItem" : "DeleteItem",
                              a.table->name, PartitionCount(*a.table));
      std::vector<Trace> index_steps;
      DDB_TRY(ApplyWrite(*storage_, *a.table, *e.write, e.old, 1, &caps.For(a.table->name, false),
                         &step, step.partitions_total, Origin(), &index_steps));
      resp.trace.bytes_written += step.bytes_written;
      resp.trace.steps.push_back(std::move(step));
      for (Trace& ix : index_steps) resp.trace.steps.push_back(std::move(ix));
    }
    return OkStatus();
  };
  if (Status st = run(); !st.ok()) {
    (void)storage_->Rollback();
    return st.error();
  }
  DDB_TRY(storage_->Commit());
  SummarizeSteps(&resp.trace);
  resp.consumed_capacity = caps.Take(false);
  return resp;
}

}  // namespace ddblab
