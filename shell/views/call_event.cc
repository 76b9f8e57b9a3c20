#include "shell/views/call_event.h"

#include <algorithm>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "shell/render/partition_groups.h"

namespace ddblab::shell::page {
namespace {

using wire::Json;

Json NameOrNull(const std::string& s) { return s.empty() ? Json(nullptr) : Json(s); }

void AddCapacity(const std::vector<ConsumedCapacity>& list, Json& call) {
  const CallSpend spend = SpendOf(list);
  Json parts = Json::array();
  for (const ConsumedCapacity& c : list) {
    parts.push_back({{"table", c.table_name}, {"index", nullptr}, {"units", c.table.units()}});
    for (const auto& [name, cap] : c.global_secondary_indexes) {
      parts.push_back({{"table", c.table_name}, {"index", name}, {"units", cap.units()}});
    }
    for (const auto& [name, cap] : c.local_secondary_indexes) {
      parts.push_back({{"table", c.table_name}, {"index", name}, {"units", cap.units()}});
    }
  }
  call["rcu"] = static_cast<double>(spend.read_half_units) / 2.0;
  call["wcu"] = static_cast<double>(spend.write_half_units) / 2.0;
  call["capacity"] = std::move(parts);
}

bool Throttled(const Error& e) {
  return e.type == ErrorType::kProvisionedThroughputExceededException ||
         e.type == ErrorType::kThrottlingException || e.type == ErrorType::kRequestLimitExceeded;
}

// The members every call has, from the trace and capacity of what ran.
Json CallBody(std::string_view operation, const Trace& t,
              const std::vector<ConsumedCapacity>& capacity, bool ok, const Error& error) {
  Json call = Json::object();
  call["operation"] = std::string(operation);
  call["table"] = NameOrNull(t.table);
  call["index"] = NameOrNull(t.index);
  call["ok"] = ok;
  if (!ok) {
    call["error"] = {{"type", std::string(ErrorTypeName(error.type))}, {"message", error.message}};
  }
  call["throttled"] = !ok && Throttled(error);
  const bool read = IsItemRead(t.operation.empty() ? operation : std::string_view(t.operation));
  call["returned"] = read ? Json(t.items_returned) : Json(nullptr);
  call["read"] = read ? Json(t.items_read) : Json(nullptr);
  AddCapacity(capacity, call);
  const std::vector<PartitionGroup> groups = PartitionGroups(t);
  call["partitions"] = PartitionGroupsJson(groups);
  call["partitions_text"] = PartitionsText(groups);
  return call;
}

}  // namespace

CallSpend SpendOf(const std::vector<ConsumedCapacity>& list) {
  CallSpend spend;
  for (const ConsumedCapacity& c : list) {
    if (c.transactional && (c.total.read_half_units > 0 || c.total.write_half_units > 0)) {
      spend.read_half_units += c.total.read_half_units;
      spend.write_half_units += c.total.write_half_units;
    } else if (c.read) {
      spend.read_half_units += c.total.half_units;
    } else {
      spend.write_half_units += c.total.half_units;
    }
  }
  return spend;
}

Json CallFromStatement(const StatementResult& r, const RenderContext& ctx, std::string_view source,
                       double time) {
  const CallResult& merged = r.merged();
  const std::string& op = merged.trace.operation.empty() ? r.operation : merged.trace.operation;
  Json call = CallBody(op, merged.trace, merged.capacity, r.ok, r.error);
  call["time"] = time;
  call["source"] = std::string(source);
  call["statement"] = r.input;
  call["kind"] = std::string(InputKindName(r.kind));
  call["footer"] = FooterLine(r, ctx.settings);
  call["warnings"] = r.ok ? Warnings(r, ctx) : std::vector<std::string>{};
  call["hint"] = r.hint;
  return call;
}

Json CallFromRequest(std::string_view operation, const wire::JsonResult& result, double time) {
  std::string_view op = result.trace.operation.empty() ? operation : result.trace.operation;
  Json call = CallBody(op, result.trace, result.capacity, result.ok, result.error);
  call["time"] = time;
  call["source"] = "serve";
  call["statement"] = std::string(operation);
  call["kind"] = "http";
  call["footer"] = "";
  call["warnings"] = Json::array();
  call["hint"] = "";
  return call;
}

bool MayChangeTables(std::string_view name) {
  if (name.empty()) return false;
  std::optional<Operation> op = OperationFromName(name);
  if (!op) return true;
  switch (*op) {
    case Operation::ListTables:
    case Operation::ListTagsOfResource:
    case Operation::ListStreams:
    case Operation::DescribeTable:
    case Operation::DescribeTimeToLive:
    case Operation::DescribeEndpoints:
    case Operation::DescribeLimits:
    case Operation::DescribeStream:
      return false;
    default:
      return !IsItemRead(*op);
  }
}

}  // namespace ddblab::shell::page
