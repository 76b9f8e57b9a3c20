// Parse trees shared by the expression parsers and evaluators. A tree is built by the parser with
// placeholders still as written (#n, :v), then resolved in place once (see Resolve* in
// parser.h), then evaluated any number of times.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "ddblab/value.h"
#include "expr/expr.h"

namespace ddblab::expr {

// A value in an expression: a document path, a :value, or a function call.
struct Operand {
  enum class Type { kPath, kValue, kFunction };
  Type type = Type::kPath;
  Path path;              // kPath; elements named "#x" are unresolved until Resolve
  std::string value_ref;  // kValue: the ":v" token
  AttributeValue value;   // kValue: filled by Resolve
  std::string function;   // kFunction: name as written (function names are case-sensitive)
  std::vector<Operand> args;
};

enum class Comparator { kEq, kNe, kLt, kLe, kGt, kGe };
std::string_view ComparatorText(Comparator c);

// One node of a condition: a predicate (comparison, BETWEEN, IN, boolean function) or a
// connective (AND, OR, NOT).
struct CondNode {
  enum class Op { kCompare, kBetween, kIn, kFunction, kAnd, kOr, kNot };
  Op op = Op::kCompare;
  Comparator cmp = Comparator::kEq;
  // kCompare: {lhs, rhs}; kBetween: {x, low, high}; kIn: {x, candidates...}; kFunction: {call}.
  std::vector<Operand> operands;
  std::vector<std::unique_ptr<CondNode>> children;  // kAnd/kOr: two; kNot: one
  bool parenthesized = false;                       // written inside its own ( )
};

}  // namespace ddblab::expr
