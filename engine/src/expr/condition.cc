// Per-item evaluation of ConditionExpression / FilterExpression, and ParseCondition.
#include "expr/condition.h"

#include <string>

#include "expr/built.h"
#include "expr/parser.h"
#include "expr/path.h"
#include "expr/render.h"

namespace ddblab::expr {
namespace {

bool IsOrderable(AttrType t) { return t == AttrType::kS || t == AttrType::kN || t == AttrType::kB; }

// The value of an operand on `item`, or null when it has none (missing path, size() of a type
// without a size). `scratch` holds computed values.
const AttributeValue* Eval(const Operand& op, const Item* item, AttributeValue& scratch) {
  switch (op.type) {
    case Operand::Type::kPath:
      return Lookup(item, op.path);
    case Operand::Type::kValue:
      return &op.value;
    case Operand::Type::kFunction: {
      // Only size() yields a value; validation rejected every other function here.
      AttributeValue arg_scratch;
      const AttributeValue* v = Eval(op.args[0], item, arg_scratch);
      if (v == nullptr) return nullptr;
      int64_t n = 0;
      switch (v->type) {
        // Strings count UTF-8 bytes, the unit DynamoDB's size limits use.
        case AttrType::kS:
        case AttrType::kB:
          n = static_cast<int64_t>(v->str().size());
          break;
        case AttrType::kSS:
        case AttrType::kBS:
          n = static_cast<int64_t>(v->str_set().size());
          break;
        case AttrType::kNS:
          n = static_cast<int64_t>(v->num_set().size());
          break;
        case AttrType::kL:
          n = static_cast<int64_t>(v->list().size());
          break;
        case AttrType::kM:
          n = static_cast<int64_t>(v->map().size());
          break;
        default:
          return nullptr;
      }
      scratch = AttributeValue::N(Decimal::FromInt(n));
      return &scratch;
    }
  }
  return nullptr;
}

// DynamoDB: comparing across types (or with a missing value) is false, except <> which is
// true (Developer Guide "Comparison operator and function reference").
bool Compare(Comparator cmp, const AttributeValue* a, const AttributeValue* b) {
  if (a == nullptr || b == nullptr || a->type != b->type) return cmp == Comparator::kNe;
  switch (cmp) {
    case Comparator::kEq:
      return *a == *b;
    case Comparator::kNe:
      return *a != *b;
    default:
      break;
  }
  if (!IsOrderable(a->type)) return false;
  int c = CompareScalar(*a, *b);
  switch (cmp) {
    case Comparator::kLt:
      return c < 0;
    case Comparator::kLe:
      return c <= 0;
    case Comparator::kGt:
      return c > 0;
    case Comparator::kGe:
      return c >= 0;
    default:
      return false;
  }
}

bool StartsWith(const std::string& s, const std::string& prefix) {
  return s.size() >= prefix.size() && s.compare(0, prefix.size(), prefix) == 0;
}

bool Contains(const AttributeValue& haystack, const AttributeValue& needle) {
  switch (haystack.type) {
    case AttrType::kS:
    case AttrType::kB:
      return needle.type == haystack.type && haystack.str().find(needle.str()) != std::string::npos;
    case AttrType::kSS:
      if (needle.type != AttrType::kS) return false;
      for (const auto& m : haystack.str_set()) {
        if (m == needle.str()) return true;
      }
      return false;
    case AttrType::kBS:
      if (needle.type != AttrType::kB) return false;
      for (const auto& m : haystack.str_set()) {
        if (m == needle.str()) return true;
      }
      return false;
    case AttrType::kNS:
      if (needle.type != AttrType::kN) return false;
      for (const auto& m : haystack.num_set()) {
        if (m == needle.num()) return true;
      }
      return false;
    case AttrType::kL:
      for (const auto& e : haystack.list()) {
        if (e.type == needle.type && e == needle) return true;
      }
      return false;
    default:
      // DynamoDB: maps never contain anything.
      return false;
  }
}

bool EvalFunction(const Operand& call, const Item* item) {
  const std::string& f = call.function;
  if (f == "attribute_exists") return Lookup(item, call.args[0].path) != nullptr;
  if (f == "attribute_not_exists") return Lookup(item, call.args[0].path) == nullptr;
  AttributeValue s0, s1;
  const AttributeValue* a = Eval(call.args[0], item, s0);
  const AttributeValue* b = Eval(call.args[1], item, s1);
  if (a == nullptr || b == nullptr) return false;
  if (f == "attribute_type") {
    return b->type == AttrType::kS && AttrTypeName(a->type) == b->str();
  }
  if (f == "begins_with") {
    if (a->type != b->type || (a->type != AttrType::kS && a->type != AttrType::kB)) return false;
    return StartsWith(a->str(), b->str());
  }
  if (f == "contains") return Contains(*a, *b);
  return false;
}

class ConditionImpl : public Condition {
 public:
  explicit ConditionImpl(std::shared_ptr<const CondNode> root) : root_(std::move(root)) {}

