// One call as the live page's call log shows it (docs/page.md, "A call"): the same operation,
// items, capacity and partitions the shell's footer reports, in numbers the page can add up.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "ddblab/wire.h"
#include "shell/render/render.h"
#include "shell/session/statement.h"

namespace ddblab::shell::page {

// What a call's capacity adds to the session's spend, as the footer sums it: a transaction that
// reads and writes counts each side, any other call its total as read or write units.
struct CallSpend {
  int64_t read_half_units = 0;
  int64_t write_half_units = 0;
};
CallSpend SpendOf(const std::vector<ConsumedCapacity>& capacity);

// A statement the shell ran; `source` is "shell", "lesson" or "page"; `time` the engine's clock.
wire::Json CallFromStatement(const StatementResult& r, const RenderContext& ctx,
                             std::string_view source, double time);

// A request `serve` answered.
wire::Json CallFromRequest(std::string_view operation, const wire::JsonResult& result, double time);

// Whether a statement or request may have changed what a table holds or how it is defined
// (anything but a read, a listing or a description).
bool MayChangeTables(std::string_view operation);

}  // namespace ddblab::shell::page
