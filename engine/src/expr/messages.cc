#include "expr/messages.h"

#include <string>

namespace ddblab::expr {

std::string_view KindName(Kind k) {
  switch (k) {
    case Kind::kKeyCondition:
      return "KeyCondition";
    case Kind::kFilter:
      return "Filter";
    case Kind::kCondition:
      return "Condition";
    case Kind::kProjection:
      return "Projection";
    case Kind::kUpdate:
      return "Update";
  }
  return "Condition";
}

Error KindError(Kind kind, std::string_view detail) {
  std::string msg = "Invalid ";
  msg += KindName(kind);
  msg += "Expression: ";
  msg += detail;
  return ValidationError(std::move(msg));
}

Error OperandTypeError(Kind kind, std::string_view op, AttrType type) {
  std::string detail = "Incorrect operand type for operator or function; operator or function: ";
  detail += op;
  detail += ", operand type: ";
  detail += AttrTypeName(type);
  return KindError(kind, detail);
}

Error OperandCountError(Kind kind, std::string_view function, size_t count) {
  std::string detail =
      "Incorrect number of operands for operator or function; operator or function: ";
  detail += function;
  detail += ", number of operands: ";
  detail += std::to_string(count);
  return KindError(kind, detail);
}

std::string_view LongTypeName(AttrType type) {
  switch (type) {
    case AttrType::kS:
      return "STRING";
    case AttrType::kN:
      return "NUMBER";
    case AttrType::kB:
      return "BINARY";
    case AttrType::kBool:
      return "BOOLEAN";
    case AttrType::kNull:
      return "NULL";
    case AttrType::kL:
      return "LIST";
    case AttrType::kM:
      return "MAP";
    case AttrType::kSS:
      return "STRING_SET";
    case AttrType::kNS:
      return "NUMBER_SET";
    case AttrType::kBS:
      return "BINARY_SET";
  }
  return "NULL";
}

}  // namespace ddblab::expr
