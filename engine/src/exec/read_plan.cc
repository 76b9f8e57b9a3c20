#include "exec/read_plan.h"

#include <algorithm>
#include <atomic>
#include <memory>
#include <string>

#include "account/capacity_math.h"
#include "exec/keys.h"
#include "exec/op_common.h"
#include "exec/page_buffer.h"
#include "exec/read_plan_legacy.h"
#include "exec/read_result.h"
#include "exec/request_checks.h"
#include "expr/legacy.h"
#include "value/item_encoding.h"
#include "value/key_tuple.h"

namespace ddblab {
namespace {

// DynamoDB: a Query or Scan page stops after 1 MB of items read.
constexpr int64_t kPageBytes = 1 << 20;

std::string Successor(std::string prefix) {
  while (!prefix.empty()) {
    unsigned char c = static_cast<unsigned char>(prefix.back());
    if (c != 0xFF) {
      prefix.back() = static_cast<char>(c + 1);
      return prefix;
    }
    prefix.pop_back();
  }
  return prefix;  // empty: no upper bound
}

struct KeyNames {
  std::vector<KeyDef> defs;  // table keys then index keys, deduplicated
};

KeyNames StartKeyNames(const TableSchema& t, const IndexSchema* ix) {
  KeyNames k;
  auto add = [&](const KeyDef& d) {
    for (const auto& e : k.defs)
      if (e.name == d.name) return;
    k.defs.push_back(d);
  };
  add(t.hash);
  if (t.range) add(*t.range);
  if (ix) {
    for (const KeyDef& d : ix->hash_keys) add(d);
    for (const KeyDef& d : ix->range_keys) add(d);
  }
  return k;
}

// DynamoDB's checks of an ExclusiveStartKey's shape: exactly the start-key attributes, each of
// its schema type. A wrong type on an attribute of the key being read (the index's, or the
// table's for a Query of the table) is "The provided key element does not match the schema"; on
// a table attribute behind an index, or in a Scan of the table, the same words follow "The
// provided starting key is invalid: ".
Status ValidateStartKey(const TableSchema& t, const IndexSchema* ix, const Key& esk,
                        bool is_query) {
  KeyNames names = StartKeyNames(t, ix);
  if (esk.size() != names.defs.size()) {
    return ValidationError("The provided starting key is invalid");
  }
  for (const KeyDef& d : names.defs) {
    if (esk.find(d.name) == esk.end()) {
      return ValidationError("The provided starting key is invalid");
    }
  }
  auto read_key_attribute = [&](const std::string& name) {
    if (!ix) return is_query;
    for (const auto* list : {&ix->hash_keys, &ix->range_keys}) {
      for (const KeyDef& d : *list) {
        if (d.name == name) return true;
      }
    }
    return false;
  };
  for (const KeyDef& d : names.defs) {
    if (esk.at(d.name).type == d.type) continue;
    return ValidationError(
        std::string(read_key_attribute(d.name) ? "" : "The provided starting key is invalid: ") +
        "The provided key element does not match the schema");
  }
  return OkStatus();
}

// Whether a start key's sort-key value satisfies a single-attribute sort condition.
bool SatisfiesSortCondition(const expr::KeyCondition& kc, const AttributeValue& v) {
  const int c = CompareScalar(v, kc.sort_value);
  switch (kc.sort_op) {
    case expr::SortOp::kNone:
      return true;
    case expr::SortOp::kEq:
      return c == 0;
    case expr::SortOp::kLt:
      return c < 0;
    case expr::SortOp::kLe:
      return c <= 0;
    case expr::SortOp::kGt:
      return c > 0;
    case expr::SortOp::kGe:
      return c >= 0;
    case expr::SortOp::kBetween:
      return c >= 0 && CompareScalar(v, kc.sort_value2) <= 0;
    case expr::SortOp::kBeginsWith:
      return v.str().compare(0, kc.sort_value.str().size(), kc.sort_value.str()) == 0;
  }
  return true;
}

std::string Enc(const Key& k, const std::optional<KeyDef>& d) {
  if (!d) return "";
  return EncodeKeyValue(k.at(d->name));
}

// The partition-key and sort-key attributes a read is keyed by: the index's, else the table's.
std::vector<KeyDef> HashDefs(const TableSchema& t, const IndexSchema* ix) {
  return ix ? ix->hash_keys : std::vector<KeyDef>{t.hash};
}
std::vector<KeyDef> RangeDefs(const TableSchema& t, const IndexSchema* ix) {
  if (ix) return ix->range_keys;
  return t.range ? std::vector<KeyDef>{*t.range} : std::vector<KeyDef>{};
}

// The stored encoding of a (validated) start key's attributes `defs` ("" for none).
std::string EncodeParts(const Key& k, const std::vector<KeyDef>& defs) {
  if (defs.empty()) return "";
  std::vector<const AttributeValue*> parts;
  for (const KeyDef& d : defs) parts.push_back(&k.at(d.name));
  return EncodeKeyTuple(parts);
}

// Bounds on the tuple-encoded sort key of a GSI with a multi-attribute sort key: the equalities
// of `kc.sort_prefix` fix a byte prefix, and the condition on the next attribute bounds what
// follows it (every entry extending a part's encoding sorts between it and its successor).
void MultiAttributeSortBounds(const expr::KeyCondition& kc, RangeRead* range) {
  std::string prefix;
  for (const AttributeValue& v : kc.sort_prefix) AppendKeyTuplePart(v, &prefix);
  auto add = [&](const char* op, std::string bytes) {
    if (bytes.empty()) return;
    range->bounds.push_back(Bound{{"isk"}, op, {std::move(bytes)}});
  };
  auto part = [&](const AttributeValue& v) {
    std::string out = prefix;
    AppendKeyTuplePart(v, &out);
    return out;
  };
  switch (kc.sort_op) {
    case expr::SortOp::kNone:
      break;
    case expr::SortOp::kEq:
      add(">=", part(kc.sort_value));
      add("<", Successor(part(kc.sort_value)));
      break;
    case expr::SortOp::kLt:
      add(">=", prefix);
      add("<", part(kc.sort_value));
      break;
    case expr::SortOp::kLe:
      add(">=", prefix);
      add("<", Successor(part(kc.sort_value)));
      break;
    case expr::SortOp::kGt:
      add(">=", Successor(part(kc.sort_value)));
      add("<", Successor(prefix));
      break;
    case expr::SortOp::kGe:
      add(">=", part(kc.sort_value));
      add("<", Successor(prefix));
      break;
    case expr::SortOp::kBetween:
      add(">=", part(kc.sort_value));
      add("<", Successor(part(kc.sort_value2)));
      break;
    case expr::SortOp::kBeginsWith: {
      std::string start = prefix;
      AppendKeyTuplePrefix(kc.sort_value, &start);
      add(">=", start);
      add("<", Successor(start));
      break;
    }
  }
}

// Select, ProjectionExpression and index projections, with DynamoDB's messages.
Status ResolveSelect(const std::optional<std::string>& select, const char* projection_member,
                     const IndexSchema* ix, bool is_query, ReadPlan* p) {
  bool has_projection = projection_member != nullptr;
  if (!select) return OkStatus();
  const std::string& s = *select;
  // DynamoDB: Query reports these as a constraint violation ("1 validation error detected: ");
  // Scan gives the bare text, and its ALL_PROJECTED_ATTRIBUTES refusal also says "Querying".
  const std::string prefix = is_query ? "1 validation error detected: " : "";
  if (s == "ALL_PROJECTED_ATTRIBUTES" && !ix) {
    return ValidationError(prefix +
                           "ALL_PROJECTED_ATTRIBUTES can be used only when Querying using an "
                           "IndexName");
  }
  if (s == "SPECIFIC_ATTRIBUTES" && !has_projection) {
    return ValidationError(prefix +
                           "Must specify the AttributesToGet or ProjectionExpression when "
                           "choosing to get SPECIFIC_ATTRIBUTES");
  }
  if (has_projection && s != "SPECIFIC_ATTRIBUTES") {
    return ValidationError(prefix + "Cannot specify the " + projection_member +
                           " when choosing to get " + (s == "COUNT" ? "only the Count" : s));
  }
  if (s == "ALL_ATTRIBUTES" && ix && ix->projection_type != "ALL") {
    if (ix->global) {
      return ValidationError(
          "One or more parameter values were invalid: Select type ALL_ATTRIBUTES is not "
          "supported for global secondary index " +
          ix->name + " because its projection type is not ALL");
    }
    p->fetch_base = true;
  }
  p->count_only = s == "COUNT";
  return OkStatus();
}

struct Common {
  const std::optional<std::string>& index_name;
  const std::optional<std::string>& filter_expression;
  const std::optional<std::string>& projection_expression;
  const std::optional<ExpressionAttributeNames>& names;
  const std::optional<ExpressionAttributeValues>& values;
  const std::optional<std::string>& select;
  const std::optional<int64_t>& limit;
  const std::optional<bool>& consistent_read;
  // Legacy members: QueryFilter or ScanFilter, and AttributesToGet.
  const std::optional<Conditions>& legacy_filter;
  const std::optional<std::string>& conditional_operator;
  const std::optional<std::vector<std::string>>& attributes_to_get;
  const expr::Built* built;  // a PartiQL SELECT's trees, or null
};

// The request's member constraints (enums, Limit, IndexName) were checked before the table was
// looked up (CheckMembers).
Status PlanCommon(const TableSchema& t, const Common& c, bool is_query, ReadPlan* p) {
  p->table = &t;
  if (c.index_name) {
    p->index = t.FindIndex(*c.index_name);
    if (!p->index) {
      return ValidationError("The table does not have the specified index: " + *c.index_name);
    }
  }
  p->strong = c.consistent_read.value_or(false);
  if (p->strong && p->index && p->index->global) {
    return ValidationError("Consistent reads are not supported on global secondary indexes");
  }
  p->limit = c.limit.value_or(0);
  const bool built_projection = c.built != nullptr && c.built->projection;
  const char* projection_member = c.projection_expression || built_projection
                                      ? "ProjectionExpression"
                                  : c.attributes_to_get ? "AttributesToGet"
                                                        : nullptr;
  DDB_TRY(ResolveSelect(c.select, projection_member, p->index, is_query, p));
  p->range.storage_id = p->index ? p->index->storage_id : t.storage_id;
  p->range.index = p->index != nullptr;
  return OkStatus();
}

Status ParseFilterAndProjection(const Common& c, expr::Context& ctx, ReadPlan* p) {
  if (c.filter_expression) {
    DDB_ASSIGN_OR_RETURN(p->filter,
                         expr::ParseCondition(*c.filter_expression, expr::Kind::kFilter, ctx));
  }
  if (c.projection_expression) {
    DDB_ASSIGN_OR_RETURN(p->projection, expr::ParseProjection(*c.projection_expression, ctx));
  }
  if (c.built != nullptr) {
    if (c.built->condition) {
      DDB_ASSIGN_OR_RETURN(p->filter,
                           expr::ConditionFromTree(c.built->condition, expr::Kind::kFilter));
    }
    if (c.built->projection) {
      DDB_ASSIGN_OR_RETURN(p->projection, expr::ProjectionFromPaths(*c.built->projection));
    }
  }
  DDB_TRY(ctx.CheckAllUsed());
  DDB_TRY(PlanLegacyFilterAndProjection(c.legacy_filter, c.conditional_operator,
                                        c.attributes_to_get, p));
  if (p->projection && p->index && p->index->global) {
    for (const std::string& a : p->projection->TopLevelAttributes()) {
      if (!p->index->Projects(a, *p->table)) {
        return ValidationError(
            "One or more parameter values were invalid: Global secondary index " + p->index->name +
            " does not project [" + a + "]");
      }
    }
  }
  if (p->projection && p->index && !p->index->global) {
    for (const std::string& a : p->projection->TopLevelAttributes()) {
      if (!p->index->Projects(a, *p->table)) p->fetch_base = true;
    }
  }
  // A filter on a local secondary index reads only what the index projects: DynamoDB refuses a
  // filter naming anything else (whatever Select asks for), rather than filtering on a fetch.
  if (p->filter && p->index && !p->index->global) {
    for (const std::string& a : p->filter->TopLevelAttributes()) {
      if (!p->index->Projects(a, *p->table)) {
        return ValidationError("One or more parameter values were invalid: Local secondary index " +
                               p->index->name +
                               " does not project an attribute the filter reads: [" + a + "]");
      }
    }
  }
  return OkStatus();
}

}  // namespace

Result<ReadPlan> PlanQuery(const TableSchema& t, const QueryRequest& r, int partition_count,
                           const expr::Built* built) {
  ReadPlan p;
  p.is_query = true;
  p.partition_count = partition_count;
  Common c{r.index_name,
           r.filter_expression,
           r.projection_expression,
           r.expression_attribute_names,
           r.expression_attribute_values,
           r.select,
           r.limit,
           r.consistent_read,
           r.query_filter,
           r.conditional_operator,
           r.attributes_to_get,
           built};
  DDB_TRY(CheckLegacyQueryMembers(r));
  DDB_TRY(PlanCommon(t, c, true, &p));
  expr::Context ctx(r.expression_attribute_names, r.expression_attribute_values);
  bool any = r.key_condition_expression || r.filter_expression || r.projection_expression;
  DDB_TRY(ctx.CheckMaps(any, ""));
  const expr::CondNode* built_key = built != nullptr ? built->key_condition.get() : nullptr;
  if (!r.key_condition_expression && !r.key_conditions && built_key == nullptr) {
    return ValidationError(
        "Either the KeyConditions or KeyConditionExpression parameter must be specified in the "
        "request.");
  }
  // DynamoDB checks the request's own members before it holds the key condition against the
  // key schema: an empty FilterExpression, then the start key's shape.
  if (r.filter_expression &&
      r.filter_expression->find_first_not_of(" \t\n\r") == std::string::npos) {
    return ValidationError("Invalid FilterExpression: The expression can not be empty;");
  }
  if (r.exclusive_start_key) {
    DDB_TRY(ValidateStartKey(t, p.index, *r.exclusive_start_key, /*is_query=*/true));
  }
  const std::vector<KeyDef> hash_defs = HashDefs(t, p.index);
  const std::vector<KeyDef> range_defs = RangeDefs(t, p.index);
  expr::KeySchemaView keys;
  for (const KeyDef& d : hash_defs) keys.hash.push_back({d.name, d.type});
  for (const KeyDef& d : range_defs) keys.range.push_back({d.name, d.type});
  if (r.key_condition_expression) {
    DDB_ASSIGN_OR_RETURN(p.key_condition,
                         expr::ParseKeyCondition(*r.key_condition_expression, keys, ctx));
  } else if (built_key != nullptr) {
    DDB_ASSIGN_OR_RETURN(p.key_condition, expr::KeyConditionFromTree(*built_key, keys));
  } else {
    DDB_ASSIGN_OR_RETURN(p.key_condition, expr::KeyConditionFromLegacy(*r.key_conditions, keys));
  }
  DDB_TRY(ParseFilterAndProjection(c, ctx, &p));
  if (p.filter) {
    for (const std::string& a : p.filter->TopLevelAttributes()) {
      if (keys.IsKey(a)) {
        return ValidationError(std::string(r.query_filter ? "QueryFilter" : "Filter Expression") +
                               " can only contain non-primary key attributes: Primary key "
                               "attribute: " +
                               a);
      }
    }
  }
  const expr::KeyCondition& kc = *p.key_condition;
  std::vector<const AttributeValue*> hash_parts;
  for (const AttributeValue& v : kc.hash_values) hash_parts.push_back(&v);
  DDB_TRY(CheckKeyPartSizes(hash_parts, {}));
  std::string hk = EncodeKeyTuple(hash_parts);
  p.range.h = PartitionHash(hk);
  p.range.hash_key = hk;
  p.range.descending = !r.scan_index_forward.value_or(true);
  std::string col = p.index ? "isk" : "sk";
  auto bound = [&](const char* op, const AttributeValue& v) {
    p.range.bounds.push_back(Bound{{col}, op, {EncodeKeyValue(v)}});
  };
  const bool tuple_sort = range_defs.size() > 1;
  if (tuple_sort) MultiAttributeSortBounds(kc, &p.range);
  if (!tuple_sort) {
    switch (kc.sort_op) {
      case expr::SortOp::kNone:
        break;
      case expr::SortOp::kEq:
        bound("=", kc.sort_value);
        break;
      case expr::SortOp::kLt:
        bound("<", kc.sort_value);
        break;
      case expr::SortOp::kLe:
        bound("<=", kc.sort_value);
        break;
      case expr::SortOp::kGt:
        bound(">", kc.sort_value);
        break;
      case expr::SortOp::kGe:
        bound(">=", kc.sort_value);
        break;
      case expr::SortOp::kBetween:
        bound(">=", kc.sort_value);
        bound("<=", kc.sort_value2);
        break;
      case expr::SortOp::kBeginsWith: {
        std::string prefix = EncodeKeyValue(kc.sort_value);
        p.range.bounds.push_back(Bound{{col}, ">=", {prefix}});
        std::string succ = Successor(prefix);
        if (!succ.empty()) p.range.bounds.push_back(Bound{{col}, "<", {succ}});
        break;
      }
    }
  }
  if (r.exclusive_start_key) {
    const Key& esk = *r.exclusive_start_key;
    // DynamoDB checks a start key against the sort condition first; with a sort condition, a
    // start key in another partition "cannot be restarted", without one it is "outside query
    // boundaries".
    const bool sort_condition = kc.sort_op != expr::SortOp::kNone && !tuple_sort;
    if (sort_condition && !SatisfiesSortCondition(kc, esk.at(range_defs[0].name))) {
      return ValidationError("The provided starting key does not match the range key predicate");
    }
    if (EncodeParts(esk, hash_defs) != hk) {
      return ValidationError(sort_condition
                                 ? "The query can return at most one row and cannot be restarted"
                                 : "The provided starting key is outside query boundaries based "
                                   "on provided conditions");
    }
    const char* op = p.range.descending ? "<" : ">";
    if (p.index) {
      p.range.bounds.push_back(
          Bound{{"isk", "pk", "sk"},
                op,
                {EncodeParts(esk, range_defs), Enc(esk, t.hash), Enc(esk, t.range)}});
    } else {
      p.range.bounds.push_back(Bound{{"sk"}, op, {Enc(esk, t.range)}});
    }
  }
  p.partitions = {PartitionOf(*p.range.h, partition_count)};
  return p;
}

Result<ReadPlan> PlanScan(const TableSchema& t, const ScanRequest& r, int partition_count,
                          const expr::Built* built) {
  ReadPlan p;
  p.is_query = false;
  p.partition_count = partition_count;
  Common c{r.index_name,
           r.filter_expression,
           r.projection_expression,
           r.expression_attribute_names,
           r.expression_attribute_values,
           r.select,
           r.limit,
           r.consistent_read,
           r.scan_filter,
           r.conditional_operator,
           r.attributes_to_get,
           built};
  // Parallel scan parameters come first, as DynamoDB checks them before anything else.
  if (r.segment && !r.total_segments) {
    return ValidationError(
        "The TotalSegments parameter is required but was not present in the request when "
        "Segment parameter is present");
  }
  if (r.total_segments && !r.segment) {
    return ValidationError(
        "The Segment parameter is required but was not present in the request when parameter "
        "TotalSegments is present");
  }
  if (r.segment && *r.segment >= *r.total_segments) {
    return ValidationError(
        "The Segment parameter is zero-based and must be less than parameter TotalSegments: "
        "Segment: " +
        std::to_string(*r.segment) +
        " is not less than TotalSegments: " + std::to_string(*r.total_segments));
  }
  DDB_TRY(CheckLegacyScanMembers(r));
  DDB_TRY(PlanCommon(t, c, false, &p));
  expr::Context ctx(r.expression_attribute_names, r.expression_attribute_values);
  DDB_TRY(ctx.CheckMaps(r.filter_expression || r.projection_expression, "FilterExpression"));
  DDB_TRY(ParseFilterAndProjection(c, ctx, &p));
  uint64_t lo = 0, hi = uint64_t{1} << 32;
  if (r.total_segments) {
    // Segments split the hash space evenly; together they cover every item exactly once.
    uint64_t n = static_cast<uint64_t>(*r.total_segments);
    uint64_t s = static_cast<uint64_t>(*r.segment);
    lo = (s << 32) / n;
    hi = ((s + 1) << 32) / n;
    p.range.h_min = static_cast<uint32_t>(lo);
    p.range.h_end = hi;
  }
  uint64_t start = lo;
  if (r.exclusive_start_key) {
    const Key& esk = *r.exclusive_start_key;
    DDB_TRY(ValidateStartKey(t, p.index, esk, /*is_query=*/false));
    std::string hk = EncodeParts(esk, HashDefs(t, p.index));
    uint32_t h = PartitionHash(hk);
    if (h < lo || h >= hi) {
      return ValidationError(
          "The provided Exclusive start key does not map to the provided Segment and "
          "TotalSegments values.");
    }
    start = h;
    if (p.index) {
      p.range.bounds.push_back(
          Bound{{"ipk", "isk", "pk", "sk"},
                ">",
                {hk, EncodeParts(esk, p.index->range_keys), Enc(esk, t.hash), Enc(esk, t.range)}});
    } else {
      p.range.bounds.push_back(Bound{{"pk", "sk"}, ">", {hk, Enc(esk, t.range)}});
    }
    p.range.h_min = h;
  }
  int first =
      PartitionOf(static_cast<uint32_t>(std::min<uint64_t>(start, 0xFFFFFFFFu)), partition_count);
  int last = PartitionOf(static_cast<uint32_t>(hi - 1), partition_count);
  for (int i = first; i <= last; ++i) p.partitions.push_back(i);
  return p;
}

namespace {

// An empty page buffer: this thread's previous one when no response holds it any more (its
// chunks are kept), else a new one.
std::shared_ptr<PageBuffer> ReusablePageBuffer() {
  thread_local std::shared_ptr<PageBuffer> spare;
  if (spare && spare.use_count() == 1) {
    // The last other owner may have released it on another thread: order its reads before our
    // writes.
    std::atomic_thread_fence(std::memory_order_acquire);
    spare->Clear();
    // A buffer that once held an unusually large page is not kept forever.
    if (spare->capacity() <= 4 * static_cast<size_t>(kPageBytes)) return spare;
  }
  spare = std::make_shared<PageBuffer>();
  return spare;
}

}  // namespace

Status ExecuteReadPlan(Storage& s, const ReadPlan& p, QueryResponse* out) {
  const TableSchema& t = *p.table;
  int64_t bytes = 0, base_bytes = 0, scanned = 0, count = 0;
  bool stopped = false;
  uint32_t last_h = 0;
  bool need_item = p.filter || !p.count_only;
  Status inner = OkStatus();
  RangeRead range = p.range;
  range.with_keys = p.fetch_base;  // only an LSI's base-table fetch needs the row's keys
  range.with_h = p.is_query;       // a Scan takes its last row's hash from that row's key
  // With nothing to evaluate, stored items go back whole: from a file each is checked, and
  // measured by the same pass. An in-memory database's items need no check
  // (Storage::items_need_check) and carry their size in their first bytes. Only other reads of a
  // file fetch the size column (it may hold items stored before items carried their size).
  const bool whole = !p.filter && !p.fetch_base && !p.count_only && !p.projection;
  const bool check = whole && s.items_need_check();
  const bool measure = check || !s.items_need_check();
  range.with_size = !measure;
  // A Scan resumed from ExclusiveStartKey must skip rows of the start key's own hash that sort
  // before it, but rows of later hashes have no such constraint: split into two reads.
  std::vector<RangeRead> reads;
  if (!p.is_query && range.h_min && !range.bounds.empty()) {
    RangeRead same = range;
    same.h = *range.h_min;
    same.h_min.reset();
    reads.push_back(same);
    RangeRead rest = range;
    rest.bounds.clear();
    if (*range.h_min < 0xFFFFFFFFu) {
      rest.h_min = *range.h_min + 1;
      reads.push_back(rest);
    }
  } else {
    reads.push_back(range);
  }
  // The LastEvaluatedKey: the keys of the last item read (not returned) when the page stopped.
  auto remember_last = [&](const Item& item) {
    Key lek;
    for (const KeyDef& d : StartKeyNames(t, p.index).defs) {
      auto it = item.find(d.name);
      if (it != item.end()) lek.emplace(it->first, it->second);
    }
    // The partition the page stopped in: its hash, as stored, is the hash of the (index's)
    // partition-key encoding. Every row of a table or index holds its partition key.
    const std::vector<KeyDef> hash_defs = HashDefs(t, p.index);
    if (std::all_of(hash_defs.begin(), hash_defs.end(),
                    [&lek](const KeyDef& d) { return lek.count(d.name) != 0; })) {
      last_h = PartitionHash(EncodeParts(lek, hash_defs));
    }
    out->last_evaluated_key = std::move(lek);
  };
  // Items returned whole are copied into one buffer per page. The buffer of this thread's last
  // page is reused when nothing refers to it any more (the caller dropped that response): the
  // profile of a 1 MB Scan page showed a third of its time growing a fresh buffer, copying it on
  // each growth and faulting in new pages. Other reads never touch it.
  std::shared_ptr<PageBuffer> page;
  if (whole) {
    page = ReusablePageBuffer();
    out->items.reserve(p.limit ? static_cast<size_t>(std::min<int64_t>(p.limit, 256)) : 128);
  }
  auto visit = [&](RowView& row) -> bool {
    if (measure) {
      Result<int64_t> size = MeasureStoredItem(row.item, check);
      if (!size.ok()) {
        inner = size.error();
        return false;
      }
      row.size = *size;
    }
    ++scanned;
    bytes += row.size;
    bool stop = (p.limit && scanned >= p.limit) || bytes >= kPageBytes;
    if (stop) {
      stopped = true;
      auto item = DeserializeItem(row.item);
      if (!item.ok()) {
        inner = item.error();
        return false;
      }
      remember_last(*item);
    }
    if (whole) {
      // The stored item goes back as it is, in the page's shared buffer.
      ++count;
      if (out->items.size() == out->items.capacity()) {
        // Once its first room is full, the list makes room for a whole page of items of the
        // average size so far. Doubling took a 1 MB page's list through six sizes, and freeing
        // them made the allocator hand memory back to the system and fault it in again on every
        // page (a fifth of a Scan's time).
        int64_t room = kPageBytes / std::max<int64_t>(1, bytes / scanned) + 1;
        if (p.limit) room = std::min(room, p.limit);
        out->items.reserve(std::max(2 * out->items.size(), static_cast<size_t>(room)));
      }
      out->items.push_back(ResultItem::FromEncoding(page, page->Append(row.item)));
    } else if (need_item || p.fetch_base) {
      auto item = DeserializeItem(row.item);
      if (!item.ok()) {
        inner = item.error();
        return false;
      }
      Item value = std::move(*item);
      if (p.fetch_base) {
        auto base = s.GetRow(t.storage_id, PartitionHash(row.pk), row.pk, row.sk);
        if (!base.ok()) {
          inner = base.error();
          return false;
        }
        if (*base) {
          base_bytes += (*base)->size;
          auto full = DeserializeItem((*base)->item);
          if (!full.ok()) {
            inner = full.error();
            return false;
          }
          value = std::move(*full);
        }
      }
      if (!p.filter || p.filter->Evaluate(&value)) {
        ++count;
        if (!p.count_only) {
          out->items.push_back(p.projection ? expr::Project(*p.projection, value)
                                            : std::move(value));
        }
      }
    } else {
      ++count;
    }
    if (!stop && bytes + base_bytes >= kPageBytes) {
      stopped = true;
      auto item = DeserializeItem(row.item);
      if (item.ok()) remember_last(*item);
      return false;
    }
    return !stop;
  };
  for (const RangeRead& rr : reads) {
    DDB_TRY(s.Read(rr, visit));
    DDB_TRY(inner);
    if (stopped) break;
  }
  out->count = count;
  out->scanned_count = scanned;
  out->count_only = p.count_only;
  // Capacity: DynamoDB sums the sizes of everything read in the page and rounds once; a GSI
  // read is charged to the GSI (always eventually consistent), an LSI read to the LSI plus the
  // base-table fetches it needed.
  ConsumedCapacity cc = NewCapacity(t.name, true);
  int64_t units = ReadHalfUnits(bytes, p.strong);
  if (!p.index) {
    cc.table.half_units = units;
  } else if (p.index->global) {
    cc.global_secondary_indexes[p.index->name].half_units = units;
  } else {
    cc.local_secondary_indexes[p.index->name].half_units = units;
    if (p.fetch_base && base_bytes > 0) cc.table.half_units = ReadHalfUnits(base_bytes, p.strong);
  }
  cc.total.half_units = units + cc.table.half_units * (p.index ? 1 : 0);
  out->consumed_capacity = cc;

  Trace& tr = out->trace;
  tr.operation = p.is_query ? "Query" : "Scan";
  tr.table = t.name;
  tr.index = p.index ? p.index->name : "";
  tr.items_read = scanned;
  tr.items_returned = count;
  tr.bytes_read = bytes + base_bytes;
  tr.consistent_read = p.strong;
  tr.filtered = p.filter != nullptr;
  tr.partitions_total = p.partition_count;
  if (p.key_condition) tr.key_condition = p.key_condition->text;
  if (p.is_query) {
    tr.partitions_hit = p.partitions;
  } else {
    // A Scan visits partitions in hash order; a page that stopped early visited those up to
    // the partition of its last item.
    int stop_at = stopped ? PartitionOf(last_h, p.partition_count) : -1;
    for (int part : p.partitions) {
      tr.partitions_hit.push_back(part);
      if (part == stop_at) break;
    }
  }
  return OkStatus();
}

Plan DescribeReadPlan(const ReadPlan& p) {
  Plan plan;
  plan.operation = p.is_query ? "Query" : "Scan";
  plan.table = p.table->name;
  plan.index = p.index ? p.index->name : "";
  if (p.key_condition) plan.key_condition = p.key_condition->text;
  if (p.filter) plan.filter = p.filter->ToString();
  plan.full_scan = !p.is_query;
  if (p.is_query) {
    plan.reason = "equality on the partition key reads one item collection in one partition";
  } else {
    plan.reason = "a Scan reads every item of the " + std::string(p.index ? "index" : "table") +
                  " in all " + std::to_string(p.partition_count) + " partitions" +
                  (p.filter ? ", then the filter discards what does not match" : "");
  }
  return plan;
}

}  // namespace ddblab
