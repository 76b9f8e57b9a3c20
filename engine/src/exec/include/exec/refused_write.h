// What a refused write still costs. DynamoDB charges a write whose condition fails, and a
// cancelled transaction, although nothing is stored; the cost travels on the Error so that front
// ends (footer, jsonl, lessons) can show it, while DynamoDB's error body stays as DynamoDB sends
// it (without ConsumedCapacity).
#pragma once

#include <vector>

#include "exec/write_actions.h"

namespace ddblab {

// The write units a refused action consumes, in half-units: sized on the existing item, with a
// minimum of one unit (a missing item costs one).
int64_t RefusedWriteHalfUnits(const EvaluatedAction& e);

// Attaches to `err` the capacity and trace of a single-item write (`operation`: "PutItem", ...)
// whose condition failed. The table pays; no index is written, so no index pays.
Error RefusedWrite(Error err, const WriteAction& a, const EvaluatedAction& e, const char* operation,
                   int partitions);

}  // namespace ddblab
