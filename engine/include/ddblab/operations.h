// DynamoDB's operations as ddblab serves them: one row each, and the only list of them. The wire
// dispatch, the JSON codec declarations, the engine that runs each call between Time to Live
// sweeps, SupportedOperations and the Streams endpoint's target prefix are all generated from
// it, so adding an operation is one row plus its request, response, codec and Engine method (the
// build names whichever is missing).
//
// A row is X(Name, How). Name is DynamoDB's spelling: the Engine method, NameRequest and
// NameResponse, and the X-Amz-Target suffix. How says how a call runs:
//   kControl  table, tag, Time to Live and account operations: never charged by the throughput
//             model
//   kDrop     DeleteTable: as kControl, and the throughput model forgets the table
//   kData     a data-plane call, charged by the throughput model as one unit
//   kBatch    a batch whose entries the throughput model charges one by one
//   kStream   a DynamoDB Streams read (target prefix DynamoDBStreams_20120810)
#pragma once

#include <string_view>

namespace ddblab {

enum class OperationKind { kControl, kDrop, kData, kBatch, kStream };

#define DDBLAB_OPERATIONS(X)       \
  X(BatchExecuteStatement, kBatch) \
  X(BatchGetItem, kBatch)          \
  X(BatchWriteItem, kBatch)        \
  X(CreateTable, kControl)         \
  X(DeleteItem, kData)             \
  X(DeleteTable, kDrop)            \
  X(DescribeEndpoints, kControl)   \
  X(DescribeLimits, kControl)      \
  X(DescribeStream, kStream)       \
  X(DescribeTable, kControl)       \
  X(DescribeTimeToLive, kControl)  \
  X(ExecuteStatement, kData)       \
  X(ExecuteTransaction, kData)     \
  X(GetItem, kData)                \
  X(GetRecords, kStream)           \
  X(GetShardIterator, kStream)     \
  X(ListStreams, kStream)          \
  X(ListTables, kControl)          \
  X(ListTagsOfResource, kControl)  \
  X(PutItem, kData)                \
  X(Query, kData)                  \
  X(Scan, kData)                   \
  X(TagResource, kControl)         \
  X(TransactGetItems, kData)       \
  X(TransactWriteItems, kData)     \
  X(UntagResource, kControl)       \
  X(UpdateItem, kData)             \
  X(UpdateTable, kControl)         \
  X(UpdateTimeToLive, kControl)

// Sets *kind to the kind of the operation named `name`; false when ddblab serves none by it.
inline bool FindOperationKind(std::string_view name, OperationKind* kind) {
#define DDBLAB_FIND_KIND(Name, How) \
  if (name == #Name) {              \
    *kind = OperationKind::How;     \
    return true;                    \
  }
  DDBLAB_OPERATIONS(DDBLAB_FIND_KIND)
#undef DDBLAB_FIND_KIND
  return false;
}

// Whether `name` is a DynamoDB Streams operation (served under DynamoDBStreams_20120810).
inline bool IsStreamsOperation(std::string_view name) {
  OperationKind kind;
  return FindOperationKind(name, &kind) && kind == OperationKind::kStream;
}

}  // namespace ddblab
