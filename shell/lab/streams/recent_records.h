// `.stream TABLE`: the newest records of a table's stream, read with DescribeStream,
// GetShardIterator and GetRecords like any stream consumer, one line each.
#pragma once

#include <string>

#include "ddblab/error.h"
#include "ddblab/wire.h"

namespace ddblab::lab::streams {

// The last `limit` records of `table`'s current stream (all shards, oldest first) as text, with
// a footer: how many records and shards were read, and that reading costs no table capacity.
Result<std::string> RecentRecords(wire::Client& client, const std::string& table, int limit);

}  // namespace ddblab::lab::streams
