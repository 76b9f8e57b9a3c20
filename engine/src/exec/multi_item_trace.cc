#include "exec/multi_item_trace.h"

#include <algorithm>
#include <set>
#include <vector>

namespace ddblab {

Trace ActionStep(std::string operation, const std::string& table, int partitions) {
  Trace step;
  step.operation = std::move(operation);
  step.table = table;
  step.partitions_total = partitions;
  return step;
}

void SummarizeSteps(Trace* t) {
  std::vector<std::string> tables;
  std::set<int> partitions(t->partitions_hit.begin(), t->partitions_hit.end());
  for (const Trace& s : t->steps) {
    if (!s.table.empty() && std::find(tables.begin(), tables.end(), s.table) == tables.end()) {
      tables.push_back(s.table);
    }
    partitions.insert(s.partitions_hit.begin(), s.partitions_hit.end());
    t->partitions_total = std::max(t->partitions_total, s.partitions_total);
  }
  if (t->table.empty()) {
    for (size_t i = 0; i < tables.size(); ++i) t->table += (i > 0 ? ", " : "") + tables[i];
  }
  t->partitions_hit.assign(partitions.begin(), partitions.end());
}

}  // namespace ddblab
