// SELECT as one request: GetItem with the full primary key, Query with an equality on the
// partition key (of the table or the named index), otherwise Scan; PlanSelect tries the key
// lookups of plan_lookups.cc first.
#include <algorithm>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "partiql/plan_kinds.h"
#include "partiql/plan_support.h"

namespace ddblab::partiql::internal {

namespace {

// A condition a KeyConditionExpression can hold on sort key `name`: a comparison with a
// constant (not <>), BETWEEN two constants, or begins_with(name, constant).
bool IsSortKeyCondition(const Expr& e, const std::string& name) {
  if (e.kind == ExprKind::kCompare && e.op != "<>") {
    const std::string* l = TopLevelName(e.args[0]);
    const std::string* r = TopLevelName(e.args[1]);
    return (l != nullptr && *l == name && IsConstant(e.args[1])) ||
           (r != nullptr && *r == name && IsConstant(e.args[0]));
  }
  if (e.kind == ExprKind::kBetween && !e.negated) {
    const std::string* x = TopLevelName(e.args[0]);
    return x != nullptr && *x == name && IsConstant(e.args[1]) && IsConstant(e.args[2]);
  }
  if (e.kind == ExprKind::kCall && e.text == "begins_with" && e.args.size() == 2) {
    const std::string* x = TopLevelName(e.args[0]);
    return x != nullptr && *x == name && IsConstant(e.args[1]);
  }
  return false;
}

// A hash equality or sort-key condition as a key-condition tree, with the key on the left as
// KeyConditionExpression wants it.
Result<CondPtr> KeyConditionNode(const Expr& e, ExpressionBuilder& w) {
  if (e.kind == ExprKind::kCompare && TopLevelName(e.args[0]) == nullptr) {
    static const std::map<std::string, expr::Comparator> kFlip = {{"=", expr::Comparator::kEq},
                                                                  {"<", expr::Comparator::kGt},
                                                                  {"<=", expr::Comparator::kGe},
                                                                  {">", expr::Comparator::kLt},
                                                                  {">=", expr::Comparator::kLe}};
    DDB_ASSIGN_OR_RETURN(expr::Operand value, w.Operand(e.args[0]));
    return Comparison(kFlip.at(e.op), PathOperand(w.Path(e.args[1].path)), std::move(value));
  }
  return w.Condition(e);
}

std::string ReadableKeyCondition(const Expr& e, const std::vector<AttributeValue>* params) {
  if (e.kind == ExprKind::kCompare && TopLevelName(e.args[0]) == nullptr) {
    static const std::map<std::string, std::string> kFlip = {
        {"=", "="}, {"<", ">"}, {"<=", ">="}, {">", "<"}, {">=", "<="}};
    return Render(e.args[1], params) + " " + kFlip.at(e.op) + " " + Render(e.args[0], params);
  }
  return Render(e, params);
}

struct KeyNames {
  std::string hash;
  std::optional<std::string> range;
};

// The conjuncts a Query of a GSI with multi-attribute keys can use as its key condition, in
// KeySchema order: an equality on every partition-key attribute, then sort-key attributes left
// to right (equalities, the last one named may be any sort-key condition). DynamoDB allows no
// key attribute in a Query's filter, so a key attribute the key condition cannot hold leaves
// only a Scan; `scan_reason` then says which attribute and why.
bool MultiAttributeKeyConjuncts(const std::vector<const Expr*>& conjuncts, const IndexSchema& index,
                                std::vector<int>* key_at, std::string* scan_reason) {
  auto find = [&](const std::string& name, int* mentions) {
    int at = -1;
    *mentions = 0;
    for (size_t i = 0; i < conjuncts.size(); ++i) {
      if (!Mentions(*conjuncts[i], name)) continue;
      ++*mentions;
      at = static_cast<int>(i);
    }
    return at;
  };
  for (const KeyDef& k : index.hash_keys) {
    int mentions = 0;
    int at = find(k.name, &mentions);
    if (at < 0 || EqualityValue(*conjuncts[static_cast<size_t>(at)], k.name) == nullptr) {
      *scan_reason = "no equality condition on the partition-key attribute " + k.name +
                     " of index " + index.name +
                     " (a Query needs one on every partition-key attribute) -> full Scan";
      return false;
    }
    if (mentions > 1) {
      *scan_reason = "the partition-key attribute " + k.name +
                     " appears in more than the one equality a Query can use -> full Scan";
      return false;
    }
    key_at->push_back(at);
  }
  std::string stopped_at;  // the sort-key attribute after which no other may be named
  bool stopped_by_range = false;
  for (const KeyDef& k : index.range_keys) {
    int mentions = 0;
    int at = find(k.name, &mentions);
    if (!stopped_at.empty()) {
      if (mentions == 0) continue;
      *scan_reason = "the sort-key attribute " + k.name + " follows " + stopped_at +
                     (stopped_by_range ? ", which has a range condition"
                                       : ", which has no equality condition") +
                     "; a Query names sort-key attributes left to right -> full Scan";
      return false;
    }
    if (mentions == 0) {
      stopped_at = k.name;
      continue;
    }
    const Expr& c = *conjuncts[static_cast<size_t>(at)];
    if (mentions > 1 || !IsSortKeyCondition(c, k.name)) {
      *scan_reason = "the sort-key attribute " + k.name +
                     " has conditions one KeyConditionExpression cannot hold -> full Scan";
      return false;
    }
    key_at->push_back(at);
    if (EqualityValue(c, k.name) == nullptr) {
      stopped_at = k.name;
      stopped_by_range = true;
    }
  }
  return true;
}

std::string JoinNames(const std::vector<KeyDef>& keys) {
  std::string out;
  for (const KeyDef& k : keys) out += (out.empty() ? "" : ", ") + k.name;
  return out;
}

}  // namespace

Result<PlannedStatement> PlanSingleSelect(const Statement& st, const TableSchema& table,
                                          const PlanOptions& o) {
  const std::vector<AttributeValue>* params = o.parameters;
  KeyNames keys{table.hash.name, std::nullopt};
  if (table.range) keys.range = table.range->name;
  const IndexSchema* index = nullptr;
  if (!st.index.empty()) {
    index = LookupIndex(table, st.index);
    if (index == nullptr) return ValidationError("The table does not have the specified index");
    keys.hash = index->hash_keys[0].name;
    keys.range.reset();
    if (!index->range_keys.empty()) keys.range = index->range_keys[0].name;
    if (index->global && o.consistent_read.value_or(false)) {
      return ValidationError(
          "Strongly consistent read is not supported on Global Secondary Indexes");
    }
  }

  PlannedStatement out;
  out.read = true;
  Plan& plan = out.plan;
  plan.table = table.name;
  plan.index = st.index;

  std::vector<const Expr*> conjuncts;
  if (st.where) FlattenAnd(*st.where, conjuncts);

  // Which conjunct is the partition-key equality, and which the sort-key condition.
  const bool multi = index != nullptr && index->MultiAttribute();
  std::vector<int> multi_key_at;  // a multi-attribute index's key conjuncts, in KeySchema order
  int hash_at = -1;
  bool hash_ok = false;
  std::string scan_reason;
  if (!st.where) {
    scan_reason = "no WHERE clause -> full Scan";
  } else if (multi) {
    hash_ok = MultiAttributeKeyConjuncts(conjuncts, *index, &multi_key_at, &scan_reason);
  } else {
    int mentions = 0;
    for (size_t i = 0; i < conjuncts.size(); ++i) {
      if (Mentions(*conjuncts[i], keys.hash)) ++mentions;
      if (EqualityValue(*conjuncts[i], keys.hash) != nullptr) hash_at = static_cast<int>(i);
    }
    hash_ok = hash_at >= 0 && mentions == 1;
    if (hash_at < 0 && EnumeratesKey(conjuncts, keys.hash)) {
      // Reached only when the values cannot be split into one key lookup each (see
      // PlanLookups): another predicate on the partition key, or sort-key conditions no
      // KeyConditionExpression can hold.
      scan_reason = "IN or OR on the partition key " + keys.hash +
                    " with conditions that one key lookup per value cannot hold -> full Scan";
    } else if (hash_at < 0) {
      scan_reason = "no equality condition on the partition key " + keys.hash + " -> full Scan";
    } else if (!hash_ok) {
      scan_reason = "the partition key " + keys.hash +
                    " appears in more than the one equality a Query can use -> full Scan";
    }
  }
  int range_at = -1;
  if (hash_ok && keys.range && !multi) {
    int mentions = 0;
    for (size_t i = 0; i < conjuncts.size(); ++i) {
      if (!Mentions(*conjuncts[i], *keys.range)) continue;
      ++mentions;
      if (IsSortKeyCondition(*conjuncts[i], *keys.range)) range_at = static_cast<int>(i);
    }
    if (mentions > 1 || (mentions == 1 && range_at < 0)) {
      // A Query's filter may not name key attributes, so a sort-key predicate that is not one
      // key condition leaves only a Scan.
      hash_ok = false;
      scan_reason = "the sort key " + *keys.range +
                    " has conditions one KeyConditionExpression cannot hold -> full Scan";
    }
  }

  // ORDER BY: DynamoDB sorts only along the key of one partition.
  std::optional<bool> forward;
  if (!st.order_by.empty()) {
    if (!st.where) {
      return ValidationError("Must have WHERE clause in the statement when using ORDER BY clause.");
    }
    for (const OrderTerm& term : st.order_by) {
      if (multi) {
        if (!index->IsIndexKey(term.name)) {
          return At("Variable reference " + term.name +
                        " in ORDER BY clause must be part of the primary key",
                    term.span);
        }
        for (const KeyDef& k : index->range_keys) {
          if (k.name == term.name) forward = !term.descending;
        }
        continue;
      }
      if (term.name != keys.hash && (!keys.range || term.name != *keys.range)) {
        return At("Variable reference " + term.name +
                      " in ORDER BY clause must be part of the primary key",
                  term.span);
      }
      if (keys.range && term.name == *keys.range) forward = !term.descending;
    }
    if (!hash_ok) {
      return ValidationError(
          "Must have at least one non-optional hash key condition in WHERE clause when using "
          "ORDER BY clause.");
    }
  }

  ExpressionBuilder w(params);
  expr::Built& built = out.call.expressions;
  if (!st.star) {
    built.projection.emplace();
    for (const Expr& path : st.projection) built.projection->push_back(w.Path(path.path));
  }

  // GetItem: the table itself, equality on every key attribute and nothing else.
  bool full_key = hash_ok && index == nullptr &&
                  (!keys.range ||
                   (range_at >= 0 && EqualityValue(*conjuncts[range_at], *keys.range) != nullptr));
  size_t key_conjuncts = keys.range ? 2 : 1;
  if (full_key && conjuncts.size() == key_conjuncts && st.order_by.empty()) {
    GetItemRequest r;
    r.table_name = table.name;
    for (const Expr* c : conjuncts) {
      const std::string& name = EqualityValue(*c, keys.hash) != nullptr ? keys.hash : *keys.range;
      DDB_ASSIGN_OR_RETURN(AttributeValue v, Materialize(*EqualityValue(*c, name), params, "root"));
      r.key.emplace(name, std::move(v));
    }
    r.consistent_read = o.consistent_read;
    w.PlaceholdersInto(built);
    r.return_consumed_capacity = o.return_consumed_capacity;
    plan.operation = "GetItem";
    plan.key_condition = RenderKey(r.key, table);
    plan.reason = "equality on every key attribute (" + keys.hash +
                  (keys.range ? ", " + *keys.range : "") + ") -> GetItem";
    out.call.request = std::move(r);
    return out;
  }

  if (hash_ok) {
    QueryRequest r;
    r.table_name = table.name;
    if (index != nullptr) r.index_name = index->name;
    std::vector<int> key_at = multi_key_at;
    if (!multi) {
      key_at.push_back(hash_at);
      if (range_at >= 0) key_at.push_back(range_at);
    }
    std::vector<CondPtr> key_parts;
    for (int at : key_at) {
      DDB_ASSIGN_OR_RETURN(CondPtr part, KeyConditionNode(*conjuncts[at], w));
      key_parts.push_back(std::move(part));
      plan.key_condition += (plan.key_condition.empty() ? "" : " AND ") +
                            ReadableKeyCondition(*conjuncts[at], params);
    }
    built.key_condition = AllOf(std::move(key_parts));
    std::vector<const Expr*> rest;
    for (size_t i = 0; i < conjuncts.size(); ++i) {
      if (std::find(key_at.begin(), key_at.end(), static_cast<int>(i)) == key_at.end()) {
        rest.push_back(conjuncts[i]);
      }
    }
    if (!rest.empty()) {
      DDB_ASSIGN_OR_RETURN(std::vector<CondPtr> filter, w.Conjuncts(rest, &plan.filter));
      built.condition = AllOf(std::move(filter));
      out.has_filter = true;
    }
    w.PlaceholdersInto(built);
    r.limit = o.limit;
    r.consistent_read = o.consistent_read;
    r.scan_index_forward = forward;
    r.exclusive_start_key = o.exclusive_start_key;
    r.return_consumed_capacity = o.return_consumed_capacity;
    plan.operation = "Query";
    plan.reason = "equality on the partition key " + keys.hash +
                  (range_at >= 0 ? " and a condition on the sort key " + *keys.range : "") +
                  " -> Query";
    if (multi) {
      const size_t sort_parts = key_at.size() - index->hash_keys.size();
      std::vector<KeyDef> named(index->range_keys.begin(),
                                index->range_keys.begin() + static_cast<long>(sort_parts));
      plan.reason =
          "equality on every partition-key attribute (" + JoinNames(index->hash_keys) + ")" +
          (sort_parts ? " and conditions on the sort-key attributes " + JoinNames(named) : "") +
          " -> Query";
    }
    out.call.request = std::move(r);
    return out;
  }

  ScanRequest r;
  r.table_name = table.name;
  if (index != nullptr) r.index_name = index->name;
  if (st.where) {
    DDB_ASSIGN_OR_RETURN(std::vector<CondPtr> filter, w.Conjuncts(conjuncts, &plan.filter));
    built.condition = AllOf(std::move(filter));
    out.has_filter = true;
  }
  w.PlaceholdersInto(built);
  r.limit = o.limit;
  r.consistent_read = o.consistent_read;
  r.exclusive_start_key = o.exclusive_start_key;
  r.return_consumed_capacity = o.return_consumed_capacity;
  plan.operation = "Scan";
  plan.full_scan = true;
  plan.reason = scan_reason;
  out.call.request = std::move(r);
  return out;
}

Result<PlannedStatement> PlanSelect(const Statement& st, const TableSchema& table,
                                    const PlanOptions& o) {
  DDB_ASSIGN_OR_RETURN(std::optional<PlannedStatement> lookups, PlanLookups(st, table, o));
  if (lookups) return std::move(*lookups);
  return PlanSingleSelect(st, table, o);
}

}  // namespace ddblab::partiql::internal
