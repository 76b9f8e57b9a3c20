// KeyConditionExpression: parsed with the condition grammar, then restricted to what a Query can
// use — one equality on the partition key and at most one range condition on the sort key.
#include <string>
#include <vector>

#include "expr/built.h"
#include "expr/condition.h"
#include "expr/key_parts.h"
#include "expr/messages.h"
#include "expr/parser.h"
#include "expr/render.h"

namespace ddblab::expr {
namespace {

constexpr Kind kKeyConditionKind = Kind::kKeyCondition;

Error InvalidOperator(std::string_view op) {
  return ValidationError("Invalid operator used in KeyConditionExpression: " + std::string(op));
}

Error SchemaTypeMismatch() {
  return ValidationError(
      "One or more parameter values were invalid: Condition parameter type does not match schema "
      "type");
}

bool IsKeyType(AttrType t) { return t == AttrType::kS || t == AttrType::kN || t == AttrType::kB; }

Status CheckOperandShape(const Operand& op) {
  if (op.type != Operand::Type::kFunction) return OkStatus();
  if (!IsConditionFunction(op.function) && !IsUpdateFunction(op.function)) {
    return KindError(kKeyConditionKind, "Invalid function name; function: " + op.function);
  }
  return ValidationError("KeyConditionExpressions cannot contain nested operations");
}

// Collects the AND-ed leaves, rejecting operators a key condition cannot use.
Status Flatten(const CondNode& node, std::vector<const CondNode*>& leaves) {
  switch (node.op) {
    case CondNode::Op::kAnd:
      DDB_TRY(Flatten(*node.children[0], leaves));
      return Flatten(*node.children[1], leaves);
    case CondNode::Op::kOr:
      return InvalidOperator("OR");
    case CondNode::Op::kNot:
      return InvalidOperator("NOT");
    case CondNode::Op::kIn:
      return InvalidOperator("IN");
    case CondNode::Op::kCompare:
      if (node.cmp == Comparator::kNe) return InvalidOperator("<>");
      for (const Operand& op : node.operands) DDB_TRY(CheckOperandShape(op));
      break;
    case CondNode::Op::kBetween:
      for (const Operand& op : node.operands) DDB_TRY(CheckOperandShape(op));
      break;
    case CondNode::Op::kFunction: {
      const Operand& call = node.operands[0];
      const std::string& f = call.function;
      if (f == "size")
        return ValidationError("KeyConditionExpressions cannot contain nested operations");
      if (f != "begins_with") {
        if (!IsConditionFunction(f) && !IsUpdateFunction(f)) {
          return KindError(kKeyConditionKind, "Invalid function name; function: " + f);
        }
        return InvalidOperator(f);
      }
      if (call.args.size() != 2) return OperandCountError(kKeyConditionKind, f, call.args.size());
      for (const Operand& op : call.args) DDB_TRY(CheckOperandShape(op));
      break;
    }
  }
  leaves.push_back(&node);
  return OkStatus();
}

const std::vector<Operand>& LeafOperands(const CondNode& leaf) {
  return leaf.op == CondNode::Op::kFunction ? leaf.operands[0].args : leaf.operands;
}

// The single attribute a leaf constrains.
Result<std::string> LeafAttribute(const CondNode& leaf) {
  const Operand* path = nullptr;
  for (const Operand& op : LeafOperands(leaf)) {
    if (op.type != Operand::Type::kPath) continue;
    if (path != nullptr) {
      return ValidationError(
          "Invalid condition in KeyConditionExpression: Multiple attribute names used in one "
          "condition");
    }
    path = &op;
  }
  if (path == nullptr) {
    return ValidationError(
        "Invalid condition in KeyConditionExpression: No key attribute specified");
  }
  if (path->path.size() > 1) {
    // DynamoDB (verified in eu-west-2, 2026) words this one as an expression error.
    return KindError(kKeyConditionKind,
                     "KeyConditionExpressions cannot have conditions on nested attributes");
  }
  return path->path[0].name;
}

SortOp Mirror(SortOp op) {
  switch (op) {
    case SortOp::kLt:
      return SortOp::kGt;
    case SortOp::kLe:
      return SortOp::kGe;
    case SortOp::kGt:
      return SortOp::kLt;
    case SortOp::kGe:
      return SortOp::kLe;
    default:
      return op;
  }
}

SortOp FromComparator(Comparator c) {
  switch (c) {
    case Comparator::kLt:
      return SortOp::kLt;
    case Comparator::kLe:
      return SortOp::kLe;
    case Comparator::kGt:
      return SortOp::kGt;
    case Comparator::kGe:
      return SortOp::kGe;
    default:
      return SortOp::kEq;
  }
}

// Operand types first (a type no key can have), then the schema's type.
Status CheckValueType(const AttributeValue& v, std::string_view op, AttrType key_type) {
  if (op == "begins_with") {
    if (v.type != AttrType::kS && v.type != AttrType::kB)
      return OperandTypeError(kKeyConditionKind, op, v.type);
  } else if (op != "=" && !IsKeyType(v.type)) {
    return OperandTypeError(kKeyConditionKind, op, v.type);
  }
  if (v.type != key_type) return SchemaTypeMismatch();
  return OkStatus();
}

Status FillSortCondition(const CondNode& leaf, AttrType key_type, KeyCondition& out) {
  if (leaf.op == CondNode::Op::kCompare) {
    bool path_left = leaf.operands[0].type == Operand::Type::kPath;
    const AttributeValue& v = leaf.operands[path_left ? 1 : 0].value;
    DDB_TRY(CheckValueType(v, ComparatorText(leaf.cmp), key_type));
    SortOp op = FromComparator(leaf.cmp);
    out.sort_op = path_left ? op : Mirror(op);
    out.sort_value = v;
    return OkStatus();
  }
  if (leaf.op == CondNode::Op::kBetween) {
    if (leaf.operands[0].type != Operand::Type::kPath) {
      return ValidationError("Query key condition not supported");
    }
    const AttributeValue& low = leaf.operands[1].value;
    const AttributeValue& high = leaf.operands[2].value;
    DDB_TRY(CheckValueType(low, "BETWEEN", key_type));
    DDB_TRY(CheckValueType(high, "BETWEEN", key_type));
    if (CompareScalar(low, high) > 0) {
      return KindError(kKeyConditionKind,
                       "The BETWEEN operator requires upper bound to be greater than or equal to "
                       "lower bound; lower bound operand: " +
                           BoundText(low) + ", upper bound operand: " + BoundText(high));
    }
    out.sort_op = SortOp::kBetween;
    out.sort_value = low;
    out.sort_value2 = high;
    return OkStatus();
  }
  // begins_with(sk, :prefix)
  const std::vector<Operand>& args = leaf.operands[0].args;
  if (args[0].type != Operand::Type::kPath) {
    return ValidationError("Query key condition not supported");
  }
  DDB_TRY(CheckValueType(args[1].value, "begins_with", key_type));
  if (key_type != AttrType::kS && key_type != AttrType::kB) {
    return OperandTypeError(kKeyConditionKind, "begins_with", key_type);
  }
  out.sort_op = SortOp::kBeginsWith;
  out.sort_value = args[1].value;
  return OkStatus();
}

// DynamoDB (verified in eu-west-2, 2026): an attribute named by two conditions is refused before
// the conditions are counted against the key schema ("pk = :p AND sk > :a AND sk < :b" on a
// two-attribute key says "one condition per key", not that three exceed two).
Status CheckOneConditionPerKey(const std::vector<std::string>& attrs) {
  for (size_t i = 0; i < attrs.size(); ++i) {
    for (size_t j = 0; j < i; ++j) {
      if (attrs[i] == attrs[j]) {
        return KindError(kKeyConditionKind,
                         "KeyConditionExpressions must only contain one condition per key");
      }
    }
  }
  return OkStatus();
}

bool IsEquality(const CondNode& leaf) {
  return leaf.op == CondNode::Op::kCompare && leaf.cmp == Comparator::kEq;
}

Result<AttributeValue> EqualityValue(const CondNode& leaf, AttrType key_type) {
  bool path_left = leaf.operands[0].type == Operand::Type::kPath;
  const AttributeValue& v = leaf.operands[path_left ? 1 : 0].value;
  DDB_TRY(CheckValueType(v, "=", key_type));
  return v;
}

// A key condition on a GSI with multi-attribute keys.
Result<KeyCondition> MultiAttributeCondition(const std::vector<const CondNode*>& leaves,
                                             const std::vector<std::string>& attrs,
                                             const KeySchemaView& keys) {
  const size_t key_count = keys.hash.size() + keys.range.size();
  if (leaves.size() > key_count) {
    return ValidationError("The number of query conditions (" + std::to_string(leaves.size()) +
                           ") exceeds the number of key attributes defined in the schema (" +
                           std::to_string(key_count) + ")");
  }
  std::vector<std::pair<std::string, bool>> named;
  for (size_t i = 0; i < leaves.size(); ++i) named.emplace_back(attrs[i], IsEquality(*leaves[i]));
  DDB_ASSIGN_OR_RETURN(size_t reach, CheckMultiAttributeKeyNames(keys, named));
  auto leaf_of = [&](const std::string& name) -> const CondNode& {
    for (size_t i = 0; i < attrs.size(); ++i) {
      if (attrs[i] == name) return *leaves[i];
    }
    return *leaves[0];  // unreachable: CheckMultiAttributeKeyNames saw every name
  };
  KeyCondition out;
  for (const KeyPartView& k : keys.hash) {
    DDB_ASSIGN_OR_RETURN(AttributeValue v, EqualityValue(leaf_of(k.name), k.type));
    out.hash_values.push_back(std::move(v));
  }
  for (size_t i = 0; i + 1 < reach; ++i) {
    DDB_ASSIGN_OR_RETURN(AttributeValue v,
                         EqualityValue(leaf_of(keys.range[i].name), keys.range[i].type));
    out.sort_prefix.push_back(std::move(v));
  }
  if (reach > 0) {
    const KeyPartView& last = keys.range[reach - 1];
    DDB_TRY(FillSortCondition(leaf_of(last.name), last.type, out));
  }
  return out;
}

}  // namespace

Result<KeyCondition> ParseKeyCondition(std::string_view text, const KeySchemaView& keys,
                                       Context& ctx) {
  Parser parser(text, kKeyConditionKind);
  DDB_TRY(parser.Begin());
  DDB_ASSIGN_OR_RETURN(auto root, parser.ParseWholeCondition());
  DDB_TRY(ResolveCondition(*root, kKeyConditionKind, ctx));
  return KeyConditionFromTree(*root, keys);
}

Result<KeyCondition> KeyConditionFromTree(const CondNode& root, const KeySchemaView& keys) {
  std::vector<const CondNode*> leaves;
  DDB_TRY(Flatten(root, leaves));
  std::vector<std::string> attrs;
  for (const CondNode* leaf : leaves) {
    DDB_ASSIGN_OR_RETURN(std::string name, LeafAttribute(*leaf));
    attrs.push_back(std::move(name));
  }
  DDB_TRY(CheckOneConditionPerKey(attrs));
  if (keys.MultiAttribute()) {
    DDB_ASSIGN_OR_RETURN(KeyCondition out, MultiAttributeCondition(leaves, attrs, keys));
    out.text = RenderCondition(root);
    return out;
  }
  const KeyPartView& hash = keys.hash.at(0);
  const KeyPartView* range = keys.range.empty() ? nullptr : &keys.range[0];
  size_t key_count = range ? 2 : 1;
  if (leaves.size() > key_count) {
    return ValidationError("The number of query conditions (" + std::to_string(leaves.size()) +
                           ") exceeds the number of key attributes defined in the schema (" +
                           std::to_string(key_count) + ")");
  }
  const CondNode* hash_leaf = nullptr;
  const CondNode* range_leaf = nullptr;
  bool non_key = false;
  for (size_t i = 0; i < leaves.size(); ++i) {
    const CondNode** slot = nullptr;
    if (attrs[i] == hash.name) {
      slot = &hash_leaf;
    } else if (range && attrs[i] == range->name) {
      slot = &range_leaf;
    } else {
      non_key = true;
      continue;
    }
    *slot = leaves[i];
  }
  if (hash_leaf == nullptr) {
    return ValidationError("Query condition missed key schema element: " + hash.name);
  }
  if (non_key) {
    return ValidationError("Query condition missed key schema element: " +
                           (range ? range->name : hash.name));
  }

  KeyCondition out;
  // DynamoDB: the partition key takes exactly one equality condition.
  if (!IsEquality(*hash_leaf)) return ValidationError("Query key condition not supported");
  DDB_ASSIGN_OR_RETURN(AttributeValue hv, EqualityValue(*hash_leaf, hash.type));
  out.hash_values.push_back(std::move(hv));
  if (range_leaf != nullptr) DDB_TRY(FillSortCondition(*range_leaf, range->type, out));
  out.text = RenderCondition(root);
  return out;
}

}  // namespace ddblab::expr
