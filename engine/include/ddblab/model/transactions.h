// The transactions' answers written once as data (ddblab/model/shape.h). Their requests are still
// hand-written (requests.h: a TransactWriteItem is one of four actions, which the model does not
// say yet).
#pragma once

#include <vector>

#include "ddblab/capacity.h"
#include "ddblab/model/items.h"
#include "ddblab/model/shape.h"

namespace ddblab {

// One ItemResponse per Get, in the request's order (no Item where the item is missing), and the
// capacity per table.
#define DDBLAB_SHAPE_TransactGetItemsResponse(M)                                             \
  M(Responses, responses, std::vector<ItemResponse>, model::kRequired, model::kNoConstraint) \
  M(ConsumedCapacity, consumed_capacity, std::vector<ConsumedCapacity>, model::kRequired,    \
    model::kNoConstraint)                                                                    \
  M(Trace, trace, Trace, model::kRequired, model::kNoConstraint)
DDBLAB_MODEL_STRUCT(TransactGetItemsResponse)
constexpr bool SpentReading(const TransactGetItemsResponse&) { return true; }

// The capacity per table, charged as writes (a repeated call with the same ClientRequestToken is
// charged as reads, which the units in the body show).
#define DDBLAB_SHAPE_TransactWriteItemsResponse(M)                                        \
  M(ConsumedCapacity, consumed_capacity, std::vector<ConsumedCapacity>, model::kRequired, \
    model::kNoConstraint)                                                                 \
  M(Trace, trace, Trace, model::kRequired, model::kNoConstraint)
DDBLAB_MODEL_STRUCT(TransactWriteItemsResponse)
constexpr bool SpentReading(const TransactWriteItemsResponse&) { return false; }

}  // namespace ddblab
