// StreamSpecification on CreateTable and UpdateTable: DynamoDB's checks and messages, and what
// the request does to the table's streams.
#pragma once

#include <optional>
#include <string>

#include "catalog/schema.h"
#include "ddblab/requests.h"

namespace ddblab {

// Shape and meaning of a CreateTable's StreamSpecification.
std::optional<Error> CheckCreateStream(const StreamSpecification& s);

// An UpdateTable's StreamSpecification against the table's current streams, and against the
// other changes of the same request.
std::optional<Error> CheckUpdateStream(const TableSchema& current, const UpdateTableRequest& r);

// Applies a validated StreamSpecification at engine time `now`: enabling adds a new stream
// (labelled with the time, one millisecond later than the last label if they would collide);
// disabling marks the enabled one disabled.
void ApplyStreamSpecification(const StreamSpecification& s, double now, TableSchema* table);

}  // namespace ddblab
