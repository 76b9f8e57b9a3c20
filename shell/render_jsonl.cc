// jsonl mode: one compact JSON object per statement, the shell's stable machine interface
// (documented in docs/shell.md). Field names follow DynamoDB's responses; ConsumedCapacity is
// always present; `trace` is ddblab's account of the physical work.
#include "shell/render.h"

namespace ddblab::shell {

using wire::Json;

namespace {

bool ReturnsCapacityList(const std::string& op) {
  return op == "BatchGetItem" || op == "BatchWriteItem" || op == "TransactGetItems" ||
         op == "TransactWriteItems" || op == "BatchExecuteStatement" || op == "ExecuteTransaction";
}

Json TraceObject(const Trace& t) {
  Json j = Json::object();
  j["operation"] = t.operation;
  j["table"] = t.table.empty() ? Json(nullptr) : Json(t.table);
  j["index"] = t.index.empty() ? Json(nullptr) : Json(t.index);
  j["items_read"] = t.items_read;
  j["items_returned"] = t.items_returned;
  j["partitions_hit"] = t.partitions_hit;
  j["partitions_total"] = t.partitions_total;
  return j;
}

}  // namespace

wire::Json JsonlObject(const StatementResult& r, CapacityDisplay capacity) {
  Json j = Json::object();
  j["statement"] = r.input;
  j["ok"] = r.ok;
  if (r.ok && r.kind == InputKind::kExplain) {
    j["plan"] = r.output;
    return j;
  }
  if (r.ok && r.output.is_object()) {
    for (auto it = r.output.begin(); it != r.output.end(); ++it) {
      if (it.key() != "ConsumedCapacity") j[it.key()] = it.value();
    }
  }
  if (!r.ok) {
    Json e = {{"type", std::string(ErrorTypeName(r.error.type))}, {"message", r.error.message}};
    if (r.error.column > 0) e["column"] = r.error.column;
    j["error"] = e;
  }
  wire::JsonResult merged = MergeCalls(r);
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
  return j;
}

void RenderJsonl(const StatementResult& r, const RenderContext& ctx, OutputSink& sink) {
  sink.Line(JsonlObject(r, ctx.settings.capacity).dump());
}

}  // namespace ddblab::shell
