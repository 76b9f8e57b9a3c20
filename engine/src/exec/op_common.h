// Small helpers shared by the operation files.
#pragma once

#include <algorithm>
#include <string>

#include "ddblab/capacity.h"
#include "ddblab/requests.h"

namespace ddblab {

inline ConsumedCapacity NewCapacity(const std::string& table, bool read) {
  ConsumedCapacity c;
  c.table_name = table;
  c.read = read;
  return c;
}

inline void AddPartitionHit(Trace* t, int p) {
  auto& v = t->partitions_hit;
  auto it = std::lower_bound(v.begin(), v.end(), p);
  if (it == v.end() || *it != p) v.insert(it, p);
}

// Keeps only the listed top-level attributes of `item` (UPDATED_OLD / UPDATED_NEW shapes are
// computed by the update itself; this is for ALL_* cases that need no filtering).
inline std::optional<Item> NonEmpty(Item item) {
  if (item.empty()) return std::nullopt;
  return item;
}

}  // namespace ddblab
