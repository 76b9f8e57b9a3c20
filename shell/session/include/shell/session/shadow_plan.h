// EXPLAIN against any endpoint. A plan follows from the statement and the table's definition
// alone, so for a remote endpoint the table is described there (DescribeTable) and recreated,
// empty, in a private in-memory engine that plans the statement. Nothing runs at the endpoint
// but DescribeTable; what cannot be known there (partitions) is marked in the plan.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "ddblab/wire.h"

namespace ddblab::shell {

// The plan of `operation` ("ExecuteStatement", "Query" or "Scan") with `request`, as
// wire::kExplainOperation answers it; over a remote endpoint, planned from DescribeTable with
// "partitions_known": false added.
wire::JsonResult ExplainAnywhere(wire::Client& client, std::string_view operation,
                                 const wire::Json& request);

// Where a PartiQL statement names its table: the name's characters [begin, end), quotes
// included, so a caller can replace it (grading on an endpoint renames tables).
struct PartiqlTableSpan {
  size_t begin = 0;
  size_t end = 0;
};

// The table a PartiQL statement names (after FROM, INTO or a leading UPDATE), without quotes
// or an index suffix; empty when there is none. `index` (may be null) receives the index of a
// `"table"."index"` name, or ""; `span` (may be null) where the table's name is written.
std::string PartiqlTableName(std::string_view statement, std::string* index = nullptr,
                             PartiqlTableSpan* span = nullptr);

}  // namespace ddblab::shell
