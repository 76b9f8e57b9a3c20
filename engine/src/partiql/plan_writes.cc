// INSERT, UPDATE, DELETE and EXISTS: each names one item by its full primary key and becomes
// PutItem, UpdateItem, DeleteItem or a TransactWriteItems ConditionCheck.
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "partiql/plan_kinds.h"
#include "partiql/plan_support.h"

namespace ddblab::partiql::internal {

namespace {

constexpr std::string_view kIncompleteKey =
    "Where clause does not contain a mandatory equality on all key attributes";

// The full primary key named by equalities among `conjuncts` (DML and EXISTS). The remaining
// conjuncts are returned in `rest`.
Result<Key> ExtractFullKey(const std::vector<const Expr*>& conjuncts, const TableSchema& table,
                           const std::vector<AttributeValue>* params,
                           std::vector<const Expr*>* rest) {
  std::vector<std::string> key_names = {table.hash.name};
  if (table.range) key_names.push_back(table.range->name);
  Key key;
  std::vector<bool> used(conjuncts.size(), false);
  for (const std::string& name : key_names) {
    const Expr* value = nullptr;
    for (size_t i = 0; i < conjuncts.size(); ++i) {
      const Expr* v = EqualityValue(*conjuncts[i], name);
      if (v == nullptr) continue;
      if (value != nullptr) {
        return ValidationError("Multiple conditions on same key " + name +
                               ". Only single item Update/Insert/Delete are supported");
      }
      value = v;
      used[i] = true;
    }
    if (value == nullptr) return ValidationError(std::string(kIncompleteKey));
    DDB_ASSIGN_OR_RETURN(AttributeValue v, Materialize(*value, params, "root"));
    key.emplace(name, std::move(v));
  }
  for (size_t i = 0; i < conjuncts.size(); ++i) {
    if (!used[i]) rest->push_back(conjuncts[i]);
  }
  return key;
}

Status NoIndex(const Statement& st) {
  if (!st.index.empty()) return ValidationError("This operation is not supported on an index");
  return OkStatus();
}

}  // namespace

Result<PlannedStatement> PlanInsert(const Statement& st, const TableSchema& table,
                                    const PlanOptions& o) {
  DDB_TRY(NoIndex(st));
  const Expr& value = *st.value;
  if (value.kind != ExprKind::kMap && value.kind != ExprKind::kParameter) {
    return At(
        "Unsupported format in item expression. Please use struct format {...} to express item "
        "values for insert statement.",
        value.span);
  }
  // DynamoDB names value errors from each attribute's value down ("under root.x" for
  // {'m': {'x': <bad>}}), so every top-level attribute is its own root.
  AttributeValue item = AttributeValue::M({});
  if (value.kind == ExprKind::kMap) {
    for (size_t i = 0; i < value.args.size(); ++i) {
      if (item.map().count(value.keys[i]) != 0) {
        return At("Duplicate keys in tuple. Key: " + value.keys[i] + " under root", value.span);
      }
      DDB_ASSIGN_OR_RETURN(AttributeValue v, Materialize(value.args[i], o.parameters, "root"));
      item.map().emplace(value.keys[i], std::move(v));
    }
  } else {
    DDB_ASSIGN_OR_RETURN(item, Materialize(value, o.parameters, "root"));
  }
  if (item.type != AttrType::kM) {
    return ValidationError(
        "Unsupported format in item expression. Please use struct format {...} to express item "
        "values for insert statement.");
  }
  std::vector<const KeyDef*> key_defs = {&table.hash};
  if (table.range) key_defs.push_back(&*table.range);
  for (const KeyDef* k : key_defs) {
    auto it = item.map().find(k->name);
    if (it == item.map().end()) {
      return ValidationError("Key attribute should be present in the item: Key " + k->name);
    }
    if (it->second.type != k->type) {
      return ValidationError(
          "Key attribute's data type should match its data type in table's schema: Key " + k->name);
    }
  }
  ExpressionBuilder w(o.parameters);
  PlannedStatement out;
  PutItemRequest r;
  r.table_name = table.name;
  r.item = std::move(item.map());
  // DynamoDB: INSERT never overwrites; an existing key is DuplicateItemException.
  out.call.expressions.condition =
      FunctionCondition("attribute_not_exists", {PathOperand(w.Name(table.hash.name))});
  w.PlaceholdersInto(out.call.expressions);
  r.return_values_on_condition_check_failure = o.return_values_on_condition_check_failure;
  r.return_consumed_capacity = o.return_consumed_capacity;
  out.insert = true;
  out.plan.operation = "PutItem";
  out.plan.table = table.name;
  out.plan.key_condition = RenderKey(
      [&] {
        Key k;
        for (const KeyDef* d : key_defs) k.emplace(d->name, r.item.at(d->name));
        return k;
      }(),
      table);
  out.plan.filter = "attribute_not_exists(" + table.hash.name + ")";
  out.plan.reason = "INSERT -> PutItem that fails when the key exists";
  out.call.request = std::move(r);
  return out;
}

namespace {

// A term of a SET value: a path, a constant or list_append(term, term).
Result<expr::Operand> UpdateTerm(const Expr& v, ExpressionBuilder& w,
                                 const std::vector<AttributeValue>* params) {
  switch (v.kind) {
    case ExprKind::kPath:
      return PathOperand(w.Path(v.path));
    case ExprKind::kCall: {
      if (v.text != "list_append") return UnrecognizedFunction(v);
      if (v.args.size() != 2) return WrongArity(v);
      expr::Operand call;
      call.type = expr::Operand::Type::kFunction;
      call.function = "list_append";
      for (const Expr& arg : v.args) {
        DDB_ASSIGN_OR_RETURN(expr::Operand a, UpdateTerm(arg, w, params));
        call.args.push_back(std::move(a));
      }
      return call;
    }
    case ExprKind::kIs:
      return At("IS operator is not supported in update expressions", v.span);
    default:
      if (IsConstant(v) || v.kind == ExprKind::kMissing) {
        DDB_ASSIGN_OR_RETURN(AttributeValue value, Materialize(v, params, "root"));
        return w.Value(std::move(value));
      }
      // An UpdateExpression's SET value holds one + or - between two terms, no more.
      return At("Unsupported operator in Update Expression. Operator: " + Render(v, params),
                v.span);
  }
}

// A SET action's value: one term, or two joined by + or -.
Status SetValue(const Expr& v, ExpressionBuilder& w, const std::vector<AttributeValue>* params,
                expr::UpdateAction* a) {
  if (v.kind != ExprKind::kArith) {
    DDB_ASSIGN_OR_RETURN(a->lhs, UpdateTerm(v, w, params));
    return OkStatus();
  }
  DDB_ASSIGN_OR_RETURN(a->lhs, UpdateTerm(v.args[0], w, params));
  a->arithmetic = v.op[0];
  DDB_ASSIGN_OR_RETURN(a->rhs, UpdateTerm(v.args[1], w, params));
  return OkStatus();
}

// The SET / REMOVE clauses as UpdateExpression actions, grouped SET, REMOVE, ADD, DELETE as the
// expression's clauses are. set_add and set_delete become ADD and DELETE.
Result<std::vector<expr::UpdateAction>> BuildUpdate(const Statement& st, ExpressionBuilder& w,
                                                    const std::vector<AttributeValue>* params) {
  using Clause = expr::UpdateAction::Clause;
  std::vector<expr::UpdateAction> by_clause[4];
  for (const UpdateAction& u : st.updates) {
    expr::UpdateAction a;
    a.path = w.Path(u.target.path);
    if (u.remove) {
      a.clause = Clause::kRemove;
      by_clause[static_cast<int>(a.clause)].push_back(std::move(a));
      continue;
    }
    const Expr& v = u.value;
    if (v.kind == ExprKind::kCall && (v.text == "set_add" || v.text == "set_delete")) {
      std::string upper = v.text == "set_add" ? "SET_ADD" : "SET_DELETE";
      Span name_span = v.span;
      name_span.length = static_cast<int>(v.text.size());
      if (v.args.size() != 2) {
        return At(upper + " must have exactly two arguments" + PositionSuffix(name_span),
                  name_span);
      }
      if (v.args[0].kind != ExprKind::kPath || v.args[0].path.size() != u.target.path.size() ||
          RenderPath(v.args[0].path) != RenderPath(u.target.path)) {
        return At("The first argument to " + upper + " must equal the assignment value" +
                      PositionSuffix(name_span),
                  name_span);
      }
      if (!IsConstant(v.args[1])) {
        return At("The second argument to " + upper + " must be a value with type SET" +
                      PositionSuffix(v.args[0].span),
                  v.args[0].span);
      }
      DDB_ASSIGN_OR_RETURN(AttributeValue set, Materialize(v.args[1], params, "root"));
      if (!set.is_set()) {
        return At("The second argument to " + upper + " must be a value with type SET" +
                      PositionSuffix(v.args[0].span),
                  v.args[0].span);
      }
      a.clause = v.text == "set_add" ? Clause::kAdd : Clause::kDelete;
      a.lhs = w.Value(std::move(set));
      by_clause[static_cast<int>(a.clause)].push_back(std::move(a));
      continue;
    }
    a.clause = Clause::kSet;
    DDB_TRY(SetValue(v, w, params, &a));
    by_clause[static_cast<int>(a.clause)].push_back(std::move(a));
  }
  std::vector<expr::UpdateAction> out;
  for (auto& actions : by_clause) {
    for (expr::UpdateAction& a : actions) out.push_back(std::move(a));
  }
  return out;
}

std::string ReturnValuesFor(const std::string& returning) {
  if (returning == "ALL OLD") return "ALL_OLD";
  if (returning == "MODIFIED OLD") return "UPDATED_OLD";
  if (returning == "ALL NEW") return "ALL_NEW";
  if (returning == "MODIFIED NEW") return "UPDATED_NEW";
  return "NONE";
}

}  // namespace

Result<PlannedStatement> PlanUpdate(const Statement& st, const TableSchema& table,
                                    const PlanOptions& o) {
  DDB_TRY(NoIndex(st));
  std::vector<const Expr*> conjuncts;
  FlattenAnd(*st.where, conjuncts);
  std::vector<const Expr*> rest;
  DDB_ASSIGN_OR_RETURN(Key key, ExtractFullKey(conjuncts, table, o.parameters, &rest));
  ExpressionBuilder w(o.parameters);
  PlannedStatement out;
  expr::Built& built = out.call.expressions;
  DDB_ASSIGN_OR_RETURN(built.update, BuildUpdate(st, w, o.parameters));
  // DynamoDB: PartiQL UPDATE is not an upsert; a missing item fails the condition.
  std::vector<CondPtr> condition;
  condition.push_back(
      FunctionCondition("attribute_exists", {PathOperand(w.Name(table.hash.name))}));
  std::string readable = "attribute_exists(" + table.hash.name + ")";
  if (!rest.empty()) {
    std::string rest_readable;
    DDB_ASSIGN_OR_RETURN(std::vector<CondPtr> parts, w.Conjuncts(rest, &rest_readable));
    for (CondPtr& p : parts) condition.push_back(std::move(p));
    readable += " AND " + rest_readable;
  }
  built.condition = AllOf(std::move(condition));
  w.PlaceholdersInto(built);
  UpdateItemRequest r;
  r.table_name = table.name;
  r.key = key;
  if (!st.returning.empty()) r.return_values = ReturnValuesFor(st.returning);
  r.return_values_on_condition_check_failure = o.return_values_on_condition_check_failure;
  r.return_consumed_capacity = o.return_consumed_capacity;
  out.plan.operation = "UpdateItem";
  out.plan.table = table.name;
  out.plan.key_condition = RenderKey(key, table);
  out.plan.filter = readable;
  out.plan.reason =
      "UPDATE names the full primary key -> UpdateItem, conditional on the item existing";
  out.call.request = std::move(r);
  return out;
}

Result<PlannedStatement> PlanDelete(const Statement& st, const TableSchema& table,
                                    const PlanOptions& o) {
  DDB_TRY(NoIndex(st));
  if (!st.returning.empty() && st.returning != "ALL OLD") {
    return ValidationError("Invalid returning clause: RETURNING " + st.returning +
                           " *. Only RETURNING ALL OLD * is allowed in DELETE statements.");
  }
  std::vector<const Expr*> conjuncts;
  FlattenAnd(*st.where, conjuncts);
  std::vector<const Expr*> rest;
  DDB_ASSIGN_OR_RETURN(Key key, ExtractFullKey(conjuncts, table, o.parameters, &rest));
  DeleteItemRequest r;
  r.table_name = table.name;
  r.key = key;
  PlannedStatement out;
  if (!rest.empty()) {
    // DynamoDB: extra predicates guard an existing item; deleting a missing key still succeeds.
    ExpressionBuilder w(o.parameters);
    std::string readable;
    DDB_ASSIGN_OR_RETURN(std::vector<CondPtr> parts, w.Conjuncts(rest, &readable));
    CondPtr guard = AllOf(std::move(parts));
    guard->parenthesized = true;
    std::vector<CondPtr> either;
    either.push_back(
        FunctionCondition("attribute_not_exists", {PathOperand(w.Name(table.hash.name))}));
    either.push_back(std::move(guard));
    out.call.expressions.condition = AnyOf(std::move(either));
    w.PlaceholdersInto(out.call.expressions);
    out.plan.filter = readable;
  }
  if (!st.returning.empty()) r.return_values = "ALL_OLD";
  r.return_values_on_condition_check_failure = o.return_values_on_condition_check_failure;
  r.return_consumed_capacity = o.return_consumed_capacity;
  out.plan.operation = "DeleteItem";
  out.plan.table = table.name;
  out.plan.key_condition = RenderKey(key, table);
  out.plan.reason = "DELETE names the full primary key -> DeleteItem";
  out.call.request = std::move(r);
  return out;
}

Result<PlannedStatement> PlanExists(const Statement& st, const TableSchema& table,
                                    const PlanOptions& o) {
  if (!st.index.empty()) {
    return ValidationError("Operations on indices are not supported in transactions");
  }
  const Error shape =
      ValidationError("EXISTS() must contain a single item read with additional condition");
  if (!st.where) return shape;
  std::vector<const Expr*> conjuncts;
  FlattenAnd(*st.where, conjuncts);
  std::vector<const Expr*> rest;
  Result<Key> key = ExtractFullKey(conjuncts, table, o.parameters, &rest);
  if (!key.ok()) {
    if (key.error().message == kIncompleteKey) return shape;
    return key.error();
  }
  if (rest.empty()) return shape;
  ExpressionBuilder w(o.parameters);
  PlannedStatement out;
  std::string readable;
  std::vector<CondPtr> condition;
  condition.push_back(
      FunctionCondition("attribute_exists", {PathOperand(w.Name(table.hash.name))}));
  DDB_ASSIGN_OR_RETURN(std::vector<CondPtr> parts, w.Conjuncts(rest, &readable));
  for (CondPtr& p : parts) condition.push_back(std::move(p));
  out.call.expressions.condition = AllOf(std::move(condition));
  w.PlaceholdersInto(out.call.expressions);
  TransactWriteItem r;
  r.action = "ConditionCheck";
  r.table_name = table.name;
  r.key = *key;
  r.return_values_on_condition_check_failure = o.return_values_on_condition_check_failure;
  out.plan.operation = "ConditionCheck";
  out.plan.table = table.name;
  out.plan.key_condition = RenderKey(*key, table);
  out.plan.filter = "attribute_exists(" + table.hash.name + ") AND " + readable;
  out.plan.reason = "EXISTS(SELECT ...) with the full primary key -> ConditionCheck";
  out.call.request = std::move(r);
  return out;
}

}  // namespace ddblab::partiql::internal
