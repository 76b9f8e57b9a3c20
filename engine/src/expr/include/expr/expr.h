// DynamoDB's expression languages: one lexer and parser for KeyConditionExpression,
// FilterExpression, ConditionExpression, ProjectionExpression and UpdateExpression. Expressions
// are parsed once, resolved once (placeholders substituted, usage recorded), evaluated per item.
// Every error is a ValidationException with DynamoDB's message, prefixed
// "Invalid <Kind>Expression: " where DynamoDB does so.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ddblab/error.h"
#include "ddblab/requests.h"
#include "ddblab/value.h"

namespace ddblab::expr {

enum class Kind { kKeyCondition, kFilter, kCondition, kProjection, kUpdate };
// "KeyCondition", "Filter", "Condition", "Projection", "Update".
std::string_view KindName(Kind k);

// One step of a document path: a map key / attribute name, or a list index.
struct PathElement {
  std::string name;
  int64_t index = -1;  // >= 0 for a list index
  bool is_index() const { return index >= 0; }
};
using Path = std::vector<PathElement>;

// Placeholder bookkeeping shared by all expressions of one request: resolves #names and :values
// and remembers which were used, so unused ones can be reported once every expression is parsed.
class Context {
 public:
  Context(const std::optional<ExpressionAttributeNames>& names,
          const std::optional<ExpressionAttributeValues>& values);
  // Checks made before parsing: empty maps ("ExpressionAttributeNames must not be empty"), maps
  // given without any expression ("ExpressionAttributeNames can only be specified when using
  // expressions", "ExpressionAttributeValues can only be specified when using expressions:
  // <which> is null" — `null_expressions` names them, e.g. "ConditionExpression" or
  // "UpdateExpression and ConditionExpression"), invalid keys.
  Status CheckMaps(bool any_expression, const std::string& null_expressions) const;
  // After every expression of the request is parsed: "Value provided in
  // ExpressionAttributeNames unused in expressions: keys: {#a, #b}" (and the same for values).
  Status CheckAllUsed() const;

  // Used by the parser.
  Result<std::string> ResolveName(const std::string& token, Kind kind);
  Result<const AttributeValue*> ResolveValue(const std::string& token, Kind kind);

 private:
  const std::optional<ExpressionAttributeNames>& names_;
  const std::optional<ExpressionAttributeValues>& values_;
  std::vector<std::string> used_names_;
  std::vector<std::string> used_values_;
};

// ---------------------------------------------------------------- conditions and filters

class Condition {
 public:
  virtual ~Condition() = default;
  // Evaluates on an item; `item` null means "no such item" (every path is missing).
  // Comparisons across types are false, not errors.
  virtual bool Evaluate(const Item* item) const = 0;
  // Top-level attribute names the condition reads (for "Filter Expression can only contain
  // non-primary key attributes: Primary key attribute: pk").
  virtual std::vector<std::string> TopLevelAttributes() const = 0;
  // Human-readable rendering with placeholders substituted (for traces and EXPLAIN).
  virtual std::string ToString() const = 0;
};

// Parses a ConditionExpression (kind kCondition) or FilterExpression (kind kFilter).
Result<std::shared_ptr<const Condition>> ParseCondition(std::string_view text, Kind kind,
                                                        Context& ctx);

// ---------------------------------------------------------------- key conditions

enum class SortOp { kNone, kEq, kLt, kLe, kGt, kGe, kBetween, kBeginsWith };

struct KeyPartView {
  std::string name;
  AttrType type = AttrType::kS;
};

// The key schema a Query reads: one partition-key attribute and at most one sort-key attribute
// for a table or an LSI; 1-4 and 0-4 for a GSI with multi-attribute keys, in KeySchema order.
struct KeySchemaView {
  std::vector<KeyPartView> hash;
  std::vector<KeyPartView> range;
  bool MultiAttribute() const { return hash.size() > 1 || range.size() > 1; }
  bool IsKey(const std::string& name) const {
    for (const auto* list : {&hash, &range}) {
      for (const KeyPartView& k : *list) {
        if (k.name == name) return true;
      }
    }
    return false;
  }
};

struct KeyCondition {
  std::vector<AttributeValue> hash_values;  // one per partition-key attribute, in order
  // Equalities on the leading sort-key attributes; sort_op applies to the attribute after them.
  std::vector<AttributeValue> sort_prefix;
  SortOp sort_op = SortOp::kNone;
  AttributeValue sort_value;   // kEq..kGe, kBeginsWith, kBetween lower bound
  AttributeValue sort_value2;  // kBetween upper bound
  std::string text;            // rendered, placeholders substituted
};

// Parses a KeyConditionExpression against the queried table's or index's key schema, with
// DynamoDB's validation ("Query condition missed key schema element: pk", "Query key condition
// not supported", "KeyConditionExpressions must only contain one condition per key", ...).
Result<KeyCondition> ParseKeyCondition(std::string_view text, const KeySchemaView& keys,
                                       Context& ctx);

// ---------------------------------------------------------------- projections

struct ProjectionExpr {
  std::vector<Path> paths;
  // Top-level attribute names the projection reads (for "Global secondary index X does not
  // project [attr]").
  std::vector<std::string> TopLevelAttributes() const;
};

Result<ProjectionExpr> ParseProjection(std::string_view text, Context& ctx);

// The item reduced to the projected paths, keeping structure ("a.b[0]" -> {"a":{"b":[e0]}}).
Item Project(const ProjectionExpr& p, const Item& item);

// ---------------------------------------------------------------- updates

class Update {
 public:
  virtual ~Update() = default;

  // Top-level attribute names written (SET/REMOVE/ADD/DELETE targets), to reject key updates:
  // "One or more parameter values were invalid: Cannot update attribute pk. This attribute is
  // part of the key".
  virtual std::vector<std::string> TargetTopLevelAttributes() const = 0;
  // Whether target `name` is written through a nested path (a.b or a[0]) — for key attributes
  // that is "Key attributes must be scalars; list random access '[]' and map lookup '.' are not
  // allowed: Key: pk".
  virtual bool TargetsNestedPathOf(const std::string& name) const = 0;

  struct Outcome {
    Item new_item;
    Item updated_old;  // UPDATED_OLD: touched attributes with their old values
    Item updated_new;  // UPDATED_NEW: written attributes with their new values
    // False when the update leaves no item: only REMOVE actions on an item that does not exist
    // (DynamoDB does not create it). new_item is then empty.
    bool exists = true;
  };
  // Applies the update to `old_item` (null: the item does not exist; `key` seeds the new
  // item). Errors: "The document path provided in the update expression is invalid for update",
  // "The provided expression refers to an attribute that does not exist in the item",
  // "An operand in the update expression has an incorrect data type", number overflow, ...
  virtual Result<Outcome> Apply(const Item* old_item, const Key& key) const = 0;
};

Result<std::shared_ptr<const Update>> ParseUpdate(std::string_view text, Context& ctx);

}  // namespace ddblab::expr
