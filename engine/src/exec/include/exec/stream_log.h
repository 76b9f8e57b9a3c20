// DynamoDB Streams, write side: the change record of one write, appended to the table's enabled
// stream in the write's own storage transaction, so a write and its record are kept or lost
// together.
#pragma once

#include <cstdint>
#include <optional>

#include "catalog/schema.h"
#include "ddblab/value.h"
#include "storage/storage.h"

namespace ddblab {

// Appends the record of a write from `old_item` to `new_item` (either may be absent) on the
// partition of key hash `key_h`. DynamoDB writes no record for a write that changes nothing: a
// put of an identical item, an update that leaves the item as it was, a delete of nothing.
// The images kept follow the stream's view type. `appended`, when given, receives the record as
// stored (its sequence number and shard generation set), and stays unset when none was written.
Status LogStreamRecord(Storage& s, const TableSchema& t, const std::optional<Item>& old_item,
                       const std::optional<Item>& new_item, uint32_t key_h, int partition_count,
                       double now, bool by_time_to_live,
                       std::optional<StreamRecordRow>* appended = nullptr);

// "<table>/<label>": how storage names a stream.
std::string StreamStorageName(const std::string& table, const std::string& label);

}  // namespace ddblab
