// DynamoDB's operations as ddblab serves them: one row each, and the only list of them. The wire
// dispatch, the JSON codecs, the engine that runs each call between Time to Live sweeps,
// SupportedOperations, the aws-CLI subcommands of modelled operations and the Streams
// endpoint's target prefix are all generated from it.
//
// A row is X(Name, How). Name is DynamoDB's spelling: the Engine method, NameRequest and
// NameResponse, and the X-Amz-Target suffix. How says how a call runs:
//   kControl  table, tag, Time to Live and account operations: never charged by the throughput
//             model
//   kDrop     DeleteTable: as kControl, and the throughput model forgets the table
//   kData     a data-plane call, charged by the throughput model as one unit
//   kBatch    a batch whose entries the throughput model charges one by one
//   kStream   a DynamoDB Streams read (target prefix DynamoDBStreams_20120810)
//
// A modelled operation's request and response are written once as data (ddblab/model/), and
// its structs, JSON codecs (both ways), member validation and aws-CLI options are generated
// from them: adding one is its row in DDBLAB_MODELLED_OPERATIONS, its shapes in a model file
// and its Engine method (README, "Adding an operation"). The operations in
// DDBLAB_HAND_OPERATIONS still have hand-written structs (requests.h) and codecs (wire/).
#pragma once

#include <cstddef>
#include <iterator>
#include <optional>
#include <string_view>

namespace ddblab {

enum class OperationKind { kControl, kDrop, kData, kBatch, kStream };

#define DDBLAB_HAND_OPERATIONS(X) \
  X(BatchGetItem, kBatch)         \
  X(BatchWriteItem, kBatch)       \
  X(CreateTable, kControl)        \
  X(TransactGetItems, kData)      \
  X(TransactWriteItems, kData)    \
  X(UpdateTable, kControl)

#define DDBLAB_MODELLED_OPERATIONS(X)    \
  X(BatchExecuteStatement, kBatch)       \
  X(DeleteItem, kData)                   \
  X(DeleteResourcePolicy, kControl)      \
  X(DeleteTable, kDrop)                  \
  X(DescribeContinuousBackups, kControl) \
  X(DescribeEndpoints, kControl)         \
  X(DescribeLimits, kControl)            \
  X(DescribeStream, kStream)             \
  X(DescribeTable, kControl)             \
  X(DescribeTimeToLive, kControl)        \
  X(ExecuteStatement, kData)             \
  X(ExecuteTransaction, kData)           \
  X(GetItem, kData)                      \
  X(GetRecords, kStream)                 \
  X(GetResourcePolicy, kControl)         \
  X(GetShardIterator, kStream)           \
  X(ListStreams, kStream)                \
  X(ListTables, kControl)                \
  X(ListTagsOfResource, kControl)        \
  X(PutItem, kData)                      \
  X(PutResourcePolicy, kControl)         \
  X(Query, kData)                        \
  X(Scan, kData)                         \
  X(TagResource, kControl)               \
  X(UntagResource, kControl)             \
  X(UpdateContinuousBackups, kControl)   \
  X(UpdateItem, kData)                   \
  X(UpdateTimeToLive, kControl)

#define DDBLAB_OPERATIONS(X) DDBLAB_HAND_OPERATIONS(X) DDBLAB_MODELLED_OPERATIONS(X)

// The operations as an enum, in the list's order: compare operations as this, never by name.
enum class Operation : unsigned char {
#define DDBLAB_OPERATION_ENUMERATOR(Name, How) Name,
  DDBLAB_OPERATIONS(DDBLAB_OPERATION_ENUMERATOR)
#undef DDBLAB_OPERATION_ENUMERATOR
};

namespace operations_internal {
struct OperationRow {
  std::string_view name;
  OperationKind kind;
};
inline constexpr OperationRow kOperationRows[] = {
#define DDBLAB_OPERATION_ROW(Name, How) {#Name, OperationKind::How},
    DDBLAB_OPERATIONS(DDBLAB_OPERATION_ROW)
#undef DDBLAB_OPERATION_ROW
};
}  // namespace operations_internal

inline constexpr size_t kOperationCount = std::size(operations_internal::kOperationRows);

// DynamoDB's spelling ("PutItem"): the X-Amz-Target suffix.
constexpr std::string_view OperationName(Operation op) {
  return operations_internal::kOperationRows[static_cast<size_t>(op)].name;
}

// The operation DynamoDB spells `name`; nullopt when ddblab serves none by it.
constexpr std::optional<Operation> OperationFromName(std::string_view name) {
  for (size_t i = 0; i < kOperationCount; ++i) {
    if (operations_internal::kOperationRows[i].name == name) return static_cast<Operation>(i);
  }
  return std::nullopt;
}

constexpr OperationKind KindOf(Operation op) {
  return operations_internal::kOperationRows[static_cast<size_t>(op)].kind;
}

// Whether `op` is a DynamoDB Streams operation (served under DynamoDBStreams_20120810).
constexpr bool IsStreamsOperation(Operation op) { return KindOf(op) == OperationKind::kStream; }
// The same for a name from the wire; false for a name ddblab serves no operation by.
constexpr bool IsStreamsOperation(std::string_view name) {
  std::optional<Operation> op = OperationFromName(name);
  return op && IsStreamsOperation(*op);
}

}  // namespace ddblab
