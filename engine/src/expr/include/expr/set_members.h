// Set arithmetic shared by UpdateExpression's ADD/DELETE and the legacy AttributeUpdates'
// ADD/DELETE. Both operands are sets of the same type (SS, NS or BS); callers check the types
// and word the error their API uses.
#pragma once

#include "ddblab/value.h"

namespace ddblab::expr {

// Adds the members of `v` that `target` lacks, keeping `target`'s order.
void AddSetMembers(AttributeValue& target, const AttributeValue& v);

// Removes the members of `v` from `target`; returns whether `target` is now empty.
bool RemoveSetMembers(AttributeValue& target, const AttributeValue& v);

}  // namespace ddblab::expr
