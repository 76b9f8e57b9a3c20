// DynamoDB operations that need Amazon S3 (table exports and imports), which ddblab cannot
// serve: each is refused by name, pointing at the shell's `.export`/`.import`, which write and
// read the same file format.
#pragma once

#include <optional>
#include <string_view>

#include "ddblab/error.h"

namespace ddblab::wire::internal {

// The refusal of `operation` when it is one of DynamoDB's S3 operations (ImportTable,
// ExportTableToPointInTime and their Describe/List companions); nullopt otherwise.
std::optional<Error> RefuseS3Operation(std::string_view operation);

}  // namespace ddblab::wire::internal
