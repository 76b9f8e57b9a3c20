// .generate --script: items made by a generator script. The lab runtime owns Lua, so it opens
// the scripts (RegisterLabExtensions calls Shell::SetItemGeneratorOpener); the REPL tier only pulls
// items and loads them, and needs no Lua.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "ddblab/error.h"
#include "ddblab/value.h"

namespace ddblab::shell {

class OutputSink;

class ItemGenerator {
 public:
  virtual ~ItemGenerator() = default;
  // Item number `i`, called with 1, 2, 3, ... in order. Errors start with "item <i>: ".
  virtual Result<Item> Make(int64_t i) = 0;
};

// Opens the generator script at `path` (already allowed by the front door's file policy) that
// will be asked for `count` items; what the script prints goes to `sink`.
using ItemGeneratorOpener = std::function<Result<std::unique_ptr<ItemGenerator>>(
    const std::string& path, int64_t count, OutputSink& sink)>;

}  // namespace ddblab::shell
