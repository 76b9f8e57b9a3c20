// IndexSchema::Projects and TableSchema::FindIndex.
#include "catalog/schema.h"

#include <algorithm>

namespace ddblab {

bool IndexSchema::Projects(const std::string& name, const TableSchema& table) const {
  // DynamoDB: index keys and base-table keys are always projected, so index entries stay
  // distinct and can be traced back to their items.
  if (projection_type == "ALL") return true;
  if (IsIndexKey(name)) return true;
  if (table.IsKeyAttribute(name)) return true;
  if (projection_type != "INCLUDE") return false;
  return std::find(non_key_attributes.begin(), non_key_attributes.end(), name) !=
         non_key_attributes.end();
}

bool IndexSchema::IsIndexKey(const std::string& name) const {
  for (const KeyDef& k : hash_keys) {
    if (k.name == name) return true;
  }
  for (const KeyDef& k : range_keys) {
    if (k.name == name) return true;
  }
  return false;
}

std::vector<KeySchemaElement> IndexSchema::KeySchema() const {
  std::vector<KeySchemaElement> out;
  for (const KeyDef& k : hash_keys) out.push_back({k.name, "HASH"});
  for (const KeyDef& k : range_keys) out.push_back({k.name, "RANGE"});
  return out;
}

const IndexSchema* TableSchema::FindIndex(const std::string& index_name) const {
  for (const IndexSchema& i : global_secondary_indexes) {
    if (i.name == index_name) return &i;
  }
  for (const IndexSchema& i : local_secondary_indexes) {
    if (i.name == index_name) return &i;
  }
  return nullptr;
}

}  // namespace ddblab
