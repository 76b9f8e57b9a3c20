#include "exec/write_path.h"

#include <algorithm>

#include "account/capacity_math.h"
#include "exec/stream_log.h"
#include "throughput/key_points.h"
#include "value/item_encoding.h"

namespace ddblab {

Result<std::optional<StoredItem>> ReadItem(Storage& s, const TableSchema& t, const KeyBytes& kb) {
  std::optional<StoredItem> out;
  Status checked = OkStatus();
  DDB_ASSIGN_OR_RETURN(bool found, s.VisitRow(t.storage_id, kb.h, kb.pk, kb.sk, [&](RowView& r) {
    // One pass checks the encoding (a damaged row is an error here, not at first use) and
    // measures it.
    Result<int64_t> size = encoding::CheckItemSize(r.item);
    if (!size.ok()) {
      checked = size.error();
      return false;
    }
    out = StoredItem{ResultItem::FromEncoding(r.item), *size};
    return true;
  }));
  DDB_TRY(checked);
  (void)found;
  return out;
}

Result<PreparedWrite> PrepareWrite(const TableSchema& t, const KeyBytes& key,
                                   std::optional<Item> new_item, bool for_update) {
  PreparedWrite w;
  w.key = key;
  if (new_item) {
    w.new_size = static_cast<int64_t>(ItemSizeBytes(*new_item));
    for (const IndexSchema& ix : t.global_secondary_indexes) {
      DDB_ASSIGN_OR_RETURN(auto e, IndexEntryOf(t, ix, *new_item, for_update));
      w.gsi_entries.push_back(std::move(e));
    }
    for (const IndexSchema& ix : t.local_secondary_indexes) {
      DDB_ASSIGN_OR_RETURN(auto e, IndexEntryOf(t, ix, *new_item, for_update));
      w.lsi_entries.push_back(std::move(e));
    }
  } else {
    w.gsi_entries.resize(t.global_secondary_indexes.size());
    w.lsi_entries.resize(t.local_secondary_indexes.size());
  }
  w.new_item = std::move(new_item);
  return w;
}

namespace {

void AddSorted(std::vector<int>& v, int p) {
  auto it = std::lower_bound(v.begin(), v.end(), p);
  if (it == v.end() || *it != p) v.insert(it, p);
}

void AddPartition(Trace* trace, int p) { AddSorted(trace->partitions_hit, p); }

// Maintains one index and returns its cost in half-units (DynamoDB GSI "Data synchronization").
Result<int64_t> MaintainIndex(Storage& s, const IndexSchema& ix, const KeyBytes& key,
                              const std::optional<IndexEntry>& old_entry,
                              const std::optional<IndexEntry>& new_entry) {
  auto row_of = [&](const IndexEntry& e) {
    Row r;
    r.h = e.h;
    r.ipk = e.ipk;
    r.isk = e.isk;
    r.pk = key.pk;
    r.sk = key.sk;
    r.size = e.size;
    return r;
  };
  int64_t cost = 0;
  bool same_key = old_entry && new_entry && old_entry->ipk == new_entry->ipk &&
                  old_entry->isk == new_entry->isk;
  if (old_entry && !same_key) {
    DDB_TRY(s.DeleteIndexRow(ix.storage_id, row_of(*old_entry)));
    cost += WriteHalfUnits(old_entry->size);
  }
  if (new_entry) {
    if (same_key && old_entry->projected == new_entry->projected) return cost;
    Row r = row_of(*new_entry);
    r.item = encoding::SerializeStoredItem(new_entry->projected, r.size);
    DDB_TRY(same_key ? s.ReplaceIndexRow(ix.storage_id, r, old_entry->size)
                     : s.PutIndexRow(ix.storage_id, r));
    cost += WriteHalfUnits(new_entry->size);
  }
  return cost;
}

// The step of one index written by a multi-item call.
Trace IndexStep(const TableSchema& t, const IndexSchema& ix, const std::optional<IndexEntry>& o,
                const std::optional<IndexEntry>& n, const std::string& operation,
                int partition_count) {
  Trace step;
  step.operation = operation;
  step.table = t.name;
  step.index = ix.name;
  // Indexes are modelled with their table's partition count.
  step.partitions_total = partition_count;
  if (o) AddPartition(&step, PartitionOf(o->h, partition_count));
  if (n) AddPartition(&step, PartitionOf(n->h, partition_count));
  if (n) step.bytes_written = n->size;
  return step;
}

}  // namespace

Status ApplyWrite(Storage& s, const TableSchema& t, const PreparedWrite& w,
                  const std::optional<StoredItem>& old, int factor, ConsumedCapacity* cc,
                  Trace* trace, int partition_count, const WriteOrigin& origin,
                  std::vector<Trace>* index_steps) {
  // Old index entries: the stored item was validated when written, so this cannot fail on type.
  auto old_entries =
      [&](const std::vector<IndexSchema>& list) -> Result<std::vector<std::optional<IndexEntry>>> {
    std::vector<std::optional<IndexEntry>> out;
    for (const IndexSchema& ix : list) {
      if (!old) {
        out.emplace_back();
        continue;
      }
      DDB_ASSIGN_OR_RETURN(auto e, IndexEntryOf(t, ix, old->item, false));
      out.push_back(std::move(e));
    }
    return out;
  };
  DDB_ASSIGN_OR_RETURN(auto old_gsi, old_entries(t.global_secondary_indexes));
  DDB_ASSIGN_OR_RETURN(auto old_lsi, old_entries(t.local_secondary_indexes));

  if (w.new_item) {
    Row r;
    r.h = w.key.h;
    r.pk = w.key.pk;
    r.sk = w.key.sk;
    r.size = w.new_size;
    r.item = encoding::SerializeStoredItem(*w.new_item, r.size);
    DDB_TRY(old ? s.ReplaceRow(t.storage_id, r, old->size) : s.PutRow(t.storage_id, r));
  } else if (old) {
    DDB_TRY(s.DeleteRow(t.storage_id, w.key.h, w.key.pk, w.key.sk, old->size));
  }
  int64_t old_size = old ? old->size : 0;
  int64_t base = WriteHalfUnits(std::max(old_size, w.new_size)) * factor;
  cc->table.half_units += base;
  cc->total.half_units += base;
  if (trace) {
    trace->bytes_written += w.new_item ? w.new_size : 0;
    AddPartition(trace, PartitionOf(w.key.h, partition_count));
  }
  throughput::NoteKeyPoint(origin.key_points, t.name, "", w.key.h, w.key.pk, w.key.sk);
  for (size_t i = 0; i < t.global_secondary_indexes.size(); ++i) {
    DDB_ASSIGN_OR_RETURN(int64_t c, MaintainIndex(s, t.global_secondary_indexes[i], w.key,
                                                  old_gsi[i], w.gsi_entries[i]));
    if (c > 0) {
      cc->global_secondary_indexes[t.global_secondary_indexes[i].name].half_units += c * factor;
      cc->total.half_units += c * factor;
      if (trace) {
        auto& parts = trace->index_partitions[t.global_secondary_indexes[i].name];
        if (old_gsi[i]) AddSorted(parts, PartitionOf(old_gsi[i]->h, partition_count));
        if (w.gsi_entries[i]) AddSorted(parts, PartitionOf(w.gsi_entries[i]->h, partition_count));
      }
      const std::string& index = t.global_secondary_indexes[i].name;
      if (const auto& e = old_gsi[i])
        throughput::NoteKeyPoint(origin.key_points, t.name, index, e->h, e->ipk, e->isk);
      if (const auto& e = w.gsi_entries[i]) {
        throughput::NoteKeyPoint(origin.key_points, t.name, index, e->h, e->ipk, e->isk);
      }
      if (index_steps && trace) {
        index_steps->push_back(IndexStep(t, t.global_secondary_indexes[i], old_gsi[i],
                                         w.gsi_entries[i], trace->operation, partition_count));
      }
    }
  }
  for (size_t i = 0; i < t.local_secondary_indexes.size(); ++i) {
    DDB_ASSIGN_OR_RETURN(int64_t c, MaintainIndex(s, t.local_secondary_indexes[i], w.key,
                                                  old_lsi[i], w.lsi_entries[i]));
    if (c > 0) {
      cc->local_secondary_indexes[t.local_secondary_indexes[i].name].half_units += c * factor;
      cc->total.half_units += c * factor;
      // A local index lives in its item collection's partition, the item's own.
      if (trace) {
        AddSorted(trace->index_partitions[t.local_secondary_indexes[i].name],
                  PartitionOf(w.key.h, partition_count));
      }
      if (index_steps && trace) {
        index_steps->push_back(IndexStep(t, t.local_secondary_indexes[i], old_lsi[i],
                                         w.lsi_entries[i], trace->operation, partition_count));
      }
    }
  }
  const bool to_stream = origin.to_stream && t.EnabledStream();
  if (to_stream || origin.changes != nullptr) {
    std::optional<Item> old_item;
    if (old) old_item = old->item.item();
    std::optional<StreamRecordRow> row;
    if (to_stream) {
      DDB_TRY(LogStreamRecord(s, t, old_item, w.new_item, w.key.h, partition_count, origin.now,
                              origin.by_time_to_live, origin.changes != nullptr ? &row : nullptr));
    }
    if (origin.changes != nullptr) {
      origin.changes->push_back(PendingChange{t.name, std::move(old_item), w.new_item,
                                              origin.by_time_to_live, std::move(row)});
    }
  }
  return OkStatus();
}

}  // namespace ddblab