  bool Evaluate(const Item* item) const override { return EvaluateCondition(*root_, item); }

  std::vector<std::string> TopLevelAttributes() const override {
    std::vector<std::string> out;
    ForEachOperand(*root_, [&](const Operand& op) {
      if (op.type != Operand::Type::kPath || op.path.empty()) return;
      const std::string& name = op.path[0].name;
      for (const auto& seen : out) {
        if (seen == name) return;
      }
      out.push_back(name);
    });
    return out;
  }

  std::string ToString() const override { return RenderCondition(*root_); }

 private:
  std::shared_ptr<const CondNode> root_;
};

}  // namespace

bool EvaluateCondition(const CondNode& node, const Item* item) {
  switch (node.op) {
    case CondNode::Op::kAnd:
      return EvaluateCondition(*node.children[0], item) &&
             EvaluateCondition(*node.children[1], item);
    case CondNode::Op::kOr:
      return EvaluateCondition(*node.children[0], item) ||
             EvaluateCondition(*node.children[1], item);
    case CondNode::Op::kNot:
      return !EvaluateCondition(*node.children[0], item);
    case CondNode::Op::kFunction:
      return EvalFunction(node.operands[0], item);
    case CondNode::Op::kCompare: {
      AttributeValue s0, s1;
      return Compare(node.cmp, Eval(node.operands[0], item, s0), Eval(node.operands[1], item, s1));
    }
    case CondNode::Op::kBetween: {
      AttributeValue s0, s1, s2;
      const AttributeValue* x = Eval(node.operands[0], item, s0);
      const AttributeValue* low = Eval(node.operands[1], item, s1);
      const AttributeValue* high = Eval(node.operands[2], item, s2);
      if (x == nullptr || low == nullptr || high == nullptr) return false;
      if (x->type != low->type || x->type != high->type || !IsOrderable(x->type)) return false;
      return CompareScalar(*low, *x) <= 0 && CompareScalar(*x, *high) <= 0;
    }
    case CondNode::Op::kIn: {
      AttributeValue s0;
      const AttributeValue* x = Eval(node.operands[0], item, s0);
      if (x == nullptr) return false;
      for (size_t i = 1; i < node.operands.size(); ++i) {
        AttributeValue si;
        const AttributeValue* c = Eval(node.operands[i], item, si);
        if (c != nullptr && c->type == x->type && *c == *x) return true;
      }
      return false;
    }
  }
  return false;
}

std::shared_ptr<const Condition> MakeCondition(std::unique_ptr<CondNode> root) {
  return std::make_shared<ConditionImpl>(std::move(root));
}

Result<std::shared_ptr<const Condition>> ParseCondition(std::string_view text, Kind kind,
                                                        Context& ctx) {
  Parser parser(text, kind);
  DDB_TRY(parser.Begin());
  DDB_ASSIGN_OR_RETURN(auto root, parser.ParseWholeCondition());
  DDB_TRY(ResolveCondition(*root, kind, ctx));
  return ConditionFromTree(std::move(root), kind);
}

Result<std::shared_ptr<const Condition>> ConditionFromTree(std::shared_ptr<const CondNode> root,
                                                           Kind kind) {
  DDB_TRY(ValidateCondition(*root, kind));
  return std::shared_ptr<const Condition>(std::make_shared<ConditionImpl>(std::move(root)));
}

}  // namespace ddblab::expr
