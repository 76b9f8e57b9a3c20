// The cost footer printed after every call in table and line modes: what ran, how much it read,
// what it cost and which simulated partitions it touched.
#include <algorithm>
#include <cstdio>
#include <set>
#include <string>

#include "shell/render/partition_groups.h"
#include "shell/render/render.h"

namespace ddblab::shell {

namespace {

std::string Units(int64_t half_units) {
  std::string s = std::to_string(half_units / 2);
  if (half_units % 2 != 0) s += ".5";
  return s;
}

std::string CapacityText(const CallResult& m, bool read, CapacityDisplay how) {
  if (how == CapacityDisplay::kOff || m.capacity.empty()) return "";
  int64_t total = 0;
  bool transactional = false;
  int64_t read_half = 0, write_half = 0;
  for (const auto& c : m.capacity) {
    total += c.total.half_units;
    transactional = transactional || c.transactional;
    read_half += c.total.read_half_units;
    write_half += c.total.write_half_units;
    read = read || c.read;
  }
  std::string s;
  if (transactional && read_half > 0 && write_half > 0) {
    s = Units(read_half) + " RCU + " + Units(write_half) + " WCU";
  } else {
    s = Units(total) + (read ? " RCU" : " WCU");
  }
  if (how == CapacityDisplay::kIndexes) {
    std::string parts;
    for (const auto& c : m.capacity) {
      auto add = [&](const std::string& name, const Capacity& cap) {
        if (!parts.empty()) parts += ", ";
        parts += name + " " + Units(cap.half_units);
      };
      add(m.capacity.size() > 1 ? c.table_name : "table", c.table);
      for (const auto& [name, cap] : c.global_secondary_indexes) add(name, cap);
      for (const auto& [name, cap] : c.local_secondary_indexes) add(name, cap);
    }
    s += " (" + parts + ")";
  }
  return s;
}

}  // namespace

namespace {

// The items the aws-CLI layer kept in its output, or -1 when it does not print an item list.
int64_t ShownItems(const StatementResult& r) {
  if (r.kind != InputKind::kCli || !r.ok || !r.response) return -1;
  // A streamed read printed its items as they came; the output keeps only what was not streamed.
  int64_t listed = -1;
  if (const QueryResponse* page = QueryOrScanPage(*r.response)) {
    if (!page->count_only && r.streamed_items == 0)
      listed = static_cast<int64_t>(page->items.size());
  } else if (const auto* s = ResponseAs<Operation::ExecuteStatement>(*r.response)) {
    listed = static_cast<int64_t>(s->items.size());
  }
  if (listed < 0 && r.streamed_items == 0) return -1;
  return r.streamed_items + std::max<int64_t>(listed, 0);
}

// Whether the output carries a LastEvaluatedKey or a NextToken: there is more to read.
bool HasMore(const StatementResult& r) {
  if (!r.ok) return false;
  if (r.next_token) return true;
  if (!r.response) return false;
  if (const QueryResponse* page = QueryOrScanPage(*r.response)) {
    return page->last_evaluated_key.has_value();
  }
  if (const auto* s = ResponseAs<Operation::ExecuteStatement>(*r.response)) {
    return s->next_token || s->last_evaluated_key;
  }
  return false;
}

}  // namespace

std::string FooterLine(const StatementResult& r, const ShellSettings& settings) {
  if (r.calls.empty() || r.kind == InputKind::kExplain) return "";
  const CallResult& m = r.merged();
  const Trace& t = m.trace;
  std::string op = t.operation.empty() ? r.operation : t.operation;
  // PartiQL: name the operation the statement became.
  std::set<std::string> step_ops;
  for (const auto& s : t.steps) step_ops.insert(s.operation);
  if (step_ops.size() == 1 && *step_ops.begin() != op && !step_ops.begin()->empty()) {
    op += " -> " + *step_ops.begin();
  }
  std::string table = t.table;
  if (table.empty() && !t.steps.empty()) table = t.steps.front().table;
  std::string index = t.index;
  if (index.empty() && !t.steps.empty()) index = t.steps.front().index;
  std::vector<std::string> parts;
  parts.push_back(op + (table.empty() ? "" : " " + table) + (index.empty() ? "" : "." + index));
  if (r.calls.size() > 1) parts.push_back(std::to_string(r.calls.size()) + " calls");
  std::string effective = step_ops.size() == 1 ? *step_ops.begin() : t.operation;
  bool read = IsItemRead(effective) || IsItemRead(t.operation) ||
              (!m.capacity.empty() && m.capacity.front().read);
  // A throttled call read and consumed nothing: it says so, with DynamoDB's reasons.
  const auto& throttled = r.ok ? std::vector<ThrottlingReason>{} : r.error.throttling_reasons;
  if (!throttled.empty()) {
    std::set<std::string> reasons;
    for (const auto& tr : throttled) reasons.insert(tr.reason);
    std::string list;
    for (const auto& reason : reasons) list += (list.empty() ? "" : ", ") + reason;
    parts.push_back("throttled: " + list + ", nothing consumed");
    read = false;
  }
  if (read) {
    // A remote endpoint does not say how many items a PartiQL read read (items_read -1).
    std::string counts = std::to_string(t.items_returned) + " returned" +
                         (t.items_read < 0 ? "" : " / " + std::to_string(t.items_read) + " read");
    // --max-items (or a --starting-token resuming mid-page) prints fewer items than the calls
    // returned: say both, or the footer contradicts the rows above it.
    const int64_t shown = ShownItems(r);
    if (shown >= 0 && shown < t.items_returned)
      counts = std::to_string(shown) + " shown / " + counts;
    parts.push_back(counts);
  }
  // `--return-consumed-capacity INDEXES` on the statement asks for the split for this one call.
  CapacityDisplay how = settings.capacity;
  if (how == CapacityDisplay::kTotal && m.return_consumed_capacity == "INDEXES") {
    how = CapacityDisplay::kIndexes;
  }
  std::string cap = CapacityText(m, read, how);
  if (!cap.empty()) parts.push_back(cap);
  std::string p = PartitionsText(PartitionGroups(t));
  if (!p.empty()) parts.push_back(p);
  if (settings.timer) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f ms", r.elapsed_ms);
    parts.push_back(buf);
  }
  if (HasMore(r)) parts.push_back("more: .more");
  // A call with nothing to report beyond its name (list-tables, create-table) gets no footer.
  if (parts.size() == 1) return "";
  std::string line = "--";
  for (size_t i = 0; i < parts.size(); ++i) line += (i == 0 ? " " : " | ") + parts[i];
  return line;
}

}  // namespace ddblab::shell
