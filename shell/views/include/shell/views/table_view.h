// What the page shows of a table, read through a client like any other front end: the table's
// definition, its items, and each index's items as a Scan of the index returns them (so sparse
// membership and projections are exactly the engine's). Not statements: no call log, no footer.
#pragma once

#include <cstdint>
#include <string>

#include "ddblab/error.h"
#include "ddblab/wire.h"

namespace ddblab::shell::page {

// At most this many items, and about this many bytes of them, per table or index reach the page
// ("truncated" says when more exist): a table of large items must not become a huge answer.
inline constexpr size_t kMaxPageItems = 1000;
inline constexpr int64_t kMaxPageBytes = 4 * 1024 * 1024;

// The table names (ListTables, every page).
Result<wire::Json> TableNames(wire::Client& client);

// docs/page.md, "api/table".
Result<wire::Json> TableView(wire::Client& client, const std::string& table);

// {"table": T, "maps": [...]}: ddblab:DescribePartitions of the table and of each index; empty
// maps against an endpoint, which has no partition map.
Result<wire::Json> PartitionMaps(wire::Client& client, const std::string& table);

}  // namespace ddblab::shell::page
