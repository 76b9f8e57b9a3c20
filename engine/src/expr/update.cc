// UpdateExpression evaluation. SET values are computed from the item as it was before the update,
// then all actions are applied in one walk over a tree of their paths, so list indexes in every
// clause refer to the list before the update.
#include <map>
#include <string>

#include "expr/built.h"
#include "expr/messages.h"
#include "expr/path.h"
#include "expr/set_members.h"
#include "expr/update_ast.h"

namespace ddblab::expr {
namespace {

constexpr Kind kUpdateKind = Kind::kUpdate;

Error MissingOperand() {
  return ValidationError(
      "The provided expression refers to an attribute that does not exist in the item");
}
Error InvalidPath() {
  return ValidationError(
      "The document path provided in the update expression is invalid for update");
}
Error IncorrectDataType() {
  return ValidationError("An operand in the update expression has an incorrect data type");
}

Result<AttributeValue> EvalOperand(const Operand& op, const Item* item) {
  switch (op.type) {
    case Operand::Type::kPath: {
      const AttributeValue* v = Lookup(item, op.path);
      if (v == nullptr) return MissingOperand();
      return *v;
    }
    case Operand::Type::kValue:
      return op.value;
    case Operand::Type::kFunction:
      break;
  }
  if (op.function == "if_not_exists") {
    if (const AttributeValue* v = Lookup(item, op.args[0].path)) return *v;
    return EvalOperand(op.args[1], item);
  }
  // list_append(a, b): b appended to a.
  DDB_ASSIGN_OR_RETURN(AttributeValue a, EvalOperand(op.args[0], item));
  DDB_ASSIGN_OR_RETURN(AttributeValue b, EvalOperand(op.args[1], item));
  if (a.type != AttrType::kL) return OperandTypeError(kUpdateKind, op.function, a.type);
  if (b.type != AttrType::kL) return OperandTypeError(kUpdateKind, op.function, b.type);
  for (AttributeValue& e : b.list()) a.list().push_back(std::move(e));
  return a;
}

Result<AttributeValue> EvalSetValue(const UpdateAction& a, const Item* item) {
  DDB_ASSIGN_OR_RETURN(AttributeValue lhs, EvalOperand(a.lhs, item));
  if (a.arithmetic == 0) return lhs;
  DDB_ASSIGN_OR_RETURN(AttributeValue rhs, EvalOperand(a.rhs, item));
  std::string op(1, a.arithmetic);
  // DynamoDB: + and - take numbers only; a missing operand is an error, not zero
  // (Developer Guide "Update expressions", "Incrementing and decrementing numeric attributes").
  if (lhs.type != AttrType::kN) return OperandTypeError(kUpdateKind, op, lhs.type);
  if (rhs.type != AttrType::kN) return OperandTypeError(kUpdateKind, op, rhs.type);
  DDB_ASSIGN_OR_RETURN(
      Decimal sum, a.arithmetic == '+' ? lhs.num().Add(rhs.num()) : lhs.num().Subtract(rhs.num()));
  return AttributeValue::N(std::move(sum));
}

// One step of the merged action paths. A node carries an action (a leaf) or children of one
// kind; overlap checks at parse time guarantee that.
struct Node {
  const UpdateAction* action = nullptr;
  AttributeValue value;  // SET: the computed value; ADD/DELETE: the operand
  std::map<std::string, Node, std::less<>> names;
  std::map<int64_t, Node> indexes;

