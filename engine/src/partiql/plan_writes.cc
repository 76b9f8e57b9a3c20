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
  ExpressionWriter w(o.parameters);
  PutItemRequest r;
  r.table_name = table.name;
  r.item = item.map();
  // DynamoDB: INSERT never overwrites; an existing key is DuplicateItemException.
  r.condition_expression = "attribute_not_exists(" + w.Name(table.hash.name) + ")";
  r.expression_attribute_names = w.names();
  r.return_values_on_condition_check_failure = o.return_values_on_condition_check_failure;
  r.return_consumed_capacity = o.return_consumed_capacity;
  PlannedStatement out;
  out.insert = true;
  out.plan.operation = "PutItem";
  out.plan.table = table.name;
  out.plan.key_condition = RenderKey(
      [&] {
        Key k;
        for (const KeyDef* d : key_defs) k.emplace(d->name, item.map().at(d->name));
        return k;
      }(),
      table);
  out.plan.filter = "attribute_not_exists(" + table.hash.name + ")";
  out.plan.reason = "INSERT -> PutItem that fails when the key exists";
  out.request = std::move(r);
  return out;
}

namespace {

Result<std::string> UpdateOperand(const Expr& v, ExpressionWriter& w,
                                  const std::vector<AttributeValue>* params) {
  switch (v.kind) {
    case ExprKind::kPath:
      return w.Path(v.path);
    case ExprKind::kArith: {
      DDB_ASSIGN_OR_RETURN(std::string l, UpdateOperand(v.args[0], w, params));
      DDB_ASSIGN_OR_RETURN(std::string r, UpdateOperand(v.args[1], w, params));
      return l + " " + v.op + " " + r;
    }
    case ExprKind::kCall: {
      if (v.text != "list_append") return UnrecognizedFunction(v);
      if (v.args.size() != 2) return WrongArity(v);
      DDB_ASSIGN_OR_RETURN(std::string a, UpdateOperand(v.args[0], w, params));
      DDB_ASSIGN_OR_RETURN(std::string b, UpdateOperand(v.args[1], w, params));
      return "list_append(" + a + ", " + b + ")";
    }
    case ExprKind::kIs:
      return At("IS operator is not supported in update expressions", v.span);
    default:
      if (IsConstant(v) || v.kind == ExprKind::kMissing) {
        DDB_ASSIGN_OR_RETURN(AttributeValue value, Materialize(v, params, "root"));
        return w.Value(std::move(value));
      }
      return At("Unsupported operator in Update Expression. Operator: " + Render(v, params),
                v.span);
  }
}

// The SET / REMOVE clauses as an UpdateExpression. set_add and set_delete become ADD and DELETE.
Result<std::string> WriteUpdate(const Statement& st, ExpressionWriter& w,
                                const std::vector<AttributeValue>* params) {
  std::vector<std::string> sets, removes, adds, deletes;
  for (const UpdateAction& a : st.updates) {
    std::string target = w.Path(a.target.path);
    if (a.remove) {
      removes.push_back(target);
      continue;
    }
    const Expr& v = a.value;
    if (v.kind == ExprKind::kCall && (v.text == "set_add" || v.text == "set_delete")) {
      std::string upper = v.text == "set_add" ? "SET_ADD" : "SET_DELETE";
      Span name_span = v.span;
      name_span.length = static_cast<int>(v.text.size());
      if (v.args.size() != 2) {
        return At(upper + " must have exactly two arguments" + PositionSuffix(name_span),
                  name_span);
      }
      if (v.args[0].kind != ExprKind::kPath || v.args[0].path.size() != a.target.path.size() ||
          RenderPath(v.args[0].path) != RenderPath(a.target.path)) {
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
      (v.text == "set_add" ? adds : deletes).push_back(target + " " + w.Value(std::move(set)));
      continue;
    }
    DDB_ASSIGN_OR_RETURN(std::string value, UpdateOperand(v, w, params));
    sets.push_back(target + " = " + value);
  }
  std::string out;
  auto clause = [&out](const char* keyword, const std::vector<std::string>& parts) {
    if (parts.empty()) return;
    if (!out.empty()) out += " ";
    out += keyword;
    out += " ";
    for (size_t i = 0; i < parts.size(); ++i) {
      if (i > 0) out += ", ";
      out += parts[i];
    }
  };
  clause("SET", sets);
  clause("REMOVE", removes);
  clause("ADD", adds);
  clause("DELETE", deletes);
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
  ExpressionWriter w(o.parameters);
  DDB_ASSIGN_OR_RETURN(std::string update, WriteUpdate(st, w, o.parameters));
  // DynamoDB: PartiQL UPDATE is not an upsert; a missing item fails the condition.
  std::string condition = "attribute_exists(" + w.Name(table.hash.name) + ")";
  std::string readable = "attribute_exists(" + table.hash.name + ")";
  if (!rest.empty()) {
    std::string text, rest_readable;
    DDB_TRY(WriteConjuncts(rest, w, o.parameters, &text, &rest_readable));
    condition += " AND " + text;
    readable += " AND " + rest_readable;
  }
  UpdateItemRequest r;
  r.table_name = table.name;
  r.key = key;
  r.update_expression = update;
  r.condition_expression = condition;
  SetPlaceholders(r, w);
  if (!st.returning.empty()) r.return_values = ReturnValuesFor(st.returning);
  r.return_values_on_condition_check_failure = o.return_values_on_condition_check_failure;
  r.return_consumed_capacity = o.return_consumed_capacity;
  PlannedStatement out;
  out.plan.operation = "UpdateItem";
  out.plan.table = table.name;
  out.plan.key_condition = RenderKey(key, table);
  out.plan.filter = readable;
  out.plan.reason =
      "UPDATE names the full primary key -> UpdateItem, conditional on the item existing";
  out.request = std::move(r);
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
    ExpressionWriter w(o.parameters);
    std::string text, readable;
    DDB_TRY(WriteConjuncts(rest, w, o.parameters, &text, &readable));
    std::string pk = w.Name(table.hash.name);
    r.condition_expression = "attribute_not_exists(" + pk + ") OR (" + text + ")";
    SetPlaceholders(r, w);
    out.plan.filter = readable;
  }
  if (!st.returning.empty()) r.return_values = "ALL_OLD";
  r.return_values_on_condition_check_failure = o.return_values_on_condition_check_failure;
  r.return_consumed_capacity = o.return_consumed_capacity;
  out.plan.operation = "DeleteItem";
  out.plan.table = table.name;
  out.plan.key_condition = RenderKey(key, table);
  out.plan.reason = "DELETE names the full primary key -> DeleteItem";
  out.request = std::move(r);
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
  ExpressionWriter w(o.parameters);
  std::string text, readable;
  std::string pk = w.Name(table.hash.name);
  DDB_TRY(WriteConjuncts(rest, w, o.parameters, &text, &readable));
  TransactWriteItem r;
  r.action = "ConditionCheck";
  r.table_name = table.name;
  r.key = *key;
  r.condition_expression = "attribute_exists(" + pk + ") AND " + text;
  SetPlaceholders(r, w);
  r.return_values_on_condition_check_failure = o.return_values_on_condition_check_failure;
  PlannedStatement out;
  out.plan.operation = "ConditionCheck";
  out.plan.table = table.name;
  out.plan.key_condition = RenderKey(*key, table);
  out.plan.filter = "attribute_exists(" + table.hash.name + ") AND " + readable;
  out.plan.reason = "EXISTS(SELECT ...) with the full primary key -> ConditionCheck";
  out.request = std::move(r);
  return out;
}

}  // namespace ddblab::partiql::internal
