// Bulk load (.import, .generate): many items into one table, pulled one at a time from the
// caller so memory stays bounded at any size (wire::Client::BulkLoad).
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "ddblab/engine.h"

namespace ddblab {

// Yields the next item, nullopt at the end, or an error that stops the load.
using ItemSource = std::function<Result<std::optional<Item>>()>;

// Writes every item `next` yields into `table` as PutItem would (replacing an item with the same
// key), each validated as PutItem validates it. All or nothing: the first error, from `next` or
// from an item, rolls everything back and is returned. Not throttled; no capacity is reported.
// `engine` must come from Engine::Open. Returns the number of items written.
Result<int64_t> ImportItems(Engine& engine, const std::string& table, const ItemSource& next);

// What a Client's BulkLoad did: how many items it wrote, and the error that stopped it. An
// all-or-nothing load that failed wrote none.
struct BulkLoadResult {
  int64_t written = 0;
  std::optional<Error> error;
  bool all_or_nothing = false;
};

}  // namespace ddblab
