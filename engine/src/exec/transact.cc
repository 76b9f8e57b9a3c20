// TransactGetItems and TransactWriteItems: all or nothing, through one storage transaction.
#include <set>

#include "account/capacity_math.h"
#include "ddblab/sha256.h"
#include "exec/capacity_by_table.h"
#include "exec/engine_impl.h"
#include "exec/multi_item_trace.h"
#include "exec/op_common.h"
#include "exec/read_result.h"
#include "exec/refused_write.h"
#include "exec/request_checks.h"
#include "exec/write_actions.h"

namespace ddblab {
namespace {

constexpr char kSameItemTwice[] =
    "Transaction request cannot include multiple operations on one item";

// DynamoDB: a transaction's aggregate size is limited to 4 MB.
constexpr int64_t kMaxTransactionBytes = 4 * 1024 * 1024;

// The size one action adds to the transaction's payload: its item or key, its expressions and
// their names and values.
int64_t PayloadBytes(const TransactWriteItem& w, const expr::Built* built) {
  size_t n = w.table_name.size();
  if (built != nullptr) {
    // A statement's expressions count as the request they stand for would send them.
    n += expr::ConditionText(*built).size() + expr::UpdateText(*built).size();
    for (const auto& [k, v] : built->names) n += k.size() + v.size();
    for (const auto& [k, v] : expr::PlaceholderValues(*built)) n += k.size() + ValueSizeBytes(v);
  }
  if (w.item) n += ItemSizeBytes(*w.item);
  if (w.key) n += ItemSizeBytes(*w.key);
  if (w.update_expression) n += w.update_expression->size();
  if (w.condition_expression) n += w.condition_expression->size();
  if (w.expression_attribute_names) {
    for (const auto& [k, v] : *w.expression_attribute_names) n += k.size() + v.size();
  }
  if (w.expression_attribute_values) {
    for (const auto& [k, v] : *w.expression_attribute_values) n += k.size() + ValueSizeBytes(v);
  }
  return static_cast<int64_t>(n);
}

// One action's step in the transaction's trace.
Trace WriteStep(const WriteAction& a, int partitions) {
  static const char* kNames[] = {"Put", "Update", "Delete", "ConditionCheck"};
  return ActionStep(kNames[static_cast<int>(a.kind)], a.table->name, partitions);
}

Error Cancelled(std::vector<CancellationReason> reasons) {
  std::string codes;
  for (const auto& reason : reasons) codes += (codes.empty() ? "" : ", ") + reason.code;
  Error err = MakeError(ErrorType::kTransactionCanceledException,
                        "Transaction cancelled, please refer cancellation reasons for specific "
                        "reasons [" +
                            codes + "]");
  err.cancellation_reasons = std::move(reasons);
  return err;
}

// A stable description of a request for ClientRequestToken idempotency.
std::string Fingerprint(const TransactWriteItemsRequest& r,
                        const std::vector<const expr::Built*>& built) {
  std::string f;
  auto add = [&](const std::string& s) {
    f += std::to_string(s.size());
    f += ':';
    f += s;
  };
  auto add_opt = [&](const std::optional<std::string>& s) { add(s ? "1" + *s : "0"); };
  for (size_t i = 0; i < r.transact_items.size(); ++i) {
    const TransactWriteItem& a = r.transact_items[i];
    if (i < built.size() && built[i] != nullptr) {
      const expr::Built& b = *built[i];
      add(expr::ConditionText(b));
      add(expr::UpdateText(b));
      for (const auto& [k, v] : b.names) add(k + "=" + v);
      ExpressionAttributeValues values = expr::PlaceholderValues(b);
      add(SerializeItem(Item(values.begin(), values.end())));
    }
    add(a.action);
    add(a.table_name);
    add(a.item ? SerializeItem(*a.item) : "");
    add(a.key ? SerializeItem(*a.key) : "");
    add_opt(a.update_expression);
    add_opt(a.condition_expression);
    if (a.expression_attribute_names)
      for (const auto& [k, v] : *a.expression_attribute_names) add(k + "=" + v);
    if (a.expression_attribute_values) {
      Item values(a.expression_attribute_values->begin(), a.expression_attribute_values->end());
      add(SerializeItem(values));
    }
  }
  return f;
}

// DynamoDB: a ClientRequestToken is valid for 10 minutes after the request that used it.
constexpr double kTokenSeconds = 600;

}  // namespace

Result<TransactGetItemsResponse> EngineImpl::TransactGetItems(const TransactGetItemsRequest& r) {
  return TransactGetItems(r, {});
}

Result<TransactGetItemsResponse> EngineImpl::TransactGetItems(
    const TransactGetItemsRequest& r, const std::vector<const expr::Built*>& built) {
  ReadAccess access(*this);
  DDB_TRY(CheckMembers(r));
  struct Get {
    const TableSchema* t;
    KeyBytes key;
    std::optional<expr::ProjectionExpr> projection;
  };
  std::vector<Get> gets;
  std::set<std::tuple<std::string, std::string, std::string>> seen;
  for (size_t i = 0; i < r.transact_items.size(); ++i) {
    const TransactGet& g = r.transact_items[i];
    const expr::Built* b = i < built.size() ? built[i] : nullptr;
    DDB_TRY(ValidateTableName(g.table_name));
    DDB_ASSIGN_OR_RETURN(const TableSchema* t, FindTable(g.table_name));
    DDB_ASSIGN_OR_RETURN(KeyBytes kb, KeyFromKeyMap(*t, g.key));
    if (!seen.emplace(t->name, kb.pk, kb.sk).second) return ValidationError(kSameItemTwice);
    Get get{t, kb, std::nullopt};
    expr::Context ctx(g.expression_attribute_names, kNoValues);
    DDB_TRY(ctx.CheckMaps(g.projection_expression.has_value(), ""));
    if (g.projection_expression) {
      DDB_ASSIGN_OR_RETURN(get.projection, expr::ParseProjection(*g.projection_expression, ctx));
    } else if (b != nullptr && b->projection) {
      DDB_ASSIGN_OR_RETURN(get.projection, expr::ProjectionFromPaths(*b->projection));
    }
    DDB_TRY(ctx.CheckAllUsed());
    gets.push_back(std::move(get));
  }
  TransactGetItemsResponse resp;
  resp.trace.operation = "TransactGetItems";
  CapacityByTable caps;
  for (const Get& g : gets) {
    DDB_ASSIGN_OR_RETURN(auto stored, ReadResultItem(access.storage(), *g.t, g.key,
                                                     g.projection ? &*g.projection : nullptr));
    // DynamoDB: a transactional read costs two read units per 4 KB, misses included.
    int64_t units = 2 * ReadHalfUnits(stored ? stored->size : 0, true);
    ConsumedCapacity& cc = caps.For(g.t->name, true);
    cc.table.half_units += units;
    cc.total.half_units += units;
    Trace step;
    step.operation = "Get";
    step.table = g.t->name;
    step.consistent_read = true;
    step.items_read = 1;
    step.items_returned = stored ? 1 : 0;
    step.bytes_read = stored ? stored->size : 0;
    step.partitions_total = PartitionCount(*g.t);
    AddPartitionHit(&step, PartitionOf(g.key.h, step.partitions_total));
    resp.trace.items_read += 1;
    resp.trace.items_returned += step.items_returned;
    resp.trace.steps.push_back(std::move(step));
    if (!stored) {
      resp.responses.emplace_back();
    } else {
      resp.responses.push_back(ItemResponse{std::move(stored->item)});
    }
  }
  SummarizeSteps(&resp.trace);
  resp.consumed_capacity = caps.Take(true);
  return resp;
}

void EngineImpl::RememberToken(const std::string& token, std::string fingerprint_digest) {
  const double now = Now();
  tokens_[token] = {std::move(fingerprint_digest), now};
  tokens_by_time_.emplace_back(now, token);
  // Tokens past their 10 minutes are forgotten (one used again since is kept by its newer use).
  while (!tokens_by_time_.empty() && now - tokens_by_time_.front().first >= kTokenSeconds) {
    auto it = tokens_.find(tokens_by_time_.front().second);
    if (it != tokens_.end() && it->second.time == tokens_by_time_.front().first) tokens_.erase(it);
    tokens_by_time_.pop_front();
  }
}

Result<TransactWriteItemsResponse> EngineImpl::TransactWriteItems(
    const TransactWriteItemsRequest& r) {
  return TransactWriteItems(r, {});
}

Result<TransactWriteItemsResponse> EngineImpl::TransactWriteItems(
    const TransactWriteItemsRequest& r, const std::vector<const expr::Built*>& built) {
  std::lock_guard lock(mutex_);
  DDB_TRY(CheckMembers(r));
  // Request-level validation of every action; any problem rejects the whole call.
  std::vector<WriteAction> actions;
  std::set<std::tuple<std::string, std::string, std::string>> seen;
  int64_t payload = 0;
  for (size_t i = 0; i < r.transact_items.size(); ++i) {
    const TransactWriteItem& w = r.transact_items[i];
    DDB_TRY(ValidateTableName(w.table_name));
    DDB_ASSIGN_OR_RETURN(const TableSchema* t, FindTable(w.table_name));
    const expr::Built* b = i < built.size() ? built[i] : nullptr;
    ExpressionInputs in(w);
    in.built = b;
    Result<WriteAction> a = ValidationError("");
    if (w.action == "Put") {
      if (!w.item)
        return ValidationError(
            "1 validation error detected: Value null at 'transactItems." + std::to_string(i + 1) +
            ".member.put.item' failed to satisfy constraint: Member must not be null");
      a = MakePutAction(*t, *w.item, in, /*transactional=*/true);
    } else if (!w.key) {
      return ValidationError("The provided key element does not match the schema");
    } else if (w.action == "Update") {
      if (!w.update_expression && !(b != nullptr && b->update)) {
        return ValidationError(
            "1 validation error detected: Value null at 'transactItems." + std::to_string(i + 1) +
            ".member.update.updateExpression' failed to satisfy constraint: Member must not be "
            "null");
      }
      a = MakeUpdateAction(*t, *w.key, in);
    } else if (w.action == "Delete") {
      a = MakeDeleteAction(*t, *w.key, in);
    } else if (w.action == "ConditionCheck") {
      if (!w.condition_expression && !(b != nullptr && b->condition)) {
        return ValidationError(
            "1 validation error detected: Value null at 'transactItems." + std::to_string(i + 1) +
            ".member.conditionCheck.conditionExpression' failed to satisfy constraint: Member "
            "must not be null");
      }
      a = MakeCheckAction(*t, *w.key, in);
    } else {
      return ValidationError("TransactItems can only contain one of Check, Put, Update or Delete");
    }
    if (!a.ok()) return a.error();
    // A Put whose own key is at fault has no key to compare.
    const bool has_key = !a->item_error || !a->key.pk.empty();
    if (has_key && !seen.emplace(t->name, a->key.pk, a->key.sk).second) {
      return ValidationError(kSameItemTwice);
    }
    payload += PayloadBytes(w, b);
    actions.push_back(std::move(*a));
  }
  // DynamoDB: the aggregate size of a transaction cannot exceed 4 MB. It is the request's payload
  // that counts (a small transaction deleting 5 MB of items is accepted), and it is a
  // ValidationException for the whole request. No AWS text for this message was found; this one
  // keeps the "size cannot exceed" wording DynamoDB's is known to contain.
  if (payload > kMaxTransactionBytes) {
    return ValidationError(
        "Transaction request cannot be processed: the transaction payload size cannot exceed "
        "4 MB; this request's is " +
        std::to_string(payload) + " bytes");
  }

  // Item-level validation of every action, before any of them runs. DynamoDB reports the first
  // failure as that action's ValidationError and stops looking: every other action, even one whose
  // condition would fail, reports None.
  for (size_t i = 0; i < actions.size(); ++i) {
    if (!actions[i].item_error) continue;
    std::vector<CancellationReason> reasons(actions.size());
    reasons[i].code = "ValidationError";
    reasons[i].message = actions[i].item_error->message;
    return Cancelled(std::move(reasons));
  }

  // ClientRequestToken: a repeat within 10 minutes succeeds without writing again, and DynamoDB
  // reports it as a transactional read of the items.
  std::string fingerprint;
  if (r.client_request_token) {
    fingerprint = HexLower(Sha256(Fingerprint(r, built)));
    auto it = tokens_.find(*r.client_request_token);
    if (it != tokens_.end() && Now() - it->second.time < kTokenSeconds) {
      if (it->second.fingerprint_digest != fingerprint) {
        return MakeError(ErrorType::kIdempotentParameterMismatchException,
                         "Specified idempotent token already in use with different request "
                         "parameters");
      }
      TransactWriteItemsResponse resp;
      resp.trace.operation = "TransactWriteItems";
      CapacityByTable caps;
      for (const WriteAction& a : actions) {
        DDB_ASSIGN_OR_RETURN(auto stored, ReadItem(*storage_, *a.table, a.key));
        int64_t units = 2 * ReadHalfUnits(stored ? stored->size : 0, true);
        ConsumedCapacity& cc = caps.For(a.table->name, true);
        cc.table.half_units += units;
        cc.total.half_units += units;
      }
      resp.consumed_capacity = caps.Take(true);
      return resp;
    }
  }

  // Every condition is evaluated and every failure reported, in request order.
  std::vector<EvaluatedAction> evaluated;
  std::vector<CancellationReason> reasons(actions.size());
  bool cancelled = false;
  for (size_t i = 0; i < actions.size(); ++i) {
    Result<EvaluatedAction> e = EvaluateAction(*storage_, actions[i]);
    if (!e.ok()) {
      if (e.error().type != ErrorType::kValidationException) return e.error();
      reasons[i].code = "ValidationError";
      reasons[i].message = e.error().message;
      cancelled = true;
      evaluated.emplace_back();
      continue;
    }
    if (e->condition_failed) {
      reasons[i].code = "ConditionalCheckFailed";
      reasons[i].message = "The conditional request failed";
      if (actions[i].return_old_on_failure && e->old) {
        reasons[i].item = std::make_shared<Item>(e->old->item);
      }
      cancelled = true;
    }
    evaluated.push_back(std::move(*e));
  }
  if (cancelled) {
    // DynamoDB: a cancelled transaction still consumes capacity. ddblab charges the prepare
    // phase that ran: one standard write per action, sized on the existing item (minimum one
    // unit), as a refused conditional write is; the commit phase never happens.
    CapacityByTable caps;
    auto trace = std::make_shared<Trace>();
    trace->operation = "TransactWriteItems";
    for (size_t i = 0; i < actions.size(); ++i) {
      const WriteAction& a = actions[i];
      int64_t units = RefusedWriteHalfUnits(evaluated[i]);
      ConsumedCapacity& cc = caps.For(a.table->name, false);
      cc.table.half_units += units;
      cc.total.half_units += units;
      Trace step = WriteStep(a, PartitionCount(*a.table));
      AddPartitionHit(&step, PartitionOf(a.key.h, step.partitions_total));
      trace->steps.push_back(std::move(step));
    }
    SummarizeSteps(trace.get());
    Error err = Cancelled(std::move(reasons));
    err.consumed_capacity = caps.Take(true);
    err.trace = std::move(trace);
    return err;
  }

  TransactWriteItemsResponse resp;
  resp.trace.operation = "TransactWriteItems";
  CapacityByTable caps;
  DDB_TRY(storage_->Begin());
  auto apply = [&]() -> Status {
    for (size_t i = 0; i < actions.size(); ++i) {
      const WriteAction& a = actions[i];
      const EvaluatedAction& e = evaluated[i];
      Trace step = WriteStep(a, PartitionCount(*a.table));
      std::vector<Trace> index_steps;
      ConsumedCapacity& cc = caps.For(a.table->name, false);
      if (e.write) {
        // DynamoDB: transactional writes cost twice a standard write (prepare and commit).
        DDB_TRY(ApplyWrite(*storage_, *a.table, *e.write, e.old, 2, &cc, &step,
                           step.partitions_total, Origin(), &index_steps));
      } else {
        // A ConditionCheck (or an update that wrote nothing) is billed as a write of the item.
        int64_t units = 2 * WriteHalfUnits(e.old ? e.old->size : 0);
        cc.table.half_units += units;
        cc.total.half_units += units;
        AddPartitionHit(&step, PartitionOf(a.key.h, step.partitions_total));
      }
      resp.trace.bytes_written += step.bytes_written;
      resp.trace.steps.push_back(std::move(step));
      for (Trace& ix : index_steps) resp.trace.steps.push_back(std::move(ix));
    }
    return OkStatus();
  };
  if (Status st = apply(); !st.ok()) {
    (void)storage_->Rollback();
    return st.error();
  }
  DDB_TRY(storage_->Commit());
  SummarizeSteps(&resp.trace);
  if (r.client_request_token) RememberToken(*r.client_request_token, std::move(fingerprint));
  resp.consumed_capacity = caps.Take(true);
  return resp;
}

}  // namespace ddblab
