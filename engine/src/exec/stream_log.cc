#include "exec/stream_log.h"

namespace ddblab {
namespace {

Item KeysOf(const TableSchema& t, const Item& item) {
  Item keys;
  if (auto h = item.find(t.hash.name); h != item.end()) keys.emplace(h->first, h->second);
  if (t.range) {
    if (auto r = item.find(t.range->name); r != item.end()) keys.emplace(r->first, r->second);
  }
  return keys;
}

}  // namespace

std::string StreamStorageName(const std::string& table, const std::string& label) {
  return table + "/" + label;
}

Status LogStreamRecord(Storage& s, const TableSchema& t, const std::optional<Item>& old_item,
                       const std::optional<Item>& new_item, uint32_t key_h, int partition_count,
                       double now, bool by_time_to_live, std::optional<StreamRecordRow>* appended) {
  const StreamState* stream = t.EnabledStream();
  if (stream == nullptr) return OkStatus();
  if (!old_item && !new_item) return OkStatus();
  if (old_item && new_item && *old_item == *new_item) return OkStatus();
  StreamRecordRow row;
  row.stream = StreamStorageName(t.name, stream->label);
  row.partition_count = partition_count;
  row.partition = PartitionOf(key_h, partition_count);
  row.created = now;
  row.event = !old_item ? "INSERT" : !new_item ? "REMOVE" : "MODIFY";
  const Item keys = KeysOf(t, new_item ? *new_item : *old_item);
  row.keys = SerializeItem(keys);
  // DynamoDB: SizeBytes is the item size of Keys and of the images the record carries.
  int64_t size = static_cast<int64_t>(ItemSizeBytes(keys));
  const std::string& view = stream->view_type;
  if (new_item && (view == "NEW_IMAGE" || view == "NEW_AND_OLD_IMAGES")) {
    row.new_image = SerializeItem(*new_item);
    row.has_new_image = true;
    size += static_cast<int64_t>(ItemSizeBytes(*new_item));
  }
  if (old_item && (view == "OLD_IMAGE" || view == "NEW_AND_OLD_IMAGES")) {
    row.old_image = SerializeItem(*old_item);
    row.has_old_image = true;
    size += static_cast<int64_t>(ItemSizeBytes(*old_item));
  }
  row.size = size;
  row.by_time_to_live = by_time_to_live;
  DDB_TRY(s.AppendStreamRecord(&row));
  if (appended != nullptr) *appended = std::move(row);
  return OkStatus();
}

}  // namespace ddblab
