// Merging the calls behind one statement (auto-paginated aws-CLI reads make several) into one
// result, once per statement, on first use (StatementResult::merged).
#include <algorithm>
#include <vector>

#include "shell/session/statement.h"

namespace ddblab::shell {

const CallResult& StatementResult::merged() const {
  if (!merged_.value) merged_.value = MergeCalls(*this);
  return *merged_.value;
}

CallResult MergeCalls(const StatementResult& r) {
  CallResult m;
  m.ok = r.ok;
  if (!r.ok) m.error = r.error;
  // m.response stays empty: the items are in r.response, and a second copy of a long read's
  // items would double its memory.
  if (!r.calls.empty()) {
    m.operation = r.calls.front().operation;
    m.return_consumed_capacity = r.calls.front().return_consumed_capacity;
    m.http_status = r.calls.back().http_status;
  }
  bool first = true;
  for (const auto& c : r.calls) {
    const Trace& t = c.trace;
    if (first && !t.operation.empty()) {
      m.trace.operation = t.operation;
      m.trace.table = t.table;
      m.trace.index = t.index;
      m.trace.consistent_read = t.consistent_read;
      m.trace.key_condition = t.key_condition;
      first = false;
    }
    m.trace.items_read += t.items_read;
    m.trace.items_returned += t.items_returned;
    m.trace.bytes_read += t.bytes_read;
    m.trace.bytes_written += t.bytes_written;
    m.trace.filtered = m.trace.filtered || t.filtered;
    m.trace.partitions_total = std::max(m.trace.partitions_total, t.partitions_total);
    m.trace.partitions_hit.insert(m.trace.partitions_hit.end(), t.partitions_hit.begin(),
                                  t.partitions_hit.end());
    m.trace.steps.insert(m.trace.steps.end(), t.steps.begin(), t.steps.end());
    for (const auto& [index, parts] : t.index_partitions) {
      std::vector<int>& into = m.trace.index_partitions[index];
      into.insert(into.end(), parts.begin(), parts.end());
    }
    // A statement's calls name few tables (most name one), so each is found by a linear search.
    for (const auto& cap : c.capacity) {
      auto into = std::find_if(m.capacity.begin(), m.capacity.end(),
                               [&](const auto& have) { return have.table_name == cap.table_name; });
      if (into == m.capacity.end()) {
        m.capacity.push_back(cap);
        continue;
      }
      into->total.Add(cap.total);
      into->table.Add(cap.table);
      for (const auto& [name, c2] : cap.global_secondary_indexes) {
        into->global_secondary_indexes[name].Add(c2);
      }
      for (const auto& [name, c2] : cap.local_secondary_indexes) {
        into->local_secondary_indexes[name].Add(c2);
      }
    }
  }
  // One trace's partitions are distinct and ascending already; several calls' are united.
  if (r.calls.size() > 1) {
    std::vector<int>& hit = m.trace.partitions_hit;
    std::sort(hit.begin(), hit.end());
    hit.erase(std::unique(hit.begin(), hit.end()), hit.end());
    for (auto& [index, parts] : m.trace.index_partitions) {
      std::sort(parts.begin(), parts.end());
      parts.erase(std::unique(parts.begin(), parts.end()), parts.end());
    }
  }
  if (m.trace.operation.empty()) m.trace.operation = r.operation;
  return m;
}

}  // namespace ddblab::shell
