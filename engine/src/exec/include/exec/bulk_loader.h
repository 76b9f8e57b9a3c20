// The bulk-load entry of the Engine that Engine::Open hands out (ddblab/bulk_load.h), kept off
// the Engine interface so that adding it did not touch every operation's header.
#pragma once

#include "ddblab/bulk_load.h"
#include "exec/engine_impl.h"

namespace ddblab {

class BulkLoader {
 public:
  virtual ~BulkLoader() = default;
  virtual Result<int64_t> ImportItems(const std::string& table, const ItemSource& next) = 0;
};

// The load itself, under the engine's lock (import_items.cc).
Result<int64_t> ImportItemsInto(EngineImpl& engine, const std::string& table,
                                const ItemSource& next);

}  // namespace ddblab
