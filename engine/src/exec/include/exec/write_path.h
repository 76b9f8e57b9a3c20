// The one place items are written: base row, secondary-index maintenance and write capacity, in
// one storage transaction.
#pragma once

#include "catalog/schema.h"
#include "ddblab/capacity.h"
#include "ddblab/result_item.h"
#include "exec/commit_feed.h"
#include "exec/keys.h"
#include "storage/storage.h"
#include "throughput/key_points.h"

namespace ddblab {

// The item a write finds at its key. It stays in its storage encoding until something looks
// inside (a condition, an update, old index entries, ReturnValues): a plain overwrite of a table
// without indexes needs only its size, and decoding it was a tenth of such a PutItem.
struct StoredItem {
  ResultItem item;
  int64_t size = 0;
};

// Reads the current item at `kb`, if any.
Result<std::optional<StoredItem>> ReadItem(Storage& s, const TableSchema& t, const KeyBytes& kb);

// A validated write, ready to apply: the new image (nullopt for a delete) and its index entries.
struct PreparedWrite {
  KeyBytes key;
  std::optional<Item> new_item;
  int64_t new_size = 0;
  std::vector<std::optional<IndexEntry>> gsi_entries;  // per t.global_secondary_indexes
  std::vector<std::optional<IndexEntry>> lsi_entries;  // per t.local_secondary_indexes
};

// Validates the new image's index keys (type, empty values, sizes) so that a bad write is
// rejected before anything is stored.
Result<PreparedWrite> PrepareWrite(const TableSchema& t, const KeyBytes& key,
                                   std::optional<Item> new_item, bool for_update);

// Where a write comes from, for its stream record: when (the engine's clock), and whether Time
// to Live deleted the item. A bulk load (`.import`, `.generate`) writes no records, as DynamoDB's
// own imports do not.
struct WriteOrigin {
  double now = 0;
  bool by_time_to_live = false;
  bool to_stream = true;
  throughput::KeyPointLog* key_points = nullptr;  // where the throughput model hears of keys
  // Where the change is noted for commit notifications; null when nobody subscribes.
  std::vector<PendingChange>* changes = nullptr;
};

// Applies a prepared write over `old` (nullopt: no item), maintaining every index, and adds the
// write cost to `cc` following DynamoDB's rules: the base write is sized by the larger of the old
// and new images (a delete of nothing still costs one unit); each index costs nothing when the
// item is in neither image's index, one write when it enters, leaves or changes projected
// attributes, and two when its index key changes. `factor` is 2 inside transactions.
// `index_steps`, when given, receives one Trace per index written (table, index, and the index
// partitions its old and new entries live in), for the traces of multi-item calls.
// The change goes to the table's enabled stream, if any, in the same storage transaction, and to
// `origin.changes` when given.
Status ApplyWrite(Storage& s, const TableSchema& t, const PreparedWrite& w,
                  const std::optional<StoredItem>& old, int factor, ConsumedCapacity* cc,
                  Trace* trace, int partition_count, const WriteOrigin& origin,
                  std::vector<Trace>* index_steps = nullptr);

}  // namespace ddblab
