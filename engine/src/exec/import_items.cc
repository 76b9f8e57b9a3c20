// The bulk load behind .import and .generate. One storage transaction for the whole load makes it
// all or nothing and fast (one commit, one fsync); items are pulled one at a time from the
// caller, so memory stays bounded whatever the size of the source.
#include "exec/bulk_loader.h"
#include "exec/op_common.h"
#include "exec/write_actions.h"

namespace ddblab {

Result<int64_t> ImportItemsInto(EngineImpl& engine, const std::string& table,
                                const ItemSource& next) {
  std::lock_guard lock(engine.mutex_);
  DDB_TRY(ValidateTableName(table));
  DDB_ASSIGN_OR_RETURN(const TableSchema* t, engine.FindTable(table));
  Storage& storage = engine.storage();
  const int partitions = engine.PartitionCount(*t);
  const ExpressionInputs none;
  int64_t written = 0;
  auto load = [&]() -> Status {
    for (;;) {
      DDB_ASSIGN_OR_RETURN(std::optional<Item> item, next());
      if (!item) return OkStatus();
      DDB_ASSIGN_OR_RETURN(WriteAction a, MakePutAction(*t, *item, none));
      DDB_ASSIGN_OR_RETURN(EvaluatedAction e, EvaluateAction(storage, a));
      ConsumedCapacity unused;
      // A bulk load is like DynamoDB's table import: it writes no stream records.
      DDB_TRY(ApplyWrite(storage, *t, *e.write, e.old, 1, &unused, nullptr, partitions,
                         WriteOrigin{0, false, false}));
      ++written;
    }
  };
  DDB_TRY(storage.Begin());
  if (Status st = load(); !st.ok()) {
    (void)storage.Rollback();
    return st.error();
  }
  DDB_TRY(storage.Commit());
  return written;
}

Result<int64_t> ImportItems(Engine& engine, const std::string& table, const ItemSource& next) {
  auto* loader = dynamic_cast<BulkLoader*>(&engine);
  if (loader == nullptr) {
    return MakeError(ErrorType::kInternalServerError,
                     "bulk loads need an engine opened with Engine::Open");
  }
  return loader->ImportItems(table, next);
}

}  // namespace ddblab
