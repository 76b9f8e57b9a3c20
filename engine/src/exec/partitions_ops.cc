// The simulated partition layout (a ddblab extension): DescribePartitions, SetPartitionCount.
#include <set>

#include "catalog/partition_model.h"
#include "exec/catalog_store.h"
#include "exec/engine_impl.h"

namespace ddblab {
namespace {

std::string KeyText(const AttributeValue& v) {
  switch (v.type) {
    case AttrType::kS:
      return v.str();
    case AttrType::kN:
      return v.num().ToString();
    default:
      return "<binary " + std::to_string(v.str().size()) + " bytes>";
  }
}

}  // namespace

Result<PartitionMap> EngineImpl::DescribePartitions(const std::string& table,
                                                    const std::string& index) {
  std::lock_guard lock(mutex_);
  DDB_ASSIGN_OR_RETURN(const TableSchema* t, FindTable(table));
  const IndexSchema* ix = nullptr;
  if (!index.empty()) {
    ix = t->FindIndex(index);
    if (!ix) return ValidationError("The table does not have the specified index: " + index);
  }
  PartitionMap map;
  map.table = t->name;
  map.index = index;
  map.partition_count = PartitionCount(*t);
  map.overridden = t->partition_override > 0;
  DDB_ASSIGN_OR_RETURN(auto stats, storage_->CountAndSize(t->storage_id, false));
  std::string explanation;
  TableSchema modelled = *t;
  modelled.partition_override = 0;
  int derived = DerivedPartitionCount(modelled, stats.second, &explanation);
  map.model = map.overridden ? "set by hand to " + std::to_string(map.partition_count) +
                                   " (the model would give " + std::to_string(derived) + ": " +
                                   explanation + ")"
                             : explanation;
  map.partitions.resize(static_cast<size_t>(map.partition_count));
  for (int i = 0; i < map.partition_count; ++i)
    map.partitions[static_cast<size_t>(i)].partition = i;
  std::vector<std::set<std::string>> collections(map.partitions.size());
  const std::vector<KeyDef> hash = ix ? ix->hash_keys : std::vector<KeyDef>{t->hash};
  RangeRead all;
  all.storage_id = ix ? ix->storage_id : t->storage_id;
  all.index = ix != nullptr;
  Status inner = OkStatus();
  DDB_TRY(storage_->Read(all, [&](RowView& row) {
    size_t p = static_cast<size_t>(PartitionOf(row.h, map.partition_count));
    PartitionInfo& info = map.partitions[p];
    ++info.item_count;
    info.size_bytes += row.size;
    std::string key(ix ? row.ipk : row.pk);
    if (collections[p].insert(key).second && info.sample_partition_keys.size() < 5) {
      auto item = DeserializeItem(row.item);
      if (!item.ok()) {
        inner = item.error();
        return false;
      }
      // A multi-attribute partition key is shown as the tuple whose hash places it.
      std::vector<std::string> parts;
      for (const KeyDef& k : hash) {
        auto it = item->find(k.name);
        if (it != item->end()) parts.push_back(KeyText(it->second));
      }
      if (parts.size() == 1) {
        info.sample_partition_keys.push_back(parts[0]);
      } else if (!parts.empty()) {
        std::string text = "(";
        for (size_t i = 0; i < parts.size(); ++i) text += (i ? ", " : "") + parts[i];
        info.sample_partition_keys.push_back(text + ")");
      }
    }
    return true;
  }));
  DDB_TRY(inner);
  for (size_t p = 0; p < map.partitions.size(); ++p) {
    map.partitions[p].item_collections = static_cast<int64_t>(collections[p].size());
  }
  return map;
}

Status EngineImpl::SetPartitionCount(const std::string& table, int count) {
  std::lock_guard lock(mutex_);
  auto it = tables_.find(table);
  if (it == tables_.end()) {
    return MakeError(ErrorType::kResourceNotFoundException, "Requested resource not found");
  }
  // A teaching knob: a few hundred partitions is already far more than a lab needs.
  if (count < 0 || count > 1024) {
    return ValidationError("Partition count must be between 1 and 1024 (0 restores the model)");
  }
  TableSchema s = it->second;
  s.partition_override = count;
  DDB_TRY(storage_->SaveCatalogEntry(s.name, SchemaToText(s)));
  it->second = std::move(s);
  return OkStatus();
}

}  // namespace ddblab
