#include "exec/read_result.h"

#include "value/item_encoding.h"

namespace ddblab {

Result<ResultItem> ToResultItem(std::string_view encoded, const expr::ProjectionExpr* projection,
                                bool check) {
  if (projection) {
    DDB_ASSIGN_OR_RETURN(Item item, DeserializeItem(encoded));
    return ResultItem(expr::Project(*projection, item));
  }
  if (check) DDB_TRY(encoding::CheckItem(encoded));
  return ResultItem::FromEncoding(std::string(encoded));
}

Result<std::optional<ReadResult>> ReadResultItem(Storage& s, const TableSchema& t,
                                                 const KeyBytes& kb,
                                                 const expr::ProjectionExpr* projection) {
  std::optional<ReadResult> out;
  Status converted = OkStatus();
  DDB_TRY(s.VisitRow(t.storage_id, kb.h, kb.pk, kb.sk, [&](RowView& r) {
    Result<ResultItem> item = ToResultItem(r.item, projection, s.items_need_check());
    if (!item.ok()) {
      converted = item.error();
      return false;
    }
    out = ReadResult{std::move(item).value(), r.size};
    return true;
  }));
  DDB_TRY(converted);
  return out;
}

}  // namespace ddblab
