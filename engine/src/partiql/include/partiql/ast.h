// The syntax tree of one DynamoDB PartiQL statement, as the parser produces it and the planner
// consumes it. Literals keep their source text so that value errors can name where in a nested
// literal they occurred ("... under root.x"), and every node keeps its source span for the
// `at <line>:<column>:<length>` positions DynamoDB puts in its messages.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace ddblab::partiql {

// Where a token or node sits in the statement: 1-based line and column, length in characters.
struct Span {
  int line = 1;
  int column = 1;
  int length = 0;
  size_t offset = 0;  // byte offset into the statement
};

// " at <line>:<column>:<length>", the position suffix DynamoDB appends to PartiQL messages.
std::string PositionSuffix(const Span& s);

// One step of a document path: an attribute or map key name, or a list index.
struct PathStep {
  std::string name;
  int64_t index = -1;  // >= 0 for a list index
  bool is_index() const { return index >= 0; }
};

enum class ExprKind {
  kPath,       // path
  kString,     // text
  kNumber,     // text (exactly as written, sign included)
  kBool,       // flag
  kNull,       // NULL
  kMissing,    // MISSING (only meaningful after IS)
  kParameter,  // ?  (parameter_index)
  kMap,        // {'k': v, ...}: keys + args
  kList,       // [v, ...]: args
  kBag,        // <<v, ...>>: args
  kCompare,    // args[0] op args[1]; op is "=", "<>", "<", "<=", ">", ">="
  kBetween,    // args[0] BETWEEN args[1] AND args[2]; negated for NOT BETWEEN
  kIn,         // args[0] IN args[1..]; negated for NOT IN
  kAnd,        // args[0] AND args[1] AND ...
  kOr,         // args[0] OR args[1] OR ...
  kNot,        // NOT args[0]
  kCall,       // text(args...); text is the function name lower-cased
  kIs,         // args[0] IS [NOT] text; text is the upper-cased type name (MISSING, NULL, ...)
  kArith,      // args[0] op args[1]; op is "+" or "-"
};

struct Expr {
  ExprKind kind = ExprKind::kNull;
  Span span;
  std::vector<PathStep> path;     // kPath
  std::string text;               // kString, kNumber, kCall, kIs
  bool flag = false;              // kBool
  bool negated = false;           // kBetween, kIn, kIs
  std::string op;                 // kCompare, kArith
  int parameter_index = -1;       // kParameter
  std::vector<std::string> keys;  // kMap
  std::vector<Expr> args;
};

enum class StatementKind { kSelect, kInsert, kUpdate, kDelete, kExists };

struct OrderTerm {
  std::string name;
  bool descending = false;
  Span span;
};

struct UpdateAction {
  bool remove = false;  // REMOVE target; otherwise SET target = value
  Expr target;          // a kPath
  Expr value;           // SET only
};

struct Statement {
  StatementKind kind = StatementKind::kSelect;
  std::string table;
  std::string index;  // SELECT / EXISTS from "table"."index"; empty for the table
  Span table_span;
  // SELECT and EXISTS(SELECT ...)
  bool star = false;
  std::vector<Expr> projection;  // kPath nodes
  std::vector<OrderTerm> order_by;
  // All but INSERT
  std::optional<Expr> where;
  // INSERT
  std::optional<Expr> value;
  // UPDATE
  std::vector<UpdateAction> updates;
  // UPDATE / DELETE: "ALL OLD", "MODIFIED OLD", "ALL NEW", "MODIFIED NEW"; empty without one.
  std::string returning;
  int parameter_count = 0;

  bool is_read() const { return kind == StatementKind::kSelect; }
};

}  // namespace ddblab::partiql
