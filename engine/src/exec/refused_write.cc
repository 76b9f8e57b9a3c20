#include "exec/refused_write.h"

#include "account/capacity_math.h"
#include "exec/op_common.h"

namespace ddblab {

int64_t RefusedWriteHalfUnits(const EvaluatedAction& e) {
  // DynamoDB (developer guide, "Read/write capacity mode", conditional writes): a failed
  // conditional write still consumes write capacity; the amount depends on the size of the
  // existing item, with a minimum of one unit.
  return WriteHalfUnits(e.old ? e.old->size : 0);
}

Error RefusedWrite(Error err, const WriteAction& a, const EvaluatedAction& e, const char* operation,
                   int partitions) {
  ConsumedCapacity cc = NewCapacity(a.table->name, false);
  const int64_t units = RefusedWriteHalfUnits(e);
  cc.table.half_units = units;
  cc.total.half_units = units;
  err.consumed_capacity = {std::move(cc)};
  auto trace = std::make_shared<Trace>();
  trace->operation = operation;
  trace->table = a.table->name;
  trace->partitions_total = partitions;
  trace->items_read = e.old ? 1 : 0;
  trace->bytes_read = e.old ? e.old->size : 0;
  AddPartitionHit(trace.get(), PartitionOf(a.key.h, partitions));
  err.trace = std::move(trace);
  return err;
}

}  // namespace ddblab
