// DynamoDB's capacity-unit arithmetic, in integer half-units.
#pragma once

#include <cstdint>

namespace ddblab {

// DynamoDB: one read unit covers 4 KB strongly consistent, or twice that eventually consistent
// (ProvisionedThroughput, "Read capacity units"); a read of nothing still costs the minimum.
inline int64_t ReadHalfUnits(int64_t bytes, bool strong) {
  int64_t blocks = bytes <= 0 ? 1 : (bytes + 4095) / 4096;
  return strong ? blocks * 2 : blocks;
}

// DynamoDB: one write unit covers 1 KB; every write costs at least one unit.
inline int64_t WriteHalfUnits(int64_t bytes) {
  int64_t blocks = bytes <= 0 ? 1 : (bytes + 1023) / 1024;
  return blocks * 2;
}

}  // namespace ddblab
