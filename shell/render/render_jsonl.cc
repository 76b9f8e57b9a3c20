// jsonl mode: one compact JSON object per statement, the shell's stable machine interface
// (documented in docs/shell.md). Field names follow DynamoDB's responses; ConsumedCapacity is
// always present; `trace` is ddblab's account of the physical work.
#include "shell/render/partition_groups.h"
#include "shell/render/render.h"

namespace ddblab::shell {

using wire::Json;

namespace {

bool ReturnsCapacityList(std::string_view name) {
  switch (OperationFromName(name).value_or(Operation::GetItem)) {
    case Operation::BatchGetItem:
    case Operation::BatchWriteItem:
    case Operation::TransactGetItems:
    case Operation::TransactWriteItems:
    case Operation::BatchExecuteStatement:
    case Operation::ExecuteTransaction:
      return true;
    default:
      return false;
  }
}

// jsonl's stable subset of the trace (wire::TraceToJson), with null for no table or index.
Json TraceObject(const Trace& t) {
  const Json full = wire::TraceToJson(t);
  Json j = Json::object();
  for (const char* k : {"operation", "table", "index", "items_read", "items_returned",
                        "partitions_hit", "partitions_total"}) {
    j[k] = full[k];
  }
  if (t.table.empty()) j["table"] = nullptr;
  if (t.index.empty()) j["index"] = nullptr;
  // Every table and index the statement touched, an index's partitions included.
  j["partitions"] = PartitionGroupsJson(PartitionGroups(t));
  return j;
}

}  // namespace

wire::Json JsonlObject(const StatementResult& r, CapacityDisplay capacity) {
  Json j = Json::object();
  j["statement"] = r.input;
  j["ok"] = r.ok;
  if (r.ok && r.kind == InputKind::kExplain) {
    j["plan"] = r.output();
    if (!r.hint.empty()) j["hint"] = r.hint;
    return j;
  }
  if (r.ok && r.output().is_object()) {
    for (auto it = r.output().begin(); it != r.output().end(); ++it) {
      if (it.key() != "ConsumedCapacity") j[it.key()] = it.value();
    }
  }
  if (r.interrupted) j["interrupted"] = true;
  if (!r.ok) {
    Json e = {{"type", std::string(ErrorTypeName(r.error.type))}, {"message", r.error.message}};
    if (r.error.column > 0) e["column"] = r.error.column;
    if (!r.hint.empty()) e["hint"] = r.hint;
    j["error"] = e;
  }
  const CallResult& merged = r.merged();
  const char* how = capacity == CapacityDisplay::kIndexes ? "INDEXES" : "TOTAL";
  const std::string& op = r.operation;
  if (ReturnsCapacityList(op)) {
    Json list = Json::array();
    for (const auto& c : merged.capacity) list.push_back(wire::CapacityToJson(c, how));
    j["ConsumedCapacity"] = list;
  } else if (!merged.capacity.empty()) {
    j["ConsumedCapacity"] = wire::CapacityToJson(merged.capacity.front(), how);
  } else {
    j["ConsumedCapacity"] = nullptr;
  }
  j["trace"] = r.calls.empty() ? Json(nullptr) : TraceObject(merged.trace);
  // A statement that ran can carry a teaching hint too; errors keep theirs in error.hint.
  if (r.ok && !r.hint.empty()) j["hint"] = r.hint;
  return j;
}

void RenderJsonl(const StatementResult& r, const RenderContext& ctx, OutputSink& sink) {
  sink.Line(JsonlObject(r, ctx.settings.capacity).dump());
}

}  // namespace ddblab::shell
