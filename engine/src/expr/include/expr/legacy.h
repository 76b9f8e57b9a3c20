// DynamoDB's legacy (non-expression) parameters: Expected, KeyConditions, QueryFilter,
// ScanFilter, ConditionalOperator, AttributeUpdates and AttributesToGet. Each is validated with
// DynamoDB's own rules and messages, then turned into the same Condition / Update /
// ProjectionExpr objects the expression languages produce, so evaluation, capacity and traces
// take one path whichever style the request used.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "ddblab/error.h"
#include "ddblab/requests.h"
#include "expr/expr.h"

namespace ddblab::expr {

// One request member and whether the request gave it.
struct MemberUse {
  const char* name;
  bool present;
};

// DynamoDB: "Can not use both expression and non-expression parameters in the same request:
// Non-expression parameters: {Expected} Expression parameters: {ConditionExpression}". Members
// are listed in the order given, which is DynamoDB's order for each operation.
Status CheckExpressionStyle(std::initializer_list<MemberUse> non_expression,
                            std::initializer_list<MemberUse> expression);

// Checks a ConditionalOperator: its enum, and that there is something to combine
// ("ConditionalOperator cannot be used without Filter or Expected", "ConditionalOperator can only
// be used when Filter or Expected has two or more elements"). `entries` is the size of Expected
// or of the filter, nullopt when absent.
Status CheckConditionalOperator(const std::optional<std::string>& op,
                                std::optional<size_t> entries);

// Validates Expected and builds the condition it states (nullptr when there is none). Entries are
// combined with ConditionalOperator (AND by default).
Result<std::shared_ptr<const Condition>> ExpectedCondition(
    const std::optional<ExpectedAttributes>& expected,
    const std::optional<std::string>& conditional_operator);

// Validates QueryFilter / ScanFilter / KeyConditions entries: ComparisonOperator present and
// known, AttributeValueList arity, one type across the list, the types each operator accepts,
// BETWEEN bounds in order. `member` is the lowerCamelCase request member for messages
// ("queryFilter", "scanFilter", "keyConditions").
Status ValidateConditions(const Conditions& conditions, const char* member);

// Builds a filter from validated QueryFilter / ScanFilter entries (nullptr when empty).
std::shared_ptr<const Condition> FilterCondition(const Conditions& conditions,
                                                 const std::optional<std::string>& op);

// Turns validated KeyConditions into a KeyCondition for the queried key schema, with DynamoDB's
// messages ("Query condition missed key schema element: pk", "Attempted conditional constraint
// is not an indexable operation", "Query key condition not supported", "One or more parameter
// values were invalid: Condition parameter type does not match schema type").
Result<KeyCondition> KeyConditionFromLegacy(const Conditions& conditions,
                                            const KeySchemaView& keys);

// Validates AttributesToGet (no duplicates; at least one name) and turns it into a projection of
// top-level attributes.
Result<ProjectionExpr> ProjectionFromAttributesToGet(const std::vector<std::string>& names,
                                                     const char* member = "attributesToGet");

// GetItem and BatchGetItem's KeysAndAttributes: AttributesToGet is not mixed with
// ProjectionExpression; returns the projection it states (nullopt when absent).
Result<std::optional<ProjectionExpr>> AttributesToGetProjection(
    const std::optional<std::vector<std::string>>& names, bool has_projection_expression,
    const char* member);

// Validates AttributeUpdates (Action enum, which actions need or accept a Value and of which
// types) and builds the update. Key attributes are refused by the caller, as for
// UpdateExpression.
Result<std::shared_ptr<const Update>> AttributeUpdatesUpdate(const AttributeUpdates& updates);

}  // namespace ddblab::expr
