// Which attributes a Query's key condition may name when the queried GSI has multi-attribute
// keys; shared by KeyConditionExpression and the legacy KeyConditions.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "ddblab/error.h"
#include "expr/expr.h"

namespace ddblab::expr {

// `named` lists each attribute the condition names with whether its condition is an equality.
// DynamoDB (GSI.DesignPattern.MultiAttributeKeys): every partition-key attribute needs an
// equality; sort-key attributes are named left to right without skipping one, and only the last
// one named may have a range condition (<, <=, >, >=, BETWEEN, begins_with).
// Returns how many sort-key attributes the condition reaches (0 to keys.range.size()).
Result<size_t> CheckMultiAttributeKeyNames(const KeySchemaView& keys,
                                           const std::vector<std::pair<std::string, bool>>& named);

}  // namespace ddblab::expr