  bool OnlyRemoves() const {
    if (action != nullptr) return action->clause == UpdateAction::Clause::kRemove;
    for (const auto& [k, n] : names) {
      if (!n.OnlyRemoves()) return false;
    }
    for (const auto& [k, n] : indexes) {
      if (!n.OnlyRemoves()) return false;
    }
    return true;
  }
};

Node& NodeFor(Node& root, const Path& path) {
  Node* n = &root;
  for (const PathElement& e : path) n = e.is_index() ? &n->indexes[e.index] : &n->names[e.name];
  return *n;
}

// ADD: numbers add, sets union; anything else is the wrong type.
Status AddTo(AttributeValue& target, const AttributeValue& v) {
  if (target.type != v.type) return IncorrectDataType();
  switch (v.type) {
    case AttrType::kN: {
      DDB_ASSIGN_OR_RETURN(Decimal sum, target.num().Add(v.num()));
      target = AttributeValue::N(std::move(sum));
      return OkStatus();
    }
    case AttrType::kSS:
    case AttrType::kBS:
      AddSetMembers(target, v);
      return OkStatus();
    case AttrType::kNS:
      AddSetMembers(target, v);
      return OkStatus();
    default:
      return IncorrectDataType();
  }
}

// DELETE: removes set members; returns whether the set is now empty.
Result<bool> DeleteFrom(AttributeValue& target, const AttributeValue& v) {
  if (target.type != v.type) return IncorrectDataType();
  return RemoveSetMembers(target, v);
}

Status ApplyToValue(AttributeValue& v, const Node& node);

Status ApplyToMapEntry(Map& m, const std::string& name, const Node& node, bool item_missing) {
  auto it = m.find(name);
  if (node.action == nullptr) {
    if (it == m.end()) {
      // DynamoDB: REMOVE under a missing attribute of a missing item is silently ignored.
      if (item_missing && node.OnlyRemoves()) return OkStatus();
      return InvalidPath();
    }
    return ApplyToValue(it->second, node);
  }
  switch (node.action->clause) {
    case UpdateAction::Clause::kSet:
      m.insert_or_assign(name, node.value);
      return OkStatus();
    case UpdateAction::Clause::kRemove:
      if (it != m.end()) m.erase(it);
      return OkStatus();
    case UpdateAction::Clause::kAdd:
      // DynamoDB: ADD to a missing attribute starts from 0 or the empty set.
      if (it == m.end()) {
        m.emplace(name, node.value);
        return OkStatus();
      }
      return AddTo(it->second, node.value);
    case UpdateAction::Clause::kDelete: {
      if (it == m.end()) return OkStatus();
      DDB_ASSIGN_OR_RETURN(bool empty, DeleteFrom(it->second, node.value));
      // DynamoDB: sets are never empty; removing every member removes the attribute
      // (Developer Guide "Update expressions", "DELETE").
      if (empty) m.erase(it);
      return OkStatus();
    }
  }
  return OkStatus();
}

Status ApplyToList(List& old_list, const Node& node) {
  List out;
  out.reserve(old_list.size());
  for (size_t i = 0; i < old_list.size(); ++i) {
    auto it = node.indexes.find(static_cast<int64_t>(i));
    if (it == node.indexes.end()) {
      out.push_back(std::move(old_list[i]));
      continue;
    }
    const Node& child = it->second;
    if (child.action == nullptr) {
      DDB_TRY(ApplyToValue(old_list[i], child));
      out.push_back(std::move(old_list[i]));
      continue;
    }
    switch (child.action->clause) {
      case UpdateAction::Clause::kSet:
        out.push_back(child.value);
        break;
      case UpdateAction::Clause::kRemove:
        break;  // later elements shift down
      case UpdateAction::Clause::kAdd:
        DDB_TRY(AddTo(old_list[i], child.value));
        out.push_back(std::move(old_list[i]));
        break;
      case UpdateAction::Clause::kDelete: {
        DDB_ASSIGN_OR_RETURN(bool empty, DeleteFrom(old_list[i], child.value));
        if (!empty) out.push_back(std::move(old_list[i]));
        break;
      }
    }
  }
  // DynamoDB: indexes past the end append, in ascending index order; REMOVE of one is ignored
  // (Developer Guide "Update expressions", "Adding elements to a list").
  for (auto it = node.indexes.lower_bound(static_cast<int64_t>(old_list.size()));
       it != node.indexes.end(); ++it) {
    const Node& child = it->second;
    if (child.action == nullptr) return InvalidPath();
    UpdateAction::Clause c = child.action->clause;
    if (c == UpdateAction::Clause::kSet || c == UpdateAction::Clause::kAdd) {
      out.push_back(child.value);
    }
  }
  old_list = std::move(out);
  return OkStatus();
}

Status ApplyToValue(AttributeValue& v, const Node& node) {
  if (!node.names.empty()) {
    if (v.type != AttrType::kM) return InvalidPath();
    for (const auto& [name, child] : node.names) {
      DDB_TRY(ApplyToMapEntry(v.map(), name, child, false));
    }
    return OkStatus();
  }
  if (v.type != AttrType::kL) return InvalidPath();
  return ApplyToList(v.list(), node);
}

class UpdateImpl : public Update {
 public:
  explicit UpdateImpl(std::vector<UpdateAction> actions) : actions_(std::move(actions)) {}

