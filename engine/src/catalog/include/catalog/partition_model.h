// ddblab's documented partition model: how many physical partitions a table is simulated with.
// DynamoDB's real partition management is internal; this follows the rules AWS once documented
// (throughput and 10 GB per partition) and the capacity a new on-demand table is said to sustain.
#pragma once

#include <cstdint>
#include <string>

#include "catalog/schema.h"

namespace ddblab {

// One partition serves at most this much (DynamoDB: 3,000 RCU / 1,000 WCU / ~10 GB).
inline constexpr int64_t kPartitionReadUnits = 3000;
inline constexpr int64_t kPartitionWriteUnits = 1000;
inline constexpr int64_t kPartitionBytes = int64_t{10} * 1000 * 1000 * 1000;
// DynamoDB: a new on-demand table sustains 12,000 read / 4,000 write units per second, the
// throughput of this many partitions.
inline constexpr int kOnDemandInitialPartitions = 4;

// The partition count for `t` holding `table_size_bytes`:
//   provisioned: ceil(RCU / 3,000 + WCU / 1,000); on-demand: 4;
//   then at least ceil(size / 10 GB), and at least 1.
// A non-zero t.partition_override wins. When `explanation` is non-null it receives one line a
// student can read, naming the rule that decided the count.
int DerivedPartitionCount(const TableSchema& t, int64_t table_size_bytes, std::string* explanation);

}  // namespace ddblab
