// Members DynamoDB acts on that ddblab does not model: refused by name, never ignored. Internal
// to the wire module.
#pragma once

#include <string_view>

#include "ddblab/wire.h"
#include "wire/json_read.h"

namespace ddblab::wire::internal {

// A ValidationException naming the first member of `body` (the request of `operation`) that
// asks for behaviour ddblab does not model; OK otherwise. ReturnItemCollectionMetrics, which
// depends on the tables, is checked with the typed request (ddblab/call.h, ExecuteRequest).
template <Document Doc>
Status RefuseUnsupportedMembers(Operation operation, const Doc& body);

}  // namespace ddblab::wire::internal
