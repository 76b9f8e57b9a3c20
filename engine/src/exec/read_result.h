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

namespace ddblab {

// A stored item's bytes as a response item, projected when `projection` is set; checked first
// when `check` (Storage::items_need_check).
Result<ResultItem> ToResultItem(std::string_view encoded, const expr::ProjectionExpr* projection,
                                bool check);

struct ReadResult {
  ResultItem item;
  int64_t size = 0;  // of the whole stored item: reads are charged on it even when projected
};

// The item at `kb` as GetItem, BatchGetItem and TransactGetItems return it; nullopt if absent.
Result<std::optional<ReadResult>> ReadResultItem(Storage& s, const TableSchema& t,
                                                 const KeyBytes& kb,
                                                 const expr::ProjectionExpr* projection);

}  // namespace ddblab
