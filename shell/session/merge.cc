// Merging the calls behind one statement (auto-paginated aws-CLI reads make several) into one
// result, once per statement, in the session (StatementResult::merged).
#include <algorithm>
#include <map>
#include <set>

#include "shell/session/statement.h"

namespace ddblab::shell {

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
  // One call of one table (most statements) has nothing to merge: a trace's partitions are
  // distinct and ascending already.
  const bool one = r.calls.size() == 1 && r.calls.front().capacity.size() <= 1;
  std::set<int> partitions;
  std::map<std::string, size_t> by_table;
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
    m.trace.steps.insert(m.trace.steps.end(), t.steps.begin(), t.steps.end());
    if (one) {
      m.trace.partitions_hit = t.partitions_hit;
      m.capacity = c.capacity;
      break;
    }
    partitions.insert(t.partitions_hit.begin(), t.partitions_hit.end());
    for (const auto& cap : c.capacity) {
      auto [it, added] = by_table.emplace(cap.table_name, m.capacity.size());
      if (added) {
        m.capacity.push_back(cap);
        continue;
      }
      ConsumedCapacity& into = m.capacity[it->second];
      into.total.Add(cap.total);
      into.table.Add(cap.table);
      for (const auto& [name, c2] : cap.global_secondary_indexes) {
        into.global_secondary_indexes[name].Add(c2);
      }
      for (const auto& [name, c2] : cap.local_secondary_indexes) {
        into.local_secondary_indexes[name].Add(c2);
      }
    }
  }
  if (m.trace.operation.empty()) m.trace.operation = r.operation;
  if (!one) m.trace.partitions_hit.assign(partitions.begin(), partitions.end());
  return m;
}

}  // namespace ddblab::shell
