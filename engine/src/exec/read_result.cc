#include "exec/read_result.h"

#include "value/item_encoding.h"

namespace ddblab {

Result<ResultItem> ToResultItem(std::string_view encoded, const expr::ProjectionExpr* projection) {
  if (projection) {
    DDB_ASSIGN_OR_RETURN(Item item, DeserializeItem(encoded));
    return ResultItem(expr::Project(*projection, item));
  }
  return ResultItem::FromEncoding(encoded);
}

Result<std::optional<ReadResult>> ReadResultItem(Storage& s, const TableSchema& t,
                                                 const KeyBytes& kb,
                                                 const expr::ProjectionExpr* projection) {
  std::optional<ReadResult> out;
  Status converted = OkStatus();
  DDB_TRY(s.VisitRow(t.storage_id, kb.h, kb.pk, kb.sk, [&](RowView& r) {
    Result<int64_t> size = MeasureStoredItem(r.item, s.items_need_check());
    Result<ResultItem> item =
        size.ok() ? ToResultItem(r.item, projection) : Result<ResultItem>(size.error());
    if (!item.ok()) {
      converted = item.error();
      return false;
    }
    out = ReadResult{std::move(item).value(), *size};
    return true;
  }));
  DDB_TRY(converted);
  return out;
}

}  // namespace ddblab
