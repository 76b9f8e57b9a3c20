// Members DynamoDB acts on that ddblab does not model: refused by name, never ignored. Internal
// to the wire module.
#pragma once

#include <string_view>

#include "ddblab/wire.h"

namespace ddblab::wire::internal {

// A ValidationException naming the first member of `body` (the request of `operation`) that
// asks for behaviour ddblab does not model; OK otherwise.
Status RefuseUnsupportedMembers(Engine& engine, std::string_view operation, const Json& body);

// After a successful CreateTable, applies the request's Tags through TagResource; a tag that
// TagResource refuses deletes the new table again and becomes the call's error.
JsonResult ApplyCreateTableTags(Engine& engine, const Json& body, JsonResult created);

}  // namespace ddblab::wire::internal
