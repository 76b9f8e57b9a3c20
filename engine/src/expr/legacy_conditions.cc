// Expected, QueryFilter and ScanFilter: DynamoDB's validation of each comparison, then the
// equivalent condition tree, evaluated by the same evaluator as ConditionExpression.
#include <string>
#include <utility>

#include "expr/ast.h"
#include "expr/condition.h"
#include "expr/legacy.h"

namespace ddblab::expr {
namespace {

const std::string kLegacyConditionInvalid = "One or more parameter values were invalid: ";

// Which AttributeValue types an operator's arguments may have.
enum class Operands {
  kAny,            // EQ, NE: every type, lists, maps, sets and BOOL/NULL too
  kScalars,        // LT, LE, GT, GE, IN, BETWEEN: S, N, B
  kStrings,        // BEGINS_WITH: S, B
  kSetMemberLike,  // CONTAINS, NOT_CONTAINS: S, N, B, BOOL, NULL (what a set or list may hold)
};

struct OperatorRule {
  const char* name;
  int min_args;
  int max_args;  // -1: no upper bound (IN)
  Operands operands;
};

// DynamoDB: API reference "Condition" — the arity and AttributeValue types of each operator.
constexpr OperatorRule kRules[] = {
    {"EQ", 1, 1, Operands::kAny},
    {"NE", 1, 1, Operands::kAny},
    {"LE", 1, 1, Operands::kScalars},
    {"LT", 1, 1, Operands::kScalars},
    {"GE", 1, 1, Operands::kScalars},
    {"GT", 1, 1, Operands::kScalars},
    {"NOT_NULL", 0, 0, Operands::kScalars},
    {"NULL", 0, 0, Operands::kScalars},
    {"CONTAINS", 1, 1, Operands::kSetMemberLike},
    {"NOT_CONTAINS", 1, 1, Operands::kSetMemberLike},
    {"BEGINS_WITH", 1, 1, Operands::kStrings},
    {"IN", 1, -1, Operands::kScalars},
    {"BETWEEN", 2, 2, Operands::kScalars},
};

const OperatorRule* FindRule(const std::string& op) {
  for (const OperatorRule& r : kRules) {
    if (op == r.name) return &r;
  }
  return nullptr;
}

bool TypeAllowed(const OperatorRule& r, AttrType t) {
  const bool scalar = t == AttrType::kS || t == AttrType::kN || t == AttrType::kB;
  switch (r.operands) {
    case Operands::kAny:
      return true;
    case Operands::kScalars:
      return scalar;
    case Operands::kStrings:
      return t == AttrType::kS || t == AttrType::kB;
    case Operands::kSetMemberLike:
      return scalar || t == AttrType::kBool || t == AttrType::kNull;
  }
  return false;
}

Error EnumError(const std::string& value, const std::string& at) {
  return ValidationError(
      "1 validation error detected: Value '" + value + "' at '" + at +
      "' failed to satisfy constraint: Member must satisfy enum value set: [IN, NULL, BETWEEN, LT, "
      "NOT_CONTAINS, EQ, GT, NOT_NULL, NE, LE, BEGINS_WITH, GE, CONTAINS]");
}

// The checks every ComparisonOperator form shares (Expected, filters, KeyConditions).
Status CheckComparison(const OperatorRule& r, const std::vector<AttributeValue>& values) {
  int n = static_cast<int>(values.size());
  if (n < r.min_args || (r.max_args >= 0 && n > r.max_args)) {
    return ValidationError(kLegacyConditionInvalid + "Invalid number of argument(s) for the " +
                           r.name + " ComparisonOperator");
  }
  for (const AttributeValue& v : values) {
    if (v.type != values[0].type) {
      return ValidationError(kLegacyConditionInvalid +
                             "AttributeValues inside AttributeValueList must be of same type");
    }
  }
  for (const AttributeValue& v : values) {
    if (!TypeAllowed(r, v.type)) {
      return ValidationError(kLegacyConditionInvalid + "ComparisonOperator " + r.name +
                             " is not valid for " + std::string(AttrTypeName(v.type)) +
                             " AttributeValue type");
    }
  }
  if (std::string(r.name) == "BETWEEN" && CompareScalar(values[0], values[1]) > 0) {
    return ValidationError(
        "The BETWEEN condition was provided a range where the lower bound is greater than the "
        "upper bound");
  }
  return OkStatus();
}

Operand PathOperand(const std::string& name) {
  Operand o;
  o.type = Operand::Type::kPath;
  o.path = Path{PathElement{name, -1}};
  return o;
}

Operand ValueOperand(const AttributeValue& v) {
  Operand o;
  o.type = Operand::Type::kValue;
  o.value = v;
  return o;
}

std::unique_ptr<CondNode> FunctionNode(const char* function, const std::string& name,
                                       const AttributeValue* value) {
  auto node = std::make_unique<CondNode>();
  node->op = CondNode::Op::kFunction;
  Operand call;
  call.type = Operand::Type::kFunction;
  call.function = function;
  call.args.push_back(PathOperand(name));
  if (value != nullptr) call.args.push_back(ValueOperand(*value));
  node->operands.push_back(std::move(call));
  return node;
}

std::unique_ptr<CondNode> Connective(CondNode::Op op, std::unique_ptr<CondNode> a,
                                     std::unique_ptr<CondNode> b) {
  auto node = std::make_unique<CondNode>();
  node->op = op;
  node->children.push_back(std::move(a));
  if (b) node->children.push_back(std::move(b));
  return node;
}

std::unique_ptr<CondNode> CompareNode(Comparator cmp, const std::string& name,
                                      const AttributeValue& v) {
  auto node = std::make_unique<CondNode>();
  node->op = CondNode::Op::kCompare;
  node->cmp = cmp;
  node->operands.push_back(PathOperand(name));
  node->operands.push_back(ValueOperand(v));
  return node;
}

// The expression-language predicate with the legacy operator's meaning. Where the two differ the
// tree says so explicitly: NOT_CONTAINS is false on a missing attribute (as is CONTAINS), while
// NE is true there, as in the expression language.
std::unique_ptr<CondNode> ComparisonNode(const std::string& op, const std::string& name,
                                         const std::vector<AttributeValue>& values) {
  if (op == "EQ") return CompareNode(Comparator::kEq, name, values[0]);
  if (op == "NE") return CompareNode(Comparator::kNe, name, values[0]);
  if (op == "LE") return CompareNode(Comparator::kLe, name, values[0]);
  if (op == "LT") return CompareNode(Comparator::kLt, name, values[0]);
  if (op == "GE") return CompareNode(Comparator::kGe, name, values[0]);
  if (op == "GT") return CompareNode(Comparator::kGt, name, values[0]);
  if (op == "NOT_NULL") return FunctionNode("attribute_exists", name, nullptr);
  if (op == "NULL") return FunctionNode("attribute_not_exists", name, nullptr);
  if (op == "CONTAINS") return FunctionNode("contains", name, &values[0]);
  if (op == "NOT_CONTAINS") {
    return Connective(
        CondNode::Op::kAnd, FunctionNode("attribute_exists", name, nullptr),
        Connective(CondNode::Op::kNot, FunctionNode("contains", name, &values[0]), nullptr));
  }
  if (op == "BEGINS_WITH") return FunctionNode("begins_with", name, &values[0]);
  auto node = std::make_unique<CondNode>();
  node->op = op == "IN" ? CondNode::Op::kIn : CondNode::Op::kBetween;
  node->operands.push_back(PathOperand(name));
  for (const AttributeValue& v : values) node->operands.push_back(ValueOperand(v));
  return node;
}

std::shared_ptr<const Condition> Combine(std::vector<std::unique_ptr<CondNode>> nodes,
                                         const std::optional<std::string>& op) {
  if (nodes.empty()) return nullptr;
  CondNode::Op join = op && *op == "OR" ? CondNode::Op::kOr : CondNode::Op::kAnd;
  std::unique_ptr<CondNode> root = std::move(nodes[0]);
  for (size_t i = 1; i < nodes.size(); ++i) {
    root = Connective(join, std::move(root), std::move(nodes[i]));
  }
  return MakeCondition(std::move(root));
}

// One Expected entry, checked as DynamoDB does (API reference "ExpectedAttributeValue").
Result<std::unique_ptr<CondNode>> ExpectedNode(const std::string& name,
                                               const ExpectedAttributeValue& e) {
  if (e.value && e.attribute_value_list) {
    return ValidationError(
        kLegacyConditionInvalid +
        "Value and AttributeValueList cannot be used together for Attribute: " + name);
  }
  if (e.comparison_operator) {
    const std::string& op = *e.comparison_operator;
    const OperatorRule* rule = FindRule(op);
    if (rule == nullptr) return EnumError(op, "expected." + name + ".member.comparisonOperator");
    if (e.exists) {
      return ValidationError(
          kLegacyConditionInvalid +
          "Exists and ComparisonOperator cannot be used together for Attribute: " + name);
    }
    if (rule->min_args > 0 && !e.value && !e.attribute_value_list) {
      return ValidationError(kLegacyConditionInvalid +
                             "Value or AttributeValueList must be used with ComparisonOperator: " +
                             op + " for Attribute: " + name);
    }
    std::vector<AttributeValue> values;
    if (e.attribute_value_list) values = *e.attribute_value_list;
    if (e.value) values.push_back(*e.value);
    DDB_TRY(CheckComparison(*rule, values));
    return ComparisonNode(op, name, values);
  }
  if (e.attribute_value_list) {
    return ValidationError(
        kLegacyConditionInvalid +
        "AttributeValueList can only be used with a ComparisonOperator for Attribute: " + name);
  }
  bool exists = e.exists.value_or(true);
  if (exists && !e.value) {
    return ValidationError(kLegacyConditionInvalid + "Value must be provided when Exists is " +
                           (e.exists ? "true" : "null") + " for Attribute: " + name);
  }
  if (!exists && e.value) {
    return ValidationError(kLegacyConditionInvalid +
                           "Value cannot be used when Exists is false for Attribute: " + name);
  }
  if (!exists) return FunctionNode("attribute_not_exists", name, nullptr);
  return CompareNode(Comparator::kEq, name, *e.value);
}

}  // namespace

Result<std::shared_ptr<const Condition>> ExpectedCondition(
    const std::optional<ExpectedAttributes>& expected,
    const std::optional<std::string>& conditional_operator) {
  DDB_TRY(CheckConditionalOperator(
      conditional_operator, expected ? std::optional<size_t>(expected->size()) : std::nullopt));
  if (!expected) return std::shared_ptr<const Condition>();
  std::vector<std::unique_ptr<CondNode>> nodes;
  for (const auto& [name, e] : *expected) {
    DDB_TRY(ValidateAttributeName(name));
    DDB_ASSIGN_OR_RETURN(auto node, ExpectedNode(name, e));
    nodes.push_back(std::move(node));
  }
  return Combine(std::move(nodes), conditional_operator);
}

Status ValidateConditions(const Conditions& conditions, const char* member) {
  for (const auto& [name, c] : conditions) {
    DDB_TRY(ValidateAttributeName(name));
    std::string at = std::string(member) + "." + name + ".member.comparisonOperator";
    if (!c.comparison_operator) {
      return ValidationError("1 validation error detected: Value null at '" + at +
                             "' failed to satisfy constraint: Member must not be null");
    }
    const OperatorRule* rule = FindRule(*c.comparison_operator);
    if (rule == nullptr) return EnumError(*c.comparison_operator, at);
    DDB_TRY(CheckComparison(*rule, c.attribute_value_list.value_or(std::vector<AttributeValue>{})));
  }
  return OkStatus();
}

std::shared_ptr<const Condition> FilterCondition(const Conditions& conditions,
                                                 const std::optional<std::string>& op) {
  std::vector<std::unique_ptr<CondNode>> nodes;
  for (const auto& [name, c] : conditions) {
    nodes.push_back(ComparisonNode(*c.comparison_operator, name,
                                   c.attribute_value_list.value_or(std::vector<AttributeValue>{})));
  }
  return Combine(std::move(nodes), op);
}

}  // namespace ddblab::expr
