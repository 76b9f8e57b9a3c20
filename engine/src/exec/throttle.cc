#include "exec/throttle.h"

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <utility>

#include "catalog/schema.h"
#include "exec/multi_item_trace.h"
#include "storage/storage.h"

namespace ddblab::throughput {
namespace {

// What a call touched on one table or index: hash partitions, and the items it named.
struct Touched {
  std::set<int> partitions;
  std::vector<KeyPoint> points;
};
using PartitionSets = std::map<std::pair<std::string, std::string>, Touched>;

void CollectPartitions(const Trace& t, PartitionSets* out) {
  // A multi-item call's own line joins its tables with ", "; its steps carry the real ones.
  if (!t.table.empty() && t.steps.empty()) {
    Touched& base = (*out)[{t.table, t.index}];
    base.partitions.insert(t.partitions_hit.begin(), t.partitions_hit.end());
  }
  for (const auto& [index, parts] : t.index_partitions) {
    (*out)[{t.table, index}].partitions.insert(parts.begin(), parts.end());
  }
  for (const Trace& s : t.steps) CollectPartitions(s, out);
}

// Spreads `half_units` evenly over what the call touched on (table, index): each item it named,
// and each hash partition it reached without naming an item there (a range read).
void Spread(PartitionSets& parts, const std::string& table, const std::string& index,
            int partition_count, Kind kind, int64_t half_units, std::vector<Demand>* out) {
  if (half_units <= 0) return;
  auto it = parts.find({table, index});
  if (it == parts.end()) return;
  Touched& touched = it->second;
  std::vector<KeyPoint>& points = touched.points;
  std::sort(points.begin(), points.end());
  points.erase(std::unique(points.begin(), points.end()), points.end());
  std::set<int> unnamed = touched.partitions;
  for (const KeyPoint& p : points) unnamed.erase(PartitionOf(p.hash, partition_count));
  size_t targets = points.size() + unnamed.size();
  if (targets == 0) return;
  double each = static_cast<double>(half_units) / 2.0 / static_cast<double>(targets);
  for (const KeyPoint& p : points) {
    Demand d{table, index, PartitionOf(p.hash, partition_count), kind, each};
    d.point = &p;
    out->push_back(std::move(d));
  }
  for (int p : unnamed) out->push_back(Demand{table, index, p, kind, each});
}

// DynamoDB's messages (API reference: Common Errors, the TransactWriteItems error list).
constexpr char kTableMessage[] =
    "The level of configured provisioned throughput for the table was exceeded. Consider "
    "increasing your provisioning level with the UpdateTable API.";
constexpr char kIndexMessage[] =
    "The level of configured provisioned throughput for one or more global secondary indexes of "
    "the table was exceeded. Consider increasing your provisioning level for the "
    "under-provisioned global secondary indexes with the UpdateTable API.";
constexpr char kOnDemandMessage[] =
    "Throughput exceeds the current capacity of your table or index. DynamoDB is automatically "
    "scaling your table or index so please try again shortly. If exceptions persist, check if "
    "you have a hot key: "
    "https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/"
    "bp-partition-key-design.html";
constexpr char kOnDemandIndexMessage[] =
    "Throughput exceeds the current capacity for one or more global secondary indexes. DynamoDB "
    "is automatically scaling your index so please try again shortly.";

}  // namespace

void Throttle::ConfigureTable(const std::string& table) {
  auto found = engine_.FindTable(table);
  if (!found.ok()) return;
  const TableSchema& t = **found;
  int partitions = engine_.PartitionCount(t);
  bool on_demand = t.billing_mode == "PAY_PER_REQUEST";
  ResourceConfig base;
  base.on_demand = on_demand;
  base.partitions = partitions;
  base.read_units = static_cast<double>(t.provisioned_throughput.read_capacity_units);
  base.write_units = static_cast<double>(t.provisioned_throughput.write_capacity_units);
  base.keep_item_collections = !t.local_secondary_indexes.empty();
  model_.Configure(t.name, "", base);
  for (const IndexSchema& ix : t.global_secondary_indexes) {
    ResourceConfig c;
    c.on_demand = on_demand;
    c.partitions = partitions;  // indexes are modelled with their table's partition count
    if (ix.provisioned_throughput) {
      c.read_units = static_cast<double>(ix.provisioned_throughput->read_capacity_units);
      c.write_units = static_cast<double>(ix.provisioned_throughput->write_capacity_units);
    }
    model_.Configure(t.name, ix.name, c);
  }
}

std::optional<Throttle::Refused> Throttle::Decide(const std::vector<const ConsumedCapacity*>& caps,
                                                  const Trace* trace, KeyPointLog& points,
                                                  bool record) {
  if (trace == nullptr) return std::nullopt;
  PartitionSets parts;
  CollectPartitions(*trace, &parts);
  for (auto& [resource, list] : points.points()) {
    std::vector<KeyPoint>& into = parts[resource].points;
    into.insert(into.end(), list.begin(), list.end());
  }
  std::vector<Demand> demands;
  std::set<std::string> tables;
  for (const ConsumedCapacity* c : caps) {
    if (!c->table_name.empty()) tables.insert(c->table_name);
  }
  for (const std::string& t : tables) ConfigureTable(t);
  for (const ConsumedCapacity* c : caps) {
    if (c->table_name.empty()) continue;
    Kind kind = c->read ? Kind::kRead : Kind::kWrite;
    int count = model_.HashPartitions(c->table_name);
    // A local secondary index shares its table's partitions and capacity.
    int64_t base = c->table.half_units;
    for (const auto& [name, cap] : c->local_secondary_indexes) base += cap.half_units;
    Spread(parts, c->table_name, "", count, kind, base, &demands);
    for (const auto& [name, cap] : c->global_secondary_indexes) {
      Spread(parts, c->table_name, name, count, kind, cap.half_units, &demands);
    }
  }
  if (demands.empty()) return std::nullopt;
  std::optional<Refusal> refusal = model_.Admit(engine_.Now(), demands, record);
  if (!refusal) return std::nullopt;
  const Demand& d = demands[refusal->demand];
  return Refused{ThrottlingError(d, refusal->limit), d};
}

Error Throttle::AsCancellation(const Refused& refused, const Trace& trace) {
  // Action steps have no index; each index step follows the action that wrote it. The refused
  // demand is blamed on the first action that reached its partition (a call's units are spread
  // over its partitions, not kept per action).
  std::vector<CancellationReason> reasons;
  std::optional<size_t> blamed;
  const Demand& d = refused.demand;
  for (const Trace& step : trace.steps) {
    if (step.index.empty()) reasons.emplace_back();
    if (blamed || reasons.empty() || step.table != d.table || step.index != d.index) continue;
    if (std::find(step.partitions_hit.begin(), step.partitions_hit.end(), d.partition) !=
        step.partitions_hit.end()) {
      blamed = reasons.size() - 1;
    }
  }
  if (reasons.empty()) reasons.emplace_back();
  CancellationReason& r = reasons[blamed.value_or(0)];
  r.code = refused.error.type == ErrorType::kThrottlingException ? "ThrottlingError"
                                                                 : "ProvisionedThroughputExceeded";
  r.message = refused.error.message;
  std::string codes;
  for (const auto& reason : reasons) codes += (codes.empty() ? "" : ", ") + reason.code;
  Error e = MakeError(ErrorType::kTransactionCanceledException,
                      "Transaction cancelled, please refer cancellation reasons for specific "
                      "reasons [" +
                          codes + "]");
  e.cancellation_reasons = std::move(reasons);
  // Kept for front ends and simulations; the wire body of this exception has no such member.
  e.throttling_reasons = refused.error.throttling_reasons;
  return e;
}

Error Throttle::ThrottlingError(const Demand& d, Limit limit) const {
  std::string arn = TableArn(engine_.options().region, engine_.options().account_id, d.table);
  if (!d.index.empty()) arn = IndexArn(arn, d.index);
  std::string reason = d.index.empty() ? "Table" : "Index";
  reason += d.kind == Kind::kRead ? "Read" : "Write";
  // On demand, traffic above double the previous peak meets partitions that have not yet
  // grown; DynamoDB reports such throttles as key-range ones (README, "Throughput").
  reason +=
      limit == Limit::kProvisioned ? "ProvisionedThroughputExceeded" : "KeyRangeThroughputExceeded";
  auto found = engine_.FindTable(d.table);
  bool on_demand = found.ok() && (*found)->billing_mode == "PAY_PER_REQUEST";
  Error e = on_demand ? MakeError(ErrorType::kThrottlingException,
                                  d.index.empty() ? kOnDemandMessage : kOnDemandIndexMessage)
            : d.index.empty()
                ? MakeError(ErrorType::kProvisionedThroughputExceededException, kTableMessage)
                : MakeError(ErrorType::kProvisionedThroughputExceededException, kIndexMessage);
  e.throttling_reasons.push_back({std::move(reason), std::move(arn)});
  return e;
}

void Throttle::Forget(const std::string& table) {
  std::lock_guard lock(engine_.mutex_);
  model_.Forget(table);
}

ThroughputReport Throttle::Report() {
  std::lock_guard lock(engine_.mutex_);
  // Every table and index appears, including those no call has reached yet (all idle).
  ListTablesRequest list;
  while (true) {
    auto page = engine_.ListTables(list);
    if (!page.ok()) break;
    for (const std::string& name : page->table_names) {
      if (!model_.Configured(name, "")) ConfigureTable(name);
    }
    if (!page->last_evaluated_table_name) break;
    list.exclusive_start_table_name = page->last_evaluated_table_name;
  }
  return model_.Report();
}

namespace {

void MergeCapacities(std::vector<ConsumedCapacity>& into,
                     const std::vector<ConsumedCapacity>& add) {
  for (const ConsumedCapacity& c : add) {
    ConsumedCapacity* slot = nullptr;
    for (ConsumedCapacity& existing : into) {
      if (existing.table_name == c.table_name) slot = &existing;
    }
    if (slot == nullptr) {
      into.push_back(c);
      continue;
    }
    slot->total.Add(c.total);
    slot->table.Add(c.table);
    for (const auto& [n, cap] : c.global_secondary_indexes)
      slot->global_secondary_indexes[n].Add(cap);
    for (const auto& [n, cap] : c.local_secondary_indexes)
      slot->local_secondary_indexes[n].Add(cap);
  }
}

void MergeTrace(Trace& into, Trace&& add) {
  into.items_read += add.items_read;
  into.items_returned += add.items_returned;
  into.bytes_read += add.bytes_read;
  into.bytes_written += add.bytes_written;
  for (Trace& s : add.steps) into.steps.push_back(std::move(s));
}

}  // namespace

Result<BatchWriteItemResponse> Throttle::BatchWriteItem(const BatchWriteItemRequest& r) {
  std::lock_guard lock(engine_.mutex_);
  auto whole = Run<BatchWriteItemResponse>([&] { return engine_.BatchWriteItem(r); }, false);
  if (whole.ok() || whole.error().throttling_reasons.empty()) return whole;
  // DynamoDB: throttled entries come back in UnprocessedItems; the call fails only when none
  // could be processed (API reference, BatchWriteItem).
  BatchWriteItemResponse resp;
  resp.trace.operation = "BatchWriteItem";
  std::optional<Error> first_refusal;
  size_t processed = 0;
  for (const auto& [table, writes] : r.request_items) {
    for (const WriteRequest& w : writes) {
      BatchWriteItemRequest one;
      one.request_items[table] = {w};
      one.return_consumed_capacity = r.return_consumed_capacity;
      auto got = Run<BatchWriteItemResponse>([&] { return engine_.BatchWriteItem(one); });
      if (!got.ok()) {
        if (got.error().throttling_reasons.empty()) return got.error();
        if (!first_refusal) first_refusal = got.error();
        resp.unprocessed_items[table].push_back(w);
        continue;
      }
      ++processed;
      MergeCapacities(resp.consumed_capacity, got->consumed_capacity);
      MergeTrace(resp.trace, std::move(got->trace));
    }
  }
  if (processed == 0 && first_refusal) return *first_refusal;
  SummarizeSteps(&resp.trace);
  return resp;
}

Result<BatchGetItemResponse> Throttle::BatchGetItem(const BatchGetItemRequest& r) {
  std::lock_guard lock(engine_.mutex_);
  auto whole = Run<BatchGetItemResponse>([&] { return engine_.BatchGetItem(r); }, false);
  if (whole.ok() || whole.error().throttling_reasons.empty()) return whole;
  // DynamoDB: throttled keys come back in UnprocessedKeys; the call fails only when none could
  // be read (API reference, BatchGetItem).
  BatchGetItemResponse resp;
  resp.trace.operation = "BatchGetItem";
  std::optional<Error> first_refusal;
  size_t processed = 0;
  for (const auto& [table, ka] : r.request_items) {
    for (const Key& key : ka.keys) {
      BatchGetItemRequest one;
      KeysAndAttributes single = ka;
      single.keys = {key};
      one.request_items[table] = single;
      one.return_consumed_capacity = r.return_consumed_capacity;
      auto got = Run<BatchGetItemResponse>([&] { return engine_.BatchGetItem(one); });
      if (!got.ok()) {
        if (got.error().throttling_reasons.empty()) return got.error();
        if (!first_refusal) first_refusal = got.error();
        KeysAndAttributes& back = resp.unprocessed_keys[table];
        if (back.keys.empty()) {
          back = ka;
          back.keys.clear();
        }
        back.keys.push_back(key);
        continue;
      }
      ++processed;
      for (auto& [t, items] : got->responses) {
        auto& dest = resp.responses[t];
        for (auto& item : items) dest.push_back(std::move(item));
      }
      MergeCapacities(resp.consumed_capacity, got->consumed_capacity);
      MergeTrace(resp.trace, std::move(got->trace));
    }
  }
  if (processed == 0 && first_refusal) return *first_refusal;
  SummarizeSteps(&resp.trace);
  return resp;
}

Result<BatchExecuteStatementResponse> Throttle::BatchExecuteStatement(
    const BatchExecuteStatementRequest& r) {
  std::lock_guard lock(engine_.mutex_);
  auto whole =
      Run<BatchExecuteStatementResponse>([&] { return engine_.BatchExecuteStatement(r); }, false);
  if (whole.ok() || whole.error().throttling_reasons.empty()) return whole;
  // DynamoDB: each statement of a batch succeeds or fails on its own, its failure in its own
  // response (BatchStatementError, code ProvisionedThroughputExceeded or ThrottlingError); the
  // others are carried out (API reference, BatchExecuteStatement).
  BatchExecuteStatementResponse resp;
  resp.trace.operation = "BatchExecuteStatement";
  for (const BatchStatementRequest& statement : r.statements) {
    BatchExecuteStatementRequest one;
    one.statements = {statement};
    one.return_consumed_capacity = r.return_consumed_capacity;
    auto got =
        Run<BatchExecuteStatementResponse>([&] { return engine_.BatchExecuteStatement(one); });
    if (!got.ok()) {
      if (got.error().throttling_reasons.empty()) return got.error();
      BatchStatementResponse refused;
      Error e;
      e.type = got.error().type;
      e.message = got.error().message;
      e.throttling_reasons = got.error().throttling_reasons;
      refused.error = std::move(e);
      resp.responses.push_back(std::move(refused));
      continue;
    }
    for (BatchStatementResponse& s : got->responses) resp.responses.push_back(std::move(s));
    MergeCapacities(resp.consumed_capacity, got->consumed_capacity);
    MergeTrace(resp.trace, std::move(got->trace));
  }
  SummarizeSteps(&resp.trace);
  return resp;
}

}  // namespace ddblab::throughput
