// Accumulates ConsumedCapacity per table for multi-table calls (batches, transactions), which
// DynamoDB reports as one entry per table.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "ddblab/capacity.h"

namespace ddblab {

class CapacityByTable {
 public:
  ConsumedCapacity& For(const std::string& table, bool read) {
    auto [it, inserted] = by_table_.try_emplace(table);
    if (inserted) {
      it->second.table_name = table;
      it->second.read = read;
    }
    return it->second;
  }
  // Entries in table-name order; transactional entries also carry Read/WriteCapacityUnits.
  std::vector<ConsumedCapacity> Take(bool transactional) {
    std::vector<ConsumedCapacity> out;
    for (auto& [name, c] : by_table_) {
      if (transactional) {
        c.transactional = true;
        // A copy, not the binding: clang 14 cannot capture structured bindings (scripts/fuzz).
        const bool read = c.read;
        auto mark = [read](Capacity& cap) {
          (read ? cap.read_half_units : cap.write_half_units) = cap.half_units;
        };
        mark(c.total);
        mark(c.table);
        for (auto& [n, cap] : c.global_secondary_indexes) mark(cap);
        for (auto& [n, cap] : c.local_secondary_indexes) mark(cap);
      }
      out.push_back(std::move(c));
    }
    by_table_.clear();
    return out;
  }

 private:
  std::map<std::string, ConsumedCapacity> by_table_;
};

}  // namespace ddblab