  std::vector<std::string> TargetTopLevelAttributes() const override {
    std::vector<std::string> out;
    for (const UpdateAction& a : actions_) {
      bool seen = false;
      for (const auto& n : out) seen = seen || n == a.path[0].name;
      if (!seen) out.push_back(a.path[0].name);
    }
    return out;
  }

  bool TargetsNestedPathOf(const std::string& name) const override {
    for (const UpdateAction& a : actions_) {
      if (a.path.size() > 1 && a.path[0].name == name) return true;
    }
    return false;
  }

  Result<Outcome> Apply(const Item* old_item, const Key& key) const override {
    Node root;
    bool only_removes = true;
    // DynamoDB: an update of a missing item reads the key attributes from the Key (`SET b =
    // if_not_exists(b, pk)`, `SET c = pk`), as if the item held only its key.
    const Item* read_from = old_item != nullptr ? old_item : &key;
    for (const UpdateAction& a : actions_) {
      Node& n = NodeFor(root, a.path);
      n.action = &a;
      if (a.clause == UpdateAction::Clause::kSet) {
        DDB_ASSIGN_OR_RETURN(n.value, EvalSetValue(a, read_from));
      } else if (a.clause != UpdateAction::Clause::kRemove) {
        n.value = a.lhs.value;
      }
      only_removes = only_removes && a.clause == UpdateAction::Clause::kRemove;
    }
    Outcome out;
    // DynamoDB: an update made only of REMOVE does not create a missing item.
    if (old_item == nullptr && only_removes) {
      out.exists = false;
      return out;
    }
    out.new_item = old_item != nullptr ? *old_item : key;
    for (const auto& [name, child] : root.names) {
      DDB_TRY(ApplyToMapEntry(out.new_item, name, child, old_item == nullptr));
    }
    // DynamoDB: UPDATED_OLD / UPDATED_NEW hold just the touched paths, inside their parents
    // (API Reference "UpdateItem", ReturnValues).
    PathTree touched;
    for (const UpdateAction& a : actions_) touched.Add(a.path);
    if (old_item != nullptr) out.updated_old = ProjectTree(touched, *old_item);
    out.updated_new = ProjectTree(touched, out.new_item);
    return out;
  }

 private:
  std::vector<UpdateAction> actions_;
};

}  // namespace

Result<std::shared_ptr<const Update>> ParseUpdate(std::string_view text, Context& ctx) {
  DDB_ASSIGN_OR_RETURN(auto actions, ParseUpdateActions(text, ctx));
  return std::shared_ptr<const Update>(std::make_shared<UpdateImpl>(std::move(actions)));
}

Result<std::shared_ptr<const Update>> UpdateFromActions(std::vector<UpdateAction> actions) {
  DDB_TRY(CheckUpdateActions(actions));
  return std::shared_ptr<const Update>(std::make_shared<UpdateImpl>(std::move(actions)));
}

}  // namespace ddblab::expr
