// Error builders shared by the expression parsers and evaluators, so every message carries
// DynamoDB's "Invalid <Kind>Expression: " prefix in one place.
#pragma once

#include <string>
#include <string_view>

#include "ddblab/error.h"
#include "ddblab/value.h"
#include "expr/expr.h"

namespace ddblab::expr {

// ValidationException "Invalid <Kind>Expression: <detail>".
Error KindError(Kind kind, std::string_view detail);

// "Incorrect operand type for operator or function; operator or function: <op>, operand type:
// <T>" with the short type name (S, N, L, ...).
Error OperandTypeError(Kind kind, std::string_view op, AttrType type);

// "Incorrect number of operands for operator or function; operator or function: <f>, number of
// operands: <n>".
Error OperandCountError(Kind kind, std::string_view function, size_t count);

// DynamoDB's long type names used by ADD/DELETE messages (STRING, NUMBER, BINARY, BOOLEAN, NULL,
// LIST, MAP, ...).
std::string_view LongTypeName(AttrType type);

}  // namespace ddblab::expr
