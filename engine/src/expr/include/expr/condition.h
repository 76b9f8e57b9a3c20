// Internals of ConditionExpression / FilterExpression: the static checks made once after
// resolution, and the per-item evaluator.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "ddblab/error.h"
#include "ddblab/value.h"
#include "expr/ast.h"

namespace ddblab::expr {

// DynamoDB's function names (case-sensitive).
bool IsConditionFunction(std::string_view name);  // attribute_exists ... contains, size
bool IsUpdateFunction(std::string_view name);     // if_not_exists, list_append

// DynamoDB's rendering of a BETWEEN bound in messages: "AttributeValue: {N:10}".
std::string BoundText(const AttributeValue& v);

// Checks a resolved condition tree for errors DynamoDB reports before touching any item: unknown
// functions, wrong argument counts or kinds, request-side operand types, BETWEEN bounds.
Status ValidateCondition(const CondNode& node, Kind kind);

// Evaluates a validated tree on `item` (null: no item). Never fails: item-side type mismatches
// make the predicate false.
bool EvaluateCondition(const CondNode& node, const Item* item);

// Wraps a tree built without the parser (the legacy Expected / QueryFilter / ScanFilter
// translation) as a Condition; the tree must already be valid.
std::shared_ptr<const Condition> MakeCondition(std::unique_ptr<CondNode> root);

}  // namespace ddblab::expr
