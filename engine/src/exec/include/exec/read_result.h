// Items as reads hand them back: whole items stay in their storage encoding (checked, then
// decoded only if someone looks), projected items are decoded and cut down.
#pragma once

#include <optional>
#include <string_view>

#include "catalog/schema.h"
#include "ddblab/result_item.h"
#include "exec/keys.h"
#include "expr/expr.h"
#include "storage/storage.h"
#include "value/item_encoding.h"

namespace ddblab {

// The DynamoDB size of a stored item. With `check` (Storage::items_need_check) the same pass
// checks the bytes; without it the size is read from the item's header (measured only for an item
// stored before sizes were).
inline Result<int64_t> MeasureStoredItem(std::string_view encoded, bool check) {
  if (!check) {
    if (std::optional<int64_t> size = encoding::StoredSize(encoded)) return *size;
  }
  return encoding::CheckItemSize(encoded);
}

// A stored item's bytes as a response item, projected when `projection` is set.
Result<ResultItem> ToResultItem(std::string_view encoded, const expr::ProjectionExpr* projection);

struct ReadResult {
  ResultItem item;
  int64_t size = 0;  // of the whole stored item: reads are charged on it even when projected
};

// The item at `kb` as GetItem, BatchGetItem and TransactGetItems return it; nullopt if absent.
Result<std::optional<ReadResult>> ReadResultItem(Storage& s, const TableSchema& t,
                                                 const KeyBytes& kb,
                                                 const expr::ProjectionExpr* projection);

}  // namespace ddblab
