// Static checks of condition trees (see condition.h).
#include <string>

#include "expr/condition.h"
#include "expr/messages.h"
#include "expr/render.h"

namespace ddblab::expr {
namespace {

bool IsOrderableType(AttrType t) {
  return t == AttrType::kS || t == AttrType::kN || t == AttrType::kB;
}

Error NotAllowedHere(Kind kind, const std::string& function) {
  return KindError(
      kind,
      "The function is not allowed to be used this way in an expression; function: " + function);
}

Error NeedsPath(Kind kind, const std::string& function) {
  return KindError(
      kind, "Operator or function requires a document path; operator or function: " + function);
}

// DynamoDB: the type names attribute_type accepts (Developer Guide "Condition and filter
// expressions, operators, and functions").
bool ValidTypeName(const std::string& s) {
  AttrType t;
  return ParseAttrType(s, &t);
}

Status CheckFunctionArgsArePlain(const Operand& call, Kind kind) {
  for (const Operand& a : call.args) {
    if (a.type == Operand::Type::kFunction) {
      if (!IsConditionFunction(a.function) && !IsUpdateFunction(a.function)) {
        return KindError(kind, "Invalid function name; function: " + a.function);
      }
      return NotAllowedHere(kind, a.function);
    }
  }
  return OkStatus();
}

// An operand used as a value: a path, a :value, or size(...).
Status CheckValueOperand(const Operand& op, Kind kind) {
  if (op.type != Operand::Type::kFunction) return OkStatus();
  if (op.function != "size") {
    if (!IsConditionFunction(op.function) && !IsUpdateFunction(op.function)) {
      return KindError(kind, "Invalid function name; function: " + op.function);
    }
    return NotAllowedHere(kind, op.function);
  }
  if (op.args.size() != 1) return OperandCountError(kind, op.function, op.args.size());
  DDB_TRY(CheckFunctionArgsArePlain(op, kind));
  const Operand& a = op.args[0];
  // DynamoDB: size() of a request value is checked up front; of an item value, at evaluation.
  if (a.type == Operand::Type::kValue) {
    AttrType t = a.value.type;
    if (t == AttrType::kN || t == AttrType::kBool || t == AttrType::kNull) {
      return OperandTypeError(kind, "size", t);
    }
  }
  return OkStatus();
}

Status CheckBooleanFunction(const Operand& call, Kind kind) {
  const std::string& f = call.function;
  if (f == "size" || IsUpdateFunction(f)) return NotAllowedHere(kind, f);
  if (!IsConditionFunction(f)) return KindError(kind, "Invalid function name; function: " + f);
  size_t want = (f == "attribute_exists" || f == "attribute_not_exists") ? 1 : 2;
  if (call.args.size() != want) return OperandCountError(kind, f, call.args.size());
  DDB_TRY(CheckFunctionArgsArePlain(call, kind));
  const Operand& a0 = call.args[0];
  if (want == 1) {
    if (a0.type != Operand::Type::kPath) return NeedsPath(kind, f);
    return OkStatus();
  }
  const Operand& a1 = call.args[1];
  if (f == "attribute_type") {
    if (a1.type != Operand::Type::kValue) {
      return KindError(kind,
                       "Incorrect operand type for operator or function; operator or function: "
                       "attribute_type, operand type: document path");
    }
    if (a1.value.type != AttrType::kS) return OperandTypeError(kind, f, a1.value.type);
    if (!ValidTypeName(a1.value.str())) {
      return KindError(kind, "Invalid attribute type name found; type: " + a1.value.str() +
                                 ", valid types: { B,NULL,SS,BOOL,L,BS,N,NS,S,M }");
    }
    return OkStatus();
  }
  if (f == "begins_with") {
    for (const Operand* a : {&a0, &a1}) {
      if (a->type == Operand::Type::kValue && a->value.type != AttrType::kS &&
          a->value.type != AttrType::kB) {
        return OperandTypeError(kind, f, a->value.type);
      }
    }
    return OkStatus();
  }
  // contains
  if (a0.type == Operand::Type::kPath && a1.type == Operand::Type::kPath &&
      a0.path.size() == a1.path.size()) {
    bool same = true;
    for (size_t i = 0; i < a0.path.size() && same; ++i) {
      same = a0.path[i].index == a1.path[i].index && a0.path[i].name == a1.path[i].name;
    }
    if (same) {
      return KindError(kind,
                       "The first and second operand of the contains function refer to the same "
                       "document path; operator or function: contains");
    }
  }
  return OkStatus();
}

}  // namespace

std::string BoundText(const AttributeValue& v) {
  std::string text = v.type == AttrType::kN ? v.num().ToString() : RenderValue(v);
  if (v.type == AttrType::kS) text = v.str();
  return "AttributeValue: {" + std::string(AttrTypeName(v.type)) + ":" + text + "}";
}

bool IsConditionFunction(std::string_view name) {
  return name == "attribute_exists" || name == "attribute_not_exists" || name == "attribute_type" ||
         name == "begins_with" || name == "contains" || name == "size";
}

bool IsUpdateFunction(std::string_view name) {
  return name == "if_not_exists" || name == "list_append";
}

Status ValidateCondition(const CondNode& node, Kind kind) {
  switch (node.op) {
    case CondNode::Op::kAnd:
    case CondNode::Op::kOr:
    case CondNode::Op::kNot:
      for (const auto& c : node.children) DDB_TRY(ValidateCondition(*c, kind));
      return OkStatus();
    case CondNode::Op::kFunction:
      return CheckBooleanFunction(node.operands[0], kind);
    case CondNode::Op::kCompare: {
      for (const Operand& op : node.operands) DDB_TRY(CheckValueOperand(op, kind));
      if (node.cmp == Comparator::kEq || node.cmp == Comparator::kNe) return OkStatus();
      // DynamoDB: a request value that can never be ordered is an error, an item value of the
      // wrong type just makes the comparison false.
      for (const Operand& op : node.operands) {
        if (op.type == Operand::Type::kValue && !IsOrderableType(op.value.type)) {
          return OperandTypeError(kind, ComparatorText(node.cmp), op.value.type);
        }
      }
      return OkStatus();
    }
    case CondNode::Op::kBetween: {
      for (const Operand& op : node.operands) {
        DDB_TRY(CheckValueOperand(op, kind));
        if (op.type == Operand::Type::kValue && !IsOrderableType(op.value.type)) {
          return OperandTypeError(kind, "BETWEEN", op.value.type);
        }
      }
      const Operand& low = node.operands[1];
      const Operand& high = node.operands[2];
      if (low.type == Operand::Type::kValue && high.type == Operand::Type::kValue) {
        // DynamoDB's texts name both bounds: "lower bound operand: AttributeValue: {N:9}, ...".
        const std::string bounds = "lower bound operand: " + BoundText(low.value) +
                                   ", upper bound operand: " + BoundText(high.value);
        if (low.value.type != high.value.type) {
          return KindError(kind,
                           "The BETWEEN operator requires same data type for lower and upper "
                           "bounds; " +
                               bounds);
        }
        if (CompareScalar(low.value, high.value) > 0) {
          return KindError(kind,
                           "The BETWEEN operator requires upper bound to be greater than or equal "
                           "to lower bound; " +
                               bounds);
        }
      }
      return OkStatus();
    }
    case CondNode::Op::kIn:
      // DynamoDB: at most 100 values on the right of IN.
      if (node.operands.size() - 1 > 100) {
        return KindError(kind,
                         "The IN operator is provided with too many operands; number of "
                         "operands: " +
                             std::to_string(node.operands.size() - 1));
      }
      for (const Operand& op : node.operands) DDB_TRY(CheckValueOperand(op, kind));
      return OkStatus();
  }
  return OkStatus();
}

}  // namespace ddblab::expr
