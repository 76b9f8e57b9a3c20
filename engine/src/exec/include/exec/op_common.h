// Small helpers shared by the operation files.
#pragma once

#include <algorithm>
#include <string>

#include "ddblab/capacity.h"
#include "ddblab/requests.h"

namespace ddblab {

// What a request without ExpressionAttributeValues resolves its expressions against.
inline const std::optional<ExpressionAttributeValues> kNoValues;

inline ConsumedCapacity NewCapacity(const std::string& table, bool read) {
  ConsumedCapacity c;
  c.table_name = table;
  c.read = read;
  return c;
}

inline void AddPartitionHit(Trace* t, int p) {
  auto& v = t->partitions_hit;
  if (v.empty()) {
    v.push_back(p);
    return;
  }
  auto it = std::lower_bound(v.begin(), v.end(), p);
  if (it == v.end() || *it != p) v.insert(it, p);
}

// DynamoDB omits `Attributes` rather than returning an empty map (UPDATED_OLD / UPDATED_NEW when
// nothing qualifying was touched).
inline std::optional<Item> NonEmpty(Item item) {
  if (item.empty()) return std::nullopt;
  return item;
}

}  // namespace ddblab
