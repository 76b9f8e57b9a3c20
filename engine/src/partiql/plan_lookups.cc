// SELECT whose WHERE enumerates keys (IN or OR on the partition key, or on the sort key under
// one partition-key equality) as one GetItem or Query per key.
#include <algorithm>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "partiql/plan_kinds.h"
#include "partiql/plan_support.h"

namespace ddblab::partiql::internal {

namespace {

// A WHERE that enumerates partition-key values, split into one WHERE per value.
struct LookupBranches {
  std::vector<Expr> wheres;
  std::vector<AttributeValue> values;  // the partition-key value each branch names
  std::vector<AttributeValue> params;  // the request's parameters, then the substituted values
};

Expr AndOf(std::vector<Expr> parts) {
  if (parts.size() == 1) return std::move(parts.front());
  Expr e;
  e.kind = ExprKind::kAnd;
  e.span = parts.front().span;
  e.args = std::move(parts);
  return e;
}

// `hash IN [...]` or `hash = a OR hash = b` as one conjunct, the other conjuncts shared by every
// value. Each value is substituted as an extra parameter so the single-request planner renders
// and materializes it like any other. Returns false when the WHERE is not of this shape.
Result<bool> SplitEnumeration(const std::vector<const Expr*>& conjuncts, const std::string& hash,
                              const std::vector<AttributeValue>* params, LookupBranches* out) {
  int at = -1;
  for (size_t i = 0; i < conjuncts.size(); ++i) {
    if (!Mentions(*conjuncts[i], hash)) continue;
    if (at >= 0 || !EnumeratesKey({conjuncts[i]}, hash)) return false;
    at = static_cast<int>(i);
  }
  if (at < 0) return false;
  const Expr& e = *conjuncts[at];
  std::vector<AttributeValue> values;
  if (e.kind == ExprKind::kIn) {
    const Expr& rhs = e.args[1];
    if (rhs.kind == ExprKind::kList) {
      for (const Expr& item : rhs.args) {
        if (!IsConstant(item)) return false;
        DDB_ASSIGN_OR_RETURN(AttributeValue v, Materialize(item, params, "root"));
        values.push_back(std::move(v));
      }
    } else if (IsConstant(rhs)) {
      DDB_ASSIGN_OR_RETURN(AttributeValue v, Materialize(rhs, params, "root"));
      if (v.type != AttrType::kL) return false;
      values = v.list();
    } else {
      return false;
    }
  } else {
    for (const Expr& a : e.args) {
      DDB_ASSIGN_OR_RETURN(AttributeValue v, Materialize(*EqualityValue(a, hash), params, "root"));
      values.push_back(std::move(v));
    }
  }
  if (params != nullptr) out->params = *params;
  for (AttributeValue& v : values) {
    bool seen = false;
    for (const AttributeValue& have : out->values) seen = seen || have == v;
    if (seen) continue;  // a value listed twice is read once
    Expr path;
    path.kind = ExprKind::kPath;
    path.span = e.span;
    path.path = {PathStep{hash, -1}};
    Expr value;
    value.kind = ExprKind::kParameter;
    value.span = e.span;
    value.parameter_index = static_cast<int>(out->params.size());
    Expr eq;
    eq.kind = ExprKind::kCompare;
    eq.op = "=";
    eq.span = e.span;
    eq.args = {std::move(path), std::move(value)};
    std::vector<Expr> parts;
    for (size_t i = 0; i < conjuncts.size(); ++i) {
      parts.push_back(static_cast<int>(i) == at ? eq : *conjuncts[i]);
    }
    out->wheres.push_back(AndOf(std::move(parts)));
    out->params.push_back(v);
    out->values.push_back(std::move(v));
  }
  return !out->wheres.empty();
}

// `(hash = a AND ...) OR (hash = b AND ...)`: each branch names one distinct partition-key value.
Result<bool> SplitBranches(const Expr& where, const std::string& hash,
                           const std::vector<AttributeValue>* params, LookupBranches* out) {
  if (where.kind != ExprKind::kOr) return false;
  if (params != nullptr) out->params = *params;
  for (const Expr& branch : where.args) {
    std::vector<const Expr*> conjuncts;
    FlattenAnd(branch, conjuncts);
    const Expr* value = nullptr;
    for (const Expr* c : conjuncts) {
      if (const Expr* v = EqualityValue(*c, hash)) value = v;
    }
    if (value == nullptr) return false;
    DDB_ASSIGN_OR_RETURN(AttributeValue v, Materialize(*value, params, "root"));
    // Two branches on one partition could return an item twice; that stays a Scan.
    for (const AttributeValue& have : out->values) {
      if (have == v) return false;
    }
    out->wheres.push_back(branch);
    out->values.push_back(std::move(v));
  }
  return true;
}

std::string Parenthesized(const std::string& text) {
  return text.find(" AND ") == std::string::npos ? text : "(" + text + ")";
}

// The sort key lookups may enumerate under one partition-key equality: the table's, or a
// single-attribute index sort key; nullopt when there is none.
std::optional<std::string> LookupRangeKey(const TableSchema& table, const std::string& index) {
  if (index.empty()) {
    if (!table.range) return std::nullopt;
    return table.range->name;
  }
  const IndexSchema* ix = LookupIndex(table, index);
  if (ix == nullptr || ix->range_keys.size() != 1) return std::nullopt;
  return ix->range_keys[0].name;
}

// Splits each branch further where, under an equality on `hash`, it enumerates sort-key values
// (`SK IN [...]`, `SK = a OR SK = b`): one branch per (partition, sort key) pair, so
// `PK = 'a' AND SK IN ['x', 'y']` reads two items instead of scanning the table. The substituted
// values join `branches.params`; `sort_values[i]` is the sort-key value branch i names (nullopt
// when it names none). Returns whether any branch was split.
Result<bool> SplitSortKeys(LookupBranches& branches, const std::string& hash,
                           const std::string& range,
                           std::vector<std::optional<AttributeValue>>* sort_values,
                           std::vector<std::optional<AttributeValue>>* hash_values) {
  LookupBranches finer;
  finer.params = branches.params;
  std::vector<std::optional<AttributeValue>> finer_hash;
  bool any = false;
  for (size_t i = 0; i < branches.wheres.size(); ++i) {
    std::vector<const Expr*> conjuncts;
    FlattenAnd(branches.wheres[i], conjuncts);
    bool hash_equality = false;
    for (const Expr* c : conjuncts) hash_equality = hash_equality || EqualityValue(*c, hash);
    LookupBranches one;
    bool split = false;
    if (hash_equality) {
      DDB_ASSIGN_OR_RETURN(split, SplitEnumeration(conjuncts, range, &finer.params, &one));
    }
    if (!split) {
      finer.wheres.push_back(std::move(branches.wheres[i]));
      finer_hash.push_back((*hash_values)[i]);
      sort_values->push_back(std::nullopt);
      continue;
    }
    any = true;
    finer.params = std::move(one.params);
    for (size_t k = 0; k < one.wheres.size(); ++k) {
      finer.wheres.push_back(std::move(one.wheres[k]));
      finer_hash.push_back((*hash_values)[i]);
      sort_values->push_back(std::move(one.values[k]));
    }
  }
  branches.wheres = std::move(finer.wheres);
  branches.params = std::move(finer.params);
  *hash_values = std::move(finer_hash);
  return any;
}

// ORDER BY over lookups: by the partition-key value, then the sort-key value, each in its
// term's direction (a stable sort keeps the written order where the terms say nothing).
// Once the WHERE names several partition-key values, DynamoDB wants the partition key to lead
// ORDER BY.
Status OrderLookups(const Statement& st, const std::string& hash,
                    const std::optional<std::string>& range,
                    const std::vector<std::optional<AttributeValue>>& hash_values,
                    const std::vector<std::optional<AttributeValue>>& sort_values,
                    std::vector<size_t>* order) {
  order->resize(hash_values.size());
  for (size_t i = 0; i < order->size(); ++i) (*order)[i] = i;
  if (st.order_by.empty()) return OkStatus();
  std::vector<AttributeValue> distinct;
  for (const auto& v : hash_values) {
    if (v && std::find(distinct.begin(), distinct.end(), *v) == distinct.end()) {
      distinct.push_back(*v);
    }
  }
  if (distinct.size() > 1 && st.order_by.front().name != hash) {
    return ValidationError(
        "Must have hash key in ORDER BY clause when more than one hash key condition specified "
        "in WHERE clause.");
  }
  auto compare = [](const std::optional<AttributeValue>& a,
                    const std::optional<AttributeValue>& b) {
    if (!a || !b) return 0;
    return CompareScalar(*a, *b);
  };
  std::stable_sort(order->begin(), order->end(), [&](size_t x, size_t y) {
    for (const OrderTerm& term : st.order_by) {
      int c = 0;
      if (term.name == hash) c = compare(hash_values[x], hash_values[y]);
      if (range && term.name == *range) c = compare(sort_values[x], sort_values[y]);
      if (c != 0) return term.descending ? c > 0 : c < 0;
    }
    return false;
  });
  return OkStatus();
}

}  // namespace

Result<std::optional<PlannedStatement>> PlanLookups(const Statement& st, const TableSchema& table,
                                                    const PlanOptions& o) {
  if (!st.where) return std::optional<PlannedStatement>();
  std::string hash = table.hash.name;
  if (!st.index.empty()) {
    const IndexSchema* index = LookupIndex(table, st.index);
    if (index == nullptr) return std::optional<PlannedStatement>();  // the single plan reports it
    // Lookups by several values are for a single-attribute partition key.
    if (index->hash_keys.size() > 1) return std::optional<PlannedStatement>();
    hash = index->hash_keys[0].name;
  }
  std::optional<std::string> range = LookupRangeKey(table, st.index);
  std::vector<const Expr*> conjuncts;
  FlattenAnd(*st.where, conjuncts);
  LookupBranches branches;
  DDB_ASSIGN_OR_RETURN(bool by_hash, SplitEnumeration(conjuncts, hash, o.parameters, &branches));
  if (!by_hash) {
    branches = LookupBranches{};
    DDB_ASSIGN_OR_RETURN(by_hash, SplitBranches(*st.where, hash, o.parameters, &branches));
  }
  std::vector<std::optional<AttributeValue>> hash_values;
  if (by_hash) {
    hash_values.assign(branches.values.begin(), branches.values.end());
  } else {
    // One partition: the WHERE as written, split below only if it enumerates the sort key.
    branches = LookupBranches{};
    branches.wheres.push_back(*st.where);
    if (o.parameters != nullptr) branches.params = *o.parameters;
    hash_values.push_back(std::nullopt);
  }
  std::vector<std::optional<AttributeValue>> sort_values;
  bool by_range = false;
  if (range) {
    DDB_ASSIGN_OR_RETURN(by_range,
                         SplitSortKeys(branches, hash, *range, &sort_values, &hash_values));
  } else {
    sort_values.assign(hash_values.size(), std::nullopt);
  }
  if (!by_hash && !by_range) return std::optional<PlannedStatement>();
  std::vector<size_t> order;
  DDB_TRY(OrderLookups(st, hash, range, hash_values, sort_values, &order));

  PlannedStatement out;
  out.read = true;
  out.lookup_start = o.exclusive_start_key;
  out.lookup_limit = o.limit;
  PlanOptions each = o;
  each.parameters = &branches.params;
  each.limit.reset();
  each.exclusive_start_key.reset();
  std::vector<std::string> conditions;
  std::vector<std::string> filters;
  for (size_t at : order) {
    Statement one = st;
    one.where = std::move(branches.wheres[at]);
    DDB_ASSIGN_OR_RETURN(PlannedStatement p, PlanSingleSelect(one, table, each));
    if (!std::holds_alternative<GetItemRequest>(p.call.request) &&
        !std::holds_alternative<QueryRequest>(p.call.request)) {
      return std::optional<PlannedStatement>();
    }
    out.has_filter = out.has_filter || p.has_filter;
    conditions.push_back(Parenthesized(p.plan.key_condition));
    if (!p.plan.filter.empty() &&
        std::find(filters.begin(), filters.end(), p.plan.filter) == filters.end()) {
      filters.push_back(p.plan.filter);
    }
    out.plan.lookups.push_back(p.plan);
    out.lookups.push_back(std::move(p.call));
  }
  out.call = out.lookups.front();
  Plan& plan = out.plan;
  plan.table = table.name;
  plan.index = st.index;
  plan.operation = plan.lookups.front().operation;
  for (const Plan& l : plan.lookups) {
    if (l.operation != plan.operation) plan.operation = "GetItem and Query";
  }
  for (size_t i = 0; i < conditions.size(); ++i) {
    if (i > 0) plan.key_condition += " OR ";
    plan.key_condition += conditions[i];
  }
  for (size_t i = 0; i < filters.size(); ++i) {
    if (i > 0) plan.filter += "; ";
    plan.filter += filters[i];
  }
  // DynamoDB: equality or IN on the partition key does not scan (developer guide, "PartiQL
  // select statements for DynamoDB"); it reads each named partition, and under an equality on
  // the partition key each named sort key.
  std::string n = std::to_string(plan.lookups.size());
  std::string what = by_hash ? "IN or OR on the partition key " + hash : "";
  if (by_range) {
    what += (by_hash ? " and " : "equality on the partition key " + hash + " and ") +
            std::string("IN or OR on the sort key ") + *range;
  }
  plan.reason = what + " -> one " + plan.operation + " per " + (by_range ? "key" : "value") + " (" +
                n + " lookups)";
  if (!st.order_by.empty()) plan.reason += ", in ORDER BY order";
  return std::optional<PlannedStatement>(std::move(out));
}

}  // namespace ddblab::partiql::internal
