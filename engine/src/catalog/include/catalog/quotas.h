// DynamoDB's default throughput quotas (developer guide, "Service, account, and table quotas"):
// what DescribeLimits answers, and where the partition model stops adding partitions. One
// definition, so the two can never disagree.
#pragma once

#include <cstdint>

namespace ddblab {

inline constexpr int64_t kAccountMaxReadCapacityUnits = 80000;
inline constexpr int64_t kAccountMaxWriteCapacityUnits = 80000;
inline constexpr int64_t kTableMaxReadCapacityUnits = 40000;
inline constexpr int64_t kTableMaxWriteCapacityUnits = 40000;

}  // namespace ddblab
