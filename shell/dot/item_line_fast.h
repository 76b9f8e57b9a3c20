// A fast path for the common lines of DynamoDB's export format: flat items of S, N, BOOL and
// NULL values in plain ASCII, parsed straight into an Item without building a JSON document.
// Anything else (nesting, sets, binary, escapes, non-ASCII, duplicates, any invalid value) is
// left to the general path (JSON parse + wire::ItemFromJson), which also words every error, so
// the fast path changes speed only: it returns an item exactly when the general path would
// return the same item.
#pragma once

#include <optional>
#include <string_view>

#include "ddblab/value.h"

namespace ddblab::shell {

// The item of `line` ({"Item": {...}}), or nullopt when the general path must decide.
std::optional<Item> ParseSimpleItemLine(std::string_view line);

}  // namespace ddblab::shell
