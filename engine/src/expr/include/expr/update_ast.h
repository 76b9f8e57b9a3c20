// Parse tree of an UpdateExpression: its actions in text order, clause by clause.
#pragma once

#include <vector>

#include "expr/ast.h"

namespace ddblab::expr {

struct UpdateAction {
  enum class Clause { kSet, kRemove, kAdd, kDelete };
  Clause clause = Clause::kSet;
  Path path;
  // SET: `lhs` alone, or `lhs + rhs` / `lhs - rhs`. ADD and DELETE: the :value in `lhs`.
  Operand lhs;
  char arithmetic = 0;  // 0, '+' or '-'
  Operand rhs;
};

// Parses and resolves `text`, and checks everything that does not need the item: function names
// and arity, request-side operand types, clause repetition, path overlap.
Result<std::vector<UpdateAction>> ParseUpdateActions(std::string_view text, Context& ctx);

// The checks above that follow parsing, for actions however they were made.
Status CheckUpdateActions(const std::vector<UpdateAction>& actions);

}  // namespace ddblab::expr
