// Expressions a caller builds as trees instead of writing them as text: the PartiQL planner
// turns a statement's WHERE, SET and SELECT list straight into these. Names and values sit in
// the trees already (no #name or :value is left to resolve). The engine checks each tree where it
// would have parsed the matching text member, with the checks and messages that follow a parse,
// so a statement and the request it stands for fail alike, in the same order.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "ddblab/requests.h"
#include "expr/ast.h"
#include "expr/update_ast.h"

namespace ddblab::expr {

struct Built {
  std::shared_ptr<const CondNode> key_condition;  // a Query's KeyConditionExpression
  std::shared_ptr<const CondNode> condition;      // FilterExpression or ConditionExpression
  std::optional<std::vector<Path>> projection;    // ProjectionExpression
  std::optional<std::vector<UpdateAction>> update;
  // The placeholder of each name when the trees are written as DynamoDB text (EXPLAIN shows the
  // request a statement became): #n0 -> name. Values carry theirs in Operand::value_ref.
  ExpressionAttributeNames names;
};

// The checks ParseCondition makes after parsing (functions, operand types, BETWEEN bounds), then
// the condition. `kind` is kFilter or kCondition and names the expression in messages.
Result<std::shared_ptr<const Condition>> ConditionFromTree(std::shared_ptr<const CondNode> root,
                                                           Kind kind);

// ParseKeyCondition's checks against the key schema, from a tree.
Result<KeyCondition> KeyConditionFromTree(const CondNode& root, const KeySchemaView& keys);

// ParseProjection's checks (no two paths overlap), from paths.
Result<ProjectionExpr> ProjectionFromPaths(std::vector<Path> paths);

// ParseUpdate's checks (operand types, function arity, no two targets overlap), from actions
// grouped by clause in SET, REMOVE, ADD, DELETE order.
Result<std::shared_ptr<const Update>> UpdateFromActions(std::vector<UpdateAction> actions);

// The trees written as DynamoDB expression text with the placeholders of `built`, as a client
// would send them ("#n0 = :v0 AND begins_with(#n1, :v1)"); empty for an absent member.
std::string KeyConditionText(const Built& built);
std::string ConditionText(const Built& built);
std::string ProjectionText(const Built& built);
std::string UpdateText(const Built& built);
// The values of those texts by placeholder (:v0 -> value).
ExpressionAttributeValues PlaceholderValues(const Built& built);

}  // namespace ddblab::expr
